// The service's one logger (Powertools, JSON): service, stage and function on every line, the cold-start
// flag and the correlation ids of the work being done (API request id, import id, delivery id, SQS
// message id). Level from LOG_LEVEL (default INFO; the hot paths log nothing below WARN). Correlation
// ids live in AsyncLocalStorage, not in the logger's shared keys: one local process (the gateway)
// serves many requests at once, and a webhook batch handles ten messages concurrently.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';

const SERVICE_NAME = 'import-service';

/** The ids that tie a log line to its request, import, delivery or message. Never secrets. */
export interface Correlation {
  function?: string;
  requestId?: string;
  importId?: string;
  deliveryId?: string;
  messageId?: string;
}

const correlations = new AsyncLocalStorage<Correlation>();
let coldStart = true;
let instance: Logger | undefined;

function logger(): Logger {
  instance ??= new Logger({
    serviceName: SERVICE_NAME,
    logLevel: (process.env.LOG_LEVEL ?? 'INFO').toUpperCase() as 'INFO',
    persistentKeys: { stage: process.env.STAGE ?? 'local' },
  });
  return instance;
}

/** Runs `work` with these correlation ids added to every line it logs; the first work of a process is its cold start. */
export function withCorrelation<T>(ids: Correlation, work: () => T): T {
  const current = correlations.getStore();
  const entry = { ...current, ...ids, coldStart: current ? (current as { coldStart?: boolean }).coldStart : coldStart };
  coldStart = false;
  return correlations.run(entry, work);
}

function fields(extra: Record<string, unknown> | undefined): Record<string, unknown> {
  const { coldStart: cold, ...ids } = (correlations.getStore() ?? {}) as Correlation & { coldStart?: boolean };
  return { cold_start: cold ?? false, ...ids, ...extra };
}

/** The error's name, message and stack: never the request, its headers or its body. */
function errorFields(error: unknown): { name?: string; message?: string; stack?: string } {
  const e = error as Error | undefined;
  return { name: e?.name, message: e?.message, stack: e?.stack };
}

export const log = {
  debug: (message: string, extra?: Record<string, unknown>) => logger().debug(message, fields(extra)),
  info: (message: string, extra?: Record<string, unknown>) => logger().info(message, fields(extra)),
  warn: (message: string, extra?: Record<string, unknown>) => logger().warn(message, fields(extra)),
  error: (message: string, error: unknown, extra?: Record<string, unknown>) =>
    logger().error(message, fields({ ...extra, error: errorFields(error) })),
};

// The one meter of the service: SDK middlewares on the shared DynamoDB, S3 and SQS clients count what
// AWS bills each unit of work for (capacity units, S3 requests and bytes stored, SQS requests). It runs
// in production and in the benchmark alike, so the metrics, the dashboard and the bench price the
// same counts. Work is attributed through AsyncLocalStorage: concurrent work (a webhook batch, the local
// gateway) is counted apart, and a scope inside a scope (the bench around a handler) sees both.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { addCapacity, capacityKind, transactionWcuModel, type TransactItem } from './capacity';
import { SQS_REQUEST_CHUNK_BYTES } from './prices';

export interface Meter {
  ddbCalls: number;
  rcu: number;
  /** WCU as DynamoDB reported them. */
  wcu: number;
  /** Calls that returned no ConsumedCapacity (errors such as a failed condition never carry it). */
  unreported: number;
  /** Of `wcu`, what TransactWriteItems calls reported, and what AWS bills for them (transactionWcuModel). */
  transactWcuReported: number;
  transactWcuModelled: number;
  /** S3 requests billed at the GET rate (GetObject, HeadObject) and at the PUT rate (PutObject and the other writes). */
  s3Gets: number;
  s3Puts: number;
  /** Bytes of the objects PUT: what is then stored for the retention period. */
  s3PutBytes: number;
  /** SQS requests as billed: one per started 64 KB of a message's body and attributes. */
  sqsRequests: number;
}

const emptyMeter = (): Meter => ({
  ddbCalls: 0,
  rcu: 0,
  wcu: 0,
  unreported: 0,
  transactWcuReported: 0,
  transactWcuModelled: 0,
  s3Gets: 0,
  s3Puts: 0,
  s3PutBytes: 0,
  sqsRequests: 0,
});

/**
 * The WCU a unit of work is priced with: DynamoDB Local under-reports transactions whose items consume
 * equal capacity, so each transaction counts at the larger of what it reported and what AWS bills
 * (2 WCU per item per started KB). On AWS the two agree.
 */
export const pricedWcu = (m: Meter) => m.wcu - m.transactWcuReported + Math.max(m.transactWcuReported, m.transactWcuModelled);

const scopes = new AsyncLocalStorage<Meter[]>();

/** Runs `work` with a fresh meter that is returned even when `work` throws (as `meter` on a settled result). */
export async function withMeterSettled<T>(
  work: () => Promise<T>,
): Promise<{ meter: Meter } & ({ ok: true; result: T } | { ok: false; error: unknown })> {
  const meter = emptyMeter();
  try {
    const result = await scopes.run([...(scopes.getStore() ?? []), meter], work);
    return { ok: true, result, meter };
  } catch (error) {
    return { ok: false, error, meter };
  }
}

/** Runs `work` with a fresh meter; resolves with its result and what it was billed for. */
export async function withMeter<T>(work: () => Promise<T>): Promise<{ result: T; meter: Meter }> {
  const outcome = await withMeterSettled(work);
  if (!outcome.ok) throw outcome.error;
  return { result: outcome.result, meter: outcome.meter };
}

function charge(update: (meter: Meter) => void): void {
  for (const meter of scopes.getStore() ?? []) update(meter);
}

const S3_GET_RATE = new Set(['GetObjectCommand', 'HeadObjectCommand', 'HeadBucketCommand']);

/**
 * An SDK client as the meter sees it. Initialize step: the input as the caller gave it (items not yet
 * marshalled), once per call whatever the retries below it.
 */
type Handler = (args: { input: Record<string, any> }) => Promise<{ output: unknown }>;
type Middleware = (next: Handler, context: { commandName?: string }) => Handler;
type MeteredClient = { middlewareStack: { add(middleware: Middleware, options: { step: 'initialize'; name: string }): void } };

const add = (client: MeteredClient, name: string, middleware: Middleware) => client.middlewareStack.add(middleware, { step: 'initialize', name });

/** Meters every DynamoDB call: asks for ReturnConsumedCapacity TOTAL and adds up what comes back. */
export function meterDynamo(client: MeteredClient): void {
  add(client, 'meterConsumedCapacity', (next, context) => async (args) => {
    charge((m) => m.ddbCalls++);
    const command = String(context.commandName);
    const kind = capacityKind(command);
    if (!kind) return next(args);
    const input = args.input;
    try {
      const result = await next({ ...args, input: { ...input, ReturnConsumedCapacity: input.ReturnConsumedCapacity ?? 'TOTAL' } });
      const consumed = (result.output as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] }).ConsumedCapacity;
      const modelled = command === 'TransactWriteItemsCommand' ? transactionWcuModel(input.TransactItems as TransactItem[]) : 0;
      charge((m) => {
        const before = m.wcu;
        addCapacity(m, kind, consumed);
        if (command === 'TransactWriteItemsCommand') {
          m.transactWcuReported += m.wcu - before;
          m.transactWcuModelled += modelled;
        }
      });
      return result;
    } catch (error) {
      charge((m) => m.unreported++);
      throw error;
    }
  });
}

/** Meters every S3 request at its rate class, and the bytes each PUT stores. */
export function meterS3(client: MeteredClient): void {
  add(client, 'meterS3Requests', (next, context) => async (args) => {
    const command = String(context.commandName);
    if (S3_GET_RATE.has(command)) charge((m) => m.s3Gets++);
    else {
      const body = args.input.Body;
      const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body instanceof Uint8Array ? body.byteLength : Number(args.input.ContentLength ?? 0);
      charge((m) => {
        m.s3Puts++;
        if (command === 'PutObjectCommand' || command === 'UploadPartCommand') m.s3PutBytes += bytes;
      });
    }
    return next(args);
  });
}

/** Meters every SQS request; a message (body and attributes) is billed per started 64 KB. */
export function meterSqs(client: MeteredClient): void {
  add(client, 'meterSqsRequests', (next) => async (args) => {
    const input = args.input as { MessageBody?: string; MessageAttributes?: unknown; Entries?: { MessageBody?: string }[] };
    const payload =
      Buffer.byteLength(input.MessageBody ?? '') +
      (input.MessageAttributes ? Buffer.byteLength(JSON.stringify(input.MessageAttributes)) : 0) +
      (input.Entries ?? []).reduce((total, entry) => total + Buffer.byteLength(entry.MessageBody ?? ''), 0);
    charge((m) => (m.sqsRequests += Math.max(1, Math.ceil(payload / SQS_REQUEST_CHUNK_BYTES))));
    return next(args);
  });
}

// The service's metrics, as CloudWatch embedded metric format (EMF) records written by Powertools
// Metrics: namespace ImportService/<stage>, dimensions service (the function) and operation (the
// route's operation id or the consumer's name), never an organization or import id. A record per
// request would cost ~0.5 KB of log ingestion ($0.25 per million requests), five times the budget, so
// each warm process aggregates: sums per operation and up to 99 latency values (EMF's limit per
// metric is 100), written when an operation has 99 values or its oldest is METRICS_FLUSH_SECONDS old (queue
// consumers write at the end of every invocation). On Lambda the records go to stdout (the function's
// log group, where CloudWatch extracts them); the local stack writes them to a file (METRICS_FILE).
import { appendFileSync } from 'node:fs';
import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/** Every metric the service emits: the dashboard, the alarms and `importctl cost` read these names. */
export const METRIC = {
  /** Units of work: API requests, messages handled (imports, deadlines, webhook attempts, hops). */
  requests: 'Requests',
  /** Billed milliseconds of each unit of work (rounded up, as Lambda bills), one value per unit. */
  latency: 'Latency',
  status4xx: 'Status4xx',
  status5xx: 'Status5xx',
  /** Units of work that threw (a message then comes back: redelivered). */
  errors: 'Errors',
  responseBytes: 'ResponseBytes',
  rcu: 'RCU',
  /** WCU as priced: transactions at the larger of reported and modelled (pricedWcu). */
  wcu: 'WCU',
  s3Gets: 'S3Gets',
  s3Puts: 'S3Puts',
  /** Bytes written to the bucket, kept for the retention period (storage). */
  s3PutBytes: 'S3PutBytes',
  sqsRequests: 'SqsRequests',
  // Imports (service import-processor, operation import)
  importsCompleted: 'ImportsCompleted',
  importsFailed: 'ImportsFailed',
  rows: 'Rows',
  fileBytes: 'FileBytes',
  chunksWritten: 'ChunksWritten',
  // Deadlines (operation deadline)
  processingTimeouts: 'ProcessingTimeouts',
  uploadTimeouts: 'UploadTimeouts',
  mappingTimeouts: 'MappingTimeouts',
  correctionsTimeouts: 'CorrectionsTimeouts',
  // Webhook attempts (service webhook-worker, operation attempt)
  delivered: 'Delivered',
  retrying: 'Retrying',
  deliveriesFailed: 'DeliveriesFailed',
  postMs: 'PostLatency',
  /** Validation hooks: HTTP attempts, failed ones, rows sent, and the time spent waiting on them. */
  hookCalls: 'HookCalls',
  hookFailedCalls: 'HookFailedCalls',
  hookRows: 'HookRows',
  hookWaitMs: 'HookWaitMs',
} as const;
export type MetricName = (typeof METRIC)[keyof typeof METRIC];

const UNITS: Partial<Record<MetricName, keyof typeof MetricUnit>> = {
  Latency: 'Milliseconds',
  PostLatency: 'Milliseconds',
  ResponseBytes: 'Bytes',
  S3PutBytes: 'Bytes',
  FileBytes: 'Bytes',
  HookWaitMs: 'Milliseconds',
};
/** Metrics recorded as one value per unit of work (percentiles), not as sums. */
const DISTRIBUTIONS = new Set<MetricName>([METRIC.latency, METRIC.postMs]);

/** CloudWatch namespace of a stage's metrics. */
export const metricsNamespace = (stage: string) => `ImportService/${stage}`;

/**
 * EMF allows at most 100 values per metric in one record, and Powertools publishes (and clears the
 * dimensions) by itself when a metric reaches 100: an operation is written at 99.
 */
const MAX_VALUES = 99;
const DEFAULT_FLUSH_SECONDS = 60;

interface Aggregate {
  service: string;
  operation: string;
  firstAt: number;
  sums: Map<MetricName, number>;
  values: Map<MetricName, number[]>;
}

const aggregates = new Map<string, Aggregate>();
const emitters = new Map<string, Metrics>();
let bytesWritten = 0;

/** METRICS_FLUSH_SECONDS when it is a number of seconds (read at every flush: tests change it). */
function flushSeconds(): number {
  const raw = process.env.METRICS_FLUSH_SECONDS;
  const seconds = raw ? Number(raw) : NaN;
  return seconds >= 0 ? seconds : DEFAULT_FLUSH_SECONDS;
}

/** stdout on Lambda; the file METRICS_FILE names on the local stack. Counts what it writes (the bench prices it). */
function sink(): Console {
  const file = process.env.METRICS_FILE;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytesWritten += chunk.length;
      if (file) appendFileSync(file, chunk);
      else process.stdout.write(chunk);
      done();
    },
  });
  return new Console({ stdout: stream, stderr: process.stderr });
}

function emitter(service: string): Metrics {
  let metrics = emitters.get(service);
  if (!metrics) {
    metrics = new Metrics({ namespace: metricsNamespace(process.env.STAGE ?? 'local'), serviceName: service });
    (metrics as unknown as { console: Console }).console = sink();
    emitters.set(service, metrics);
  }
  return metrics;
}

/** Adds one unit of work's figures to its operation's aggregate: sums, and one value per distribution. */
export function recordMetrics(service: string, operation: string, figures: Partial<Record<MetricName, number>>): void {
  const key = `${service}\u0000${operation}`;
  let aggregate = aggregates.get(key);
  if (!aggregate) {
    aggregate = { service, operation, firstAt: Date.now(), sums: new Map(), values: new Map() };
    aggregates.set(key, aggregate);
  }
  for (const [name, value] of Object.entries(figures) as [MetricName, number][]) {
    if (DISTRIBUTIONS.has(name)) {
      const values = aggregate.values.get(name) ?? [];
      values.push(value);
      aggregate.values.set(name, values);
    } else aggregate.sums.set(name, (aggregate.sums.get(name) ?? 0) + value);
  }
}

function emit(aggregate: Aggregate): void {
  const metrics = emitter(aggregate.service);
  metrics.addDimension('operation', aggregate.operation);
  for (const [name, sum] of aggregate.sums) metrics.addMetric(name, MetricUnit[UNITS[name] ?? 'Count'], round(sum));
  for (const [name, values] of aggregate.values) {
    for (const value of values) metrics.addMetric(name, MetricUnit[UNITS[name] ?? 'Count'], round(value));
  }
  metrics.publishStoredMetrics();
}

/** Rounded to what a cost needs: fewer bytes per record. */
const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Writes the aggregates that are due (100 values, or older than the flush interval); all of them when
 * `force` (queue consumers after each invocation, a process that stops).
 */
export function flushMetrics(force = false): void {
  const dueBefore = Date.now() - flushSeconds() * 1000;
  for (const [key, aggregate] of aggregates) {
    const full = [...aggregate.values.values()].some((values) => values.length >= MAX_VALUES);
    if (!force && !full && aggregate.firstAt > dueBefore) continue;
    aggregates.delete(key);
    emit(aggregate);
  }
}

/** Bytes of EMF written by this process so far (the benchmark prices them as log ingestion). */
export const metricsBytesWritten = () => bytesWritten;

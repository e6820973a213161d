// What a request, an import and a webhook delivery cost, from what the meter counted: one model for the
// benchmark, `importctl cost` and the dashboard. The dashboard cannot call a function, so each model is
// also written as a CloudWatch metric-math expression from the same prices (the *Expression functions);
// test/cost-model.test.ts evaluates the expressions on known values against the functions.
import { DAYS_PER_MONTH, PRICES } from './prices';

/** Sums over a period for one API operation (or one bench scenario). */
export interface RequestFigures {
  requests: number;
  /** Billed Lambda milliseconds, summed (each request's duration rounded up to the ms). */
  billedMs: number;
  rcu: number;
  /** Priced WCU (pricedWcu). */
  wcu: number;
  s3Gets: number;
  s3Puts: number;
  sqsRequests: number;
  /** Log bytes ingested for these requests: API Gateway access-log lines, the function's logs and metrics. */
  logBytes: number;
  /** HTTP API units (512 KB of request + response each); one per request when not counted. */
  httpApiUnits?: number;
}

export interface CostParts {
  apiGateway: number;
  lambdaRequests: number;
  lambdaDuration: number;
  dynamodb: number;
  s3: number;
  sqs: number;
  logs: number;
  total: number;
}

const GB_S_PER_MB_MS = 1 / 1024 / 1000;
const withTotal = (parts: Omit<CostParts, 'total'>): CostParts => ({
  ...parts,
  total: Object.values(parts).reduce((sum, value) => sum + value, 0),
});

/** Dollars per million requests of one operation, by part. */
export function requestCostPerMillion(f: RequestFigures, memoryMb: number): CostParts {
  const per = (value: number) => (f.requests > 0 ? value / f.requests : 0);
  return withTotal({
    apiGateway: PRICES.httpApiPerMillion * per(f.httpApiUnits ?? f.requests),
    lambdaRequests: f.requests > 0 ? PRICES.lambdaRequestsPerMillion : 0,
    lambdaDuration: per(f.billedMs) * memoryMb * GB_S_PER_MB_MS * PRICES.lambdaArm64PerGbSecond * 1e6,
    dynamodb: per(f.rcu) * PRICES.dynamoRruPerMillion + per(f.wcu) * PRICES.dynamoWruPerMillion,
    s3: per(f.s3Gets) * PRICES.s3GetPerMillion + per(f.s3Puts) * PRICES.s3PutPerMillion,
    sqs: per(f.sqsRequests) * PRICES.sqsRequestsPerMillion,
    logs: (per(f.logBytes) / 1e9) * PRICES.logsPerGb * 1e6,
  });
}

/** Metric-math ids of a request cost expression: each a SUM over the period. */
export interface RequestMetricIds {
  requests: string;
  billedMs: string;
  rcu: string;
  wcu: string;
  s3Gets: string;
  s3Puts: string;
  sqsRequests: string;
  /** An expression (not an id) for the log bytes per request: the function's and the access log's shares. */
  logBytesPerRequest: string;
}

/**
 * A price as metric math reads it: plain decimal digits, 12 significant. Metric math has no exponent
 * notation (String(1.25e-7) is "1.25e-7", which CloudWatch would read as the number 1.25, an identifier
 * `e` and -7).
 */
const num = (value: number) => value.toLocaleString('en-US', { useGrouping: false, maximumSignificantDigits: 12 });

/**
 * requestCostPerMillion as metric math: $ per million requests, HTTP API units taken as one per request
 * (every API response here is far below 512 KB). FILL(x, 0): a metric without data in a period is 0.
 */
export function requestCostExpression(ids: RequestMetricIds, memoryMb: number): string {
  const per = (id: string) => `FILL(${id}, 0)/${ids.requests}`;
  const terms = [
    num(PRICES.httpApiPerMillion + PRICES.lambdaRequestsPerMillion),
    `${per(ids.billedMs)}*${num(memoryMb * GB_S_PER_MB_MS * PRICES.lambdaArm64PerGbSecond * 1e6)}`,
    `${per(ids.rcu)}*${num(PRICES.dynamoRruPerMillion)}`,
    `${per(ids.wcu)}*${num(PRICES.dynamoWruPerMillion)}`,
    `${per(ids.s3Gets)}*${num(PRICES.s3GetPerMillion)}`,
    `${per(ids.s3Puts)}*${num(PRICES.s3PutPerMillion)}`,
    `${per(ids.sqsRequests)}*${num(PRICES.sqsRequestsPerMillion)}`,
    `(${ids.logBytesPerRequest})*${num((PRICES.logsPerGb * 1e6) / 1e9)}`,
  ];
  return terms.join(' + ');
}

/** What a queue consumer's messages used over a period, as its meter and metrics count it. */
export interface ConsumerSums {
  /** Billed milliseconds. */
  billedMs: number;
  rcu: number;
  wcu: number;
  s3Gets: number;
  s3Puts: number;
  /** Bytes stored (row chunks, payloads): kept for the retention period. */
  s3PutBytes: number;
  sqsRequests: number;
  logBytes: number;
}

/** Sums over a period for the imports processed (operations `import` and `deadline` of the processor). */
export interface ImportFigures extends ConsumerSums {
  imports: number;
  rows: number;
  /** The uploaded files' bytes: kept for the retention period too. */
  fileBytes: number;
}

/**
 * Requests per import that no meter sees, modelled: the upload's PutObject (the browser's or importctl's,
 * one request up to 5 GB with a presigned URL) and on SQS the bucket notification's send, the event
 * source's receive and its delete.
 */
export const IMPORT_UNMETERED = { s3Puts: 1, sqsRequests: 3 };

/** Dollars per import and per million rows, by part. */
export function importCost(f: ImportFigures, memoryMb: number, retentionDays: number): { perImport: CostParts & { storage: number }; perMillionRows: number } {
  const per = (value: number) => (f.imports > 0 ? value / f.imports : 0);
  const storage = (per(f.s3PutBytes + f.fileBytes) / 2 ** 30) * PRICES.s3StoragePerGbMonth * (retentionDays / DAYS_PER_MONTH);
  const parts = withTotal({
    apiGateway: 0,
    lambdaRequests: f.imports > 0 ? PRICES.lambdaRequestsPerMillion / 1e6 : 0,
    lambdaDuration: per(f.billedMs) * memoryMb * GB_S_PER_MB_MS * PRICES.lambdaArm64PerGbSecond,
    dynamodb: (per(f.rcu) * PRICES.dynamoRruPerMillion + per(f.wcu) * PRICES.dynamoWruPerMillion) / 1e6,
    s3: (per(f.s3Gets) * PRICES.s3GetPerMillion + (per(f.s3Puts) + (f.imports > 0 ? IMPORT_UNMETERED.s3Puts : 0)) * PRICES.s3PutPerMillion) / 1e6 + storage,
    sqs: ((per(f.sqsRequests) + (f.imports > 0 ? IMPORT_UNMETERED.sqsRequests : 0)) * PRICES.sqsRequestsPerMillion) / 1e6,
    logs: (per(f.logBytes) / 1e9) * PRICES.logsPerGb,
  });
  const perImport = { ...parts, storage };
  return { perImport, perMillionRows: f.rows > 0 ? (perImport.total * f.imports * 1e6) / f.rows : 0 };
}

/** Metric-math ids of the import cost expression, one per figure (SUMs over the period). */
export type ImportMetricIds = Record<Exclude<keyof ImportFigures, 'rows'>, string>;

/** importCost's perImport.total as metric math ($ per import). */
export function importCostExpression(ids: ImportMetricIds, memoryMb: number, retentionDays: number): string {
  const per = (id: string) => `FILL(${id}, 0)/${ids.imports}`;
  return [
    num((PRICES.lambdaRequestsPerMillion + IMPORT_UNMETERED.s3Puts * PRICES.s3PutPerMillion + IMPORT_UNMETERED.sqsRequests * PRICES.sqsRequestsPerMillion) / 1e6),
    `${per(ids.billedMs)}*${num(memoryMb * GB_S_PER_MB_MS * PRICES.lambdaArm64PerGbSecond)}`,
    `${per(ids.rcu)}*${num(PRICES.dynamoRruPerMillion / 1e6)}`,
    `${per(ids.wcu)}*${num(PRICES.dynamoWruPerMillion / 1e6)}`,
    `${per(ids.s3Gets)}*${num(PRICES.s3GetPerMillion / 1e6)}`,
    `${per(ids.s3Puts)}*${num(PRICES.s3PutPerMillion / 1e6)}`,
    `(${per(ids.s3PutBytes)} + ${per(ids.fileBytes)})*${num((PRICES.s3StoragePerGbMonth * (retentionDays / DAYS_PER_MONTH)) / 2 ** 30)}`,
    `${per(ids.sqsRequests)}*${num(PRICES.sqsRequestsPerMillion / 1e6)}`,
    `${per(ids.logBytes)}*${num(PRICES.logsPerGb / 1e9)}`,
  ].join(' + ');
}

/** Sums over a period for the webhook worker: every message (attempts and hops) and the deliveries that ended. */
export interface DeliveryFigures extends ConsumerSums {
  /** Deliveries that ended in the period (delivered, or failed after the last attempt). */
  deliveries: number;
  invocations: number;
}

/** The event source's requests per invocation, which no meter sees: one ReceiveMessage and one DeleteMessageBatch. */
export const WORKER_INVOCATION_SQS_REQUESTS = 2;

/** Dollars per million webhook deliveries, by part (payload storage under s3). */
export function deliveryCostPerMillion(f: DeliveryFigures, memoryMb: number, retentionDays: number): CostParts {
  const per = (value: number) => (f.deliveries > 0 ? value / f.deliveries : 0);
  const storage = (per(f.s3PutBytes) / 2 ** 30) * PRICES.s3StoragePerGbMonth * (retentionDays / DAYS_PER_MONTH) * 1e6;
  return withTotal({
    apiGateway: 0,
    lambdaRequests: per(f.invocations) * PRICES.lambdaRequestsPerMillion,
    lambdaDuration: per(f.billedMs) * memoryMb * GB_S_PER_MB_MS * PRICES.lambdaArm64PerGbSecond * 1e6,
    dynamodb: per(f.rcu) * PRICES.dynamoRruPerMillion + per(f.wcu) * PRICES.dynamoWruPerMillion,
    s3: per(f.s3Gets) * PRICES.s3GetPerMillion + per(f.s3Puts) * PRICES.s3PutPerMillion + storage,
    sqs: (per(f.sqsRequests) + per(f.invocations) * WORKER_INVOCATION_SQS_REQUESTS) * PRICES.sqsRequestsPerMillion,
    logs: (per(f.logBytes) / 1e9) * PRICES.logsPerGb * 1e6,
  });
}

/** Metric-math ids of the delivery cost expression, one per figure (SUMs over the period). */
export type DeliveryMetricIds = Record<keyof DeliveryFigures, string>;

/** deliveryCostPerMillion's total as metric math ($ per million deliveries). */
export function deliveryCostExpression(ids: DeliveryMetricIds, memoryMb: number, retentionDays: number): string {
  const per = (id: string) => `FILL(${id}, 0)/${ids.deliveries}`;
  return [
    `${per(ids.invocations)}*${num(PRICES.lambdaRequestsPerMillion + WORKER_INVOCATION_SQS_REQUESTS * PRICES.sqsRequestsPerMillion)}`,
    `${per(ids.billedMs)}*${num(memoryMb * GB_S_PER_MB_MS * PRICES.lambdaArm64PerGbSecond * 1e6)}`,
    `${per(ids.rcu)}*${num(PRICES.dynamoRruPerMillion)}`,
    `${per(ids.wcu)}*${num(PRICES.dynamoWruPerMillion)}`,
    `${per(ids.s3Gets)}*${num(PRICES.s3GetPerMillion)}`,
    `${per(ids.s3Puts)}*${num(PRICES.s3PutPerMillion)}`,
    `${per(ids.s3PutBytes)}*${num((PRICES.s3StoragePerGbMonth * (retentionDays / DAYS_PER_MONTH) * 1e6) / 2 ** 30)}`,
    `${per(ids.sqsRequests)}*${num(PRICES.sqsRequestsPerMillion)}`,
    `${per(ids.logBytes)}*${num((PRICES.logsPerGb * 1e6) / 1e9)}`,
  ].join(' + ');
}

/** One API Gateway access-log line (ACCESS_LOG_FORMAT in lib/import-service-stack.ts renders ~150 B): a round upper bound where no log group is measured (bench, local stack). */
export const ACCESS_LOG_BYTES = 250;

/** What a validation hook's calls add: the function's time waiting on them, and the call log. */
export interface HookFigures {
  calls: number;
  rows: number;
  /** The calls' latencies added up: the function's wait (an upper bound where calls overlap the file's reading). */
  waitMs: number;
}

/** One DynamoDB write unit per recorded attempt (data/hook-calls.ts: items under 1 KB, in one BatchWrite). */
export const HOOK_CALL_LOG_WCU = 1;

export function hookCost(f: HookFigures, memoryMb: number): { lambdaWait: number; callLog: number; total: number; perMillionRows: number | null } {
  const lambdaWait = f.waitMs * memoryMb * GB_S_PER_MB_MS * PRICES.lambdaArm64PerGbSecond;
  const callLog = (f.calls * HOOK_CALL_LOG_WCU * PRICES.dynamoWruPerMillion) / 1e6;
  const total = lambdaWait + callLog;
  return { lambdaWait, callLog, total, perMillionRows: f.rows > 0 ? (total / f.rows) * 1e6 : null };
}

// The webhook benchmark: how fast the real webhook worker delivers to a receiver that answers at once,
// beside a plain loop of the same POSTs with the same HTTP client; what a delivery costs for a receiver
// that answers in 200 ms and for one that never answers (the whole retry schedule, 30 s timeouts
// included), beside the naive design of one delivery per 1 GB invocation; and the SQS, S3 and DynamoDB
// calls per delivery. Prints one report and writes the same data to bench/results/webhooks.json.
//
// Three processes besides this one, so that this one does only what the worker does: the SQS/S3
// emulator and the receiver run as children of this module (`--child emulator|receiver`), DynamoDB
// Local is its usual Java process. No queue poller of the local stack runs: this module is the
// event source (receive a batch, invoke the real handler, delete what succeeded).
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { format, parseArgs } from 'node:util';
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import type { Message } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { addCapacity, capacityKind } from '../shared/observability/capacity';
import { DAYS_PER_MONTH, PRICES, SQS_REQUEST_CHUNK_BYTES } from '../shared/observability/prices';
import {
  IMPORT_PROCESSOR_MEMORY_MB,
  IMPORTS_VISIBILITY_TIMEOUT_SECONDS,
  WEBHOOK_BATCH_SIZE,
  WEBHOOK_WORKER_CONCURRENCY,
  WEBHOOK_WORKER_TIMEOUT_SECONDS,
  WEBHOOK_WORKER_MEMORY_MB,
} from '../shared/resources';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const SELF = fileURLToPath(import.meta.url);
const OUTPUT = join(ROOT, 'bench', 'results', 'webhooks.json');

/** The naive design the comparison rows price: one message per invocation, 1 GB. */
const NAIVE_MEMORY_MB = 1024;
/** Lambda's SQS event source: one ReceiveMessage returns at most this many messages. */
const SQS_MAX_RECEIVE = 10;

const round = (value: number, digits = 2) => Number(value.toFixed(digits));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const progress = (...parts: unknown[]) => process.stderr.write(`[bench:webhooks] ${format(...parts)}\n`);

// ---- Child processes: the SQS/S3 emulator and the receiver ----

/** A child writes one JSON line when it is ready, then lives until its stdin closes (the parent ended). */
function announce(info: unknown) {
  process.stdout.write(`${JSON.stringify(info)}\n`);
}

function untilParentGone(): Promise<void> {
  return new Promise((resolve) => {
    process.stdin.on('end', resolve);
    process.stdin.on('close', resolve);
    process.once('SIGTERM', resolve);
    process.stdin.resume();
  });
}

async function emulatorChild() {
  const { startSqsS3Emulator } = await import('../scripts/local/sqs-s3-emulator');
  // No notification target: uploads are processed by calling the processor's function directly.
  const emulator = await startSqsS3Emulator(undefined, () => undefined);
  announce({ endpoint: emulator.endpoint });
  await untilParentGone();
  await emulator.stop();
  process.exit(0);
}

interface PathStats {
  requests: number;
  bodyBytes: number;
  /** Requests whose X-Service-Signature did not match the secret the parent registered for the path. */
  badSignatures: number;
  /** Requests checked against a registered secret. */
  checkedSignatures: number;
  /** The sorted request header names seen, and how often: the worker and the plain loop must match. */
  headerSets: Record<string, number>;
}

/**
 * The receiver: /fast answers 204 as soon as the body is read, /slow after --slow-ms, /never not at
 * all (the socket stays open until the client gives up). Every request's X-Service-Signature is checked
 * against the secret the parent registered for its path; GET /control/stats reports (and resets).
 */
async function receiverChild(slowMs: number) {
  let stats: Record<string, PathStats> = {};
  let secrets: Record<string, string> = {};
  const held = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      const body = Buffer.concat(chunks);
      if (path === '/control/secrets') {
        secrets = JSON.parse(body.toString('utf8'));
        res.writeHead(204).end();
        return;
      }
      if (path === '/control/stats') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stats));
        stats = {};
        return;
      }
      const entry = (stats[path] ??= { requests: 0, bodyBytes: 0, badSignatures: 0, checkedSignatures: 0, headerSets: {} });
      entry.requests++;
      entry.bodyBytes += body.length;
      const names = Object.keys(req.headers).sort().join(',');
      entry.headerSets[names] = (entry.headerSets[names] ?? 0) + 1;
      const secret = secrets[path];
      if (secret) {
        entry.checkedSignatures++;
        const expected = `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex')}`;
        if (req.headers['x-service-signature'] !== expected) entry.badSignatures++;
      }
      if (path === '/fast') res.writeHead(204).end();
      else if (path === '/slow') setTimeout(() => res.writeHead(204).end(), slowMs);
      else if (path === '/never') {
        held.add(res);
        res.on('close', () => held.delete(res));
      } else res.writeHead(404).end();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('receiver: no port');
  announce({ url: `http://127.0.0.1:${address.port}` });
  await untilParentGone();
  for (const res of held) res.destroy();
  server.close();
  process.exit(0);
}

interface Child {
  process: ChildProcess;
  info: Record<string, string>;
  stop(): Promise<void>;
}

/** This file again, as `--child <role>`, in one Node process (tsx as an import hook, not its CLI wrapper). */
async function startChild(role: string, extra: string[] = []): Promise<Child> {
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', '--import', 'tsx', SELF, '--child', role, ...extra],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, NODE_OPTIONS: '' } },
  );
  const info = await new Promise<Record<string, string>>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line)));
    child.once('exit', (code, signal) => reject(new Error(`${role} child exited before it was ready (${signal ?? code})`)));
  });
  return {
    process: child,
    info,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin!.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// ---- CPU time per process (Linux /proc; null elsewhere) ----

const CLOCK_TICKS = (() => {
  const probe = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  return Number(probe.stdout?.trim()) || 100;
})();

function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** CPU seconds (user + system) of a process and its descendants, or null when /proc cannot tell. */
function treeCpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    return childPids(pid).reduce((total, child) => total + (treeCpuSeconds(child) ?? 0), own);
  } catch {
    return null;
  }
}

interface Processes {
  emulator: number | undefined;
  receiver: number | undefined;
  dynamodb: number | undefined;
}
type CpuSnapshot = { bench: number; emulator: number | null; receiver: number | null; dynamodb: number | null; at: number };

function cpuSnapshot(pids: Processes): CpuSnapshot {
  const usage = process.cpuUsage();
  return {
    bench: (usage.user + usage.system) / 1e6,
    emulator: treeCpuSeconds(pids.emulator),
    receiver: treeCpuSeconds(pids.receiver),
    dynamodb: treeCpuSeconds(pids.dynamodb),
    at: performance.now(),
  };
}

function cpuDelta(before: CpuSnapshot, after: CpuSnapshot) {
  const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : round((b - a) * 1000, 1));
  const wallMs = after.at - before.at;
  const parts = {
    bench: diff(before.bench, after.bench),
    emulator: diff(before.emulator, after.emulator),
    dynamodb: diff(before.dynamodb, after.dynamodb),
    receiver: diff(before.receiver, after.receiver),
  };
  const total = Object.values(parts).reduce((sum: number, value) => sum + (value ?? 0), 0);
  return { cpuMs: parts, wallMs: round(wallMs, 1), machineBusy: round(total / (wallMs * cpus().length), 3) };
}
type CpuUse = ReturnType<typeof cpuDelta>;

// ---- Metering: middlewares on the service's shared clients ----

type Service = 'dynamo' | 's3' | 'sqs';
interface CallStat {
  calls: number;
  ms: number;
}
interface AttemptLog {
  delivery: number;
  attempt: number;
  status: number | null;
  errorKind: string | null;
  durationMs: number;
}
interface Invocation {
  ms: number;
  messages: number;
  failed: number;
  attempts: AttemptLog[];
  /** Every service call of the invocation: the imports it served (a batch read serves all) and when it ran. */
  calls: { imports: string[]; start: number; end: number }[];
  /** Bytes of the message bodies the event source received for it (SQS bills 64 KB chunks). */
  receivedBytes: number;
}
interface Meter {
  /** service -> "Command (target)" -> calls and summed latency */
  calls: Record<Service, Record<string, CallStat>>;
  rcu: number;
  wcu: number;
  unreported: number;
  s3PutBytes: number;
  s3GetBytes: number;
  sqsBilledSends: number;
  attempts: AttemptLog[];
  logBytes: number;
}
const emptyMeter = (): Meter => ({
  calls: { dynamo: {}, s3: {}, sqs: {} },
  rcu: 0,
  wcu: 0,
  unreported: 0,
  s3PutBytes: 0,
  s3GetBytes: 0,
  sqsBilledSends: 0,
  attempts: [],
  logBytes: 0,
});

/** Calls are metered only inside an invocation the event source makes (setup and checks are not). */
const scope = new AsyncLocalStorage<{ meter: Meter; invocation: Invocation }>();

// What the worker writes inside an invocation (its log lines and, as on Lambda, its metrics records on
// stdout) is what Lambda would ingest into CloudWatch Logs: counted per scenario, not shown.
for (const stream of [process.stdout, process.stderr]) {
  const original = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const current = scope.getStore();
    if (!current) return original(chunk, ...rest);
    current.meter.logBytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    return true;
  }) as typeof stream.write;
}

function bodyBytes(body: unknown): number {
  if (typeof body === 'string') return Buffer.byteLength(body);
  if (body instanceof Uint8Array) return body.byteLength;
  return 0;
}

/** A document-client value (plain at the initialize step) or a marshalled one ({ N: '12' }). */
function plain(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    if ('N' in record) return Number(record.N);
    if ('S' in record) return record.S;
    if ('NULL' in record) return null;
  }
  return value;
}

/** The attempt-log entry a PutItem writes (logAttempt), or undefined for any other item. */
function attemptLogEntry(item: unknown): AttemptLog | undefined {
  if (!item || typeof item !== 'object') return undefined;
  const fields = item as Record<string, unknown>;
  if (!('durationMs' in fields) || !('attempt' in fields)) return undefined;
  return {
    delivery: Number(plain(fields.delivery)),
    attempt: Number(plain(fields.attempt)),
    status: (plain(fields.status) as number | null) ?? null,
    errorKind: (plain(fields.errorKind) as string | null) ?? null,
    durationMs: Number(plain(fields.durationMs)),
  };
}

/** What a call reads or writes, from its key: the labels of the tables in the report. */
function target(service: Service, command: string, input: Record<string, unknown>): string {
  if (service === 'sqs') return 'webhook queue';
  if (service === 's3') {
    const key = String(input.Key ?? '');
    return key.startsWith('webhooks/') ? 'payload' : key.startsWith('rows/') ? 'row chunk' : 'other';
  }
  if (command === 'Query') return 'import items';
  if (command === 'BatchGetItem') return 'import records + organizations, per batch';
  if (command === 'PutItem' && attemptLogEntry(input.Item)) return 'attempt log';
  const key = (input.Key ?? input.Item) as Record<string, unknown> | undefined;
  const sk = String(plain(key?.sk) ?? '');
  if (sk === 'PROFILE') return 'organization';
  if (sk.startsWith('IMP#')) return command === 'UpdateItem' ? 'import record: state' : 'import record';
  return 'other';
}

/** The imports a call serves, from its keys, object key or message body (a batch read serves several). */
function importsOf(service: Service, command: string, input: Record<string, unknown>): string[] {
  if (service === 's3') return [String(input.Key ?? '').split('/')[2]];
  if (service === 'sqs') return [String(JSON.parse(String(input.MessageBody ?? '{}')).importId)];
  const fromSortKey = (sk: unknown) => /^(?:IMP|WEBHOOK)#([^#]+)/.exec(String(plain(sk) ?? ''))?.[1];
  if (command === 'BatchGetItem') {
    const requests = Object.values(input.RequestItems as Record<string, { Keys: { sk: unknown }[] }>);
    return requests.flatMap((request) => request.Keys.flatMap((key) => fromSortKey(key.sk) ?? []));
  }
  if (command === 'Query') return [fromSortKey((input.ExpressionAttributeValues as Record<string, unknown>)[':prefix']) ?? ''];
  const key = (input.Key ?? input.Item) as Record<string, unknown> | undefined;
  return [fromSortKey(key?.sk) ?? ''];
}

/**
 * Sequential service round trips per message: each message's calls (and its batch's shared read) merged
 * where they overlap in time; the POST is not a service call. Mean and largest over the messages.
 */
function roundTrips(run: SourceRunLike): { mean: number; max: number } {
  const counts: number[] = [];
  for (const invocation of run.invocations) {
    const byImport = new Map<string, { start: number; end: number }[]>();
    for (const call of invocation.calls) for (const id of call.imports) (byImport.get(id) ?? byImport.set(id, []).get(id)!).push(call);
    for (const calls of byImport.values()) {
      calls.sort((a, b) => a.start - b.start);
      let trips = 0;
      let end = -Infinity;
      for (const call of calls) {
        if (call.start >= end) {
          trips++;
          end = call.end;
        } else {
          end = Math.max(end, call.end);
        }
      }
      counts.push(trips);
    }
  }
  return { mean: round(mean(counts), 2), max: counts.length > 0 ? Math.max(...counts) : 0 };
}

type AnyStack = { add(middleware: unknown, options: { step: 'initialize'; name: string }): void };
type Next = (args: { input: Record<string, unknown> }) => Promise<{ output: Record<string, unknown> }>;

function installMeters(clients: Record<Service, { middlewareStack: unknown }>) {
  for (const service of ['dynamo', 's3', 'sqs'] as const) {
    (clients[service].middlewareStack as AnyStack).add(
      (next: Next, context: { commandName?: string }) => async (callArgs: { input: Record<string, unknown> }) => {
        const current = scope.getStore();
        if (!current) return next(callArgs);
        const { meter, invocation } = current;
        const command = String(context.commandName).replace(/Command$/, '');
        const kind = service === 'dynamo' ? capacityKind(`${command}Command`) : undefined;
        let input = callArgs.input;
        if (kind) input = { ...input, ReturnConsumedCapacity: input.ReturnConsumedCapacity ?? 'TOTAL' };
        if (service === 'dynamo' && command === 'PutItem') {
          const entry = attemptLogEntry(input.Item);
          if (entry) {
            meter.attempts.push(entry);
            invocation.attempts.push(entry);
          }
        }
        const label = `${command} (${target(service, command, input)})`;
        const stat = (meter.calls[service][label] ??= { calls: 0, ms: 0 });
        stat.calls++;
        const start = performance.now();
        const served = importsOf(service, command, input);
        try {
          const result = await next({ ...callArgs, input });
          if (kind) addCapacity(meter, kind, result.output.ConsumedCapacity as ConsumedCapacity | ConsumedCapacity[] | undefined);
          if (service === 's3' && command === 'PutObject') meter.s3PutBytes += bodyBytes(input.Body);
          if (service === 's3' && command === 'GetObject') meter.s3GetBytes += Number(result.output.ContentLength ?? 0);
          if (service === 'sqs') {
            const payload = bodyBytes(input.MessageBody) + bodyBytes(JSON.stringify(input.MessageAttributes ?? ''));
            meter.sqsBilledSends += Math.max(1, Math.ceil(payload / SQS_REQUEST_CHUNK_BYTES));
          }
          return result;
        } catch (error) {
          // A failed call returns no ConsumedCapacity (e.g. a failed condition); AWS bills it anyway.
          if (kind) meter.unreported++;
          throw error;
        } finally {
          const end = performance.now();
          stat.ms += end - start;
          invocation.calls.push({ imports: served, start, end });
        }
      },
      { step: 'initialize', name: `benchWebhooksMeter-${service}` },
    );
  }
}

/** Calls per command summed over targets, e.g. GetItem (record) + GetItem (organization). */
function byCommand(calls: Record<string, CallStat>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [label, stat] of Object.entries(calls)) {
    const command = label.split(' ')[0];
    out[command] = (out[command] ?? 0) + stat.calls;
  }
  return out;
}

// ---- The benchmark ----

async function main() {
  const { values: args } = parseArgs({
    options: {
      imports: { type: 'string', default: '500' },
      rows: { type: 'string', default: '10' },
      concurrency: { type: 'string', default: '4' },
      rounds: { type: 'string', default: '3' },
      warmup: { type: 'string', default: '50' },
      'timeout-ms': { type: 'string', default: '1000' },
      'slow-ms': { type: 'string', default: '200' },
      'cost-deliveries': { type: 'string', default: '50' },
      'naive-deliveries': { type: 'string', default: '20' },
    },
  });
  const integer = (name: string, min: number, max = Number.MAX_SAFE_INTEGER) => {
    const raw = (args as Record<string, string>)[name];
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      console.error(`--${name} must be an integer from ${min} to ${max}, got "${raw}"`);
      process.exit(2);
    }
    return value;
  };
  const settings = {
    imports: integer('imports', 1),
    rows: integer('rows', 1, 10_000),
    concurrency: integer('concurrency', 1, WEBHOOK_WORKER_CONCURRENCY),
    rounds: integer('rounds', 1),
    warmup: integer('warmup', 0),
    timeoutMs: integer('timeout-ms', 100, 29_000),
    slowMs: integer('slow-ms', 0),
    costDeliveries: integer('cost-deliveries', 1),
    naiveDeliveries: integer('naive-deliveries', 1, WEBHOOK_WORKER_CONCURRENCY * 5),
  };
  if (settings.slowMs >= settings.timeoutMs) {
    console.error('--slow-ms must be below --timeout-ms: the slow receiver has to answer');
    process.exit(2);
  }

  const workDir = mkdtempSync(join(tmpdir(), 'import-service-bench-webhooks-'));
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    stops.length = 0;
    rmSync(workDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stopAll().finally(() => process.exit(130)));
  try {
    progress('starting the SQS/S3 emulator and the receiver (child processes) and DynamoDB Local');
    const [emulator, receiver] = await Promise.all([startChild('emulator'), startChild('receiver', [String(settings.slowMs)])]);
    stops.push(emulator.stop, receiver.stop);
    const { startDynamoDbLocal } = await import('../scripts/local/dynamodb-local');
    const childrenBefore = new Set(childPids(process.pid));
    const dynamoLocal = await startDynamoDbLocal(undefined);
    stops.push(dynamoLocal.stop);
    const dynamoPid = childPids(process.pid).find((pid) => !childrenBefore.has(pid));
    const pids: Processes = { emulator: emulator.process.pid, receiver: receiver.process.pid, dynamodb: dynamoPid };
    const report = await bench(settings, { emulatorEndpoint: emulator.info.endpoint, receiverUrl: receiver.info.url, dynamoEndpoint: dynamoLocal.endpoint, pids, workDir });
    mkdirSync(dirname(OUTPUT), { recursive: true });
    writeFileSync(OUTPUT, `${JSON.stringify(report, null, 2)}\n`);
    print(report);
    console.log(`\nWrote ${relative(process.cwd(), OUTPUT)}`);
  } finally {
    await stopAll();
  }
}

type Settings = {
  imports: number;
  rows: number;
  concurrency: number;
  rounds: number;
  warmup: number;
  timeoutMs: number;
  slowMs: number;
  costDeliveries: number;
  naiveDeliveries: number;
};

async function bench(
  settings: Settings,
  env: { emulatorEndpoint: string; receiverUrl: string; dynamoEndpoint: string; pids: Processes; workDir: string },
) {
  const { createTable, createQueuesAndBucket } = await import('../scripts/local/resources');
  const { handlerEnvironment, LOCAL_STAGE } = await import('../scripts/local/stack');
  const { namesForStage } = await import('../shared/resources');
  const names = namesForStage(LOCAL_STAGE);
  await createTable(env.dynamoEndpoint, names.tableName);
  const { importsQueueArn: _importsArn, webhookQueueArn, ...queues } = await createQueuesAndBucket(env.emulatorEndpoint, names, {
    importsVisibilityTimeoutSeconds: IMPORTS_VISIBILITY_TIMEOUT_SECONDS,
  });
  void _importsArn;
  const { DEFAULT_WEBHOOK_RETRY_SCHEDULE, DEFAULT_WEBHOOK_TIMEOUT_MS } = await import('../shared/config');
  // As the handlers read it at load time: the local stack's resources, a scaled timeout (priced at the
  // real one) and a retry schedule of the real length with no waits (the waits are priced as SQS hops).
  Object.assign(process.env, handlerEnvironment({
    stage: LOCAL_STAGE,
    tableName: names.tableName,
    dynamoEndpoint: env.dynamoEndpoint,
    sqsEndpoint: env.emulatorEndpoint,
    s3Endpoint: env.emulatorEndpoint,
    bucketName: names.bucketName,
    // No uploads through presigned URLs here.
    uploadEndpoint: '',
    // Metrics records on stdout, as on Lambda, so the scenarios count their bytes with the logs.
    metricsFile: '',
    ...queues,
  }));
  process.env.WEBHOOK_TIMEOUT_MS = String(settings.timeoutMs);
  // The setup's imports would print a line each ("Import finished", INFO); the worker logs nothing at INFO.
  process.env.LOG_LEVEL = 'WARN';
  process.env.WEBHOOK_RETRY_SCHEDULE = DEFAULT_WEBHOOK_RETRY_SCHEDULE.map(() => '0').join(',');

  // The service's own modules, loaded after the environment is set: config() reads it once.
  const clients = await import('../shared/aws/clients');
  const { config } = await import('../shared/config');
  const { handler } = (await import('../functions/webhook-worker/handler')) as { handler: (event: SQSEvent) => Promise<SQSBatchResponse> };
  const { toSqsRecord } = await import('../scripts/local/queue-poller');
  const { deliver } = await import('../shared/webhooks/http-delivery');
  const { signedHeaders } = await import('../shared/webhooks/signing');
  const { webhookId } = await import('../shared/webhooks/attempt');
  const { renderPayload } = await import('../shared/webhooks/payload');
  const { MAX_DELAY_SECONDS } = await import('../shared/aws/delayed-messages');
  const { resendWebhook } = await import('../shared/webhooks/resend');
  const { beginDelivery } = await import('../shared/data/webhooks');
  const { createOrganization, updateOrganization } = await import('../shared/data/organizations');
  const { insertTemplate, templateFromInput } = await import('../shared/data/templates');
  const { getImportItems, getImportRecord } = await import('../shared/data/imports');
  const { objectKeys } = await import('../shared/data/objects');
  const { createImport } = await import('../shared/imports/create-import');
  const { processUpload } = await import('../shared/imports/process-upload');
  const { CreateTemplateSchema } = await import('../shared/domain/templates');
  const { CreateImportSchema } = await import('../shared/domain/imports');
  const { parseBody } = await import('../shared/domain/validation');
  const { newWebhookSecret, nowIso } = await import('../shared/domain/ids');
  const valibot = await import('valibot');
  const { CONTACTS_TEMPLATE, writeCsv } = await import('./engine-fixtures');
  const { GetObjectCommand, PutObjectCommand } = await import('@aws-sdk/client-s3');
  const { DeleteMessageBatchCommand, GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } = await import(
    '@aws-sdk/client-sqs'
  );
  installMeters({ dynamo: clients.dynamo(), s3: clients.s3(), sqs: clients.sqs() });

  const cfg = config();
  if (cfg.webhookTimeoutMs !== settings.timeoutMs || cfg.webhookRetrySchedule.some((seconds) => seconds !== 0)) {
    throw new Error('the worker did not take the benchmark configuration (config() was read before it was set)');
  }
  const workerMemoryMb = WEBHOOK_WORKER_MEMORY_MB;
  const realSchedule = DEFAULT_WEBHOOK_RETRY_SCHEDULE;
  const attemptsPerDelivery = realSchedule.length + 1;

  // The Lambda event source's own client: its receives and deletes are counted here, not by the meters.
  const eventSourceClient = new SQSClient({
    endpoint: env.emulatorEndpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

  // ---- Setup (not metered): a template, three organizations (one per receiver), small imports ----

  progress('setup: template and organizations');
  const orgIds: Record<'fast' | 'slow' | 'never', string> = { fast: '', slow: '', never: '' };
  const secrets: Record<string, string> = {};
  let templateOwner = '';
  const templates: Record<string, string> = {};
  for (const kind of ['fast', 'slow', 'never'] as const) {
    const { organizationId } = await createOrganization(`Bench webhooks (${kind})`, 'pro');
    const secret = newWebhookSecret();
    await updateOrganization(organizationId, { webhookUrl: `${env.receiverUrl}/${kind}`, webhookSecret: secret });
    secrets[`/${kind}`] = secret;
    orgIds[kind] = organizationId;
    const template = await insertTemplate(organizationId, templateFromInput(valibot.parse(CreateTemplateSchema, CONTACTS_TEMPLATE)));
    templates[organizationId] = template.id;
    templateOwner ||= organizationId;
  }
  await fetch(`${env.receiverUrl}/control/secrets`, { method: 'POST', body: JSON.stringify(secrets) });
  const receiverStats = async (): Promise<Record<string, PathStats>> => (await fetch(`${env.receiverUrl}/control/stats`)).json() as Promise<Record<string, PathStats>>;

  const csv = readFileSync(writeCsv(join(env.workDir, 'contacts.csv'), settings.rows).path);

  /** Imports of `settings.rows` rows, created and processed as on AWS; each queues its import-finished message. */
  async function runImports(kind: keyof typeof orgIds, count: number): Promise<string[]> {
    const organizationId = orgIds[kind];
    const start = performance.now();
    const ids = await pool(Array.from({ length: count }, (_, i) => i), 8, async (i) => {
      const input = parseBody(CreateImportSchema, {
        fileName: 'contacts.csv',
        fileSize: csv.length,
        metadata: { source: 'bench', batch: i },
        user: { id: `u_${i}`, email: `user${i}@example.com`, name: `User ${i}` },
      });
      const created = await createImport(organizationId, templates[organizationId], input);
      await clients.s3().send(new PutObjectCommand({ Bucket: cfg.bucketName, Key: created.uploadKey, Body: csv, ContentType: 'text/csv' }));
      const outcome = await processUpload(created.uploadKey, csv.length);
      if (outcome !== 'finished') throw new Error(`import ${created.record.id}: processing ended "${outcome}"`);
      return created.record.id;
    });
    progress(`  ${count} imports of ${settings.rows} rows for the ${kind} receiver in ${Math.round(performance.now() - start)} ms`);
    return ids;
  }

  async function queueDepth() {
    const { Attributes = {} } = await eventSourceClient.send(
      new GetQueueAttributesCommand({ QueueUrl: cfg.webhookQueueUrl, AttributeNames: ['All'] }),
    );
    return {
      visible: Number(Attributes.ApproximateNumberOfMessages ?? 0),
      inFlight: Number(Attributes.ApproximateNumberOfMessagesNotVisible ?? 0),
      delayed: Number(Attributes.ApproximateNumberOfMessagesDelayed ?? 0),
    };
  }

  const notes: string[] = [];

  // ---- The event source: receive a batch, invoke the real handler, delete what succeeded ----

  interface SourceRun {
    label: string;
    batchSize: number;
    concurrency: number;
    windowMs: number;
    expectedMessages: number;
    wallMs: number;
    invocations: Invocation[];
    receiveCalls: number;
    deleteCalls: number;
    meter: Meter;
  }

  async function eventSource(label: string, options: { batchSize: number; concurrency: number; windowMs: number; expectedMessages: number }) {
    const depth = await queueDepth();
    // Each scenario starts on an empty queue but for its own first wave (retries are added as it goes).
    if (depth.inFlight > 0 || depth.visible === 0) {
      notes.push(`${label}: the queue held ${depth.visible} visible and ${depth.inFlight} in-flight messages at the start.`);
    }
    const run: SourceRun = {
      label,
      ...options,
      wallMs: 0,
      invocations: [],
      receiveCalls: 0,
      deleteCalls: 0,
      meter: emptyMeter(),
    };
    const deadline = performance.now() + 120_000 + options.expectedMessages * 200;
    let processed = 0;
    let received = 0;
    let endedAt = 0;
    const receive = async (max: number, waitSeconds: number) => {
      run.receiveCalls++;
      const { Messages = [] } = await eventSourceClient.send(
        new ReceiveMessageCommand({
          QueueUrl: cfg.webhookQueueUrl,
          MaxNumberOfMessages: Math.min(max, SQS_MAX_RECEIVE),
          WaitTimeSeconds: waitSeconds,
          MessageSystemAttributeNames: ['All'],
          MessageAttributeNames: ['All'],
        }),
      );
      received += Messages.length;
      return Messages;
    };
    /** Lambda's batching window: gather up to batchSize messages for at most windowMs after the first. */
    const gather = async (): Promise<Message[]> => {
      const batch = await receive(options.batchSize, 1);
      if (batch.length === 0) return batch;
      const windowEnd = performance.now() + options.windowMs;
      while (batch.length < options.batchSize && performance.now() < windowEnd && received < options.expectedMessages) {
        const more = await receive(options.batchSize - batch.length, 0);
        if (more.length > 0) batch.push(...more);
        else await sleep(20);
      }
      return batch;
    };
    const slot = async () => {
      while (processed < options.expectedMessages) {
        if (performance.now() > deadline) {
          throw new Error(`${label}: ${processed} of ${options.expectedMessages} messages handled before the deadline`);
        }
        const messages = await gather();
        if (messages.length === 0) continue;
        const records = messages.map((message) => toSqsRecord(message, webhookQueueArn));
        const invocation: Invocation = {
          ms: 0,
          messages: records.length,
          failed: 0,
          attempts: [],
          calls: [],
          receivedBytes: records.reduce((total, record) => total + Buffer.byteLength(record.body), 0),
        };
        const invoked = performance.now();
        let failed: Set<string>;
        try {
          const response = await scope.run({ meter: run.meter, invocation }, () => handler({ Records: records }));
          failed = new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
        } catch (error) {
          console.error(`${label}: invocation failed`, error);
          failed = new Set(records.map((record) => record.messageId));
        }
        invocation.ms = performance.now() - invoked;
        invocation.failed = failed.size;
        run.invocations.push(invocation);
        const done = records.filter((record) => !failed.has(record.messageId));
        if (done.length > 0) {
          run.deleteCalls++;
          await eventSourceClient.send(
            new DeleteMessageBatchCommand({
              QueueUrl: cfg.webhookQueueUrl,
              Entries: done.map((record, i) => ({ Id: String(i), ReceiptHandle: record.receiptHandle })),
            }),
          );
        }
        processed += done.length;
        if (processed >= options.expectedMessages && endedAt === 0) endedAt = performance.now();
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: options.concurrency }, slot));
    run.wallMs = (endedAt || performance.now()) - started;
    const failedMessages = run.invocations.reduce((total, invocation) => total + invocation.failed, 0);
    if (failedMessages > 0) notes.push(`${label}: ${failedMessages} message(s) failed in the handler and were redelivered.`);
    return run;
  }

  // ---- Deliveries per second: the worker beside a plain loop of the same POSTs ----

  /** The stored payload of each import's delivery: the exact bytes the worker sent. */
  async function storedPayloads(organizationId: string, ids: string[], delivery: number) {
    return pool(ids, 16, async (importId) => {
      const { Body } = await clients.s3().send(
        new GetObjectCommand({ Bucket: cfg.bucketName, Key: objectKeys.webhookPayload(organizationId, importId, delivery) }),
      );
      return { importId, delivery, body: Buffer.from(await Body!.transformToByteArray()) };
    });
  }

  /** The same POSTs with deliver(): same URL, body bytes, signed headers and timeout; `inFlight` at once. */
  async function plainLoop(organizationId: string, url: string, payloads: { importId: string; delivery: number; body: Buffer }[], inFlight: number) {
    const secret = secrets[new URL(url).pathname];
    const statuses: Record<string, number> = {};
    const before = cpuSnapshot(env.pids);
    const started = performance.now();
    const durations = await pool(payloads, inFlight, async ({ importId, delivery, body }) => {
      const result = await deliver({
        url,
        body,
        headers: signedHeaders({ secret, webhookId: webhookId(importId, delivery), timestampSeconds: Math.floor(Date.now() / 1000), body }),
        timeoutMs: cfg.webhookTimeoutMs,
        allowPrivate: cfg.webhookAllowPrivate,
      });
      const key = String(result.status ?? result.errorKind);
      statuses[key] = (statuses[key] ?? 0) + 1;
      return result.durationMs;
    });
    const wallMs = performance.now() - started;
    const cpu = cpuDelta(before, cpuSnapshot(env.pids));
    void organizationId;
    return { posts: payloads.length, wallMs: round(wallMs, 1), perSecond: round(payloads.length / (wallMs / 1000), 1), meanPostMs: round(mean(durations), 2), statuses, cpu };
  }

  const fastUrl = `${env.receiverUrl}/fast`;
  const workerOptions = { batchSize: WEBHOOK_BATCH_SIZE, concurrency: settings.concurrency, windowMs: 0 };

  async function workerRound(label: string, ids: string[]) {
    await receiverStats();
    const before = cpuSnapshot(env.pids);
    const run = await eventSource(label, { ...workerOptions, expectedMessages: ids.length });
    const cpu = cpuDelta(before, cpuSnapshot(env.pids));
    const receiver = (await receiverStats())['/fast'];
    return { run, cpu, receiver };
  }

  /** A new delivery of each import (the real resend path), optionally with its payload stored beforehand. */
  async function resendAll(ids: string[], storePayload: boolean) {
    const organizationId = orgIds.fast;
    await pool(ids, 16, async (importId) => {
      if (storePayload) {
        // What the processor would do if it rendered the payload at the finish: the attempt then only GETs it.
        const record = (await getImportRecord(organizationId, importId))!;
        const delivery = (record.webhookDelivery ?? 1) + 1;
        const startedAt = nowIso();
        if (!(await beginDelivery(organizationId, record, startedAt))) throw new Error(`resend of ${importId} refused`);
        const items = (await getImportItems(organizationId, importId))!;
        const body = await renderPayload(organizationId, items, startedAt);
        await clients.s3().send(
          new PutObjectCommand({ Bucket: cfg.bucketName, Key: objectKeys.webhookPayload(organizationId, importId, delivery), Body: body, ContentType: 'application/json' }),
        );
        await eventSourceClient.send(
          new SendMessageCommand({ QueueUrl: cfg.webhookQueueUrl, MessageBody: JSON.stringify({ organizationId, importId, delivery, attempt: 1 }) }),
        );
      } else {
        await resendWebhook(organizationId, importId);
      }
    });
  }

  if (settings.warmup > 0) {
    progress(`warm-up: ${settings.warmup} deliveries through the worker and the plain loop (JIT, DynamoDB Local, connections)`);
    const warmIds = await runImports('fast', settings.warmup);
    await workerRound('warm-up', warmIds);
    await plainLoop(orgIds.fast, fastUrl, await storedPayloads(orgIds.fast, warmIds, 1), settings.concurrency * WEBHOOK_BATCH_SIZE);
    await receiverStats();
  }

  progress(`throughput: ${settings.imports} imports for the receiver that answers at once`);
  const fastIds = await runImports('fast', settings.imports);
  const firstRounds: Awaited<ReturnType<typeof workerRound>>[] = [];
  const storedRounds: Awaited<ReturnType<typeof workerRound>>[] = [];
  const plainRounds: (Awaited<ReturnType<typeof plainLoop>> & { receiver: PathStats })[] = [];
  let plainPayloads: Awaited<ReturnType<typeof storedPayloads>> = [];
  for (let i = 1; i <= settings.rounds; i++) {
    if (i > 1) await resendAll(fastIds, false);
    progress(`  round ${i}/${settings.rounds}: worker, first attempt of delivery ${i} (${i === 1 ? 'the payload the processor stored' : 'a resend: the first payload, re-timed'})`);
    firstRounds.push(await workerRound(`worker first attempt, round ${i}`, fastIds));
    if (i === 1) plainPayloads = await storedPayloads(orgIds.fast, fastIds, 1);
    progress(`  round ${i}/${settings.rounds}: plain deliver() loop, the same ${plainPayloads.length} POSTs`);
    await receiverStats();
    const plain = await plainLoop(orgIds.fast, fastUrl, plainPayloads, settings.concurrency * WEBHOOK_BATCH_SIZE);
    plainRounds.push({ ...plain, receiver: (await receiverStats())['/fast'] });
  }
  for (let i = 1; i <= settings.rounds; i++) {
    await resendAll(fastIds, true);
    progress(`  round ${i}/${settings.rounds}: worker, a new delivery whose own payload was stored beforehand`);
    storedRounds.push(await workerRound(`worker stored payload, round ${i}`, fastIds));
  }

  // ---- Cost scenarios ----

  const costConcurrency = (deliveries: number, batchSize: number) => Math.min(WEBHOOK_WORKER_CONCURRENCY, Math.ceil(deliveries / batchSize));
  // The deployed event source's batching window (lib/import-service-stack.ts: maxBatchingWindow 1 s).
  const windowMs = 1000;

  progress(`cost: receiver answering in ${settings.slowMs} ms, ${settings.costDeliveries} deliveries, batches of ${WEBHOOK_BATCH_SIZE}`);
  const slowIds = await runImports('slow', settings.costDeliveries);
  const slowDesign = await eventSource('slow, design', {
    batchSize: WEBHOOK_BATCH_SIZE,
    concurrency: costConcurrency(settings.costDeliveries, WEBHOOK_BATCH_SIZE),
    windowMs,
    expectedMessages: settings.costDeliveries,
  });
  progress(`cost: receiver answering in ${settings.slowMs} ms, ${settings.naiveDeliveries} deliveries, one per invocation (naive)`);
  const slowNaiveIds = await runImports('slow', settings.naiveDeliveries);
  const slowNaive = await eventSource('slow, naive', {
    batchSize: 1,
    concurrency: costConcurrency(settings.naiveDeliveries, 1),
    windowMs: 0,
    expectedMessages: settings.naiveDeliveries,
  });

  progress(
    `cost: receiver that never answers, ${settings.costDeliveries} deliveries x ${attemptsPerDelivery} attempts, timeout scaled to ${settings.timeoutMs} ms, no waits between attempts`,
  );
  const neverIds = await runImports('never', settings.costDeliveries);
  const neverDesign = await eventSource('never, design', {
    batchSize: WEBHOOK_BATCH_SIZE,
    concurrency: costConcurrency(settings.costDeliveries, WEBHOOK_BATCH_SIZE),
    windowMs,
    expectedMessages: settings.costDeliveries * attemptsPerDelivery,
  });
  progress(`cost: receiver that never answers, ${settings.naiveDeliveries} deliveries, one per invocation (naive)`);
  const neverNaiveIds = await runImports('never', settings.naiveDeliveries);
  const neverNaive = await eventSource('never, naive', {
    batchSize: 1,
    concurrency: costConcurrency(settings.naiveDeliveries, 1),
    windowMs: 0,
    expectedMessages: settings.naiveDeliveries * attemptsPerDelivery,
  });

  // Hops: a retry due more than 15 minutes later arrives early (SQS delays stop at MAX_DELAY_SECONDS)
  // and is sent again with the rest of the delay. Measured on messages that arrive an hour early.
  async function queueEarlyMessages(organizationId: string, ids: string[]) {
    await pool(ids, 16, async (importId) => {
      const record = (await getImportRecord(organizationId, importId))!;
      if (!(await beginDelivery(organizationId, record, nowIso()))) throw new Error(`new delivery of ${importId} refused`);
      const message = { organizationId, importId, delivery: (record.webhookDelivery ?? 1) + 1, attempt: 1, dueAt: new Date(Date.now() + 3_600_000).toISOString() };
      await eventSourceClient.send(new SendMessageCommand({ QueueUrl: cfg.webhookQueueUrl, MessageBody: JSON.stringify(message) }));
    });
  }
  progress(`cost: ${settings.costDeliveries} early messages (an SQS delay hop), batches of ${WEBHOOK_BATCH_SIZE}, then ${settings.naiveDeliveries} one per invocation`);
  await queueEarlyMessages(orgIds.slow, slowIds);
  const hopDesign = await eventSource('hop, design', {
    batchSize: WEBHOOK_BATCH_SIZE,
    concurrency: costConcurrency(settings.costDeliveries, WEBHOOK_BATCH_SIZE),
    windowMs,
    expectedMessages: settings.costDeliveries,
  });
  await queueEarlyMessages(orgIds.slow, slowNaiveIds);
  const hopNaive = await eventSource('hop, naive', {
    batchSize: 1,
    concurrency: costConcurrency(settings.naiveDeliveries, 1),
    windowMs: 0,
    expectedMessages: settings.naiveDeliveries,
  });
  const leftover = await queueDepth();
  eventSourceClient.destroy();
  void neverIds;
  void neverNaiveIds;
  void templateOwner;

  // ---- Analysis ----

  const hopsPerDelivery = realSchedule.reduce((total, seconds) => total + Math.max(0, Math.ceil(seconds / MAX_DELAY_SECONDS) - 1), 0);
  const timeoutExtraMs = DEFAULT_WEBHOOK_TIMEOUT_MS - settings.timeoutMs;

  const throughput = analyseThroughput(firstRounds, storedRounds, plainRounds, settings);

  const price = (run: SourceRunLike, memoryMb: number, deliveries: number) => priceRun(run, memoryMb, deliveries, timeoutExtraMs, config().retentionDays);
  const slowCheck = checkOutcomes(slowDesign, settings.costDeliveries, 1, 'delivered', notes);
  checkOutcomes(slowNaive, settings.naiveDeliveries, 1, 'delivered', notes);
  checkOutcomes(neverDesign, settings.costDeliveries, attemptsPerDelivery, 'timeout', notes);
  checkOutcomes(neverNaive, settings.naiveDeliveries, attemptsPerDelivery, 'timeout', notes);
  const hopSends = (run: SourceRunLike) => run.meter.calls.sqs['SendMessage (webhook queue)']?.calls ?? 0;
  for (const run of [hopDesign, hopNaive]) {
    if (run.meter.attempts.length > 0 || hopSends(run) !== run.expectedMessages) {
      notes.push(`${run.label}: expected one re-send and no attempt per early message, saw ${hopSends(run)} sends and ${run.meter.attempts.length} attempts.`);
    }
  }

  const hopDesignPrice = price(hopDesign, workerMemoryMb, settings.costDeliveries);
  const hopNaivePrice = price(hopNaive, NAIVE_MEMORY_MB, settings.naiveDeliveries);
  const withHops = (attempts: ReturnType<typeof price>, hop: ReturnType<typeof price>) => addPrices(attempts, scalePrice(hop, hopsPerDelivery));
  const fastRuns = mergeRuns(firstRounds.map((r) => r.run));
  const fastPrice = price(fastRuns, workerMemoryMb, fastRuns.expectedMessages);

  const costRows = [
    { scenario: `answers at once (throughput rounds, first attempt)`, design: 'design', memoryMb: workerMemoryMb, batch: WEBHOOK_BATCH_SIZE, price: fastPrice, run: fastRuns as SourceRunLike | null },
    { scenario: `answers in ${settings.slowMs} ms`, design: 'design', memoryMb: workerMemoryMb, batch: WEBHOOK_BATCH_SIZE, price: price(slowDesign, workerMemoryMb, settings.costDeliveries), run: slowDesign },
    { scenario: `answers in ${settings.slowMs} ms`, design: 'naive', memoryMb: NAIVE_MEMORY_MB, batch: 1, price: price(slowNaive, NAIVE_MEMORY_MB, settings.naiveDeliveries), run: slowNaive },
    {
      scenario: `never answers: ${attemptsPerDelivery} attempts x 30 s + ${hopsPerDelivery} hops`,
      design: 'design',
      memoryMb: workerMemoryMb,
      batch: WEBHOOK_BATCH_SIZE,
      price: withHops(price(neverDesign, workerMemoryMb, settings.costDeliveries), hopDesignPrice),
      run: neverDesign,
    },
    {
      scenario: `never answers: ${attemptsPerDelivery} attempts x 30 s + ${hopsPerDelivery} hops`,
      design: 'naive',
      memoryMb: NAIVE_MEMORY_MB,
      batch: 1,
      price: withHops(price(neverNaive, NAIVE_MEMORY_MB, settings.naiveDeliveries), hopNaivePrice),
      run: neverNaive,
    },
  ];
  const neverParts = {
    design: { attempts: price(neverDesign, workerMemoryMb, settings.costDeliveries), hopsPerDelivery, perHop: hopDesignPrice },
    naive: { attempts: price(neverNaive, NAIVE_MEMORY_MB, settings.naiveDeliveries), hopsPerDelivery, perHop: hopNaivePrice },
    /** The design's duration at 1 GB, and the naive batch at 256 MB: which of the two choices saves what. */
    designAt1Gb: withHops(price(neverDesign, NAIVE_MEMORY_MB, settings.costDeliveries), price(hopDesign, NAIVE_MEMORY_MB, settings.costDeliveries)),
    naiveAt256Mb: withHops(price(neverNaive, workerMemoryMb, settings.naiveDeliveries), price(hopNaive, workerMemoryMb, settings.naiveDeliveries)),
  };

  const callsPerDelivery = [
    callsRow('answers at once, first attempt', mergeRuns(firstRounds.map((r) => r.run)), firstRounds.reduce((total, r) => total + r.run.expectedMessages, 0)),
    callsRow('answers at once, payload stored', mergeRuns(storedRounds.map((r) => r.run)), storedRounds.reduce((total, r) => total + r.run.expectedMessages, 0)),
    callsRow(`answers in ${settings.slowMs} ms`, slowDesign, settings.costDeliveries),
    callsRow(`never answers (${attemptsPerDelivery} attempts, no hops)`, neverDesign, settings.costDeliveries),
    callsRow('one hop (an early message, per message)', hopDesign, settings.costDeliveries),
  ];

  if (leftover.visible > 0 || leftover.inFlight > 0) {
    notes.push(`The webhook queue still held ${leftover.visible} visible and ${leftover.inFlight} in-flight messages at the end.`);
  }
  const ratio = throughput.ratios.firstBest;
  if (ratio < throughput.ratios.target) notes.push(...explainThroughput(throughput));
  // What the wall-clock durations above leave out: a 256 MB Lambda has a fraction of a vCPU.
  const benchCpu = throughput.cpu.firstAttempt.perDeliveryMs.bench;
  if (benchCpu !== null) {
    const lambdaMs = benchCpu * (IMPORT_PROCESSOR_MEMORY_MB / workerMemoryMb);
    notes.push(
      `Lambda gives CPU in proportion to memory (a full vCPU at ${IMPORT_PROCESSOR_MEMORY_MB} MB): the ${benchCpu} ms of this process's CPU per first ` +
        `attempt would take ~${Math.round(lambdaMs)} ms at ${workerMemoryMb} MB (~${Math.round(lambdaMs * WEBHOOK_BATCH_SIZE)} ms for a batch of ` +
        `${WEBHOOK_BATCH_SIZE}) on a core like this one. The ${settings.slowMs} ms receiver's invocations measured ${round(mean(slowDesign.invocations.map((i) => i.ms)), 0)} ms ` +
        `here, so their GB-s are of the right order, not a floor; the 30 s timeouts dominate the other rows either way.`,
    );
  }
  notes.push(
    `Batches were full here (${round(mean(neverDesign.invocations.map((i) => i.messages)), 1)} messages per invocation for the never-answering ` +
      `receiver) because many deliveries were queued at once. With a trickle, the 1 s batching window gathers fewer: at one message per ` +
      `invocation the never-answering delivery costs ${(neverParts.naiveAt256Mb.total * 1e6).toFixed(2)} $/M at ${workerMemoryMb} MB ` +
      `instead of ${(withHops(price(neverDesign, workerMemoryMb, settings.costDeliveries), hopDesignPrice).total * 1e6).toFixed(2)} $/M.`,
  );

  return {
    generatedAt: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version },
    settings: {
      ...settings,
      batchSize: WEBHOOK_BATCH_SIZE,
      workerMemoryMb,
      naiveMemoryMb: NAIVE_MEMORY_MB,
      workerTimeoutSeconds: WEBHOOK_WORKER_TIMEOUT_SECONDS,
      pricedTimeoutMs: DEFAULT_WEBHOOK_TIMEOUT_MS,
      realRetrySchedule: realSchedule,
      attemptsPerDelivery,
      hopsPerDelivery,
      maxDelaySeconds: MAX_DELAY_SECONDS,
      batchingWindowMs: windowMs,
      payloadBytes: round(mean(plainPayloads.map((payload) => payload.body.length)), 0),
    },
    throughput,
    cost: {
      rows: costRows.map(({ run, ...row }) => ({
        ...row,
        invocations: run ? run.invocations.length : null,
        meanMessagesPerInvocation: run ? round(mean(run.invocations.map((i) => i.messages)), 2) : null,
        meanInvocationMs: run ? round(mean(run.invocations.map((i) => i.ms)), 1) : null,
      })),
      never: neverParts,
      slowCheck,
    },
    callsPerDelivery,
    notes,
  };
}

async function pool<T, R>(items: T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}

type SourceRunLike = {
  label: string;
  expectedMessages: number;
  wallMs: number;
  invocations: Invocation[];
  receiveCalls: number;
  deleteCalls: number;
  meter: Meter;
};

function mergeRuns(runs: SourceRunLike[]): SourceRunLike {
  const meter = emptyMeter();
  for (const run of runs) {
    for (const service of ['dynamo', 's3', 'sqs'] as const) {
      for (const [label, stat] of Object.entries(run.meter.calls[service])) {
        const into = (meter.calls[service][label] ??= { calls: 0, ms: 0 });
        into.calls += stat.calls;
        into.ms += stat.ms;
      }
    }
    meter.rcu += run.meter.rcu;
    meter.wcu += run.meter.wcu;
    meter.unreported += run.meter.unreported;
    meter.s3PutBytes += run.meter.s3PutBytes;
    meter.s3GetBytes += run.meter.s3GetBytes;
    meter.sqsBilledSends += run.meter.sqsBilledSends;
    meter.attempts.push(...run.meter.attempts);
    meter.logBytes += run.meter.logBytes;
  }
  return {
    label: runs.map((run) => run.label).join(' + '),
    expectedMessages: runs.reduce((total, run) => total + run.expectedMessages, 0),
    wallMs: runs.reduce((total, run) => total + run.wallMs, 0),
    invocations: runs.flatMap((run) => run.invocations),
    receiveCalls: runs.reduce((total, run) => total + run.receiveCalls, 0),
    deleteCalls: runs.reduce((total, run) => total + run.deleteCalls, 0),
    meter,
  };
}

/** Every delivery made the expected attempts and ended as expected (delivered, or timed out every time). */
function checkOutcomes(run: SourceRunLike, deliveries: number, attempts: number, expected: 'delivered' | 'timeout', notes: string[]) {
  const logs = run.meter.attempts;
  const ok = logs.filter((log) => (expected === 'delivered' ? log.status !== null && log.status >= 200 && log.status < 300 : log.errorKind === 'timeout'));
  if (logs.length !== deliveries * attempts || ok.length !== logs.length) {
    notes.push(
      `${run.label}: expected ${deliveries * attempts} attempts, all ${expected}; logged ${logs.length}, ${ok.length} ${expected}.`,
    );
  }
  return { attempts: logs.length, asExpected: ok.length, meanAttemptMs: round(mean(logs.map((log) => log.durationMs)), 1) };
}

// ---- Pricing ----

interface Price {
  /** Per delivery, in dollars. */
  lambdaDuration: number;
  lambdaRequests: number;
  sqs: number;
  s3: number;
  dynamodb: number;
  logs: number;
  total: number;
  /** What was counted, per delivery. */
  counted: {
    gbSeconds: number;
    invocations: number;
    sqsRequests: number;
    s3Puts: number;
    s3Gets: number;
    rcu: number;
    wcu: number;
  };
}

/**
 * What a run cost, per delivery: each invocation's duration rounded up to the ms (plus, for an
 * invocation that waited on a timed-out attempt, the difference between the real and the scaled
 * timeout) x memory; one Lambda request per invocation; SQS: the event source's ReceiveMessage and
 * DeleteMessageBatch per batch (64 KB chunks of the bodies received) and the worker's SendMessage calls;
 * S3 PUT/GET (misses included: S3 bills them) and storage for the retention period; measured RCU/WCU.
 */
function priceRun(run: SourceRunLike, memoryMb: number, deliveries: number, timeoutExtraMs: number, retentionDays: number): Price {
  const gbSeconds = run.invocations.reduce((total, invocation) => {
    const timedOut = invocation.attempts.some((attempt) => attempt.errorKind === 'timeout');
    return total + (Math.ceil(invocation.ms + (timedOut ? timeoutExtraMs : 0)) / 1000) * (memoryMb / 1024);
  }, 0);
  const receives = run.invocations.reduce((total, invocation) => total + Math.max(1, Math.ceil(invocation.receivedBytes / SQS_REQUEST_CHUNK_BYTES)), 0);
  const deletes = run.invocations.filter((invocation) => invocation.failed < invocation.messages).length;
  const sqsRequests = receives + deletes + run.meter.sqsBilledSends;
  const s3 = byCommand(run.meter.calls.s3);
  const s3Puts = s3.PutObject ?? 0;
  const s3Gets = s3.GetObject ?? 0;
  const storageGbMonths = (run.meter.s3PutBytes / 2 ** 30) * (retentionDays / DAYS_PER_MONTH);
  const parts = {
    lambdaDuration: gbSeconds * PRICES.lambdaArm64PerGbSecond,
    lambdaRequests: (run.invocations.length * PRICES.lambdaRequestsPerMillion) / 1e6,
    sqs: (sqsRequests * PRICES.sqsRequestsPerMillion) / 1e6,
    s3: (s3Puts * PRICES.s3PutPerMillion + s3Gets * PRICES.s3GetPerMillion) / 1e6 + storageGbMonths * PRICES.s3StoragePerGbMonth,
    dynamodb: (run.meter.rcu * PRICES.dynamoRruPerMillion + run.meter.wcu * PRICES.dynamoWruPerMillion) / 1e6,
    logs: (run.meter.logBytes / 1e9) * PRICES.logsPerGb,
  };
  const per = (value: number) => value / deliveries;
  const price: Price = {
    lambdaDuration: per(parts.lambdaDuration),
    lambdaRequests: per(parts.lambdaRequests),
    sqs: per(parts.sqs),
    s3: per(parts.s3),
    dynamodb: per(parts.dynamodb),
    logs: per(parts.logs),
    total: 0,
    counted: {
      gbSeconds: per(gbSeconds),
      invocations: per(run.invocations.length),
      sqsRequests: per(sqsRequests),
      s3Puts: per(s3Puts),
      s3Gets: per(s3Gets),
      rcu: per(run.meter.rcu),
      wcu: per(run.meter.wcu),
    },
  };
  price.total = price.lambdaDuration + price.lambdaRequests + price.sqs + price.s3 + price.dynamodb + price.logs;
  return price;
}

function scalePrice(price: Price, factor: number): Price {
  const scaled = { ...price, counted: { ...price.counted } } as Price;
  for (const key of ['lambdaDuration', 'lambdaRequests', 'sqs', 's3', 'dynamodb', 'logs', 'total'] as const) scaled[key] = price[key] * factor;
  for (const key of Object.keys(price.counted) as (keyof Price['counted'])[]) scaled.counted[key] = price.counted[key] * factor;
  return scaled;
}

function addPrices(a: Price, b: Price): Price {
  const sum = { ...a, counted: { ...a.counted } } as Price;
  for (const key of ['lambdaDuration', 'lambdaRequests', 'sqs', 's3', 'dynamodb', 'logs', 'total'] as const) sum[key] = a[key] + b[key];
  for (const key of Object.keys(a.counted) as (keyof Price['counted'])[]) sum.counted[key] = a.counted[key] + b.counted[key];
  return sum;
}

// ---- Calls per delivery ----

function callsRow(scenario: string, run: SourceRunLike, deliveries: number) {
  const per = (count: number) => round(count / deliveries, 3);
  const perCommand = (calls: Record<string, CallStat>) => Object.fromEntries(Object.entries(calls).map(([label, stat]) => [label, per(stat.calls)]));
  const batches = run.invocations.length;
  return {
    scenario,
    deliveries,
    invocationsPerDelivery: per(batches),
    sqs: {
      worker: perCommand(run.meter.calls.sqs),
      eventSource: { ReceiveMessage: per(batches), DeleteMessageBatch: per(run.invocations.filter((i) => i.failed < i.messages).length) },
      eventSourceReceivesMade: per(run.receiveCalls),
    },
    s3: perCommand(run.meter.calls.s3),
    dynamodb: perCommand(run.meter.calls.dynamo),
    roundTrips: roundTrips(run),
    rcu: per(run.meter.rcu),
    wcu: per(run.meter.wcu),
    unreportedCapacity: run.meter.unreported,
  };
}

// ---- Throughput analysis ----

type RoundResult = { run: SourceRunLike; cpu: CpuUse; receiver: PathStats | undefined };
type PlainResult = { posts: number; wallMs: number; perSecond: number; meanPostMs: number; statuses: Record<string, number>; cpu: CpuUse; receiver: PathStats | undefined };

function summarizeRound(round_: RoundResult) {
  const { run } = round_;
  const delivered = run.meter.attempts.filter((log) => log.status !== null && log.status >= 200 && log.status < 300).length;
  return {
    deliveries: delivered,
    attempts: run.meter.attempts.length,
    wallMs: round(run.wallMs, 1),
    perSecond: round(delivered / (run.wallMs / 1000), 1),
    invocations: run.invocations.length,
    meanInvocationMs: round(mean(run.invocations.map((i) => i.ms)), 2),
    meanPostMs: round(mean(run.meter.attempts.map((log) => log.durationMs)), 2),
    cpu: round_.cpu,
    receiver: round_.receiver ?? null,
  };
}

/** Mean time per attempt in each step (calls of one round trip overlap, so these add up to more than its path). */
function steps(runs: SourceRunLike[]) {
  const merged = mergeRuns(runs);
  const deliveries = merged.expectedMessages;
  const rows: { step: string; callsPerDelivery: number; meanMs: number; msPerDelivery: number }[] = [];
  for (const service of ['dynamo', 's3', 'sqs'] as const) {
    for (const [label, stat] of Object.entries(merged.meter.calls[service])) {
      const name = `${service === 'dynamo' ? 'DynamoDB' : service === 's3' ? 'S3' : 'SQS'} ${label}`;
      rows.push({ step: name, callsPerDelivery: round(stat.calls / deliveries, 2), meanMs: round(stat.ms / stat.calls, 2), msPerDelivery: round(stat.ms / deliveries, 2) });
    }
  }
  const posts = merged.meter.attempts.map((log) => log.durationMs);
  rows.push({ step: 'POST to the receiver (deliver)', callsPerDelivery: round(posts.length / deliveries, 2), meanMs: round(mean(posts), 2), msPerDelivery: round(posts.reduce((a, b) => a + b, 0) / deliveries, 2) });
  rows.sort((a, b) => b.msPerDelivery - a.msPerDelivery);
  const pathMs = rows.reduce((total, row) => total + row.msPerDelivery, 0);
  return { rows, pathMs: round(pathMs, 2), meanInvocationMs: round(mean(merged.invocations.map((i) => i.ms)), 2) };
}

function analyseThroughput(first: RoundResult[], stored: RoundResult[], plain: PlainResult[], settings: Settings) {
  const firstSummaries = first.map(summarizeRound);
  const storedSummaries = stored.map(summarizeRound);
  const best = (values: number[]) => Math.max(...values);
  const med = (values: number[]) => median(values);
  const rates = {
    first: { best: best(firstSummaries.map((r) => r.perSecond)), median: med(firstSummaries.map((r) => r.perSecond)) },
    stored: { best: best(storedSummaries.map((r) => r.perSecond)), median: med(storedSummaries.map((r) => r.perSecond)) },
    plain: { best: best(plain.map((r) => r.perSecond)), median: med(plain.map((r) => r.perSecond)) },
  };
  const cpuPerDelivery = (cpu: CpuUse, deliveries: number) =>
    Object.fromEntries(Object.entries(cpu.cpuMs).map(([name, ms]) => [name, ms === null ? null : round(ms / deliveries, 3)])) as Record<keyof CpuUse['cpuMs'], number | null>;
  const meanCpu = (entries: { cpu: CpuUse; deliveries: number }[]) => {
    const rows = entries.map((entry) => cpuPerDelivery(entry.cpu, entry.deliveries));
    const names = Object.keys(rows[0]) as (keyof CpuUse['cpuMs'])[];
    return {
      perDeliveryMs: Object.fromEntries(names.map((name) => [name, rows.some((row) => row[name] === null) ? null : round(mean(rows.map((row) => row[name]!)), 3)])),
      machineBusy: round(mean(entries.map((entry) => entry.cpu.machineBusy)), 3),
    };
  };
  return {
    inFlight: settings.concurrency * WEBHOOK_BATCH_SIZE,
    rounds: { firstAttempt: firstSummaries, storedPayload: storedSummaries, plain },
    rates,
    ratios: {
      target: 0.3,
      firstBest: round(rates.first.best / rates.plain.best, 3),
      firstMedian: round(rates.first.median / rates.plain.median, 3),
      storedBest: round(rates.stored.best / rates.plain.best, 3),
    },
    steps: { firstAttempt: steps(first.map((r) => r.run)), storedPayload: steps(stored.map((r) => r.run)) },
    roundTrips: { firstAttempt: roundTrips(mergeRuns(first.map((r) => r.run))), storedPayload: roundTrips(mergeRuns(stored.map((r) => r.run))) },
    cpu: {
      firstAttempt: meanCpu(firstSummaries.map((r) => ({ cpu: r.cpu, deliveries: r.deliveries }))),
      storedPayload: meanCpu(storedSummaries.map((r) => ({ cpu: r.cpu, deliveries: r.deliveries }))),
      plain: meanCpu(plain.map((r) => ({ cpu: r.cpu, deliveries: r.posts }))),
    },
  };
}

/** Where the worker's time goes when it misses the target, from the numbers measured above. */
function explainThroughput(t: ReturnType<typeof analyseThroughput>): string[] {
  const notes: string[] = [];
  const cores = cpus().length;
  const total = (perDelivery: Record<string, number | null>) => Object.values(perDelivery).reduce((sum: number, ms) => sum + (ms ?? 0), 0);
  /** Cores each process kept busy over a set of rounds: its CPU time over the rounds' wall time. */
  const coresUsed = (rounds: { cpu: CpuUse }[]) => {
    const wall = rounds.reduce((sum, r) => sum + r.cpu.wallMs, 0);
    const of = (name: keyof CpuUse['cpuMs']) => round(rounds.reduce((sum, r) => sum + (r.cpu.cpuMs[name] ?? 0), 0) / wall, 2);
    return { bench: of('bench'), dynamodb: of('dynamodb'), emulator: of('emulator'), receiver: of('receiver') };
  };
  const worker = coresUsed(t.rounds.firstAttempt);
  const workerCpu = total(t.cpu.firstAttempt.perDeliveryMs);
  const plainCpu = total(t.cpu.plain.perDeliveryMs);
  const rates = t.rounds.firstAttempt.map((r) => r.perSecond);
  notes.push(
    `Worker/plain ${t.ratios.firstBest} misses the ${t.ratios.target} target. This machine (${cores} cores) runs out of CPU, not of waiting: during the ` +
      `first-attempt rounds this process kept ${worker.bench} of a core busy (its JavaScript runs on one thread), DynamoDB Local ${worker.dynamodb}, ` +
      `the emulator ${worker.emulator}, the receiver ${worker.receiver}. A delivery costs ${workerCpu.toFixed(2)} ms of CPU in all (this process ` +
      `${t.cpu.firstAttempt.perDeliveryMs.bench}, DynamoDB Local ${t.cpu.firstAttempt.perDeliveryMs.dynamodb}, emulator ${t.cpu.firstAttempt.perDeliveryMs.emulator}, ` +
      `receiver ${t.cpu.firstAttempt.perDeliveryMs.receiver}) against ${plainCpu.toFixed(2)} ms for a plain POST (this process ` +
      `${t.cpu.plain.perDeliveryMs.bench}): ${plainCpu.toFixed(2)} / ${workerCpu.toFixed(2)} = ${(plainCpu / workerCpu).toFixed(3)}, about the measured ratio ` +
      `(worker rounds ${Math.min(...rates).toFixed(0)}-${Math.max(...rates).toFixed(0)}/s).`,
  );
  const first = t.steps.firstAttempt;
  const post = first.rows.find((row) => row.step.startsWith('POST'))!;
  const calls = first.rows.filter((row) => !row.step.startsWith('POST'));
  const callsPerDelivery = calls.reduce((sum, row) => sum + row.callsPerDelivery, 0);
  notes.push(
    `One first attempt makes ${callsPerDelivery.toFixed(1)} service calls around its POST in ${t.roundTrips.firstAttempt.mean} round trips: ${calls.reduce((sum, row) => sum + row.msPerDelivery, 0).toFixed(1)} ms of calls ` +
      `(largest: ${calls
        .slice(0, 3)
        .map((row) => `${row.step} ${row.msPerDelivery} ms`)
        .join(', ')}); the POST itself takes ${post.meanMs} ms in the worker against ${t.rounds.plain.map((r) => r.meanPostMs).join('/')} ms in ` +
      `the plain loop, slowed by this process's own CPU load. Each service call costs this process about ` +
      `${((t.cpu.firstAttempt.perDeliveryMs.bench ?? 0) / callsPerDelivery).toFixed(1)} ms of CPU (SDK serialization, SigV4 signing, HTTP), ` +
      `more than a whole plain POST (${t.cpu.plain.perDeliveryMs.bench} ms).`,
  );
  const stored = t.steps.storedPayload;
  const storedCalls = stored.rows.filter((row) => !row.step.startsWith('POST')).reduce((sum, row) => sum + row.callsPerDelivery, 0);
  notes.push(
    `Measured: a new delivery whose own payload was stored beforehand (the path of a resend whose first payload could expire) makes ` +
      `${storedCalls.toFixed(1)} calls instead of ${callsPerDelivery.toFixed(1)} and the worker reaches ${t.rates.stored.best.toFixed(0)}/s, ` +
      `${(t.rates.stored.best / t.rates.first.best).toFixed(1)}x the first attempt and ${t.ratios.storedBest} of plain.`,
  );
  notes.push(
    'What is left per delivery is the floor of this design: one payload GetObject, the attempt log PutItem and the conditional ' +
      'UpdateItem of the state (a tenth of a BatchGetItem, a receive and a delete). Locally each costs CPU on both sides of the call ' +
      '(the SDK here, DynamoDB Local or the emulator there), and the two cores are shared with the receiver: ' +
      `${t.ratios.target} of a plain loop needs about ${(plainCpu / t.ratios.target).toFixed(1)} ms of CPU per delivery in all. What would reach it: ` +
      'one call per delivery, i.e. the log entry written by the same UpdateItem as the state (on the record, which a write bills ' +
      'by its whole size) and the payload carried in the queue message (the processor\'s import-finished message would carry it). ' +
      'On AWS the services\' own work is not on the worker\'s CPU.',
  );
  return notes;
}

// ---- Output ----

const int = (value: number) => Math.round(value).toLocaleString('en-US');
const perMillion = (value: number) => `$${(value * 1e6).toFixed(2)}`;

function table(headers: string[], rows: string[][], alignLeft = 1) {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i < alignLeft ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(line(headers));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
}

type Report = Awaited<ReturnType<typeof bench>>;

function print(report: Report) {
  const s = report.settings;
  const t = report.throughput;
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    `\nDeliveries per second: receiver on 127.0.0.1 answering 204 at once; ${int(s.imports)} finished imports of ${s.rows} rows ` +
      `(payload ~${int(s.payloadBytes)} B); ${s.concurrency} invocations x ${s.batchSize} messages = ${t.inFlight} POSTs in flight; ` +
      `${s.rounds} rounds each after a warm-up of ${s.warmup}\n`,
  );
  const cpuCell = (cpu: CpuUse, deliveries: number) =>
    `${((cpu.cpuMs.bench ?? 0) / deliveries).toFixed(2)} / ${cpu.cpuMs.emulator === null ? '?' : (cpu.cpuMs.emulator / deliveries).toFixed(2)} / ` +
    `${cpu.cpuMs.dynamodb === null ? '?' : (cpu.cpuMs.dynamodb / deliveries).toFixed(2)} / ${cpu.cpuMs.receiver === null ? '?' : (cpu.cpuMs.receiver / deliveries).toFixed(2)}`;
  const roundRows = (name: string, rounds: ReturnType<typeof summarizeRound>[]) =>
    rounds.map((r, i) => [
      i === 0 ? name : '',
      String(i + 1),
      int(r.deliveries),
      r.wallMs.toFixed(0),
      r.perSecond.toFixed(0),
      r.meanPostMs.toFixed(2),
      r.meanInvocationMs.toFixed(1),
      cpuCell(r.cpu, r.deliveries),
      `${Math.round(r.cpu.machineBusy * 100)}%`,
    ]);
  table(
    ['path', 'round', 'deliveries', 'wall ms', 'per s', 'POST ms', 'invocation ms', 'CPU ms/delivery: bench / emu / ddb / recv', 'machine busy'],
    [
      ...roundRows('worker: first attempt (stored payload, resends re-timed)', t.rounds.firstAttempt),
      ...roundRows('worker: own payload stored beforehand', t.rounds.storedPayload),
      ...t.rounds.plain.map((r, i) => [
        i === 0 ? 'plain deliver() loop, same bodies + headers' : '',
        String(i + 1),
        int(r.posts),
        r.wallMs.toFixed(0),
        r.perSecond.toFixed(0),
        r.meanPostMs.toFixed(2),
        '',
        cpuCell(r.cpu, r.posts),
        `${Math.round(r.cpu.machineBusy * 100)}%`,
      ]),
    ],
    2,
  );
  console.log('');
  table(
    ['path', 'best per s', 'median per s', 'vs plain (best)', `target >= ${t.ratios.target}`],
    [
      ['worker: first attempt', t.rates.first.best.toFixed(0), t.rates.first.median.toFixed(0), t.ratios.firstBest.toFixed(2), verdict(t.ratios.firstBest >= t.ratios.target)],
      ['worker: own payload stored beforehand', t.rates.stored.best.toFixed(0), t.rates.stored.median.toFixed(0), t.ratios.storedBest.toFixed(2), verdict(t.ratios.storedBest >= t.ratios.target)],
      ['plain deliver() loop', t.rates.plain.best.toFixed(0), t.rates.plain.median.toFixed(0), '1.00', ''],
    ],
  );
  const receiverCheck = [...t.rounds.firstAttempt, ...t.rounds.storedPayload].map((r) => r.receiver);
  const plainReceiver = t.rounds.plain.map((r) => r.receiver);
  const bad = [...receiverCheck, ...plainReceiver].reduce((total, r) => total + (r?.badSignatures ?? 0), 0);
  const checked = [...receiverCheck, ...plainReceiver].reduce((total, r) => total + (r?.checkedSignatures ?? 0), 0);
  const headerSets = new Set([...receiverCheck, ...plainReceiver].flatMap((r) => Object.keys(r?.headerSets ?? {})));
  console.log(
    `  The receiver got every POST: worker rounds ${receiverCheck.map((r) => r?.requests ?? 0).join(', ')}; plain ${plainReceiver.map((r) => r?.requests ?? 0).join(', ')}; ` +
      `${checked} X-Service-Signature checks, ${bad} bad; ${headerSets.size === 1 ? 'one header set for all' : `${headerSets.size} different header sets`}; ` +
      `body bytes per POST: worker ${receiverCheck[0] ? round(receiverCheck[0].bodyBytes / receiverCheck[0].requests, 0) : '?'}, plain ${plainReceiver[0] ? round(plainReceiver[0].bodyBytes / plainReceiver[0].requests, 0) : '?'}.`,
  );
  console.log('  CPU columns: ms of CPU per delivery in this process (the worker, the SDK, the HTTP client), the SQS/S3 emulator, DynamoDB Local and the receiver.');

  for (const [name, step] of [
    ['first attempt', t.steps.firstAttempt],
    ['payload already stored', t.steps.storedPayload],
  ] as const) {
    console.log(`\nWhere a worker attempt's time goes (${name}; calls of one round trip run at once, ten attempts run at once per invocation)\n`);
    table(
      ['step', 'calls/delivery', 'mean ms', 'ms/delivery'],
      [
        ...step.rows.map((row) => [row.step, row.callsPerDelivery.toFixed(2), row.meanMs.toFixed(2), row.msPerDelivery.toFixed(2)]),
        ['sum of the steps (overlapping calls counted each)', '', '', step.pathMs.toFixed(2)],
        ['mean invocation (a batch: the slowest of its attempts)', '', '', step.meanInvocationMs.toFixed(2)],
      ],
    );
  }

  const c = report.cost;
  console.log(
    `\n$ per million deliveries (us-east-1, shared/observability/prices.ts). Lambda arm64; design = ${s.batchSize} messages per invocation at ${s.workerMemoryMb} MB ` +
      `(the deployed worker), naive = 1 per invocation at ${s.naiveMemoryMb} MB. Timeouts measured at ${s.timeoutMs} ms and priced at ` +
      `${s.pricedTimeoutMs / 1000} s; retries measured without waits and the real schedule's SQS hops priced from a measured hop\n`,
  );
  table(
    ['receiver', 'design', 'msgs/inv', 'inv ms', 'GB-s/delivery', 'Lambda GB-s', 'Lambda req', 'SQS', 'S3', 'DynamoDB', 'logs', 'total $/M'],
    c.rows.map((row) => [
      row.scenario,
      row.design === 'design' ? `${row.batch}/inv, ${row.memoryMb} MB` : `naive: ${row.batch}/inv, ${row.memoryMb} MB`,
      row.meanMessagesPerInvocation === null ? `${row.batch}` : row.meanMessagesPerInvocation.toFixed(1),
      row.meanInvocationMs === null ? '' : row.meanInvocationMs.toFixed(0),
      row.price.counted.gbSeconds.toFixed(4),
      perMillion(row.price.lambdaDuration),
      perMillion(row.price.lambdaRequests),
      perMillion(row.price.sqs),
      perMillion(row.price.s3),
      perMillion(row.price.dynamodb),
      perMillion(row.price.logs),
      perMillion(row.price.total),
    ]),
    2,
  );
  const never = c.never;
  const neverDesign = c.rows[3].price;
  const neverNaive = c.rows[4].price;
  console.log(
    `  Never answering, per delivery: design ${perMillion(never.design.attempts.total)}/M for the ${s.attemptsPerDelivery} attempts + ` +
      `${never.design.hopsPerDelivery} hops x ${perMillion(never.design.perHop.total)}/M = ${perMillion(neverDesign.total)}/M; ` +
      `naive ${perMillion(never.naive.attempts.total)}/M + ${never.naive.hopsPerDelivery} x ${perMillion(never.naive.perHop.total)}/M = ${perMillion(neverNaive.total)}/M ` +
      `(${(neverNaive.total / neverDesign.total).toFixed(1)}x). Batching alone (naive at ${s.workerMemoryMb} MB): ${perMillion(never.naiveAt256Mb.total)}/M; ` +
      `memory alone (design at ${s.naiveMemoryMb} MB): ${perMillion(never.designAt1Gb.total)}/M.`,
  );
  console.log(
    `  Hops: the real schedule waits ${s.realRetrySchedule.map((seconds) => `${seconds} s`).join(', ')}; SQS delays stop at ${s.maxDelaySeconds} s, so a wait ` +
      `of W s arrives early ceil(W/${s.maxDelaySeconds})-1 times and is sent again: ${s.hopsPerDelivery} hops per delivery that runs the whole schedule.`,
  );

  console.log(
    '\nCalls per delivery (SDK middlewares on the shared clients; the event source = the Lambda SQS poller, one receive and one delete per batch)\n',
  );
  const rows = report.callsPerDelivery;
  const labels: [string, (row: (typeof rows)[number]) => number][] = [];
  const seen = new Set<string>();
  for (const [service, name] of [['sqs', 'SQS'], ['s3', 'S3'], ['dynamodb', 'DynamoDB']] as const) {
    if (service === 'sqs') {
      labels.push(['SQS ReceiveMessage (event source)', (row) => row.sqs.eventSource.ReceiveMessage]);
      labels.push(['SQS DeleteMessageBatch (event source)', (row) => row.sqs.eventSource.DeleteMessageBatch]);
    }
    for (const row of rows) {
      const calls = service === 'sqs' ? row.sqs.worker : row[service];
      for (const label of Object.keys(calls)) {
        const key = `${name} ${label}`;
        if (seen.has(key)) continue;
        seen.add(key);
        labels.push([key, (r) => (service === 'sqs' ? r.sqs.worker : r[service])[label] ?? 0]);
      }
    }
  }
  labels.push(['Lambda invocations', (row) => row.invocationsPerDelivery]);
  labels.push(['round trips per message, mean (sequential, around the POST)', (row) => row.roundTrips.mean]);
  labels.push(['round trips per message, most', (row) => row.roundTrips.max]);
  labels.push(['DynamoDB RCU', (row) => row.rcu]);
  labels.push(['DynamoDB WCU', (row) => row.wcu]);
  table(
    ['call', ...rows.map((row) => row.scenario)],
    labels.map(([label, value]) => [label, ...rows.map((row) => {
      const count = value(row);
      return count === 0 ? '-' : String(round(count, 2));
    })]),
  );
  console.log('  "one hop" is per early message: a retry due more than 15 minutes later arrives early and is sent again.');

  if (report.notes.length > 0) {
    console.log('\nNotes:');
    for (const note of report.notes) console.log(`  * ${note}`);
  }
}

// ---- Entry ----

if (process.argv[2] === '--child') {
  if (process.argv[3] === 'emulator') await emulatorChild();
  else if (process.argv[3] === 'receiver') await receiverChild(Number(process.argv[4] ?? 200));
  else throw new Error(`unknown child role ${process.argv[3]}`);
} else {
  await main();
}

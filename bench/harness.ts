// What every bench module shares: options, progress lines, tables, the JSON report, the local stack,
// the log bytes a measurement writes, and a log of the service's SDK calls, each carrying what the
// service's own meter (shared/observability/meter.ts) counted for it. A module keeps only what it measures.
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, parseArgs } from 'node:util';
import { costReport, sumsFromEmfFile } from '../scripts/importctl-cost';
import { startLocalStack } from '../scripts/local/stack';
import { metricsFile } from '../scripts/local/state';
import { PART_BYTES, partsOf, uploadInParts } from '../scripts/s3-multipart';
import { metricsBytesWritten } from '../shared/observability/metrics';
import { withMeter, withMeterSettled, type Meter } from '../shared/observability/meter';
import type { ImportRecord } from '../shared/domain/imports';
import { CONTACTS_TEMPLATE } from './engine-fixtures';

export { PART_BYTES };
export const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
export const TSX_CLI = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
export const MB = 1e6;

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));
export const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
export const mean = (values: number[]) => (values.length === 0 ? 0 : sum(values) / values.length);
/** The lower median; `upper` picks the upper one of an even count (the widget bench has always reported that). */
export const median = (values: number[], upper = false) =>
  [...values].sort((a, b) => a - b)[upper ? Math.floor(values.length / 2) : Math.floor((values.length - 1) / 2)];
export const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(p * values.length) - 1)] ?? 0;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const int = (value: number) => Math.round(value).toLocaleString('en-US');
export const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
export const mapValues = <T extends object>(record: T, map: (value: number) => number) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)])) as { [K in keyof T]: number };
export const machine = () => ({ cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version });

// The terminal's own writers: progress lines are never counted or hidden by the log capture below.
const terminal = { stdout: process.stdout.write.bind(process.stdout), stderr: process.stderr.write.bind(process.stderr) };

/** `[bench:<name>] ...` on stderr. */
export const progressFor =
  (name: string) =>
  (...parts: unknown[]) =>
    void terminal.stderr(`[bench:${name}] ${format(...parts)}\n`);

type Bounds = { min?: number; max?: number };
type OptionSpec = ({ default: number } & Bounds) | ({ default: number[] } & Bounds) | { default: boolean } | { default: string };
/** `cost-rows` -> `costRows`. */
type Camel<K extends string> = K extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : K;
type OptionValues<S extends Record<string, OptionSpec>> = { [K in keyof S & string as Camel<K>]: S[K]['default'] };

/**
 * `--name value` options, returned by their camel-case names: integers within their bounds (exit 2
 * otherwise), comma-separated lists of such integers, flags and strings.
 */
export function options<S extends Record<string, OptionSpec>>(spec: S, args = process.argv.slice(2)): OptionValues<S> {
  const { values } = parseArgs({
    args,
    options: Object.fromEntries(
      Object.entries(spec).map(([name, o]) => [name, typeof o.default === 'boolean' ? { type: 'boolean' } : { type: 'string' }]),
    ) as Record<string, { type: 'string' | 'boolean' }>,
  });
  const parsed = Object.entries(spec).map(([name, o]) => {
    const raw = values[name];
    const { min, max } = o as Bounds;
    const value =
      raw === undefined || typeof raw === 'boolean' ? (raw ?? o.default)
      : typeof o.default === 'number' ? integer(name, raw, min, max)
      : Array.isArray(o.default) ? raw.split(',').map((item) => integer(name, item.trim(), min, max))
      : raw;
    return [name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()), value];
  });
  return Object.fromEntries(parsed) as OptionValues<S>;
}

function integer(name: string, raw: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`--${name} must be an integer from ${min} to ${max}, got "${raw}"`);
    process.exit(2);
  }
  return value;
}

/** Prints a table: the first `alignLeft` columns left-aligned; `above` titles the columns from its index on. */
export function table(headers: string[], rows: (string | number)[][], { alignLeft = 1, above }: { alignLeft?: number; above?: [number, string] } = {}) {
  const cells = rows.map((row) => row.map(String));
  const widths = headers.map((header, i) => Math.max(header.length, ...cells.map((row) => row[i].length)));
  const line = (row: string[]) => row.map((cell, i) => (i < alignLeft ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  if (above) {
    const [from, title] = above;
    const left = sum(widths.slice(0, from).map((w) => w + 2));
    const width = sum(widths.slice(from).map((w) => w + 2)) - 2;
    console.log(' '.repeat(left) + `--- ${title} `.padEnd(width, '-'));
  }
  for (const row of [headers, widths.map((width) => '-'.repeat(width)), ...cells]) console.log(line(row));
}

/** A column of a report table: its header and its cell for one item of the report. */
export type Column<T> = [header: string, cell: (item: T) => string | number];

/** Prints one row per item of a report, one column per `Column`; `above` titles the columns from the one it names on. */
export function reportTable<T>(columns: Column<T>[], items: T[], { alignLeft, above }: { alignLeft?: number; above?: [from: string, title: string] } = {}) {
  const headers = columns.map(([header]) => header);
  const rows = items.map((item) => columns.map(([, cell]) => cell(item)));
  table(headers, rows, { alignLeft, above: above && [headers.indexOf(above[0]), above[1]] });
}

export function printNotes(notes: string[]) {
  if (notes.length === 0) return;
  console.log('\nNotes:');
  for (const note of notes) console.log(`  * ${note}`);
}

/** Writes bench/results/<name>.json. */
export function writeResults(name: string, report: unknown) {
  const path = join(ROOT, 'bench', 'results', `${name}.json`);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWrote ${relative(process.cwd(), path)}`);
}

/** A temporary directory for the step, removed afterwards. */
export async function withTempDir<T>(name: string, step: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), `import-service-${name}-`));
  try {
    return await step(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs a step against a local stack started in this process (DynamoDB Local in memory, the SQS/S3
 * emulator, the queue pollers unless `consumers` is false, the gateway), stopped afterwards and on Ctrl-C.
 * The service's modules must be imported inside the step: config() reads the environment the stack sets, once.
 */
export async function withLocalStack<T>(name: string, step: (dataDir: string) => Promise<T>, { consumers = true } = {}): Promise<T> {
  return withTempDir(name, async (dataDir) => {
    const stack = await startLocalStack({ port: 0, dataDir, inMemory: true, consumers });
    process.once('SIGINT', () => void stack.stop().finally(() => process.exit(130)));
    try {
      return await step(dataDir);
    } finally {
      await stack.stop();
    }
  });
}

/** What `importctl cost` reports from the metrics records the local stack's functions wrote since `since` (ms). */
export const liveCost = (dataDir: string, since: number) => costReport(sumsFromEmfFile(metricsFile(dataDir), since));

/** Runs a TypeScript file in a fresh Node process; its last stdout line is JSON. */
export function runTsx<T>(script: string, args: string[]): T {
  const result = spawnSync(process.execPath, [TSX_CLI, script, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  if (result.status !== 0) throw new Error(`${script} ${args.join(' ')} failed (${result.status}):\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as T;
}

export async function pool<T, R>(items: T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

// ---- Log bytes: what Lambda would ingest into CloudWatch Logs ----

let capture: { bytes: number; metricsAtStart: number; quiet: boolean } | undefined;
for (const name of ['stdout', 'stderr'] as const) {
  (process[name] as { write: unknown }).write = (chunk: string | Uint8Array, ...rest: unknown[]) => {
    if (capture) capture.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    return capture?.quiet || (terminal[name] as (...args: unknown[]) => boolean)(chunk, ...rest);
  };
}

/** Counts stdout and stderr (the Powertools logger) from now on; `quiet` keeps it off the terminal. */
export function startLogCapture(quiet = false) {
  capture = { bytes: 0, metricsAtStart: metricsBytesWritten(), quiet };
}

/** The bytes written since the start, with the metrics records the local stack sends to a file instead of stdout. */
export function stopLogCapture(): number {
  const ended = capture;
  capture = undefined;
  if (!ended) return 0;
  return ended.bytes + (process.env.METRICS_FILE ? metricsBytesWritten() - ended.metricsAtStart : 0);
}

// ---- The call log: every SDK call of the service's shared clients, with what the meter counted for it ----

export type Service = 'dynamo' | 's3' | 'sqs';
export interface Call {
  service: Service;
  /** Without "Command": GetItem, PutObject, SendMessage. */
  command: string;
  /** The call's input without a Body (row chunks are megabytes). */
  input: Record<string, unknown>;
  start: number;
  end: number;
  /** What shared/observability/meter.ts counted for this call alone. */
  meter: Meter;
  /** GetObject: the bytes of the answer. */
  bytesRead: number;
}

const sinks = new AsyncLocalStorage<Call[] | null>();
let background: Call[] | null = null;
let zero: Meter | undefined;

/** Calls made inside `work` go to `into` (null: nowhere), whatever `recordBackground` says. */
export const recordCalls = <T>(into: Call[] | null, work: () => Promise<T>) => sinks.run(into, work);
/** Where calls made outside any recordCalls go (e.g. the local stack's processor): null, nowhere. */
export const recordBackground = (into: Call[] | null) => void (background = into);

type Stack = { middlewareStack: { add(middleware: unknown, options: object): void } };
type Next = (args: { input: Record<string, unknown> }) => Promise<{ output: Record<string, unknown> }>;

/**
 * Installs the call log on the shared clients (once per process, after the service's config is set).
 * It runs outside the meter's middleware (priority high), so a meter scope around each call gets
 * exactly what the service's meter charges for it.
 */
export async function installCallLog() {
  const clients = await import('../shared/aws/clients');
  const { s3 } = await import('../shared/aws/s3');
  const { sqs } = await import('../shared/aws/sqs');
  zero = (await withMeter(async () => undefined)).meter;
  const services: [Service, unknown][] = [['dynamo', clients.dynamo()], ['s3', s3()], ['sqs', sqs()]];
  for (const [service, client] of services) {
    (client as Stack).middlewareStack.add(
      (next: Next, context: { commandName?: string }) => async (args: { input: Record<string, unknown> }) => {
        const store = sinks.getStore();
        const into = store === undefined ? background : store;
        if (!into) return next(args);
        const command = String(context.commandName).replace(/Command$/, '');
        const start = performance.now();
        const outcome = await withMeterSettled(() => next(args));
        const { Body: _body, ...input } = args.input;
        const bytesRead = outcome.ok && command === 'GetObject' ? Number(outcome.result.output.ContentLength ?? 0) : 0;
        into.push({ service, command, input, start, end: performance.now(), meter: outcome.meter, bytesRead });
        if (!outcome.ok) throw outcome.error;
        return outcome.result;
      },
      { step: 'initialize', priority: 'high', name: 'benchCallLog' },
    );
  }
}

/** The meters of the calls, added up. */
export function meterOf(calls: Call[]): Meter {
  const total = { ...zero! };
  for (const call of calls) for (const key of Object.keys(total) as (keyof Meter)[]) total[key] += call.meter[key];
  return total;
}

/** How often each key occurs, e.g. { GetItem: 2, PutItem: 1 }. */
export function tally(keys: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
}

/** Calls per command (or `label`) of one service. */
export const countByCommand = (calls: Call[], service: Service, label = (call: Call) => call.command) =>
  tally(calls.filter((call) => call.service === service).map(label));

export const callList = (calls: Record<string, number>) =>
  Object.entries(calls)
    .map(([command, count]) => `${command} ${count}`)
    .join(', ') || 'none';

// ---- Service set-up shared by the modules (after the stack or the environment is up) ----

/** An organization with the engine bench's 10-column template (bench/engine-fixtures.ts), embedding on if asked. */
export async function contactsTemplate(name: string, embed = false) {
  const { parse } = await import('valibot');
  const { CreateTemplateSchema } = await import('../shared/domain/template-input');
  const { createOrganization } = await import('../shared/data/organizations');
  const { insertTemplate, templateFromInput, setTemplateEmbed } = await import('../shared/data/templates');
  const { organizationId } = await createOrganization(`Bench ${name}`, 'pro');
  const template = await insertTemplate(organizationId, templateFromInput(parse(CreateTemplateSchema, CONTACTS_TEMPLATE)));
  if (embed) await setTemplateEmbed(organizationId, template.id, { enabled: true });
  return { organizationId, templateId: template.id };
}

/** The import record, read directly and unrecorded every `pollMs`, once `done` holds (15 minutes at most). */
export async function waitForRecord(organizationId: string, importId: string, done: (record: ImportRecord) => boolean, pollMs = 25) {
  const { getImportRecord } = await import('../shared/data/imports');
  for (const start = Date.now(); Date.now() - start < 15 * 60_000; await sleep(pollMs)) {
    const record = await recordCalls(null, () => getImportRecord(organizationId, importId));
    if (record && done(record)) return record;
  }
  throw new Error(`import ${importId} did not get there in 15 minutes`);
}

/** One PutObject, or above 8 MiB a multipart upload in 8 MiB parts as the AWS CLI sends it (the emulator refuses bodies over 11 MiB). */
export async function putFile(Key: string, body: Buffer, ContentType = 'text/csv') {
  const { s3, PutObjectCommand } = await import('../shared/aws/s3');
  const { config } = await import('../shared/config');
  const Bucket = config().bucketName;
  if (body.length <= PART_BYTES) return void (await s3().send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType })));
  await uploadInParts(s3(), { Bucket, Key, ContentType }, partsOf(body));
}

/** The processor invoked with one imports-queue message body, as the event source hands it over. */
let processor: Promise<(body: unknown) => Promise<void>> | undefined;
export async function invokeProcessor(body: unknown) {
  processor ??= (async () => {
    const { handler } = await import('../functions/import-processor/handler');
    const { toSqsRecord } = await import('../scripts/local/queue-poller');
    return async (body: unknown) => {
      const message = { MessageId: crypto.randomUUID(), ReceiptHandle: 'bench', Body: JSON.stringify(body) };
      const { batchItemFailures } = await handler({ Records: [toSqsRecord(message, 'arn:aws:sqs:us-east-1:000000000000:imports')] });
      if (batchItemFailures.length > 0) throw new Error(`the processor failed the message ${message.Body}`);
    };
  })();
  return (await processor)(body);
}

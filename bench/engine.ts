// The engine benchmark: throughput of the import engine beside the raw readers (CSV and XLSX), where
// its time goes, its peak memory at 100,000 and 1,000,000 rows, and what one import costs through the
// real processing path on the local stack, priced with the shared table of shared/observability/prices.ts. Prints one
// report and writes the same data to bench/results/engine.json.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { addCapacity, capacityKind, itemBytes, transactionWcuModel, type TransactItem } from '../shared/observability/capacity';
import { withLocalStack } from './local-stack';
import { costReport, sumsFromEmfFile } from '../scripts/importctl-cost';
import { metricsFile } from '../scripts/local/stack';
import { startLogCapture, stopLogCapture } from './log-capture';
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, parseArgs } from 'node:util';
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { IMPORT_PROCESSOR_MEMORY_MB } from '../shared/resources';
import { DAYS_PER_MONTH, PRICES, SQS_REQUEST_CHUNK_BYTES } from '../shared/observability/prices';
import { CONTACTS_TEMPLATE, INVALID_SHARE, writeCsv, writeXlsx, type WrittenFile } from './engine-fixtures';
import type { Format, WorkerTask } from './engine-worker';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const OUTPUT = join(ROOT, 'bench', 'results', 'engine.json');
const TSX_CLI = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const WORKER = join(ROOT, 'bench', 'engine-worker.ts');

/** Uploads above this size are multipart, in parts of this size (the AWS CLI's default threshold and part size). */
const MULTIPART_THRESHOLD_BYTES = 8 * 1024 * 1024;

/** Data rows of the "1,000,000-row" files: with the header that is 1,000,000 rows, MAX_IMPORT_ROWS. */
const MILLION_DATA_ROWS = 999_999;

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    rows: { type: 'string', default: '100000' },
    'cost-rows': { type: 'string', default: `10000,${MILLION_DATA_ROWS}` },
    'skip-cost': { type: 'boolean', default: false },
  },
});
const RUNS = integer('--runs', args.runs, 1);
const WARMUP = integer('--warmup', args.warmup, 0);
const THROUGHPUT_ROWS = integer('--rows', args.rows, 1);
const COST_ROWS = args['cost-rows'].split(',').map((raw) => integer('--cost-rows', raw.trim(), 1));

function integer(name: string, raw: string, min: number): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    console.error(`${name} must be an integer >= ${min}, got "${raw}"`);
    process.exit(2);
  }
  return value;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const MB = 1e6;
const progress = (...parts: unknown[]) => process.stderr.write(`[bench:engine] ${format(...parts)}\n`);

// ---- Child processes ----

function runWorker<T>(task: WorkerTask): T {
  const result = spawnSync(process.execPath, [TSX_CLI, WORKER, JSON.stringify(task)], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  if (result.status !== 0) throw new Error(`engine worker ${JSON.stringify(task)} failed (${result.status}):\n${result.stderr}`);
  const lines = result.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]) as T;
}

interface EngineRun {
  ms: number;
  openMs: number;
  rows: number;
  counts: { totalRows: number; validRows: number; errorRows: number; skippedRows: number };
  failure: { code: string; message: string } | null;
  chunks: number;
  storedBytes: number;
}
interface RawRun {
  ms: number;
  openMs: number;
  rows: number;
  cells: number;
}

// ---- Throughput ----

function throughput(format: Format, file: WrittenFile) {
  const measure = <T extends { ms: number; openMs: number }>(mode: 'engine' | 'raw') => {
    progress(`${format} ${mode}: ${WARMUP} warm-up + ${RUNS} runs in a fresh process`);
    const { runs, maxRssKb } = runWorker<{ runs: T[]; maxRssKb: number }>({
      kind: 'throughput',
      format,
      mode,
      path: file.path,
      runs: RUNS,
      warmup: WARMUP,
    });
    const ms = runs.map((run) => run.ms);
    const best = Math.min(...ms);
    return {
      runsMs: ms.map((value) => round(value, 1)),
      bestMs: round(best, 1),
      medianMs: round(median(ms), 1),
      openMs: round(Math.min(...runs.map((run) => run.openMs)), 1),
      rowsPerSecond: Math.round(file.dataRows / (best / 1000)),
      mbPerSecond: round(file.bytes / MB / (best / 1000), 1),
      childMaxRssMb: round(maxRssKb / 1024, 1),
      last: runs[runs.length - 1],
    };
  };
  const raw = measure<RawRun>('raw');
  const engine = measure<EngineRun>('engine');
  const counts = engine.last.counts;
  return {
    format,
    file: { bytes: file.bytes, dataRows: file.dataRows, generatedInvalidRows: file.invalidRows },
    raw: { ...raw, last: undefined, cells: raw.last.cells, rows: raw.last.rows },
    engine: { ...engine, last: undefined, counts, failure: engine.last.failure, chunks: engine.last.chunks, storedBytes: engine.last.storedBytes },
    /** Engine rows/s over raw rows/s: the share of the reader's speed the whole engine path keeps. */
    ratio: round(raw.bestMs / engine.bestMs, 3),
  };
}

// ---- Peak RSS ----

function peakRss(format: Format, file: WrittenFile) {
  progress(`peak RSS: ${format}, ${file.dataRows.toLocaleString('en-US')} rows, fresh process`);
  const run = runWorker<EngineRun & { maxRssKb: number; atEnd: Record<string, number> }>({ kind: 'rss', format, path: file.path });
  return {
    format,
    dataRows: file.dataRows,
    fileBytes: file.bytes,
    maxRssMb: round(run.maxRssKb / 1024, 1),
    ms: round(run.ms),
    rowsPerSecond: Math.round(file.dataRows / (run.ms / 1000)),
    counts: run.counts,
    heapUsedAtEndMb: round(run.atEnd.heapUsed / 2 ** 20, 1),
    arrayBuffersAtEndMb: round(run.atEnd.arrayBuffers / 2 ** 20, 1),
  };
}

// ---- Cost per import: the real processing path on the local stack, metered ----

/**
 * What each call of the shared clients is attributed to; calls of the processor carry no phase, except
 * its invocations for the import's deadline message, which the benchmark makes itself.
 */
type Phase = 'setup' | 'create' | 'upload' | 'process' | 'deadline';
const phaseOf = new AsyncLocalStorage<Phase | 'unmetered'>();
const inPhase = <T>(phase: Phase | 'unmetered', work: () => Promise<T>) => phaseOf.run(phase, work);

function emptyMeter() {
  return {
    dynamo: {
      calls: {} as Record<string, number>,
      ms: 0,
      rcu: 0,
      wcu: 0,
      unreported: 0,
      transactItems: 0,
      /** WCU DynamoDB Local reported for TransactWriteItems calls (it under-reports them: see transactionWcuModel). */
      transactWcuReported: 0,
      /** WCU AWS bills for the same transactions: 2 per item per started KB (transactionWcuModel). */
      transactWcuModelled: 0,
    },
    s3: { calls: {} as Record<string, number>, ms: 0, putBytes: 0, getBytes: 0 },
    sqs: { calls: {} as Record<string, number>, ms: 0, billedRequests: 0 },
    firstStart: Infinity,
    lastEnd: 0,
  };
}
type Meter = ReturnType<typeof emptyMeter>;
const emptyMeters = (): Record<Phase, Meter> => ({
  setup: emptyMeter(),
  create: emptyMeter(),
  upload: emptyMeter(),
  process: emptyMeter(),
  deadline: emptyMeter(),
});
let meters = emptyMeters();
const resetMeters = () => {
  meters = emptyMeters();
};


function bodyBytes(body: unknown): number {
  if (typeof body === 'string') return Buffer.byteLength(body);
  if (body instanceof Uint8Array) return body.byteLength;
  return 0;
}

type AnyStack = { add(middleware: unknown, options: { step: 'initialize'; name: string }): void };

/** One middleware per client: counts calls per command, times them and, for DynamoDB, sums ConsumedCapacity. */
function installMeters(clients: { dynamo: { middlewareStack: unknown }; s3: { middlewareStack: unknown }; sqs: { middlewareStack: unknown } }) {
  const add = (service: 'dynamo' | 's3' | 'sqs', stack: unknown) =>
    (stack as AnyStack).add(
      (next: (args: { input: Record<string, unknown> }) => Promise<{ output: Record<string, unknown> }>, context: { commandName?: string }) =>
        async (callArgs: { input: Record<string, unknown> }) => {
          const phase = phaseOf.getStore() ?? 'process';
          if (phase === 'unmetered') return next(callArgs);
          const meter = meters[phase];
          const command = String(context.commandName).replace(/Command$/, '');
          const kind = capacityKind(`${command}Command`);
          let input = callArgs.input;
          if (service === 'dynamo' && kind) input = { ...input, ReturnConsumedCapacity: input.ReturnConsumedCapacity ?? 'TOTAL' };
          const start = performance.now();
          meter.firstStart = Math.min(meter.firstStart, start);
          const calls = meter[service].calls;
          calls[command] = (calls[command] ?? 0) + 1;
          try {
            const result = await next({ ...callArgs, input });
            if (service === 'dynamo' && kind) {
              const before = meter.dynamo.wcu;
              addCapacity(meter.dynamo, kind, result.output.ConsumedCapacity as ConsumedCapacity | ConsumedCapacity[] | undefined);
              if (command === 'TransactWriteItems') {
                const items = input.TransactItems as TransactItem[];
                meter.dynamo.transactItems += items.length;
                meter.dynamo.transactWcuReported += meter.dynamo.wcu - before;
                meter.dynamo.transactWcuModelled += transactionWcuModel(items);
              }
            }
            if (service === 's3' && (command === 'PutObject' || command === 'UploadPart')) meter.s3.putBytes += bodyBytes(input.Body);
            if (service === 's3' && command === 'GetObject') meter.s3.getBytes += Number(result.output.ContentLength ?? 0);
            if (service === 'sqs') {
              const payload = bodyBytes(input.MessageBody) + bodyBytes(JSON.stringify(input.MessageAttributes ?? ''));
              meter.sqs.billedRequests += Math.max(1, Math.ceil(payload / SQS_REQUEST_CHUNK_BYTES));
            }
            return result;
          } catch (error) {
            if (service === 'dynamo') meter.dynamo.unreported++;
            throw error;
          } finally {
            const end = performance.now();
            meter[service].ms += end - start;
            meter.lastEnd = Math.max(meter.lastEnd, end);
          }
        },
      { step: 'initialize', name: `benchEngineMeter-${service}` },
    );
  add('dynamo', clients.dynamo.middlewareStack);
  add('s3', clients.s3.middlewareStack);
  add('sqs', clients.sqs.middlewareStack);
}


/** SQS requests of one import that happen outside this process's clients, on AWS and here alike. */
const MODELLED_SQS_REQUESTS = [
  { request: 'S3 event notification -> imports queue (sent by S3, billed as a SendMessage)', requests: 1 },
  { request: 'ReceiveMessage by the Lambda event source that returns the message', requests: 1 },
  { request: 'DeleteMessageBatch by the event source after the handler succeeded', requests: 1 },
];

/**
 * The import's deadline message (shared/imports/deadlines.ts): createImport sends it with SQS's longest
 * delay (900 s) towards the upload deadline (1,200 s by default). It arrives once, and the processor, finding the
 * import finished, ends it there: the hop that would carry it on to 1,200 s is sent only for an import
 * still PENDING. The arrival is invoked here with the real message and metered (DEADLINE_INVOCATIONS
 * times, median duration); what the event source does around it is modelled.
 */
const DEADLINE_ARRIVALS = 1;
const DEADLINE_INVOCATIONS = 30;
const MODELLED_DEADLINE_SQS_REQUESTS = [
  { request: 'ReceiveMessage by the Lambda event source that returns the deadline message', requests: 1 },
  { request: 'DeleteMessageBatch by the event source after the handler succeeded', requests: 1 },
];

async function costPerImport(files: WrittenFile[], warmupFile: WrittenFile) {
  progress('starting the local stack in-process');
  return withLocalStack('bench-engine', (dataDir) => measureImports(files, warmupFile, dataDir));
}

async function measureImports(files: WrittenFile[], warmupFile: WrittenFile, dataDir: string) {
  // The service's own modules, loaded after the stack started: config() reads the environment it set.
  const clients = await import('../shared/aws/clients');
  const { config } = await import('../shared/config');
  const { PutObjectCommand, ListObjectsV2Command, CreateMultipartUploadCommand, UploadPartCommand, CompleteMultipartUploadCommand } =
    await import('@aws-sdk/client-s3');
  const valibot = await import('valibot');
  const { CreateTemplateSchema } = await import('../shared/domain/templates');
  const { CreateImportSchema } = await import('../shared/domain/imports');
  const { parseBody } = await import('../shared/domain/validation');
  const { createOrganization } = await import('../shared/data/organizations');
  const { insertTemplate, templateFromInput } = await import('../shared/data/templates');
  const { getImportRecord } = await import('../shared/data/imports');
  const { keys } = await import('../shared/data/table');
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { createImport } = await import('../shared/imports/create-import');
  const { uploadDeadline } = await import('../shared/imports/deadlines');
  const { handler: processor } = await import('../functions/import-processor/handler');
  const { toSqsRecord } = await import('../scripts/local/queue-poller');
  const { BUCKET_PREFIXES } = await import('../shared/resources');
  installMeters({ dynamo: clients.dynamo(), s3: clients.s3(), sqs: clients.sqs() });

  const memoryMb = IMPORT_PROCESSOR_MEMORY_MB;
  const { retentionDays, bucketName } = config();
  const { organizationId, templateId } = await inPhase('setup', async () => {
    const organization = await createOrganization('Bench engine', 'pro');
    const template = await insertTemplate(
      organization.organizationId,
      templateFromInput(valibot.parse(CreateTemplateSchema, CONTACTS_TEMPLATE)),
    );
    return { organizationId: organization.organizationId, templateId: template.id };
  });

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /**
   * One PutObject, or above MULTIPART_THRESHOLD_BYTES a multipart upload in parts of that size, as the
   * AWS CLI does by default (the emulator also refuses request bodies over 11 MiB).
   */
  async function upload(Key: string, body: Buffer) {
    const Bucket = bucketName;
    if (body.length <= MULTIPART_THRESHOLD_BYTES) {
      await clients.s3().send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType: 'text/csv' }));
      return;
    }
    const { UploadId } = await clients.s3().send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: 'text/csv' }));
    const parts = [];
    for (let offset = 0, PartNumber = 1; offset < body.length; offset += MULTIPART_THRESHOLD_BYTES, PartNumber++) {
      const Body = body.subarray(offset, offset + MULTIPART_THRESHOLD_BYTES);
      const { ETag } = await clients.s3().send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body }));
      parts.push({ ETag, PartNumber });
    }
    await clients.s3().send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
  }

  /**
   * The processor invoked with the import's deadline message as it arrives (900 s after creation, before
   * its dueAt), DEADLINE_INVOCATIONS times in a row, under the 'deadline' phase: the handler's own time and calls.
   */
  async function deadlineArrival(record: { id: string; createdAt: string }): Promise<MeasuredImport['deadline']> {
    const body = JSON.stringify({ importDeadline: uploadDeadline(organizationId, record.id, record.createdAt) });
    const durations: number[] = [];
    for (let i = 0; i < DEADLINE_INVOCATIONS; i++) {
      // The record the event source builds (the processor reads only the body and the message id).
      const message = { MessageId: randomUUID(), ReceiptHandle: 'bench', Body: body };
      const event = { Records: [toSqsRecord(message, 'arn:aws:sqs:us-east-1:000000000000:imports')] };
      const start = performance.now();
      const { batchItemFailures } = await inPhase('deadline', () => processor(event));
      durations.push(performance.now() - start);
      if (batchItemFailures.length > 0) throw new Error(`the deadline message of import ${record.id} failed in the processor`);
    }
    return { invocations: DEADLINE_INVOCATIONS, medianMs: median(durations), maxMs: Math.max(...durations), meter: meters.deadline };
  }

  async function runOne(file: WrittenFile): Promise<MeasuredImport> {
    const body = readFileSync(file.path);
    resetMeters();
    const since = Date.now();
    // Service output (the processor logs only errors): what Lambda would ingest into CloudWatch Logs.
    startLogCapture();
    const input = parseBody(CreateImportSchema, { fileName: 'contacts.csv', fileSize: body.length });
    const created = await inPhase('create', () => createImport(organizationId, templateId, input));
    const uploadStart = performance.now();
    await inPhase('upload', () => upload(created.uploadKey, body));
    const uploaded = performance.now();
    const deadline = Date.now() + 15 * 60_000;
    let record = created.record;
    while (record.status === 'PENDING') {
      if (Date.now() > deadline) throw new Error(`import of ${file.dataRows} rows still PENDING after 15 minutes`);
      await sleep(25);
      record = (await inPhase('unmetered', () => getImportRecord(organizationId, created.record.id)))!;
    }
    const finishedSeen = performance.now();
    // The import-finished message goes out right after the commit: wait for the processor's last call.
    for (let i = 0; i < 400 && !meters.process.sqs.calls.SendMessage; i++) await sleep(25);
    await sleep(50);
    const logBytes = stopLogCapture();
    // What `importctl cost` reports for this import: the processor's metrics record, priced by the shared model.
    const live = costReport(sumsFromEmfFile(metricsFile(dataDir), since)).imports;

    let storedBytes = 0;
    let storedObjects = 0;
    let ContinuationToken: string | undefined;
    do {
      const page = await inPhase('unmetered', () =>
        clients.s3().send(
          new ListObjectsV2Command({
            Bucket: bucketName,
            Prefix: `${BUCKET_PREFIXES.rows}${organizationId}/${created.record.id}/`,
            ContinuationToken,
          }),
        ),
      );
      for (const object of page.Contents ?? []) {
        storedBytes += object.Size ?? 0;
        storedObjects++;
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);

    const { Item: recordItem } = await inPhase('unmetered', () =>
      clients.dynamo().send(new GetCommand({ TableName: config().tableName, Key: keys.importRecord(organizationId, created.record.id) })),
    );
    const deadlineMessage = await deadlineArrival(created.record);

    const processing = meters.process;
    return {
      dataRows: file.dataRows,
      fileBytes: body.length,
      status: record.status,
      counts: { totalRows: record.totalRows, validRows: record.validRows, errorRows: record.errorRows, skippedRows: record.skippedRows },
      uploadMs: uploaded - uploadStart,
      uploadToFinishedMs: finishedSeen - uploadStart,
      processingMs: processing.lastEnd - processing.firstStart,
      storedObjects,
      storedBytes,
      recordItemBytes: recordItem ? itemBytes(recordItem) : 0,
      logBytes,
      meters: { create: meters.create, upload: meters.upload, process: processing },
      deadline: deadlineMessage,
      importctlPerImport: live.perImport.total,
    };
  }

  progress(`warm-up import (${warmupFile.dataRows.toLocaleString('en-US')} rows): processor modules and connections warm, as in a warm Lambda`);
  await runOne(warmupFile);
  const results = [];
  for (const file of files) {
    progress(`import of ${file.dataRows.toLocaleString('en-US')} rows (${round(file.bytes / MB, 1)} MB) through the local stack`);
    results.push(priceImport(await runOne(file), memoryMb, retentionDays));
  }
  return { memoryMb, retentionDays, uploadDeadlineSeconds: config().uploadDeadlineSeconds, imports: results };
}

interface MeasuredImport {
  dataRows: number;
  fileBytes: number;
  status: string;
  counts: { totalRows: number; validRows: number; errorRows: number; skippedRows: number };
  uploadMs: number;
  /** From the start of the upload to the poll that saw the record finished (25 ms polling). */
  uploadToFinishedMs: number;
  /** The processor's work: its first call (reading the import) to its last (the import-finished message). */
  processingMs: number;
  storedObjects: number;
  storedBytes: number;
  /** Size of the finished import record item: the transaction model counts it as 1 KB. */
  recordItemBytes: number;
  logBytes: number;
  meters: { create: Meter; upload: Meter; process: Meter };
  /** The processor's invocations for the deadline message after the import finished (deadlineArrival). */
  deadline: { invocations: number; medianMs: number; maxMs: number; meter: Meter };
  /** `importctl cost`'s $ per import for the same import (the processor's part: creation and deadline are not in it). */
  importctlPerImport: number;
}

function priceImport(run: MeasuredImport, memoryMb: number, retentionDays: number) {
  const { create, upload, process } = run.meters;
  const billedMs = Math.ceil(run.processingMs);
  // Every upload request (PutObject, or CreateMultipartUpload, UploadPart, CompleteMultipartUpload) is PUT/POST-priced.
  const s3Puts = sum(upload.s3.calls) + (process.s3.calls.PutObject ?? 0);
  const s3Gets = process.s3.calls.GetObject ?? 0;
  const storedGb = (run.fileBytes + run.storedBytes) / 2 ** 30;
  // createImport's one SQS call is the deadline message: it is priced with the deadline, not here.
  const sqsMeasured = process.sqs.billedRequests;
  const sqsModelled = MODELLED_SQS_REQUESTS.reduce((sum, part) => sum + part.requests, 0);
  const rcu = create.dynamo.rcu + process.dynamo.rcu;
  // DynamoDB Local under-reports transactions: they are priced at the larger of reported and modelled.
  const pricedWcu = (meter: Meter['dynamo']) => meter.wcu - meter.transactWcuReported + Math.max(meter.transactWcuReported, meter.transactWcuModelled);
  const wcu = pricedWcu(create.dynamo) + pricedWcu(process.dynamo);
  // The deadline: its send at creation (measured), then per arrival what one measured invocation did
  // (averaged over the invocations) plus the event source's receive and delete.
  const deadline = run.deadline;
  const perArrival = (value: number) => value / deadline.invocations;
  const deadlineBilledMs = Math.ceil(deadline.medianMs);
  const deadlineSqsRequests =
    create.sqs.billedRequests +
    DEADLINE_ARRIVALS * (perArrival(deadline.meter.sqs.billedRequests) + MODELLED_DEADLINE_SQS_REQUESTS.reduce((sum, part) => sum + part.requests, 0));
  const deadlineRcu = DEADLINE_ARRIVALS * perArrival(deadline.meter.dynamo.rcu);
  const deadlineWcu = DEADLINE_ARRIVALS * perArrival(pricedWcu(deadline.meter.dynamo));
  const cost = {
    lambdaDuration: (billedMs / 1000) * (memoryMb / 1024) * PRICES.lambdaArm64PerGbSecond,
    lambdaRequest: PRICES.lambdaRequestsPerMillion / 1e6,
    s3Put: (s3Puts * PRICES.s3PutPerMillion) / 1e6,
    s3Get: (s3Gets * PRICES.s3GetPerMillion) / 1e6,
    s3Storage: storedGb * (retentionDays / DAYS_PER_MONTH) * PRICES.s3StoragePerGbMonth,
    sqs: ((sqsMeasured + sqsModelled) * PRICES.sqsRequestsPerMillion) / 1e6,
    dynamodb: (rcu * PRICES.dynamoRruPerMillion + wcu * PRICES.dynamoWruPerMillion) / 1e6,
    logs: (run.logBytes / 1e9) * PRICES.logsPerGb,
    deadlineSqs: (deadlineSqsRequests * PRICES.sqsRequestsPerMillion) / 1e6,
    deadlineLambda:
      DEADLINE_ARRIVALS *
      ((deadlineBilledMs / 1000) * (memoryMb / 1024) * PRICES.lambdaArm64PerGbSecond + PRICES.lambdaRequestsPerMillion / 1e6),
    deadlineDynamodb: (deadlineRcu * PRICES.dynamoRruPerMillion + deadlineWcu * PRICES.dynamoWruPerMillion) / 1e6,
  };
  const total = Object.values(cost).reduce((sum, value) => sum + value, 0);
  // The processor's own part, which is what `importctl cost` prices per import: no creation, no deadline.
  const processorPart =
    total -
    cost.deadlineSqs -
    cost.deadlineLambda -
    cost.deadlineDynamodb -
    (create.dynamo.rcu * PRICES.dynamoRruPerMillion + pricedWcu(create.dynamo) * PRICES.dynamoWruPerMillion) / 1e6;
  const awaited = {
    s3Ms: round(process.s3.ms, 1),
    dynamoMs: round(process.dynamo.ms, 1),
    sqsMs: round(process.sqs.ms, 1),
  };
  return {
    dataRows: run.dataRows,
    fileBytes: run.fileBytes,
    status: run.status,
    counts: run.counts,
    timing: {
      processingMs: round(run.processingMs, 1),
      billedMs,
      rowsPerSecond: Math.round(run.dataRows / (run.processingMs / 1000)),
      uploadMs: round(run.uploadMs, 1),
      uploadToFinishedMs: round(run.uploadToFinishedMs, 1),
      /**
       * Call time per service, summed over calls (S3 includes GetObject up to its headers). Row chunks
       * upload several at a time while the engine goes on, so the S3 sum can exceed the span.
       */
      callMs: awaited,
    },
    calls: {
      dynamodb: { create: create.dynamo.calls, process: process.dynamo.calls },
      s3: { upload: upload.s3.calls, process: process.s3.calls },
      sqs: { measured: process.sqs.calls, modelled: MODELLED_SQS_REQUESTS, deadlineSend: create.sqs.calls },
      totals: {
        dynamodb: sum(create.dynamo.calls) + sum(process.dynamo.calls),
        s3: sum(upload.s3.calls) + sum(process.s3.calls),
        sqs: sum(process.sqs.calls) + sqsModelled,
      },
    },
    dynamodb: Object.fromEntries(
      (['create', 'process'] as const).map((phase) => {
        const meter = run.meters[phase].dynamo;
        return [
          phase,
          {
            rcu: meter.rcu,
            wcuReported: meter.wcu,
            wcuPriced: pricedWcu(meter),
            transactItems: meter.transactItems,
            transactWcuReported: meter.transactWcuReported,
            transactWcuModelled: meter.transactWcuModelled,
            unreported: meter.unreported,
          },
        ];
      }),
    ) as Record<'create' | 'process', { rcu: number; wcuReported: number; wcuPriced: number; transactItems: number; transactWcuReported: number; transactWcuModelled: number; unreported: number }>,
    recordItemBytes: run.recordItemBytes,
    s3: {
      puts: s3Puts,
      gets: s3Gets,
      uploadBytes: run.fileBytes,
      storedObjects: run.storedObjects,
      storedBytes: run.storedBytes,
      bytesPut: upload.s3.putBytes + process.s3.putBytes,
      bytesRead: process.s3.getBytes,
    },
    sqsBilledRequests: { measured: sqsMeasured, modelled: sqsModelled },
    deadline: {
      arrivals: DEADLINE_ARRIVALS,
      invocationsMeasured: deadline.invocations,
      medianMs: round(deadline.medianMs, 2),
      maxMs: round(deadline.maxMs, 2),
      billedMs: deadlineBilledMs,
      /** Per arrival, averaged over the measured invocations. */
      callsPerArrival: {
        dynamodb: mapValues(deadline.meter.dynamo.calls, perArrival),
        s3: mapValues(deadline.meter.s3.calls, perArrival),
        sqs: mapValues(deadline.meter.sqs.calls, perArrival),
      },
      sqsBilledRequests: { send: create.sqs.billedRequests, perArrivalMeasured: perArrival(deadline.meter.sqs.billedRequests), modelled: MODELLED_DEADLINE_SQS_REQUESTS },
      rcu: deadlineRcu,
      wcu: deadlineWcu,
    },
    logBytes: run.logBytes,
    cost: Object.fromEntries(Object.entries(cost).map(([part, value]) => [part, round(value, 9)])) as typeof cost,
    totalPerImport: round(total, 9),
    perMillionRows: round((total / run.dataRows) * 1e6, 4),
    liveCost: { benchProcessorPerImport: round(processorPart, 9), importctlPerImport: round(run.importctlPerImport, 9), ratio: round(run.importctlPerImport / processorPart, 3) },
  };
}
const sum = (calls: Record<string, number>) => Object.values(calls).reduce((total, value) => total + value, 0);

// ---- Main ----

async function main() {
  const workDir = mkdtempSync(join(tmpdir(), 'import-service-bench-engine-files-'));
  try {
    const report = await bench(workDir);
    mkdirSync(dirname(OUTPUT), { recursive: true });
    writeFileSync(OUTPUT, `${JSON.stringify(report, null, 2)}\n`);
    print(report);
    console.log(`\nWrote ${relative(process.cwd(), OUTPUT)}`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

async function bench(workDir: string) {
  const generate = (name: string, write: (path: string, rows: number) => WrittenFile, rows: number) => {
    const start = performance.now();
    const file = write(join(workDir, name), rows);
    progress(`generated ${name}: ${file.dataRows.toLocaleString('en-US')} rows, ${round(file.bytes / MB, 1)} MB in ${Math.round(performance.now() - start)} ms`);
    return file;
  };
  const csv = generate('throughput.csv', writeCsv, THROUGHPUT_ROWS);
  const xlsx = generate('throughput.xlsx', writeXlsx, THROUGHPUT_ROWS);
  const csv100k = THROUGHPUT_ROWS === 100_000 ? csv : generate('rss-100k.csv', writeCsv, 100_000);
  const csv1m = generate('rss-1m.csv', writeCsv, MILLION_DATA_ROWS);

  const throughputResults = [throughput('csv', csv), throughput('xlsx', xlsx)];
  progress('CSV stage breakdown (fresh process)');
  const stages = runWorker<{ stagesMs: Record<string, number>; perColumnMs: Record<string, number>; dataRows: number; validRows: number }>({
    kind: 'stages',
    path: csv.path,
    runs: Math.min(RUNS, 3),
  });
  progress('peak RSS: modules loaded, nothing run (fresh process)');
  const baseline = runWorker<{ maxRssKb: number }>({ kind: 'baseline' });
  const rss = [peakRss('csv', csv100k), peakRss('csv', csv1m), peakRss('xlsx', xlsx)];
  const [rss100k, rss1m] = rss;
  const rssRatio = round(rss1m.maxRssMb / rss100k.maxRssMb, 2);

  let cost: Awaited<ReturnType<typeof costPerImport>> | null = null;
  if (!args['skip-cost']) {
    const files = COST_ROWS.map((rows) =>
      rows === MILLION_DATA_ROWS ? csv1m : rows === 100_000 ? csv100k : generate(`cost-${rows}.csv`, writeCsv, rows),
    );
    cost = await costPerImport(files, generate('cost-warmup.csv', writeCsv, 1_000));
  }

  const report = {
    generatedAt: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version },
    settings: { runs: RUNS, warmup: WARMUP, throughputRows: THROUGHPUT_ROWS, invalidShare: INVALID_SHARE },
    throughput: throughputResults,
    targets: {
      engineOverRaw: { target: 0.5, csv: throughputResults[0].ratio, xlsx: throughputResults[1].ratio },
      rss1mOver100k: { target: 2, measured: rssRatio },
    },
    stages: {
      dataRows: stages.dataRows,
      validRows: stages.validRows,
      stagesMs: mapValues(stages.stagesMs, (ms) => round(ms, 1)),
      perColumnMs: mapValues(stages.perColumnMs, (ms) => round(ms, 1)),
      perColumnNsPerCell: mapValues(stages.perColumnMs, (ms) => Math.round((ms * 1e6) / stages.dataRows)),
    },
    peakRss: { baselineMb: round(baseline.maxRssKb / 1024, 1), runs: rss, ratio1mOver100k: rssRatio },
    cost,
    notes: [] as string[],
  };
  report.notes = notesFor(report);
  return report;
}

const mapValues = (record: Record<string, number>, map: (value: number) => number) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));

type Report = Awaited<ReturnType<typeof bench>>;

function notesFor(report: Report): string[] {
  const notes: string[] = [];
  for (const t of report.throughput) {
    const expectedInvalid = t.file.generatedInvalidRows;
    if (t.engine.failure) notes.push(`${t.format}: the engine FAILED the file (${t.engine.failure.code}): throughput is not meaningful.`);
    else if (t.engine.counts.errorRows < expectedInvalid) {
      notes.push(`${t.format}: the engine found ${t.engine.counts.errorRows} invalid rows, fewer than the ${expectedInvalid} generated invalid: check the fixtures.`);
    }
  }
  if (report.cost) {
    for (const run of report.cost.imports) {
      if (run.status !== 'COMPLETED') notes.push(`Import of ${run.dataRows} rows ended ${run.status}: its cost is not that of a normal import.`);
      if (run.recordItemBytes > 1024) {
        notes.push(`The import record item is ${run.recordItemBytes} B, over the 1 KB the transaction model assumes: DynamoDB is under-priced.`);
      }
      for (const [name, part] of Object.entries(run.dynamodb)) {
        if (part.unreported > 0) notes.push(`${run.dataRows} rows, ${name}: ${part.unreported} DynamoDB call(s) returned no ConsumedCapacity (not priced).`);
      }
      const hops = run.deadline.sqsBilledRequests.perArrivalMeasured;
      if (hops > 0) {
        notes.push(
          `${run.dataRows} rows: the processor sent ${hops} SQS request(s) per deadline arrival of a finished import (priced), so the ` +
            'message arrives again: the model of one arrival per import under-prices the deadline.',
        );
      }
    }
  }
  return notes;
}

// ---- Output ----

const money = (value: number) => `$${value.toFixed(7)}`;
const int = (value: number) => Math.round(value).toLocaleString('en-US');
const callList = (calls: Record<string, number>) =>
  Object.entries(calls)
    .map(([command, count]) => `${command} ${count}`)
    .join(', ') || 'none';

function table(headers: string[], rows: string[][], alignLeft = 1) {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i < alignLeft ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(line(headers));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
}

function print(report: Report) {
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    `\nEngine throughput: ${int(report.settings.throughputRows)} data rows x 10 columns (every type and rule, ~${report.settings.invalidShare * 100}% ` +
      `invalid rows), best of ${report.settings.runs} runs after ${report.settings.warmup} warm-up, a fresh Node process per measurement\n`,
  );
  table(
    ['format', 'path', 'file MB', 'best ms', 'median ms', 'rows/s', 'MB/s', 'open ms', 'valid', 'invalid', 'engine/raw'],
    report.throughput.flatMap((t) => [
      [t.format.toUpperCase(), 'raw reader', round(t.file.bytes / MB, 1).toFixed(1), t.raw.bestMs.toFixed(1), t.raw.medianMs.toFixed(1), int(t.raw.rowsPerSecond), t.raw.mbPerSecond.toFixed(1), t.raw.openMs.toFixed(1), '', '', ''],
      [
        '',
        'engine + memory sink',
        '',
        t.engine.bestMs.toFixed(1),
        t.engine.medianMs.toFixed(1),
        int(t.engine.rowsPerSecond),
        t.engine.mbPerSecond.toFixed(1),
        t.engine.openMs.toFixed(1),
        int(t.engine.counts.validRows),
        int(t.engine.counts.errorRows),
        `${t.ratio.toFixed(2)} (${verdict(t.ratio >= report.targets.engineOverRaw.target)})`,
      ],
    ]),
    2,
  );
  console.log(
    `  Target: engine/raw >= ${report.targets.engineOverRaw.target} (engine rows/s over raw reader rows/s). "open" is openXlsx reading workbook, ` +
      'styles and the shared strings before the first row; CSV input is in memory, XLSX is read from the page cache.',
  );

  const s = report.stages;
  console.log(`\nWhere the CSV engine's time goes (${int(s.dataRows)} rows, stages replayed outside runEngine, best of runs)\n`);
  const stageTotal = Object.values(s.stagesMs).reduce((a, b) => a + b, 0);
  table(
    ['stage', 'ms', 'share', 'ns/row'],
    Object.entries(s.stagesMs).map(([stage, ms]) => [stage, ms.toFixed(1), `${Math.round((ms / stageTotal) * 100)}%`, int((ms * 1e6) / s.dataRows)]),
  );
  console.log('');
  table(
    ['column (type: rules)', 'ms', 'ns/cell'],
    CONTACTS_TEMPLATE.columns.map((column) => {
      const rules = (column as { validations?: readonly { type: string }[] }).validations?.map((rule) => rule.type).join(', ');
      return [
        `${column.key} (${column.type}${rules ? `: ${rules}` : ''})`,
        (s.perColumnMs[column.key] ?? 0).toFixed(1),
        int(s.perColumnNsPerCell[column.key] ?? 0),
      ];
    }),
  );

  const r = report.peakRss;
  console.log('\nPeak RSS of the engine path (file streamed from disk -> reader -> engine -> sink that drops full chunks), fresh process each\n');
  table(
    ['run', 'file MB', 'peak RSS MB', 'over baseline MB', 'ms', 'rows/s'],
    [
      ['modules loaded, nothing run', '', r.baselineMb.toFixed(1), '', '', ''],
      ...r.runs.map((run) => [
        `${run.format.toUpperCase()} ${int(run.dataRows)} rows`,
        round(run.fileBytes / MB, 1).toFixed(1),
        run.maxRssMb.toFixed(1),
        (run.maxRssMb - r.baselineMb).toFixed(1),
        int(run.ms),
        int(run.rowsPerSecond),
      ]),
    ],
  );
  console.log(
    `  Target: 1M rows within 2x of 100k: ${r.ratio1mOver100k.toFixed(2)}x (${verdict(r.ratio1mOver100k <= report.targets.rss1mOver100k.target)}). ` +
      `${int(MILLION_DATA_ROWS)} data rows + the header = 1,000,000 rows, the MAX_IMPORT_ROWS limit.`,
  );

  if (report.cost) printCost(report.cost);
  if (report.notes.length > 0) {
    console.log('\nNotes:');
    for (const note of report.notes) console.log(`  * ${note}`);
  }
}

function printCost(cost: NonNullable<Report['cost']>) {
  console.log(
    `\nCost per import: CSV through the real processing path (createImport, S3 upload, the emulated bucket notification, the ` +
      `local queue poller and processor in-process), ${cost.memoryMb} MB arm64, ${cost.retentionDays}-day retention, after one warm-up import\n`,
  );
  table(
    ['rows', 'file MB', 'status', 'valid', 'invalid', 'processing ms', 'rows/s', 'upload->done ms'],
    cost.imports.map((run) => [
      int(run.dataRows),
      round(run.fileBytes / MB, 1).toFixed(1),
      run.status,
      int(run.counts.validRows),
      int(run.counts.errorRows),
      run.timing.processingMs.toFixed(1),
      int(run.timing.rowsPerSecond),
      run.timing.uploadToFinishedMs.toFixed(1),
    ]),
  );
  console.log('');
  const parts: [string, keyof (typeof cost.imports)[number]['cost']][] = [
    ['Lambda duration', 'lambdaDuration'],
    ['Lambda request', 'lambdaRequest'],
    ['S3 PUT', 's3Put'],
    ['S3 GET', 's3Get'],
    ['S3 storage', 's3Storage'],
    ['SQS', 'sqs'],
    ['DynamoDB', 'dynamodb'],
    ['logs', 'logs'],
    ['deadline (SQS)', 'deadlineSqs'],
    ['deadline (Lambda)', 'deadlineLambda'],
    ['deadline (DynamoDB)', 'deadlineDynamodb'],
  ];
  table(
    ['part', 'model', ...cost.imports.map((run) => `${int(run.dataRows)} rows`)],
    [
      ...parts.map(([name, key]) => [name, costModel(key, cost), ...cost.imports.map((run) => money(run.cost[key]))]),
      ['total per import', '', ...cost.imports.map((run) => money(run.totalPerImport))],
      ['per million rows', '', ...cost.imports.map((run) => `$${run.perMillionRows.toFixed(4)}`)],
    ],
    2,
  );
  console.log(
    '\n`importctl cost` for the same imports (the processor\'s metrics record priced by the shared model; creation and deadline ' +
      'are priced elsewhere there, so the bench figure beside it leaves them out too):',
  );
  for (const run of cost.imports) {
    const live = run.liveCost;
    console.log(
      `  ${int(run.dataRows)} rows: bench ${money(live.benchProcessorPerImport)}, importctl ${money(live.importctlPerImport)} ` +
        `(${live.ratio.toFixed(3)}x; target within 10%: ${Math.abs(live.ratio - 1) <= 0.1 ? 'met' : 'MISSED'})`,
    );
  }
  console.log('\nWhat each part counted, per import:');
  for (const run of cost.imports) {
    const d = run.dynamodb;
    console.log(`  ${int(run.dataRows)} rows:`);
    console.log(
      `    Lambda: ${run.timing.billedMs} ms billed (processing span); call time summed over calls (row chunks upload ` +
        `several at a time, overlapping the engine): S3 ${run.timing.callMs.s3Ms} ms, DynamoDB ${run.timing.callMs.dynamoMs} ms, SQS ${run.timing.callMs.sqsMs} ms`,
    );
    const wcu = (part: (typeof d)['create']) =>
      `${part.wcuPriced} WCU priced (${part.wcuReported} reported; its transaction of ${part.transactItems} items: ${part.transactWcuReported} reported, ${part.transactWcuModelled} modelled)`;
    console.log(
      `    DynamoDB ${run.calls.totals.dynamodb} calls: create (${callList(run.calls.dynamodb.create)}) ${d.create.rcu} RCU, ${wcu(d.create)}; ` +
        `processing (${callList(run.calls.dynamodb.process)}) ${d.process.rcu} RCU, ${wcu(d.process)}`,
    );
    console.log(
      `    S3 ${run.calls.totals.s3} calls: upload (${callList(run.calls.s3.upload)}), processing (${callList(run.calls.s3.process)}); ` +
        `${run.s3.puts} PUT, ${run.s3.gets} GET; stored ${round(run.s3.uploadBytes / MB, 2)} MB upload + ${round(run.s3.storedBytes / MB, 2)} MB in ${run.s3.storedObjects} row chunks`,
    );
    console.log(
      `    SQS ${run.calls.totals.sqs} requests: measured (${callList(run.calls.sqs.measured)}) + modelled ${run.sqsBilledRequests.modelled} ` +
        `(${MODELLED_SQS_REQUESTS.map((part) => part.request.split(' ')[0] === 'S3' ? 'notification send' : part.request.split(' ')[0]).join(', ')})`,
    );
    if (run.logBytes > 0) console.log(`    logs: ${run.logBytes} B of output during the import`);
    const dl = run.deadline;
    const perArrival = (calls: Record<string, number>) => callList(mapValues(calls, (count) => round(count, 2)));
    console.log(
      `    deadline: the send at creation (${callList(run.calls.sqs.deadlineSend)}); the arrival, ${dl.invocationsMeasured} processor invocations ` +
        `with the message after the import finished: median ${dl.medianMs} ms (max ${dl.maxMs}), per invocation DynamoDB ` +
        `(${perArrival(dl.callsPerArrival.dynamodb)}) ${round(dl.rcu, 2)} RCU ${round(dl.wcu, 2)} WCU, SQS (${perArrival(dl.callsPerArrival.sqs)}), ` +
        `S3 (${perArrival(dl.callsPerArrival.s3)})`,
    );
  }
  console.log('\nModelled, not measured:');
  console.log(
    '  * DynamoDB transactions: DynamoDB Local under-reports TransactWriteItems (bench/README.md), so each is priced at the larger of ' +
      'what it reported and 2 WCU per item per started KB (puts sized from the item; updates and deletes of the record, pointers ' +
      `and counters as 1 KB: the finished record item is ${Math.max(...cost.imports.map((run) => run.recordItemBytes))} B).`,
  );
  for (const part of MODELLED_SQS_REQUESTS) console.log(`  * SQS: ${part.request}: ${part.requests} request.`);
  console.log(
    `  * Deadline: ${DEADLINE_ARRIVALS} arrival per import. The message leaves with SQS's longest delay (900 s) for the ` +
      `${cost.uploadDeadlineSeconds} s upload deadline and finds the import finished, so the processor ends it without the hop ` +
      '(a second send and arrival) that an import still PENDING at 900 s would take. Per arrival: ' +
      MODELLED_DEADLINE_SQS_REQUESTS.map((part) => `${part.request} (${part.requests})`).join(', ') +
      '; the invocation is priced at its median duration.',
  );
  console.log(
    `  * The upload is one PutObject up to ${MULTIPART_THRESHOLD_BYTES / 2 ** 20} MiB, above that a multipart upload in ${MULTIPART_THRESHOLD_BYTES / 2 ** 20} MiB parts ` +
      '(the AWS CLI default; the local emulator refuses bodies over 11 MiB): create + one request per part + complete, all PUT/POST-priced.\n' +
      `  * S3 storage: the upload and the row chunks kept ${cost.retentionDays} days (${(cost.retentionDays / DAYS_PER_MONTH).toFixed(3)} month), GB = 2^30 B; the lifecycle expiry is free.\n` +
      '  * Not included: the API request that creates the import (bench/requests.ts prices it: "embed: start import"), the webhook ' +
      "worker's receive/delete of the import-finished message and its delivery, DynamoDB storage of the record, snapshot and result, " +
      'reading the rows back through the API, and the event source\'s empty long polls (a per-queue cost, not per import).',
  );
}

function costModel(part: string, cost: NonNullable<Report['cost']>): string {
  switch (part) {
    case 'lambdaDuration':
      return `processing ms x ${round(cost.memoryMb / 1024, 3)} GB x $${PRICES.lambdaArm64PerGbSecond}/GB-s`;
    case 'lambdaRequest':
      return `1 invocation x $${PRICES.lambdaRequestsPerMillion}/M`;
    case 's3Put':
      return `(upload requests + row chunks) x $${PRICES.s3PutPerMillion}/M`;
    case 's3Get':
      return `GetObject x $${PRICES.s3GetPerMillion}/M`;
    case 's3Storage':
      return `GB x ${cost.retentionDays} days x $${PRICES.s3StoragePerGbMonth}/GB-month`;
    case 'sqs':
      return `requests (64 KB chunks) x $${PRICES.sqsRequestsPerMillion}/M`;
    case 'dynamodb':
      return `RCU x $${PRICES.dynamoRruPerMillion}/M + WCU x $${PRICES.dynamoWruPerMillion}/M`;
    case 'logs':
      return `output bytes x $${PRICES.logsPerGb}/GB`;
    case 'deadlineSqs':
      return `(send + ${DEADLINE_ARRIVALS} arrival x (receive + delete)) x $${PRICES.sqsRequestsPerMillion}/M`;
    case 'deadlineLambda':
      return `${DEADLINE_ARRIVALS} invocation x (median ms x ${round(cost.memoryMb / 1024, 3)} GB + request)`;
    case 'deadlineDynamodb':
      return `${DEADLINE_ARRIVALS} arrival x its GetItem (strong) RCU x $${PRICES.dynamoRruPerMillion}/M`;
    default:
      return '';
  }
}

await main();

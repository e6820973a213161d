// The engine benchmark: throughput of the import engine beside the raw readers (CSV and XLSX), where
// its time goes, its peak memory at 100,000 and 1,000,000 rows, and what one import costs through the
// real processing path on the local stack. Prints one report and writes bench/results/engine.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUCKET_PREFIXES, IMPORT_PROCESSOR_MEMORY_MB } from '../shared/resources';
import { DAYS_PER_MONTH, PRICES } from '../shared/observability/prices';
import { IMPORT_UNMETERED, importCost } from '../shared/observability/cost-model';
import { itemBytes } from '../shared/observability/capacity';
import { pricedWcu, type Meter } from '../shared/observability/meter';
import { CONTACTS_TEMPLATE, INVALID_SHARE, writeCsv, writeXlsx, type WrittenFile } from './engine-fixtures';
import type { EngineRun, Format, RawRun, WorkerTask } from './engine-worker';
import * as h from './harness';
import { int, round, MB, type Call } from './harness';

const WORKER = join(h.ROOT, 'bench', 'engine-worker.ts');
/** Data rows of the "1,000,000-row" files: with the header that is 1,000,000 rows, MAX_IMPORT_ROWS. */
const MILLION_DATA_ROWS = 999_999;

const args = h.options({
  runs: { default: 5, min: 1 },
  warmup: { default: 1 },
  rows: { default: 100_000, min: 1 },
  'cost-rows': { default: [10_000, MILLION_DATA_ROWS], min: 1 },
  'skip-cost': { default: false },
});
const progress = h.progressFor('engine');
const runWorker = <T>(task: WorkerTask) => h.runTsx<T>(WORKER, [JSON.stringify(task)]);

// ---- Throughput and peak RSS, each in a fresh process (bench/engine-worker.ts) ----

function throughput(format: Format, file: WrittenFile) {
  const measure = <T extends { ms: number; openMs: number }>(mode: 'engine' | 'raw') => {
    progress(`${format} ${mode}: ${args.warmup} warm-up + ${args.runs} runs in a fresh process`);
    const { runs, maxRssKb } = runWorker<{ runs: T[]; maxRssKb: number }>({ kind: 'throughput', format, mode, path: file.path, runs: args.runs, warmup: args.warmup });
    const ms = runs.map((run) => run.ms);
    const best = Math.min(...ms);
    return {
      runsMs: ms.map((value) => round(value, 1)), bestMs: round(best, 1), medianMs: round(h.median(ms), 1), openMs: round(Math.min(...runs.map((run) => run.openMs)), 1),
      rowsPerSecond: Math.round(file.dataRows / (best / 1000)), mbPerSecond: round(file.bytes / MB / (best / 1000), 1), childMaxRssMb: round(maxRssKb / 1024, 1),
      last: runs[runs.length - 1],
    };
  };
  const raw = measure<RawRun>('raw');
  const engine = measure<EngineRun>('engine');
  return {
    format,
    file: { bytes: file.bytes, dataRows: file.dataRows, generatedInvalidRows: file.invalidRows },
    raw: { ...raw, last: undefined, cells: raw.last.cells, rows: raw.last.rows },
    engine: { ...engine, last: undefined, counts: engine.last.counts, failure: engine.last.failure, chunks: engine.last.chunks, storedBytes: engine.last.storedBytes },
    /** Engine rows/s over raw rows/s: the share of the reader's speed the whole engine path keeps. */
    ratio: round(raw.bestMs / engine.bestMs, 3),
  };
}

function peakRss(format: Format, file: WrittenFile) {
  progress(`peak RSS: ${format}, ${int(file.dataRows)} rows, fresh process`);
  const run = runWorker<EngineRun & { maxRssKb: number; atEnd: Record<string, number> }>({ kind: 'rss', format, path: file.path });
  return {
    format, dataRows: file.dataRows, fileBytes: file.bytes, maxRssMb: round(run.maxRssKb / 1024, 1), ms: round(run.ms),
    rowsPerSecond: Math.round(file.dataRows / (run.ms / 1000)), counts: run.counts,
    heapUsedAtEndMb: round(run.atEnd.heapUsed / 2 ** 20, 1), arrayBuffersAtEndMb: round(run.atEnd.arrayBuffers / 2 ** 20, 1),
  };
}

// ---- Cost per import: the real processing path on the local stack ----

/** SQS requests of one import that happen outside this process's clients, on AWS and here alike (IMPORT_UNMETERED of the cost model). */
const MODELLED_SQS_REQUESTS = [
  { request: 'S3 event notification -> imports queue (sent by S3, billed as a SendMessage)', requests: 1 },
  { request: 'ReceiveMessage by the Lambda event source that returns the message', requests: 1 },
  { request: 'DeleteMessageBatch by the event source after the handler succeeded', requests: 1 },
];

/**
 * The import's deadline message (shared/imports/deadlines.ts) leaves with SQS's longest delay (900 s)
 * towards the upload deadline, arrives once, and the processor, finding the import finished, ends it
 * there: the hop on to the deadline is sent only for an import still PENDING. The arrival is invoked
 * here with the real message (DEADLINE_INVOCATIONS times, median duration); the event source's
 * receive and delete around it are modelled.
 */
const DEADLINE_ARRIVALS = 1;
const DEADLINE_INVOCATIONS = 30;
const MODELLED_DEADLINE_SQS_REQUESTS = [
  { request: 'ReceiveMessage by the Lambda event source that returns the deadline message', requests: 1 },
  { request: 'DeleteMessageBatch by the event source after the handler succeeded', requests: 1 },
];
const modelledSum = (parts: { requests: number }[]) => h.sum(parts.map((part) => part.requests));

async function costPerImport(files: WrittenFile[], warmupFile: WrittenFile) {
  progress('starting the local stack in-process');
  return h.withLocalStack('bench-engine', async (dataDir) => {
    const { config } = await import('../shared/config');
    await h.installCallLog();
    const { retentionDays, uploadDeadlineSeconds } = config();
    const template = await h.contactsTemplate('engine');
    progress(`warm-up import (${int(warmupFile.dataRows)} rows): processor modules and connections warm, as in a warm Lambda`);
    await measureImport(warmupFile, dataDir, template);
    const results = [];
    for (const file of files) {
      progress(`import of ${int(file.dataRows)} rows (${round(file.bytes / MB, 1)} MB) through the local stack`);
      results.push(priceImport(await measureImport(file, dataDir, template), IMPORT_PROCESSOR_MEMORY_MB, retentionDays));
    }
    return { memoryMb: IMPORT_PROCESSOR_MEMORY_MB, retentionDays, uploadDeadlineSeconds, imports: results };
  });
}

/** One import through the local stack (its modules loaded once the stack is up), every call recorded by the phase it served. */
async function measureImport(file: WrittenFile, dataDir: string, template: { organizationId: string; templateId: string }) {
  const { organizationId, templateId } = template;
  const { dynamo } = await import('../shared/aws/clients');
  const { config } = await import('../shared/config');
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { CreateImportSchema } = await import('../shared/domain/imports');
  const { parseBody } = await import('../shared/domain/validation');
  const { keys } = await import('../shared/data/table');
  const { createImport } = await import('../shared/imports/create-import');
  const { uploadDeadline } = await import('../shared/imports/deadlines');
  const body = readFileSync(file.path);
  // The processor's calls (the local stack's poller runs it) are the background.
  const phases: Record<'create' | 'upload' | 'process' | 'deadline', Call[]> = { create: [], upload: [], process: [], deadline: [] };
  const since = Date.now();
  h.startLogCapture();
  h.recordBackground(phases.process);
  const input = parseBody(CreateImportSchema, { fileName: 'contacts.csv', fileSize: body.length });
  const created = await h.recordCalls(phases.create, () => createImport(organizationId, templateId, input));
  const uploadStart = performance.now();
  await h.recordCalls(phases.upload, () => h.putFile(created.uploadKey, body));
  const uploaded = performance.now();
  const record = await h.waitForRecord(organizationId, created.record.id, (candidate) => candidate.status !== 'PENDING');
  const finishedSeen = performance.now();
  // The import-finished message goes out right after the commit: wait for the processor's last call.
  const sent = () => phases.process.some((call) => call.command === 'SendMessage');
  for (let i = 0; i < 400 && !sent(); i++) await h.sleep(25);
  await h.sleep(50);
  h.recordBackground(null);
  const logBytes = h.stopLogCapture();
  const importctlPerImport = h.liveCost(dataDir, since).imports.perImport.total;
  const Key = keys.importRecord(organizationId, created.record.id);
  const { Item } = await h.recordCalls(null, () => dynamo().send(new GetCommand({ TableName: config().tableName, Key })));

  // The processor invoked with the deadline message as it arrives, after the import finished.
  const durations: number[] = [];
  const deadlineBody = { importDeadline: uploadDeadline(organizationId, record.id, record.createdAt) };
  for (let i = 0; i < DEADLINE_INVOCATIONS; i++) {
    const start = performance.now();
    await h.recordCalls(phases.deadline, () => h.invokeProcessor(deadlineBody));
    durations.push(performance.now() - start);
  }
  const { status, totalRows, validRows, errorRows, skippedRows } = record;
  return {
    dataRows: file.dataRows, fileBytes: body.length, status, counts: { totalRows, validRows, errorRows, skippedRows },
    uploadMs: uploaded - uploadStart, uploadToFinishedMs: finishedSeen - uploadStart,
    /** The finished record item's size: the transaction model counts it as 1 KB. */
    recordItemBytes: Item ? itemBytes(Item) : 0, logBytes, phases,
    deadline: { invocations: DEADLINE_INVOCATIONS, medianMs: h.median(durations), maxMs: Math.max(...durations) },
    /** `importctl cost`'s $ per import (the processor's part: creation and deadline are not in it). */
    importctlPerImport,
  };
}

function priceImport(run: Awaited<ReturnType<typeof measureImport>>, memoryMb: number, retentionDays: number) {
  const { create: createCalls, upload: uploadCalls, process: processCalls, deadline: deadlineCalls } = run.phases;
  const [create, process, deadlineMeter] = [createCalls, processCalls, deadlineCalls].map(h.meterOf);
  const count = (calls: Call[], service: h.Service) => h.countByCommand(calls, service);
  const processingMs = Math.max(...processCalls.map((c) => c.end)) - Math.min(...processCalls.map((c) => c.start));
  const billedMs = Math.ceil(processingMs);
  // Every upload request (PutObject, or CreateMultipartUpload, UploadPart, CompleteMultipartUpload) is PUT/POST-priced.
  const s3Puts = uploadCalls.length + (count(processCalls, 's3').PutObject ?? 0);
  const s3Gets = count(processCalls, 's3').GetObject ?? 0;
  const chunkPuts = processCalls.filter((c) => c.command === 'PutObject' && String(c.input.Key).startsWith(BUCKET_PREFIXES.rows));
  const stored = { objects: chunkPuts.length, bytes: h.meterOf(chunkPuts).s3PutBytes };
  // The processor's part, priced by the shared model as `importctl cost` prices it, with the upload's requests as measured here
  // (the model counts one PUT). createImport's one SQS call is the deadline message: it is priced with the deadline.
  const processor = importCost(
    {
      imports: 1, rows: run.dataRows, fileBytes: run.fileBytes, billedMs, rcu: process.rcu, wcu: pricedWcu(process), s3Gets,
      s3Puts: s3Puts - IMPORT_UNMETERED.s3Puts, s3PutBytes: stored.bytes, sqsRequests: process.sqsRequests, logBytes: run.logBytes,
    },
    memoryMb,
    retentionDays,
  ).perImport;
  // The deadline: its send at creation, then per arrival what one measured invocation did plus the event source's receive and delete.
  const deadline = run.deadline;
  const perArrival = (value: number) => value / deadline.invocations;
  const deadlineBilledMs = Math.ceil(deadline.medianMs);
  const deadlineSqsRequests = create.sqsRequests + DEADLINE_ARRIVALS * (perArrival(deadlineMeter.sqsRequests) + modelledSum(MODELLED_DEADLINE_SQS_REQUESTS));
  const deadlineRcu = DEADLINE_ARRIVALS * perArrival(deadlineMeter.rcu);
  const deadlineWcu = DEADLINE_ARRIVALS * perArrival(pricedWcu(deadlineMeter));
  const gbSeconds = (ms: number) => (ms / 1000) * (memoryMb / 1024);
  const dynamoCost = (rcu: number, wcu: number) => (rcu * PRICES.dynamoRruPerMillion + wcu * PRICES.dynamoWruPerMillion) / 1e6;
  const cost = {
    lambdaDuration: processor.lambdaDuration,
    lambdaRequest: processor.lambdaRequests,
    s3Put: (s3Puts * PRICES.s3PutPerMillion) / 1e6,
    s3Get: (s3Gets * PRICES.s3GetPerMillion) / 1e6,
    s3Storage: processor.storage,
    sqs: processor.sqs,
    dynamodb: processor.dynamodb + dynamoCost(create.rcu, pricedWcu(create)),
    logs: processor.logs,
    deadlineSqs: (deadlineSqsRequests * PRICES.sqsRequestsPerMillion) / 1e6,
    deadlineLambda: DEADLINE_ARRIVALS * (gbSeconds(deadlineBilledMs) * PRICES.lambdaArm64PerGbSecond + PRICES.lambdaRequestsPerMillion / 1e6),
    deadlineDynamodb: dynamoCost(deadlineRcu, deadlineWcu),
  };
  const total = h.sum(Object.values(cost));
  const sqsModelled = modelledSum(MODELLED_SQS_REQUESTS);
  const callMs = (service: h.Service) => round(h.sum(processCalls.filter((c) => c.service === service).map((c) => c.end - c.start)), 1);
  const dynamodb = (calls: Call[], meter: Meter) => ({
    rcu: meter.rcu, wcuReported: meter.wcu, wcuPriced: pricedWcu(meter),
    transactItems: h.sum(calls.map((c) => (c.command === 'TransactWriteItems' ? (c.input.TransactItems as unknown[]).length : 0))),
    transactWcuReported: meter.transactWcuReported, transactWcuModelled: meter.transactWcuModelled, unreported: meter.unreported,
  });
  const perArrivalCalls = (service: h.Service) => h.mapValues(count(deadlineCalls, service), perArrival);
  return {
    dataRows: run.dataRows, fileBytes: run.fileBytes, status: run.status, counts: run.counts,
    timing: {
      processingMs: round(processingMs, 1), billedMs, rowsPerSecond: Math.round(run.dataRows / (processingMs / 1000)),
      uploadMs: round(run.uploadMs, 1), uploadToFinishedMs: round(run.uploadToFinishedMs, 1),
      /** Call time per service, summed over calls: row chunks upload several at a time, so the S3 sum can exceed the span. */
      callMs: { s3Ms: callMs('s3'), dynamoMs: callMs('dynamo'), sqsMs: callMs('sqs') },
    },
    calls: {
      dynamodb: { create: count(createCalls, 'dynamo'), process: count(processCalls, 'dynamo') },
      s3: { upload: count(uploadCalls, 's3'), process: count(processCalls, 's3') },
      sqs: { measured: count(processCalls, 'sqs'), modelled: MODELLED_SQS_REQUESTS, deadlineSend: count(createCalls, 'sqs') },
      totals: {
        dynamodb: create.ddbCalls + process.ddbCalls,
        s3: uploadCalls.length + processCalls.filter((c) => c.service === 's3').length,
        sqs: processCalls.filter((c) => c.service === 'sqs').length + sqsModelled,
      },
    },
    dynamodb: { create: dynamodb(createCalls, create), process: dynamodb(processCalls, process) },
    recordItemBytes: run.recordItemBytes,
    s3: {
      puts: s3Puts, gets: s3Gets, uploadBytes: run.fileBytes, storedObjects: stored.objects, storedBytes: stored.bytes,
      bytesPut: h.meterOf(uploadCalls).s3PutBytes + process.s3PutBytes, bytesRead: h.sum(processCalls.map((c) => c.bytesRead)),
    },
    sqsBilledRequests: { measured: process.sqsRequests, modelled: sqsModelled },
    deadline: {
      arrivals: DEADLINE_ARRIVALS, invocationsMeasured: deadline.invocations,
      medianMs: round(deadline.medianMs, 2), maxMs: round(deadline.maxMs, 2), billedMs: deadlineBilledMs,
      /** Per arrival, averaged over the measured invocations. */
      callsPerArrival: { dynamodb: perArrivalCalls('dynamo'), s3: perArrivalCalls('s3'), sqs: perArrivalCalls('sqs') },
      sqsBilledRequests: { send: create.sqsRequests, perArrivalMeasured: perArrival(deadlineMeter.sqsRequests), modelled: MODELLED_DEADLINE_SQS_REQUESTS },
      rcu: deadlineRcu, wcu: deadlineWcu,
    },
    logBytes: run.logBytes,
    cost: h.mapValues(cost, (value) => round(value, 9)),
    totalPerImport: round(total, 9),
    perMillionRows: round((total / run.dataRows) * 1e6, 4),
    liveCost: {
      benchProcessorPerImport: round(processor.total, 9), importctlPerImport: round(run.importctlPerImport, 9),
      ratio: round(run.importctlPerImport / processor.total, 3),
    },
  };
}

// ---- Main ----

async function bench(workDir: string) {
  const generate = (name: string, write: (path: string, rows: number) => WrittenFile, rows: number) => {
    const start = performance.now();
    const file = write(join(workDir, name), rows);
    progress(`generated ${name}: ${int(file.dataRows)} rows, ${round(file.bytes / MB, 1)} MB in ${Math.round(performance.now() - start)} ms`);
    return file;
  };
  const csv = generate('throughput.csv', writeCsv, args.rows);
  const xlsx = generate('throughput.xlsx', writeXlsx, args.rows);
  const csv100k = args.rows === 100_000 ? csv : generate('rss-100k.csv', writeCsv, 100_000);
  const csv1m = generate('rss-1m.csv', writeCsv, MILLION_DATA_ROWS);

  const throughputResults = [throughput('csv', csv), throughput('xlsx', xlsx)];
  progress('CSV stage breakdown (fresh process)');
  type Stages = { stagesMs: Record<string, number>; perColumnMs: Record<string, number>; dataRows: number; validRows: number };
  const stages = runWorker<Stages>({ kind: 'stages', path: csv.path, runs: Math.min(args.runs, 3) });
  progress('peak RSS: modules loaded, nothing run (fresh process)');
  const baseline = runWorker<{ maxRssKb: number }>({ kind: 'baseline' });
  const rss = [peakRss('csv', csv100k), peakRss('csv', csv1m), peakRss('xlsx', xlsx)];
  const rssRatio = round(rss[1].maxRssMb / rss[0].maxRssMb, 2);

  let cost: Awaited<ReturnType<typeof costPerImport>> | null = null;
  if (!args.skipCost) {
    const files = args.costRows.map((rows) => (rows === MILLION_DATA_ROWS ? csv1m : rows === 100_000 ? csv100k : generate(`cost-${rows}.csv`, writeCsv, rows)));
    cost = await costPerImport(files, generate('cost-warmup.csv', writeCsv, 1_000));
  }

  const report = {
    generatedAt: new Date().toISOString(),
    machine: h.machine(),
    settings: { runs: args.runs, warmup: args.warmup, throughputRows: args.rows, invalidShare: INVALID_SHARE },
    throughput: throughputResults,
    targets: {
      engineOverRaw: { target: 0.5, csv: throughputResults[0].ratio, xlsx: throughputResults[1].ratio },
      rss1mOver100k: { target: 2, measured: rssRatio },
    },
    stages: {
      dataRows: stages.dataRows,
      validRows: stages.validRows,
      stagesMs: h.mapValues(stages.stagesMs, (ms) => round(ms, 1)),
      perColumnMs: h.mapValues(stages.perColumnMs, (ms) => round(ms, 1)),
      perColumnNsPerCell: h.mapValues(stages.perColumnMs, (ms) => Math.round((ms * 1e6) / stages.dataRows)),
    },
    peakRss: { baselineMb: round(baseline.maxRssKb / 1024, 1), runs: rss, ratio1mOver100k: rssRatio },
    cost,
    notes: [] as string[],
  };
  report.notes = notesFor(report);
  return report;
}

type Report = Awaited<ReturnType<typeof bench>>;

function notesFor(report: Report): string[] {
  const notes: string[] = [];
  for (const t of report.throughput) {
    if (t.engine.failure) notes.push(`${t.format}: the engine FAILED the file (${t.engine.failure.code}): throughput is not meaningful.`);
    else if (t.engine.counts.errorRows < t.file.generatedInvalidRows) {
      notes.push(`${t.format}: the engine found ${t.engine.counts.errorRows} invalid rows, fewer than the ${t.file.generatedInvalidRows} generated invalid: check the fixtures.`);
    }
  }
  for (const run of report.cost?.imports ?? []) {
    if (run.status !== 'COMPLETED') notes.push(`Import of ${run.dataRows} rows ended ${run.status}: its cost is not that of a normal import.`);
    if (run.recordItemBytes > 1024) notes.push(`The import record item is ${run.recordItemBytes} B, over the 1 KB the transaction model assumes: DynamoDB is under-priced.`);
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
  return notes;
}

// ---- Output ----

const money = (value: number) => `$${value.toFixed(7)}`;

function print(report: Report) {
  console.log(
    `\nEngine throughput: ${int(report.settings.throughputRows)} data rows x 10 columns (every type and rule, ~${report.settings.invalidShare * 100}% ` +
      `invalid rows), best of ${report.settings.runs} runs after ${report.settings.warmup} warm-up, a fresh Node process per measurement\n`,
  );
  const target = report.targets.engineOverRaw.target;
  h.table(
    ['format', 'path', 'file MB', 'best ms', 'median ms', 'rows/s', 'MB/s', 'open ms', 'valid', 'invalid', 'engine/raw'],
    report.throughput.flatMap(({ format, file, raw, engine, ratio }) => [
      [format.toUpperCase(), 'raw reader', round(file.bytes / MB, 1).toFixed(1), raw.bestMs.toFixed(1), raw.medianMs.toFixed(1), int(raw.rowsPerSecond), raw.mbPerSecond.toFixed(1), raw.openMs.toFixed(1), '', '', ''],
      ['', 'engine + memory sink', '', engine.bestMs.toFixed(1), engine.medianMs.toFixed(1), int(engine.rowsPerSecond), engine.mbPerSecond.toFixed(1), engine.openMs.toFixed(1),
        int(engine.counts.validRows), int(engine.counts.errorRows), `${ratio.toFixed(2)} (${h.verdict(ratio >= target)})`],
    ]),
    { alignLeft: 2 },
  );
  console.log(
    `  Target: engine/raw >= ${target} (engine rows/s over raw reader rows/s). "open" is openXlsx reading workbook, ` +
      'styles and the shared strings before the first row; CSV input is in memory, XLSX is read from the page cache.',
  );

  const s = report.stages;
  console.log(`\nWhere the CSV engine's time goes (${int(s.dataRows)} rows, stages replayed outside runEngine, best of runs)\n`);
  const stageTotal = h.sum(Object.values(s.stagesMs));
  h.table(['stage', 'ms', 'share', 'ns/row'], Object.entries(s.stagesMs).map(([stage, ms]) => [stage, ms.toFixed(1), `${Math.round((ms / stageTotal) * 100)}%`, int((ms * 1e6) / s.dataRows)]));
  console.log('');
  h.table(
    ['column (type: rules)', 'ms', 'ns/cell'],
    CONTACTS_TEMPLATE.columns.map((column) => {
      const rules = (column as { validations?: readonly { type: string }[] }).validations?.map((rule) => rule.type).join(', ');
      return [`${column.key} (${column.type}${rules ? `: ${rules}` : ''})`, (s.perColumnMs[column.key] ?? 0).toFixed(1), int(s.perColumnNsPerCell[column.key] ?? 0)];
    }),
  );

  const r = report.peakRss;
  console.log('\nPeak RSS of the engine path (file streamed from disk -> reader -> engine -> sink that drops full chunks), fresh process each\n');
  h.table(
    ['run', 'file MB', 'peak RSS MB', 'over baseline MB', 'ms', 'rows/s'],
    [
      ['modules loaded, nothing run', '', r.baselineMb.toFixed(1), '', '', ''],
      ...r.runs.map((run) => [`${run.format.toUpperCase()} ${int(run.dataRows)} rows`, round(run.fileBytes / MB, 1).toFixed(1), run.maxRssMb.toFixed(1),
        (run.maxRssMb - r.baselineMb).toFixed(1), int(run.ms), int(run.rowsPerSecond)]),
    ],
  );
  console.log(
    `  Target: 1M rows within 2x of 100k: ${r.ratio1mOver100k.toFixed(2)}x (${h.verdict(r.ratio1mOver100k <= report.targets.rss1mOver100k.target)}). ` +
      `${int(MILLION_DATA_ROWS)} data rows + the header = 1,000,000 rows, the MAX_IMPORT_ROWS limit.`,
  );
  if (report.cost) printCost(report.cost);
  h.printNotes(report.notes);
}

function printCost(cost: NonNullable<Report['cost']>) {
  console.log(
    `\nCost per import: CSV through the real processing path (createImport, S3 upload, the emulated bucket notification, the ` +
      `local queue poller and processor in-process), ${cost.memoryMb} MB arm64, ${cost.retentionDays}-day retention, after one warm-up import\n`,
  );
  h.table(
    ['rows', 'file MB', 'status', 'valid', 'invalid', 'processing ms', 'rows/s', 'upload->done ms'],
    cost.imports.map((run) => [int(run.dataRows), round(run.fileBytes / MB, 1).toFixed(1), run.status, int(run.counts.validRows), int(run.counts.errorRows),
      run.timing.processingMs.toFixed(1), int(run.timing.rowsPerSecond), run.timing.uploadToFinishedMs.toFixed(1)]),
  );
  console.log('');
  const gb = round(cost.memoryMb / 1024, 3);
  const parts: [string, keyof (typeof cost.imports)[number]['cost'], string][] = [
    ['Lambda duration', 'lambdaDuration', `processing ms x ${gb} GB x $${PRICES.lambdaArm64PerGbSecond}/GB-s`],
    ['Lambda request', 'lambdaRequest', `1 invocation x $${PRICES.lambdaRequestsPerMillion}/M`],
    ['S3 PUT', 's3Put', `(upload requests + row chunks) x $${PRICES.s3PutPerMillion}/M`],
    ['S3 GET', 's3Get', `GetObject x $${PRICES.s3GetPerMillion}/M`],
    ['S3 storage', 's3Storage', `GB x ${cost.retentionDays} days x $${PRICES.s3StoragePerGbMonth}/GB-month`],
    ['SQS', 'sqs', `requests (64 KB chunks) x $${PRICES.sqsRequestsPerMillion}/M`],
    ['DynamoDB', 'dynamodb', `RCU x $${PRICES.dynamoRruPerMillion}/M + WCU x $${PRICES.dynamoWruPerMillion}/M`],
    ['logs', 'logs', `output bytes x $${PRICES.logsPerGb}/GB`],
    ['deadline (SQS)', 'deadlineSqs', `(send + ${DEADLINE_ARRIVALS} arrival x (receive + delete)) x $${PRICES.sqsRequestsPerMillion}/M`],
    ['deadline (Lambda)', 'deadlineLambda', `${DEADLINE_ARRIVALS} invocation x (median ms x ${gb} GB + request)`],
    ['deadline (DynamoDB)', 'deadlineDynamodb', `${DEADLINE_ARRIVALS} arrival x its GetItem (strong) RCU x $${PRICES.dynamoRruPerMillion}/M`],
  ];
  h.table(
    ['part', 'model', ...cost.imports.map((run) => `${int(run.dataRows)} rows`)],
    [
      ...parts.map(([name, key, model]) => [name, model, ...cost.imports.map((run) => money(run.cost[key]))]),
      ['total per import', '', ...cost.imports.map((run) => money(run.totalPerImport))],
      ['per million rows', '', ...cost.imports.map((run) => `$${run.perMillionRows.toFixed(4)}`)],
    ],
    { alignLeft: 2 },
  );
  console.log(
    '\n`importctl cost` for the same imports (the processor\'s metrics record priced by the shared model; creation and deadline ' +
      'are priced elsewhere there, so the bench figure beside it leaves them out too):',
  );
  for (const { dataRows, liveCost: live } of cost.imports) {
    console.log(
      `  ${int(dataRows)} rows: bench ${money(live.benchProcessorPerImport)}, importctl ${money(live.importctlPerImport)} ` +
        `(${live.ratio.toFixed(3)}x; target within 10%: ${h.verdict(Math.abs(live.ratio - 1) <= 0.1)})`,
    );
  }
  console.log('\nWhat each part counted, per import:');
  for (const run of cost.imports) {
    const { dynamodb: d, calls, timing, s3, deadline: dl } = run;
    const wcu = (part: (typeof d)['create']) =>
      `${part.wcuPriced} WCU priced (${part.wcuReported} reported; its transaction of ${part.transactItems} items: ${part.transactWcuReported} reported, ${part.transactWcuModelled} modelled)`;
    const perArrival = (counts: Record<string, number>) => h.callList(h.mapValues(counts, (n) => round(n, 2)));
    console.log(`  ${int(run.dataRows)} rows:`);
    console.log(
      `    Lambda: ${timing.billedMs} ms billed (processing span); call time summed over calls (row chunks upload ` +
        `several at a time, overlapping the engine): S3 ${timing.callMs.s3Ms} ms, DynamoDB ${timing.callMs.dynamoMs} ms, SQS ${timing.callMs.sqsMs} ms`,
    );
    console.log(
      `    DynamoDB ${calls.totals.dynamodb} calls: create (${h.callList(calls.dynamodb.create)}) ${d.create.rcu} RCU, ${wcu(d.create)}; ` +
        `processing (${h.callList(calls.dynamodb.process)}) ${d.process.rcu} RCU, ${wcu(d.process)}`,
    );
    console.log(
      `    S3 ${calls.totals.s3} calls: upload (${h.callList(calls.s3.upload)}), processing (${h.callList(calls.s3.process)}); ` +
        `${s3.puts} PUT, ${s3.gets} GET; stored ${round(s3.uploadBytes / MB, 2)} MB upload + ${round(s3.storedBytes / MB, 2)} MB in ${s3.storedObjects} row chunks`,
    );
    console.log(
      `    SQS ${calls.totals.sqs} requests: measured (${h.callList(calls.sqs.measured)}) + modelled ${run.sqsBilledRequests.modelled} ` +
        '(notification send, ReceiveMessage, DeleteMessageBatch)',
    );
    if (run.logBytes > 0) console.log(`    logs: ${run.logBytes} B of output during the import`);
    console.log(
      `    deadline: the send at creation (${h.callList(calls.sqs.deadlineSend)}); the arrival, ${dl.invocationsMeasured} processor invocations ` +
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
  const mib = h.PART_BYTES / 2 ** 20;
  console.log(
    `  * Deadline: ${DEADLINE_ARRIVALS} arrival per import. The message leaves with SQS's longest delay (900 s) for the ` +
      `${cost.uploadDeadlineSeconds} s upload deadline and finds the import finished, so the processor ends it without the hop ` +
      '(a second send and arrival) that an import still PENDING at 900 s would take. Per arrival: ' +
      MODELLED_DEADLINE_SQS_REQUESTS.map((part) => `${part.request} (${part.requests})`).join(', ') +
      '; the invocation is priced at its median duration.\n' +
      `  * The upload is one PutObject up to ${mib} MiB, above that a multipart upload in ${mib} MiB parts ` +
      '(the AWS CLI default; the local emulator refuses bodies over 11 MiB): create + one request per part + complete, all PUT/POST-priced.\n' +
      `  * S3 storage: the upload and the row chunks kept ${cost.retentionDays} days (${(cost.retentionDays / DAYS_PER_MONTH).toFixed(3)} month), GB = 2^30 B; the lifecycle expiry is free.\n` +
      '  * Not included: the API request that creates the import (bench/requests.ts prices it: "embed: start import"), the webhook ' +
      "worker's receive/delete of the import-finished message and its delivery, DynamoDB storage of the record, snapshot and result, " +
      "reading the rows back through the API, and the event source's empty long polls (a per-queue cost, not per import).",
  );
}

const report = await h.withTempDir('bench-engine-files', bench);
print(report);
h.writeResults('engine', report);

// The validation hook benchmark (`npm run bench:hooks`): what a template's validation hook adds to an
// import and to the correction step, against a hook on 127.0.0.1 that does a realistic hook's work (its
// signature checked, 1% of rows flagged as errors, one column normalized in ~10% of rows, a warning per
// 100 rows) after a fixed delay:
//   1. a CSV import through the real processing path of a local stack started in-process (importctl's
//      path: no review), with the hook and with the same template without it: the added seconds;
//   2. the engine with HookStage in fresh processes (as bench/engine.ts drives runEngine), for calls in
//      flight 1, 2, 4 and 8 (HOOK_CALLS_IN_FLIGHT is 4), and peak RSS / heap at two file sizes;
//   3. a correction PATCH of one cell through the embed API over HTTP, with a hook answering in 20 ms
//      and without a hook, interleaved: p50/p95;
//   4. $ per million rows sent to a hook: both imports of 1. priced by the shared cost model, part by
//      part, the difference scaled to a million rows.
// Prints one report and writes bench/results/validation-hooks.json.
//
// The hook runs in a child process of this module (`--child hook`: test/support/hook-server.ts), so its
// JSON and signature work does not share this process's event loop with the processor; the engine runs of
// 2. are children too (`--child engine`), each a fresh Node process with its own peak RSS.
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMPORT_PROCESSOR_MEMORY_MB, DEFAULT_RETENTION_DAYS } from '../shared/resources';
import { PRICES } from '../shared/observability/prices';
import { hookCost, importCost, type CostParts } from '../shared/observability/cost-model';
import { pricedWcu } from '../shared/observability/meter';
import type { ValidationHook } from '../shared/domain/validation-hook';
import { CONTACTS_TEMPLATE, writeCsv, type WrittenFile } from './engine-fixtures';
import { PEOPLE, writePeopleCsv, type PeopleFile } from './corrections-fixtures';
import * as h from './harness';
import { int, round, type Call } from './harness';

const SELF = fileURLToPath(import.meta.url);
const args = h.options({
  /** Data rows of the import of 1. and of the in-flight runs of 2. */
  rows: { default: 100_000, min: 1_000, max: 999_999 },
  /** Imports of 1. per template (with and without the hook, interleaved); the best of each is reported. */
  runs: { default: 2, min: 1, max: 10 },
  /** Two file sizes for the memory runs of 2. */
  'memory-rows': { default: [50_000, 100_000], min: 1_000, max: 999_999 },
  'in-flight': { default: [1, 2, 4, 8], min: 1, max: 64 },
  /** Engine runs per setting of 2. (fresh processes, the settings in turn); the best of each is reported. */
  'sweep-runs': { default: 2, min: 1, max: 10 },
  /** Timed PATCHes per import in 3. (after 5 untimed ones). */
  patches: { default: 100, min: 10, max: 220 },
  'correction-rows': { default: 5_000, min: 1_000, max: 100_000 },
  'hook-delay-ms': { default: 5, min: 0, max: 5_000 },
  'correction-delay-ms': { default: 20, min: 0, max: 5_000 },
  // Internal: this module's child processes.
  child: { default: '' },
  task: { default: '' },
});
const progress = h.progressFor('hooks');

const TARGETS = { addedSeconds: 3, patchP95Ms: 150, dollarsPerMillionRows: 0.02, memoryGrowthMb: 10 };
const PATCH_WARMUP = 5;
const WARMUP_ROWS = 2_000;
const GB = IMPORT_PROCESSOR_MEMORY_MB / 1024;

// ---- The hook: a child process answering like a real hook ----

interface HookStats {
  requests: number;
  rows: number;
  unverified: number;
  errors: number;
  warnings: number;
  values: number;
}

interface SentRow {
  row: number;
  revision: number;
  values: Record<string, unknown>;
}

/**
 * What the hook answers: row numbers ending in 07 an error on the first column sent (1%), in 50 a warning
 * (one per 100 rows), in 3 the phone normalized to E.164 where there is one (else the e-mail lower-cased):
 * ~10% of rows. Only rows it has something to say about are answered; the others are accepted as sent.
 */
function answer(rows: SentRow[], stats: HookStats) {
  const out: Record<string, unknown>[] = [];
  for (const { row, revision, values } of rows) {
    const keys = Object.keys(values);
    const messages: Record<string, unknown>[] = [];
    let changed: Record<string, string> | undefined;
    if (row % 100 === 7) {
      messages.push({ column: keys[0], level: 'error', code: 'unknown_customer', message: `No customer matches ${String(values[keys[0]])}` });
      stats.errors++;
    }
    if (row % 100 === 50) {
      messages.push({ column: keys[keys.length > 1 ? 1 : 0], level: 'warning', code: 'check', message: 'Please double-check this value' });
      stats.warnings++;
    }
    if (row % 10 === 3) {
      if (typeof values.phone === 'string') changed = { phone: `+${values.phone.replace(/\D/g, '')}` };
      else if (typeof values.email === 'string') changed = { email: values.email.trim().toLowerCase() };
      if (changed) stats.values++;
    }
    if (messages.length || changed) out.push({ row, revision, ...(changed && { values: changed }), ...(messages.length && { messages }) });
  }
  return { rows: out };
}

/** `--child hook`: two hook servers (the import's delay and the correction's), URLs on stdout, stats over IPC. */
async function hookChild() {
  const { startHookServer } = await import('../test/support/hook-server');
  const secret = process.env.BENCH_HOOK_SECRET;
  const stats: HookStats = { requests: 0, rows: 0, unverified: 0, errors: 0, warnings: 0, values: 0 };
  const serve = async (delayMs: number) => {
    const server: Awaited<ReturnType<typeof startHookServer>> = await startHookServer(
      () => secret,
      (request) => {
        // The server keeps every request: take this one back out so memory stays flat.
        const received = server.received.pop();
        if (!received?.verified) stats.unverified++;
        stats.requests++;
        stats.rows += request.rows.length;
        return { json: answer(request.rows, stats), delayMs };
      },
    );
    return server.url;
  };
  const urls = { import: await serve(args.hookDelayMs), correction: await serve(args.correctionDelayMs) };
  process.on('message', (message) => {
    if (message === 'stats') process.send!({ ...stats });
    if (message === 'reset') Object.assign(stats, { requests: 0, rows: 0, unverified: 0, errors: 0, warnings: 0, values: 0 });
  });
  process.on('disconnect', () => process.exit(0));
  process.stdout.write(`${JSON.stringify(urls)}\n`);
}

function spawnSelf(childArgs: string[], ipc = false): ChildProcess {
  const nodeFlags = childArgs.filter((arg) => arg === '--expose-gc');
  childArgs = childArgs.filter((arg) => arg !== '--expose-gc');
  // `--import tsx` rather than tsx's CLI: one process (the CLI runs the script in a child of its own), so
  // the peak RSS is the script's and a disconnect ends the hook.
  return spawn(process.execPath, [...nodeFlags, '--import', 'tsx', '--disable-warning=ExperimentalWarning', SELF, ...childArgs], {
    cwd: h.ROOT,
    // The local stack's environment (table, endpoints, stage local) is this process's: children inherit it.
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ipc ? ['ignore', 'pipe', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
  });
}

/** A child's first stdout line, parsed. */
function firstLine<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\n');
      if (end >= 0) resolve(JSON.parse(text.slice(0, end)) as T);
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before answering`)));
  });
}

/** A child's last stdout line, parsed, once it exits 0. */
function lastLine<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => void (text += chunk.toString('utf8')));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`child exited with ${code}`));
      resolve(JSON.parse(text.trim().split('\n').at(-1)!) as T);
    });
  });
}

// ---- 2. The engine with HookStage in a fresh process ----

interface EngineTask {
  path: string;
  warmupPath: string;
  /** null: no hook (the same engine run without a stage). */
  inFlight: number | null;
  hook: ValidationHook;
  organizationId: string;
  templateId: string;
  /** Memory runs: every this many ms a full GC (--expose-gc), then the heap that is still live. */
  gcSampleMs?: number;
}

interface EngineChildResult {
  ms: number;
  counts: { totalRows: number; validRows: number; errorRows: number };
  failure: string | null;
  hook: { calls: number; rows: number; ms: number; status: string } | null;
  maxRssMb: number;
  peakHeapMb: number;
  /** With gcSampleMs: the largest heap left after a full GC (what is held), else null. */
  peakLiveHeapMb: number | null;
  baselineRssMb: number;
}

/**
 * HookStage's third argument, the calls in flight: a number at this commit; a pending change to
 * shared/hooks/stage.ts makes it an options object `{ inFlight }`. A Number object carrying `inFlight`
 * reads right under both (compared as a number, or read as a property); the stage is checked after.
 */

/** `--child engine`: a warm-up run on a small file, then the timed run streaming the file from disk. */
async function engineChild(task: EngineTask) {
  const baselineRssMb = process.memoryUsage().rss / 2 ** 20;
  const v = await import('valibot');
  const { normalizeColumns } = await import('../shared/domain/templates');
  const { CreateTemplateSchema } = await import('../shared/domain/template-input');
  const { DEFAULT_LIMITS } = await import('../shared/engine/limits');
  const { runEngine } = await import('../shared/engine/engine');
  const { readDelimited } = await import('../shared/engine/readers/csv');
  const { ChunkAssembler, encodeChunk } = await import('../shared/data/row-chunk-format');
  const { HookStage } = await import('../shared/hooks/stage');
  const columns = normalizeColumns(v.parse(CreateTemplateSchema, CONTACTS_TEMPLATE).columns);
  // HookStage compiles the columns' patterns as the engine does (RE2 is loaded on first need).
  await (await import('../shared/engine/columns')).loadPatterns(columns);
  const settings = { columns, allowExtraColumns: false, skipHeaderRows: 1, allowPartialImport: true, mapping: null };
  const limits = DEFAULT_LIMITS;

  const run = async (path: string) => {
    // The processor's sink without S3 (as bench/engine-worker.ts): chunks cut and gzipped, then dropped.
    const valid = new ChunkAssembler();
    const errors = new ChunkAssembler();
    const store = async (bodies: (string[] | undefined)[]) => {
      for (const lines of bodies) if (lines) await encodeChunk(lines);
    };
    const sink = {
      validRow: (json: string) => valid.add(json),
      errorRow: (row: unknown) => errors.add(JSON.stringify(row)),
      drain: () => store([valid.takeFull(), errors.takeFull()]),
    };
    const stage =
      task.inFlight === null
        ? undefined
        : new HookStage(
            {
              organizationId: task.organizationId,
              importId: `bench${crypto.randomUUID().replace(/-/g, '')}`,
              templateId: task.templateId,
              hook: task.hook,
              mode: 'import',
              user: null,
              metadata: {},
            },
            columns,
            { inFlight: task.inFlight },
          );
    const start = performance.now();
    const source = readDelimited(() => createReadStream(path, { highWaterMark: 64 * 1024 }), { limits });
    const result = await runEngine(source, settings, limits, sink, stage);
    await store([valid.takeFull(), errors.takeFull(), valid.takeRest(), errors.takeRest()]);
    return { ms: performance.now() - start, result, stage };
  };

  await run(task.warmupPath);
  let peakHeap = 0;
  let peakLive = 0;
  const sample = () => void (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed));
  const gc = (globalThis as { gc?: () => void }).gc;
  const live = () => {
    gc!();
    peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
  };
  const timer = setInterval(sample, 20);
  const gcTimer = task.gcSampleMs && gc ? setInterval(live, task.gcSampleMs) : undefined;
  if (gcTimer) live();
  const { ms, result, stage } = await run(task.path);
  clearInterval(timer);
  clearInterval(gcTimer);
  sample();
  if (gcTimer) live();
  const output: EngineChildResult = {
    ms,
    counts: { totalRows: result.totalRows, validRows: result.validRows, errorRows: result.errorRows },
    failure: result.failure?.code ?? null,
    hook: stage ? { calls: stage.summary.calls, rows: stage.summary.rows, ms: stage.summary.ms, status: stage.summary.status } : null,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    peakHeapMb: peakHeap / 2 ** 20,
    peakLiveHeapMb: gcTimer ? peakLive / 2 ** 20 : null,
    baselineRssMb,
  };
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

const runEngineChild = (task: EngineTask) =>
  lastLine<EngineChildResult>(spawnSelf([...(task.gcSampleMs ? ['--expose-gc'] : []), '--child', 'engine', '--task', JSON.stringify(task)]));

// ---- 1. Imports through the local stack ----

interface Template {
  organizationId: string;
  templateId: string;
}

/** One import (createImport, the upload, the local processor), the processor's calls recorded. */
async function importOnce(template: Template, file: WrittenFile) {
  const { createImport } = await import('../shared/imports/create-import');
  const { parseBody } = await import('../shared/domain/validation');
  const { CreateImportSchema } = await import('../shared/domain/imports');
  const body = readFileSync(file.path);
  const processed: Call[] = [];
  h.startLogCapture();
  h.recordBackground(processed);
  const input = parseBody(CreateImportSchema, { fileName: 'contacts.csv', fileSize: body.length });
  const created = await h.recordCalls(null, () => createImport(template.organizationId, template.templateId, input));
  const uploadStart = performance.now();
  await h.recordCalls(null, () => h.putFile(created.uploadKey, body));
  const record = await h.waitForRecord(template.organizationId, created.record.id, (candidate) => candidate.status !== 'PENDING');
  const finishedSeen = performance.now();
  const sent = () => processed.some((call) => call.command === 'SendMessage');
  for (let i = 0; i < 400 && !sent(); i++) await h.sleep(25);
  await h.sleep(50);
  h.recordBackground(null);
  const logBytes = h.stopLogCapture();
  const processingMs = Math.max(...processed.map((c) => c.end)) - Math.min(...processed.map((c) => c.start));
  const meter = h.meterOf(processed);
  const hookLog = processed.filter((c) => c.service === 'dynamo' && JSON.stringify(c.input).includes('"HOOKCALL#'));
  const hookLogMeter = h.meterOf(hookLog);
  const chunkPuts = processed.filter((c) => c.command === 'PutObject');
  const figures = {
    imports: 1, rows: file.dataRows, fileBytes: body.length, billedMs: Math.ceil(processingMs), rcu: meter.rcu, wcu: pricedWcu(meter),
    s3Gets: h.countByCommand(processed, 's3').GetObject ?? 0, s3Puts: chunkPuts.length, s3PutBytes: h.meterOf(chunkPuts).s3PutBytes,
    sqsRequests: meter.sqsRequests, logBytes,
  };
  return {
    importId: created.record.id,
    status: record.status,
    failure: record.error?.code ?? null,
    counts: { totalRows: record.totalRows, validRows: record.validRows, errorRows: record.errorRows },
    hook: record.hook ?? null,
    processingMs: round(processingMs, 1),
    uploadToFinishedMs: round(finishedSeen - uploadStart, 1),
    calls: { dynamo: h.countByCommand(processed, 'dynamo'), s3: h.countByCommand(processed, 's3'), sqs: h.countByCommand(processed, 'sqs') },
    hookLog: { calls: hookLog.length, items: h.sum(hookLog.map((c) => itemsOf(c))), wcu: hookLogMeter.wcu, unreported: hookLogMeter.unreported },
    figures,
    cost: importCost(figures, IMPORT_PROCESSOR_MEMORY_MB, DEFAULT_RETENTION_DAYS).perImport,
  };
}

/** Items a BatchWrite put. */
const itemsOf = (call: Call) => h.sum(Object.values((call.input.RequestItems ?? {}) as Record<string, unknown[]>).map((items) => items.length));

type ImportRun = Awaited<ReturnType<typeof importOnce>>;

// ---- 3. The correction step ----

async function correctionSession(dataDir: string, organizationId: string, urls: { correction: string }, file: PeopleFile) {
  const { parse } = await import('valibot');
  const { CreateTemplateSchema } = await import('../shared/domain/template-input');
  const { insertTemplate, templateFromInput, setTemplateEmbed } = await import('../shared/data/templates');
  const { importPhase } = await import('../shared/domain/imports');
  const { getImportRecord } = await import('../shared/data/imports');
  const { readLocalStackState } = await import('../scripts/local/state');
  const { call } = await import('../test/support/api');
  process.env.TEST_BASE_URL = readLocalStackState(dataDir)!.url;
  const body = readFileSync(file.path);
  const api = async (method: string, path: string, payload?: unknown, token?: string) => {
    const response = await call(method, path, { body: payload, key: token });
    if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const open = async (name: string, hook: boolean) => {
    const input = { ...PEOPLE, name, ...(hook ? { validationHook: { url: urls.correction } } : {}) };
    const template = await insertTemplate(organizationId, templateFromInput(parse(CreateTemplateSchema, input)));
    await setTemplateEmbed(organizationId, template.id, { enabled: true });
    const started = await api('POST', `/embed/v1/templates/${template.id}/imports`, { fileName: 'people.csv', fileSize: body.length, review: true });
    const put = await fetch(started.upload.url, { method: 'PUT', headers: started.upload.headers, body });
    if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`);
    const { importId, token } = started as { importId: string; token: string };
    await h.waitForRecord(organizationId, importId, (record) => importPhase(record) === 'AWAITING_MAPPING', 20);
    const preview = await api('GET', `/embed/v1/imports/${importId}/preview`, undefined, token);
    await api('POST', `/embed/v1/imports/${importId}/mapping`, { sheet: 0, mapping: preview.sheets[0].suggestedMapping }, token);
    const waiting = await h.waitForRecord(organizationId, importId, (record) => importPhase(record) !== 'PROCESSING' || record.status !== 'PENDING', 20);
    if (importPhase(waiting) !== 'AWAITING_CORRECTIONS') throw new Error(`${name}: the import did not wait for corrections (${importPhase(waiting)})`);
    return { importId, token };
  };
  progress(`correction step: two reviewed imports of ${int(args.correctionRows)} rows (one with a hook answering in ${args.correctionDelayMs} ms)`);
  const withHook = await open('People (hooks bench, hook)', true);
  const without = await open('People (hooks bench, no hook)', false);
  /** One PATCH, timed on the client; the SDK calls its handler made (in-process behind the local gateway) recorded. */
  const patch = async (session: { importId: string; token: string }, target: PeopleFile['errorRows'][number]) => {
    const calls: Call[] = [];
    h.recordBackground(calls);
    const start = performance.now();
    const answer = await api('PATCH', `/embed/v1/imports/${session.importId}/rows`, { changes: [{ row: target.row, values: { [target.kind]: target.fix } }] }, session.token);
    const ms = performance.now() - start;
    h.recordBackground(null);
    if (!answer.data.some((row: { row: number }) => row.row === target.row)) throw new Error(`PATCH of row ${target.row}: the row is not in the answer`);
    return { ms, calls };
  };
  const total = PATCH_WARMUP + args.patches;
  const step = file.errorRows.length / total;
  const targets = Array.from({ length: total }, (_, k) => file.errorRows[Math.floor(k * step)]);
  const before = await getImportRecord(organizationId, withHook.importId);
  progress(`${PATCH_WARMUP} + ${args.patches} PATCHes of one cell on each import, interleaved`);
  type Patch = Awaited<ReturnType<typeof patch>>;
  const done = { hook: [] as Patch[], none: [] as Patch[] };
  for (const [k, target] of targets.entries()) {
    const a = await patch(withHook, target);
    const b = await patch(without, target);
    if (k >= PATCH_WARMUP) {
      done.hook.push(a);
      done.none.push(b);
    }
  }
  const timed = { hook: done.hook.map((p) => p.ms), none: done.none.map((p) => p.ms) };
  /** Per PATCH: DynamoDB and S3 calls, their sequential round trips (overlapping calls merged), the commands. */
  const callsPer = (list: Patch[]) => {
    const all = list.flatMap((p) => p.calls);
    return {
      ddbCalls: round(all.filter((c) => c.service === 'dynamo').length / list.length, 2),
      s3Calls: round(all.filter((c) => c.service === 's3').length / list.length, 2),
      roundTrips: round(h.mean(list.map((p) => roundTrips(p.calls))), 2),
      sdkMs: round(h.mean(list.map((p) => h.sum(p.calls.map((c) => c.end - c.start)))), 1),
      commands: h.mapValues(h.tally(all.map((c) => c.command)), (n) => round(n / list.length, 2)),
    };
  };
  const after = await getImportRecord(organizationId, withHook.importId);
  const stats = (ms: number[]) => ({ n: ms.length, p50: round(h.percentile(ms, 0.5), 1), p95: round(h.percentile(ms, 0.95), 1), max: round(Math.max(...ms), 1), mean: round(h.mean(ms), 1) });
  const hookCalls = (after?.hook?.calls ?? 0) - (before?.hook?.calls ?? 0);
  const hookMs = (after?.hook?.ms ?? 0) - (before?.hook?.ms ?? 0);
  return {
    rows: args.correctionRows,
    hookDelayMs: args.correctionDelayMs,
    withHook: { ...stats(timed.hook), ...callsPer(done.hook) },
    withoutHook: { ...stats(timed.none), ...callsPer(done.none) },
    /** The hook's calls during the PATCHes (warm-up included), from the import's hook summary, and their mean latency as the client measured it. */
    hookCalls,
    hookMeanLatencyMs: hookCalls ? round(hookMs / hookCalls, 1) : null,
    samplesMs: { hook: timed.hook.map((ms) => round(ms, 1)), none: timed.none.map((ms) => round(ms, 1)) },
  };
}

/** Sequential round trips of one request: its SDK calls, those that overlap in time merged. */
function roundTrips(calls: Call[]): number {
  let trips = 0;
  let end = -Infinity;
  for (const call of [...calls].sort((a, b) => a.start - b.start)) {
    if (call.start >= end) trips++;
    end = Math.max(end, call.end);
  }
  return trips;
}

// ---- Main ----

async function bench(workDir: string) {
  const generate = (name: string, rows: number) => {
    const file = writeCsv(join(workDir, name), rows);
    progress(`generated ${name}: ${int(file.dataRows)} rows, ${round(file.bytes / h.MB, 1)} MB`);
    return file;
  };
  const main = generate('contacts.csv', args.rows);
  const warmup = generate('warmup.csv', WARMUP_ROWS);
  const memoryFiles = args.memoryRows.map((rows) => (rows === args.rows ? main : generate(`contacts-${rows}.csv`, rows)));
  const people = writePeopleCsv(join(workDir, 'people.csv'), args.correctionRows, Math.min(Math.floor(args.correctionRows / 2), 2 * (PATCH_WARMUP + args.patches)));
  const loadAtStart = loadavg()[0];

  progress('starting the local stack in-process');
  return h.withLocalStack('bench-hooks', async (dataDir) => {
    await h.installCallLog();
    const { parse } = await import('valibot');
    const { CreateTemplateSchema } = await import('../shared/domain/template-input');
    const { createOrganization, updateOrganization } = await import('../shared/data/organizations');
    const { insertTemplate, templateFromInput } = await import('../shared/data/templates');
    const { newWebhookSecret } = await import('../shared/domain/ids');
    const { organizationId } = await createOrganization('Bench hooks', 'pro');
    const secret = newWebhookSecret();
    await updateOrganization(organizationId, { webhookSecret: secret });

    process.env.BENCH_HOOK_SECRET = secret;
    const hookProcess = spawnSelf(['--child', 'hook', '--hook-delay-ms', String(args.hookDelayMs), '--correction-delay-ms', String(args.correctionDelayMs)], true);
    delete process.env.BENCH_HOOK_SECRET;
    const hookStats = () =>
      new Promise<HookStats>((resolve) => {
        hookProcess.once('message', (message) => resolve(message as HookStats));
        hookProcess.send('stats');
      });
    try {
      const urls = await firstLine<{ import: string; correction: string }>(hookProcess);
      const template = async (name: string, hook: boolean) => {
        const input = { ...CONTACTS_TEMPLATE, name, ...(hook ? { validationHook: { url: urls.import } } : {}) };
        const stored = await insertTemplate(organizationId, templateFromInput(parse(CreateTemplateSchema, input)));
        return { organizationId, templateId: stored.id, hook: stored.validationHook };
      };
      const hooked = await template('Contacts (hooks bench, hook)', true);
      const plain = await template('Contacts (hooks bench, no hook)', false);

      // ---- 1. ----
      progress(`warm-up imports (${int(WARMUP_ROWS)} rows, each template)`);
      await importOnce(hooked, warmup);
      await importOnce(plain, warmup);
      const runs: { hook: ImportRun[]; none: ImportRun[] } = { hook: [], none: [] };
      const before = await hookStats();
      for (let i = 0; i < args.runs; i++) {
        // Interleaved, the order swapped each round, so machine load falls on both alike.
        const order = i % 2 === 0 ? (['none', 'hook'] as const) : (['hook', 'none'] as const);
        for (const which of order) {
          progress(`import ${i + 1}/${args.runs} ${which === 'hook' ? 'with' : 'without'} the hook: ${int(args.rows)} rows`);
          runs[which].push(await importOnce(which === 'hook' ? hooked : plain, main));
        }
      }
      const afterImports = await hookStats();
      const best = (list: ImportRun[]) => list.reduce((a, b) => (b.processingMs < a.processingMs ? b : a));

      // ---- 2. ----
      const task = (path: string, inFlight: number | null): EngineTask => ({
        path, warmupPath: warmup.path, inFlight, hook: hooked.hook!, organizationId, templateId: hooked.templateId,
      });
      const settings = [null, ...args.inFlight];
      const sweepRuns = new Map<number | null, EngineChildResult[]>(settings.map((inFlight) => [inFlight, []]));
      for (let pass = 1; pass <= args.sweepRuns; pass++) {
        for (const inFlight of settings) {
          progress(`engine + HookStage ${pass}/${args.sweepRuns}, ${inFlight === null ? 'no hook' : `${inFlight} in flight`}: ${int(args.rows)} rows, fresh process`);
          sweepRuns.get(inFlight)!.push(await runEngineChild(task(main.path, inFlight)));
        }
      }
      // The best run of each setting, with every run's seconds.
      const sweep = settings.map((inFlight) => {
        const all = sweepRuns.get(inFlight)!;
        const best = all.reduce((a, b) => (b.ms < a.ms ? b : a));
        return { inFlight, ...best, runsMs: all.map((run) => round(run.ms, 0)) };
      });
      const memory: { rows: number; inFlight: number | null; run: EngineChildResult }[] = [];
      for (const file of memoryFiles) {
        for (const inFlight of [null, 4]) {
          progress(`memory: ${int(file.dataRows)} rows, ${inFlight === null ? 'no hook' : '4 in flight'}, fresh process, a full GC every 250 ms`);
          memory.push({ rows: file.dataRows, inFlight, run: await runEngineChild({ ...task(file.path, inFlight), gcSampleMs: 250 }) });
        }
      }

      // ---- 3. ----
      const corrections = await correctionSession(dataDir, organizationId, urls, people);
      const afterAll = await hookStats();
      return { loadAtStart, loadAtEnd: loadavg()[0], urls, runs, best: { hook: best(runs.hook), none: best(runs.none) }, sweep, memory, corrections, hookServer: { imports: diffStats(afterImports, before), all: afterAll } };
    } finally {
      hookProcess.disconnect();
    }
  });
}

const diffStats = (a: HookStats, b: HookStats) => Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v - b[k as keyof HookStats]])) as unknown as HookStats;

type Measured = Awaited<ReturnType<typeof bench>>;

function analyse(m: Measured) {
  const { hook, none } = m.best;
  const rows = args.rows;
  const scale = 1e6 / rows;
  const addedSeconds = (hook.processingMs - none.processingMs) / 1000;
  // ---- 4. $ per million rows: the two imports priced part by part by the shared model, the difference scaled ----
  const delta = (part: keyof CostParts | 'storage') => (hook.cost[part] - none.cost[part]) * scale;
  const hookLogDollars = (hook.hookLog.wcu * PRICES.dynamoWruPerMillion) / 1e6;
  const components = {
    lambdaWait: delta('lambdaDuration'),
    hookCallLog: hookLogDollars * scale,
    otherDynamodb: delta('dynamodb') - hookLogDollars * scale,
    s3: delta('s3'),
    sqs: delta('sqs'),
    logs: delta('logs'),
  };
  const perMillion = h.sum(Object.values(components));
  const model = hook.hook ? hookCost({ calls: hook.hook.calls, rows: hook.hook.rows, waitMs: hook.hook.ms }, IMPORT_PROCESSOR_MEMORY_MB) : null;
  const engineNone = m.sweep.find((s) => s.inFlight === null)!;
  const sweep = m.sweep.map((s) => ({
    inFlight: s.inFlight,
    seconds: round(s.ms / 1000, 2),
    addedSeconds: s.inFlight === null ? 0 : round((s.ms - engineNone.ms) / 1000, 2),
    rowsPerSecond: Math.round(rows / (s.ms / 1000)),
    calls: s.hook?.calls ?? 0,
    meanCallMs: s.hook && s.hook.calls ? round(s.hook.ms / s.hook.calls, 1) : null,
    runsSeconds: s.runsMs.map((ms) => round(ms / 1000, 2)),
    maxRssMb: round(s.maxRssMb, 1),
    peakHeapMb: round(s.peakHeapMb, 1),
    status: s.failure ?? s.hook?.status ?? 'ok',
  }));
  const mem = (size: number, inFlight: number | null) => m.memory.find((x) => x.rows === size && x.inFlight === inFlight)!.run;
  const sizes = args.memoryRows;
  const memory = sizes.map((size) => ({
    rows: size,
    noHookRssMb: round(mem(size, null).maxRssMb, 1),
    hookRssMb: round(mem(size, 4).maxRssMb, 1),
    hookExtraRssMb: round(mem(size, 4).maxRssMb - mem(size, null).maxRssMb, 1),
    noHookHeapMb: round(mem(size, null).peakLiveHeapMb ?? 0, 1),
    hookHeapMb: round(mem(size, 4).peakLiveHeapMb ?? 0, 1),
    hookExtraHeapMb: round((mem(size, 4).peakLiveHeapMb ?? 0) - (mem(size, null).peakLiveHeapMb ?? 0), 1),
  }));
  const [small, large] = [memory[0], memory[memory.length - 1]];
  // What the hook holds: its extra live heap (after a full GC) at the larger size over the smaller.
  const memoryGrowth = round(large.hookExtraHeapMb - small.hookExtraHeapMb, 1);
  return {
    addedSeconds: round(addedSeconds, 2),
    hookRowsPerSecond: Math.round(rows / (hook.processingMs / 1000)),
    plainRowsPerSecond: Math.round(rows / (none.processingMs / 1000)),
    cost: { perMillionRows: perMillion, components, model: model && { ...model, note: 'hookCost (usage page, importctl cost): latencies summed, 1 WCU per attempt' } },
    sweep,
    memory,
    memoryGrowthMb: memoryGrowth,
    memoryRssGrowthMb: round(large.hookExtraRssMb - small.hookExtraRssMb, 1),
    verdicts: {
      addedSeconds: addedSeconds <= TARGETS.addedSeconds,
      patchP95: m.corrections.withHook.p95 <= TARGETS.patchP95Ms,
      dollars: perMillion <= TARGETS.dollarsPerMillionRows,
      memory: memoryGrowth <= TARGETS.memoryGrowthMb,
    },
  };
}

const money = (value: number, digits = 5) => `$${value.toFixed(digits)}`;

function print(m: Measured, a: ReturnType<typeof analyse>) {
  const { hook, none } = m.best;
  const c = m.corrections;
  console.log(
    `\nValidation hooks: a hook on 127.0.0.1 in a child process answering after ${args.hookDelayMs} ms (imports) / ${args.correctionDelayMs} ms ` +
      `(corrections), 1% errors, ~10% normalized, 1 warning per 100 rows; load average ${round(m.loadAtStart, 2)} -> ${round(m.loadAtEnd, 2)}\n`,
  );
  h.table(
    ['figure', 'measured', 'target'],
    [
      [`1. ${int(args.rows)}-row CSV import, processing without the hook (best of ${args.runs})`, `${(none.processingMs / 1000).toFixed(2)} s`, ''],
      [`   with the hook (1,000-row batches, ${hook.hook?.calls ?? 0} calls)`, `${(hook.processingMs / 1000).toFixed(2)} s`, ''],
      ['   added seconds', `${a.addedSeconds.toFixed(2)} s`, `<= ${TARGETS.addedSeconds} s: ${h.verdict(a.verdicts.addedSeconds)}`],
      ['   rows/s through the hook (without)', `${int(a.hookRowsPerSecond)} (${int(a.plainRowsPerSecond)})`, ''],
      [
        `   hook's extra live heap, ${int(a.memory[0].rows)} -> ${int(a.memory[a.memory.length - 1].rows)} rows (peak RSS ${a.memory[0].hookRssMb} -> ${a.memory[a.memory.length - 1].hookRssMb} MB)`,
        `${a.memory[0].hookExtraHeapMb} -> ${a.memory[a.memory.length - 1].hookExtraHeapMb} MB`,
        `grows <= ${TARGETS.memoryGrowthMb} MB: ${h.verdict(a.verdicts.memory)}`,
      ],
      [`2. calls in flight 1 / 2 / 4 / 8: added seconds (engine, ${int(args.rows)} rows)`, a.sweep.filter((s) => s.inFlight !== null).map((s) => s.addedSeconds.toFixed(2)).join(' / '), '(below)'],
      [`3. PATCH one cell, hook answering in ${args.correctionDelayMs} ms: p50 / p95`, `${c.withHook.p50} / ${c.withHook.p95} ms`, `p95 <= ${TARGETS.patchP95Ms} ms: ${h.verdict(a.verdicts.patchP95)}`],
      ['   without a hook: p50 / p95', `${c.withoutHook.p50} / ${c.withoutHook.p95} ms`, ''],
      ['4. $ per million rows sent to a hook', money(a.cost.perMillionRows), `<= $${TARGETS.dollarsPerMillionRows}: ${h.verdict(a.verdicts.dollars)}`],
    ],
  );

  console.log(`\n1. Imports through the local stack (processing: the processor's first call to its last), ${IMPORT_PROCESSOR_MEMORY_MB} MB processor\n`);
  const importRows = (which: 'hook' | 'none') =>
    m.runs[which].map((run, i) => [
      which === 'hook' ? 'hook' : 'no hook', i + 1, run.status, int(run.counts.validRows), int(run.counts.errorRows), run.processingMs.toFixed(0), run.uploadToFinishedMs.toFixed(0),
      run.hook ? `${run.hook.calls} calls, ${round(run.hook.ms / Math.max(1, run.hook.calls), 1)} ms mean` : '', run.hookLog.calls ? `${run.hookLog.calls} BatchWrite, ${run.hookLog.wcu} WCU` : '',
    ]);
  h.table(['template', 'run', 'status', 'valid', 'errors', 'processing ms', 'upload->done ms', 'hook', 'call log'], [...importRows('none'), ...importRows('hook')], { alignLeft: 1 });
  const hs = m.hookServer.imports;
  console.log(
    `  The hook server, during these imports: ${int(hs.requests)} requests, ${int(hs.rows)} rows, ${int(hs.errors)} errors, ${int(hs.values)} values normalized, ` +
      `${int(hs.warnings)} warnings answered; ${hs.unverified} signatures failed.`,
  );

  console.log(
    `\n2. The engine with HookStage (runEngine over the file streamed from disk, a sink that gzips and drops chunks), a fresh process each after a ` +
      `${int(WARMUP_ROWS)}-row warm-up run, best of ${args.sweepRuns} (the settings in turn)\n`,
  );
  h.table(
    ['calls in flight', 'seconds (best)', 'runs', 'added s', 'rows/s', 'calls', 'mean call ms', 'peak RSS MB', 'peak heap MB', 'status'],
    a.sweep.map((s) => [s.inFlight === null ? 'no hook' : `${s.inFlight}${s.inFlight === 4 ? ' (HOOK_CALLS_IN_FLIGHT)' : ''}`, s.seconds.toFixed(2), s.runsSeconds.join(', '),
      s.addedSeconds.toFixed(2), int(s.rowsPerSecond), s.calls, s.meanCallMs ?? '', s.maxRssMb.toFixed(1), s.peakHeapMb.toFixed(1), s.status]),
  );
  console.log('   "mean call ms" is the service\'s own latency per call: it includes the time the answer waits for the engine to yield the event loop.');
  console.log('\n   Memory: two sizes, no hook and 4 in flight, a fresh process each; live heap = the largest heap left after a full GC (every 250 ms)\n');
  h.table(
    ['rows', 'RSS no hook', 'RSS hook', 'hook extra RSS', 'live heap no hook', 'live heap hook', 'hook extra live heap'],
    a.memory.map((x) => [int(x.rows), x.noHookRssMb.toFixed(1), x.hookRssMb.toFixed(1), x.hookExtraRssMb.toFixed(1), x.noHookHeapMb.toFixed(1), x.hookHeapMb.toFixed(1), x.hookExtraHeapMb.toFixed(1)]),
  );
  console.log(
    `   The hook's extra live heap grows by ${a.memoryGrowthMb} MB (its extra peak RSS by ${a.memoryRssGrowthMb} MB) from ${int(a.memory[0].rows)} to ` +
      `${int(a.memory[a.memory.length - 1].rows)} rows. Peak heap without GC (the table above) grows with the run's length: garbage of the ` +
      'request and answer bodies not yet collected, not rows held.',
  );

  console.log(`\n3. Correction step: PATCH of one cell of one row in error (embed API over HTTP, the local gateway), ${int(c.rows)}-row reviewed imports, interleaved\n`);
  const patchRow = (name: string, x: typeof c.withHook) => [name, x.n, x.p50, x.p95, x.max, x.mean, x.ddbCalls, x.roundTrips, x.sdkMs, h.callList(x.commands)];
  h.table(
    ['import', 'PATCHes', 'p50 ms', 'p95 ms', 'max ms', 'mean ms', 'DDB calls', 'round trips', 'SDK ms', 'calls per PATCH'],
    [patchRow(`hook answering in ${c.hookDelayMs} ms`, c.withHook), patchRow('no hook', c.withoutHook)],
  );
  console.log(`   The hook's calls during the PATCHes: ${c.hookCalls}, ${c.hookMeanLatencyMs} ms mean latency as the service measured it.`);

  console.log(`\n4. $ per million rows sent to a hook: the ${int(args.rows)}-row imports of 1. priced by the shared model (importCost), hook minus no hook, x ${round(1e6 / args.rows, 2)}\n`);
  const k = a.cost.components;
  const perImport = (value: number) => money(value / (1e6 / args.rows), 7);
  h.table(
    ['component', 'how', 'per import', '$/M rows'],
    [
      ['Lambda waiting on the hook', `${a.addedSeconds.toFixed(2)} s added x ${round(GB, 3)} GB x $${PRICES.lambdaArm64PerGbSecond}/GB-s`, perImport(k.lambdaWait), money(k.lambdaWait)],
      ['hook call log (DynamoDB)', `${hook.hookLog.items} items in ${hook.hookLog.calls} BatchWrites, ${hook.hookLog.wcu} WCU (meter) x $${PRICES.dynamoWruPerMillion}/M`, perImport(k.hookCallLog), money(k.hookCallLog)],
      ['other DynamoDB', `RCU ${none.figures.rcu} -> ${hook.figures.rcu}, WCU ${none.figures.wcu} -> ${hook.figures.wcu} less the call log`, perImport(k.otherDynamodb), money(k.otherDynamodb)],
      ['S3 (requests, storage)', `PUT ${none.figures.s3Puts} -> ${hook.figures.s3Puts}, stored ${round(none.figures.s3PutBytes / h.MB, 2)} -> ${round(hook.figures.s3PutBytes / h.MB, 2)} MB`, perImport(k.s3), money(k.s3)],
      ['SQS', `${none.figures.sqsRequests} -> ${hook.figures.sqsRequests} requests`, perImport(k.sqs), money(k.sqs)],
      ['logs (output, metrics records)', `${none.figures.logBytes} -> ${hook.figures.logBytes} B`, perImport(k.logs), money(k.logs)],
      ['total', '', perImport(a.cost.perMillionRows), money(a.cost.perMillionRows)],
    ],
    { alignLeft: 2 },
  );
  if (a.cost.model) {
    console.log(
      `   The usage page's model (hookCost: the calls' latencies added up, ${round(hook.hook!.ms / 1000, 2)} s, 1 WCU per attempt): ${money(a.cost.model.perMillionRows ?? 0)} per million rows ` +
        `(Lambda ${money(a.cost.model.lambdaWait * (1e6 / args.rows))}, call log ${money(a.cost.model.callLog * (1e6 / args.rows))}).`,
    );
  }
  const notes: string[] = [];
  for (const run of [...m.runs.hook, ...m.runs.none]) if (run.status !== 'COMPLETED') notes.push(`An import ended ${run.status} (${run.failure}).`);
  for (const run of m.runs.hook) {
    if (run.hook?.status !== 'ok') notes.push(`A hooked import's hook summary is ${run.hook?.status}: ${run.hook?.reason}`);
    if (run.hookLog.unreported) notes.push(`${run.hookLog.unreported} call-log BatchWrites returned no ConsumedCapacity (not priced).`);
  }
  const gets = (run: ImportRun) => run.calls.dynamo.GetItem ?? 0;
  if (gets(hook) - gets(none) >= (hook.hook?.calls ?? 0)) {
    notes.push(
      `The hooked import made ${gets(hook) - gets(none)} more GetItem calls than the plain one (${hook.hook?.calls} hook calls): ` +
        'the organization (its signing secrets) should be read once per import, not per call (priced under "other DynamoDB").',
    );
  }
  if (m.hookServer.all.unverified) notes.push(`${m.hookServer.all.unverified} hook requests failed their signature check.`);
  notes.push(
    'Local: the processor, the emulator and the gateway share this process and two cores with DynamoDB Local and the hook; the hook is ' +
      'loopback (no TLS, no network). Deployed, a hook over the internet adds its round trips to each call; 4 in flight hide ~4 calls per batch read.',
  );
  h.printNotes(notes);
}

// ---- Entry ----

if (args.child === 'hook') await hookChild();
else if (args.child === 'engine') await engineChild(JSON.parse(args.task) as EngineTask);
else {
  const started = performance.now();
  const measured = await h.withTempDir('bench-hooks-files', bench);
  const analysis = analyse(measured);
  print(measured, analysis);
  h.writeResults('validation-hooks', {
    generatedAt: new Date().toISOString(),
    machine: h.machine(),
    settings: { ...args, child: undefined, task: undefined, processorMemoryMb: IMPORT_PROCESSOR_MEMORY_MB },
    targets: TARGETS,
    loadAverage: [round(measured.loadAtStart, 2), round(measured.loadAtEnd, 2)],
    ...analysis,
    imports: measured.runs,
    corrections: measured.corrections,
    hookServer: measured.hookServer,
    seconds: round((performance.now() - started) / 1000, 1),
  });
  process.exit(0);
}

// One measurement of the engine benchmark, run by bench/engine.ts in a fresh Node process (so each
// measurement starts from the same cold heap and its peak RSS is its own):
//   tsx bench/engine-worker.ts '<task as JSON>'
// prints one line of JSON on stdout. Nothing here touches AWS or the local stack.
import { createReadStream, readFileSync } from 'node:fs';
import * as v from 'valibot';
import { normalizeColumns } from '../shared/domain/templates';
import { CreateTemplateSchema } from '../shared/domain/template-input';
import { DEFAULT_LIMITS } from '../shared/engine/limits';
import { runEngine, type EngineSettings, type ErrorRow, type RowSink } from '../shared/engine/engine';
import { readDelimited } from '../shared/engine/readers/csv';
import { openXlsx } from '../shared/engine/readers/xlsx';
import { compileColumn, Invalid, loadPatterns } from '../shared/engine/columns';
import { planColumns } from '../shared/engine/mapping';
import { ChunkAssembler, encodeChunk } from '../shared/data/row-chunk-format';
import type { RowSource } from '../shared/engine/types';
import { CONTACTS_TEMPLATE } from './engine-fixtures';

export type Format = 'csv' | 'xlsx';

export type WorkerTask =
  /** Warm-up runs, then timed runs, of the engine path or of the reader alone, on an input read into memory (CSV) or from the page cache (XLSX). */
  | { kind: 'throughput'; format: Format; mode: 'engine' | 'raw'; path: string; runs: number; warmup: number }
  /** One engine run streaming the file from disk, then the process's peak RSS. */
  | { kind: 'rss'; format: Format; path: string }
  /** The process's peak RSS with the modules loaded and nothing run. */
  | { kind: 'baseline' }
  /** CSV: the engine's work split into stages, replayed outside runEngine on rows parsed beforehand. */
  | { kind: 'stages'; path: string; runs: number };

/** Bytes per read, as an S3 GetObject body or a file stream delivers them. */
const READ_CHUNK_BYTES = 64 * 1024;

const columns = normalizeColumns(v.parse(CreateTemplateSchema, CONTACTS_TEMPLATE).columns);
const { skipHeaderRows, allowPartialImport } = CONTACTS_TEMPLATE;
const settings: EngineSettings = { columns, allowExtraColumns: false, skipHeaderRows, allowPartialImport, mapping: null };
const limits = DEFAULT_LIMITS;

/**
 * The processor's sink without S3: like ChunkWriter it cuts chunks with ChunkAssembler and gzips each
 * (encodeChunk, in libuv's threads as in the processor); the body is then counted instead of uploaded.
 * Error rows are serialized as process-upload.ts does.
 */
class MemorySink implements RowSink {
  chunks = 0;
  bytes = 0;
  private readonly valid = new ChunkAssembler();
  private readonly errors = new ChunkAssembler();

  validRow(json: string): void { this.valid.add(json); }
  errorRow(row: ErrorRow): void { this.errors.add(JSON.stringify(row)); }
  drain = () => this.store([this.valid.takeFull(), this.errors.takeFull()]);
  close = async () => this.store([this.valid.takeFull(), this.errors.takeFull(), this.valid.takeRest(), this.errors.takeRest()]);

  private async store(bodies: (string[] | undefined)[]): Promise<void> {
    for (const lines of bodies) {
      if (!lines) continue;
      this.bytes += (await encodeChunk(lines)).byteLength;
      this.chunks++;
    }
  }
}

const memoryChunks = (bytes: Buffer) =>
  async function* (): AsyncIterable<Uint8Array> {
    for (let offset = 0; offset < bytes.length; offset += READ_CHUNK_BYTES) yield bytes.subarray(offset, offset + READ_CHUNK_BYTES);
  };
const fileChunks = (path: string) => (): AsyncIterable<Uint8Array> => createReadStream(path, { highWaterMark: READ_CHUNK_BYTES });

async function openSource(format: Format, input: { bytes?: Buffer; path: string }): Promise<RowSource> {
  if (format === 'xlsx') return openXlsx(input.path, { limits });
  return readDelimited(input.bytes ? memoryChunks(input.bytes) : fileChunks(input.path), { limits });
}

export type EngineRun = Awaited<ReturnType<typeof engineRun>>;
export type RawRun = Awaited<ReturnType<typeof rawRun>>;

/** The source opened, and when: openXlsx reads the workbook, styles and shared strings before the first row. */
async function open(format: Format, input: { bytes?: Buffer; path: string }) {
  const start = performance.now();
  const source = await openSource(format, input);
  return { start, source, openMs: performance.now() - start };
}

async function engineRun(format: Format, input: { bytes?: Buffer; path: string }) {
  const { start, source, openMs } = await open(format, input);
  const sink = new MemorySink();
  const result = await runEngine(source, settings, limits, sink);
  await sink.close();
  const ms = performance.now() - start;
  const { totalRows, validRows, errorRows, skippedRows, failure } = result;
  const rows = totalRows + skippedRows + settings.skipHeaderRows;
  return { ms, openMs, rows, counts: { totalRows, validRows, errorRows, skippedRows }, failure, chunks: sink.chunks, storedBytes: sink.bytes };
}

async function rawRun(format: Format, input: { bytes?: Buffer; path: string }) {
  const { start, source, openMs } = await open(format, input);
  let rows = 0;
  let cells = 0;
  for await (const batch of source.batches) {
    rows += batch.length;
    for (const row of batch) cells += row.length;
  }
  return { ms: performance.now() - start, openMs, rows, cells };
}

async function throughput(task: Extract<WorkerTask, { kind: 'throughput' }>) {
  const input = { path: task.path, bytes: task.format === 'csv' ? readFileSync(task.path) : undefined };
  const run = () => (task.mode === 'engine' ? engineRun(task.format, input) : rawRun(task.format, input));
  for (let i = 0; i < task.warmup; i++) await run();
  const runs = [];
  for (let i = 0; i < task.runs; i++) runs.push(await run());
  return { runs, maxRssKb: process.resourceUsage().maxRSS };
}

async function rss(task: Extract<WorkerTask, { kind: 'rss' }>) {
  const result = await engineRun(task.format, { path: task.path });
  const { heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  return { ...result, maxRssKb: process.resourceUsage().maxRSS, atEnd: { heapUsed, heapTotal, external, arrayBuffers } };
}

/**
 * The engine's loop (engine.ts processRow) replayed in stages on rows parsed beforehand, to see where
 * the time goes: reading, typing and rules per column, JSON.stringify of the valid rows, chunk bodies.
 * An approximation: runEngine interleaves the stages per row and its JIT state differs.
 */
async function stages(task: Extract<WorkerTask, { kind: 'stages' }>) {
  await loadPatterns(columns);
  const bytes = readFileSync(task.path);
  const best: Record<string, number> = {};
  const note = (name: string, ms: number) => (best[name] = Math.min(best[name] ?? Infinity, ms));
  const perColumn: Record<string, number> = {};
  let dataRows = 0;
  let validRows = 0;
  for (let run = 0; run < task.runs + 1; run++) {
    const warm = run > 0;
    let start = performance.now();
    const all: (string | number | boolean | null)[][] = [];
    for await (const batch of readDelimited(memoryChunks(bytes), { limits }).batches) for (const row of batch) all.push(row);
    if (warm) note('read (readDelimited)', performance.now() - start);
    const [header, ...rows] = all;
    dataRows = rows.length;
    const plan = planColumns(columns, header, header.length, { explicit: null, allowExtraColumns: false });

    // Per column: every cell of the column through its compiled check (type, rules, unique).
    for (let c = 0; c < columns.length; c++) {
      const check = compileColumn(columns[c]).check;
      const source = plan.sourceOf[c];
      start = performance.now();
      for (const row of rows) check(row[source] ?? null);
      if (warm) perColumn[columns[c].key] = Math.min(perColumn[columns[c].key] ?? Infinity, performance.now() - start);
    }

    // Typing and rules as the engine runs them: row by row, into one values array per row.
    const compiled = columns.map((column) => compileColumn(column));
    const typed: unknown[][] = [];
    start = performance.now();
    for (const row of rows) {
      const values: unknown[] = new Array(compiled.length);
      let invalid = false;
      for (let i = 0; i < compiled.length; i++) {
        const outcome = compiled[i].check(row[plan.sourceOf[i]] ?? null);
        if (outcome instanceof Invalid) invalid = true;
        else values[i] = outcome;
      }
      if (!invalid) typed.push(values);
    }
    if (warm) note('type + rules (all columns, row by row)', performance.now() - start);
    validRows = typed.length;

    start = performance.now();
    const lines = typed.map((values) => JSON.stringify(values));
    if (warm) note('JSON.stringify (valid rows)', performance.now() - start);

    start = performance.now();
    const chunks = new ChunkAssembler();
    let storedBytes = 0;
    for (const line of lines) {
      chunks.add(line);
      const full = chunks.takeFull();
      if (full) storedBytes += (await encodeChunk(full)).byteLength;
    }
    const rest = chunks.takeRest();
    if (rest) storedBytes += (await encodeChunk(rest)).byteLength;
    if (warm) note('chunk bodies (join + gzip)', performance.now() - start);
    if (storedBytes === 0) throw new Error('no rows stored');
  }
  return { stagesMs: best, perColumnMs: perColumn, dataRows, validRows };
}

const task = JSON.parse(process.argv[2] ?? '') as WorkerTask;
const output =
  task.kind === 'throughput' ? await throughput(task)
  : task.kind === 'rss' ? await rss(task)
  : task.kind === 'stages' ? await stages(task)
  : { maxRssKb: process.resourceUsage().maxRSS };
process.stdout.write(`${JSON.stringify(output)}\n`);

// Legacy Excel 97-2003 (.xls, BIFF) reader. SheetJS parses the whole workbook in memory, so it runs
// in a worker thread with its own heap limit and a time budget (xls-worker.ts explains the worker's
// shape); a hostile file ends that worker, never this process. Rows come back one batch per request,
// so this side holds one batch at a time.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { BATCH_ROWS } from '../limits';
import { FileProblem, type EngineLimits, type RawRow, type RowSource } from '../types';
import { excelSerialToIsoDate, isDateFormatCode } from './dates';
import { isShownFormat, shownNumber } from './number-formats';
import { cellTooLong, sheetNotFound, sniffFile, tooManyColumns, tooManyRows, unreadable } from './problems';
import { NEXT_BATCH, XLS_WORKER_SOURCE, type XlsReply, type XlsRequest, type XlsWorkerData } from './xls-worker';
import type { SpreadsheetOptions } from './xlsx';

export async function openXls(path: string, options: SpreadsheetOptions): Promise<RowSource> {
  const sheetIndex = options.sheetIndex ?? 0;
  const { worker, ready } = await startWorker(path, options, sheetIndex);
  return {
    sheet: { sheetName: ready.sheetName, sheetIndex, totalSheets: ready.totalSheets },
    batches: readRows(worker, ready.date1904, options.limits),
  };
}

type Ready = Extract<XlsReply, { type: 'ready' }>;

async function startWorker(
  path: string,
  options: Omit<SpreadsheetOptions, 'sheetIndex'> & { headRows?: number },
  sheetIndex: number,
): Promise<{ worker: XlsWorker; ready: Ready }> {
  const { limits } = options;
  const kind = await sniffFile(path);
  if (kind !== 'cfb' && kind !== 'biff') throw notXls(kind);

  const worker = new XlsWorker(
    {
      modulePath: sheetJsPath(),
      path,
      sheetIndex,
      maxRows: limits.maxRows,
      maxColumns: limits.maxColumns,
      maxCellChars: limits.maxCellChars,
      batchRows: options.batchRows ?? BATCH_ROWS,
      headRows: options.headRows,
    },
    limits,
  );
  try {
    const ready = await worker.reply();
    if (ready.type !== 'ready') throw problemOf(ready, limits);
    return { worker, ready };
  } catch (error) {
    worker.stop();
    throw error;
  }
}

/** The sheets of one legacy workbook, parsed once, for reading several of them (the mapping preview). */
export interface XlsWorkbook {
  totalSheets: number;
  /**
   * Sheet `sheetIndex`, read as openXls with that sheetIndex reads it. One sheet at a time: open the
   * next one once the previous one's batches have ended or been left.
   */
  open(sheetIndex: number): Promise<RowSource>;
  /** Ends the worker (always call it). */
  close(): void;
}

/**
 * Parses the workbook once in one worker (the same limits: heap, and time counted across every
 * sheet read). `headRows`: only that many rows of every sheet are kept, so a preview of the heads of
 * many sheets costs one parse and little memory.
 */
export async function openXlsWorkbook(
  path: string,
  options: Omit<SpreadsheetOptions, 'sheetIndex'> & { headRows?: number },
): Promise<XlsWorkbook> {
  const { limits } = options;
  const { worker, ready } = await startWorker(path, options, 0);
  let current: Ready | undefined = ready;
  return {
    totalSheets: ready.totalSheets,
    async open(sheetIndex) {
      // The first sheet was selected when the worker started.
      if (sheetIndex !== 0 || !current) {
        worker.ask({ sheetIndex });
        const reply = await worker.reply();
        if (reply.type !== 'ready') throw problemOf(reply, limits);
        current = reply;
      }
      const selected = current;
      current = undefined;
      return {
        sheet: { sheetName: selected.sheetName, sheetIndex, totalSheets: selected.totalSheets },
        batches: readRows(worker, selected.date1904, limits, { keepWorker: true }),
      };
    },
    close: () => worker.stop(),
  };
}

async function* readRows(
  worker: XlsWorker,
  date1904: boolean,
  limits: EngineLimits,
  options: { keepWorker?: boolean } = {},
): AsyncGenerator<RawRow[]> {
  // What each format code does to a number, decided once per code: a date, a text shown, or nothing.
  const formatKinds = new Map<string, 'date' | 'shown' | 'plain'>();
  try {
    for (;;) {
      worker.ask();
      const reply = await worker.reply();
      if (reply.type !== 'batch') throw problemOf(reply, limits);
      for (const [row, column, format] of reply.formatted) {
        let kind = formatKinds.get(format);
        if (kind === undefined) formatKinds.set(format, (kind = formatKind(format)));
        const serial = reply.rows[row][column] as number;
        if (kind === 'date') reply.rows[row][column] = excelSerialToIsoDate(serial, date1904) ?? serial;
        else if (kind === 'shown') reply.rows[row][column] = shownNumber(serial, format);
      }
      if (reply.rows.length > 0) yield reply.rows;
      if (reply.done) return;
    }
  } finally {
    if (!options.keepWorker) worker.stop();
  }
}

/** Dates first, as in the XLSX reader: a date format never shows a number. */
function formatKind(format: string): 'date' | 'shown' | 'plain' {
  if (isDateFormatCode(format)) return 'date';
  return isShownFormat(format) ? 'shown' : 'plain';
}

/**
 * The SheetJS entry the worker loads, resolved here because an eval'd worker has no module location.
 * jest runs this file as CommonJS (a real `require`); tsx runs it as ESM and the Lambda bundle is ESM
 * (its banner defines `require` through createRequire), so createRequire(import.meta.url) covers the rest.
 */
function sheetJsPath(): string {
  const resolve = typeof require === 'function' ? require.resolve : createRequire(import.meta.url).resolve;
  return resolve('@e965/xlsx');
}

// Below ~3 MB V8 cannot even deserialize a new isolate and aborts the whole process (measured on
// Node 24), so smaller limits are raised to this floor; SheetJS alone needs ~20 MB, so a limit at the
// floor fails cleanly as "needs more memory".
const MIN_HEAP_MB = 8;

/**
 * One worker and its request/reply exchange. The time limit counts only the time spent waiting for
 * the worker (parsing, then producing batches), not the time the engine spends on the rows between
 * requests; a source that is opened and then abandoned is reaped after the same time of silence.
 */
class XlsWorker {
  private readonly worker: Worker;
  private remainingMs: number;
  private waiter: { resolve(reply: XlsReply): void; reject(error: Error): void } | null = null;
  private failure: Error | null = null;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(data: XlsWorkerData, private readonly limits: EngineLimits) {
    this.remainingMs = limits.xlsTimeoutMs;
    this.worker = new Worker(XLS_WORKER_SOURCE, {
      eval: true,
      workerData: data,
      // The file's bytes live outside the V8 heap and are bounded by maxFileBytes; the parsed workbook
      // (cell objects, strings) is what grows, and that is the old generation.
      resourceLimits: { maxOldGenerationSizeMb: Math.max(limits.xlsMaxMemoryMb, MIN_HEAP_MB) },
    });
    // The worker alone must not keep the process alive: while a reply is awaited a timer does.
    this.worker.unref();
    this.worker.on('message', (reply: XlsReply) => this.settle(reply));
    this.worker.on('error', (error: Error & { code?: string }) => {
      this.fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooMuchMemory(limits) : error);
    });
    this.worker.on('exit', (code) => this.fail(new Error(`The XLS worker exited unexpectedly (code ${code}).`)));
  }

  ask(request: XlsRequest = NEXT_BATCH): void {
    if (!this.failure) this.worker.postMessage(request);
  }

  reply(): Promise<XlsReply> {
    clearTimeout(this.idleTimer);
    if (this.failure) return Promise.reject(this.failure);
    const started = Date.now();
    return new Promise<XlsReply>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(tooSlow(this.limits)), this.remainingMs);
      const done = () => {
        clearTimeout(timer);
        this.remainingMs -= Date.now() - started;
        this.waiter = null;
        const abandoned = () => this.fail(new Error('The XLS source was abandoned unread.'));
        this.idleTimer = setTimeout(abandoned, this.limits.xlsTimeoutMs).unref();
      };
      this.waiter = {
        resolve: (reply) => (done(), resolve(reply)),
        reject: (error) => (done(), reject(error)),
      };
    });
  }

  stop(): void {
    clearTimeout(this.idleTimer);
    this.failure ??= new Error('The XLS source was closed.');
    void this.worker.terminate();
  }

  private settle(reply: XlsReply): void {
    this.waiter?.resolve(reply);
  }

  /** The first failure wins and ends the worker; it answers the pending and any later request. */
  private fail(error: Error): void {
    if (!this.failure) {
      this.failure = error;
      void this.worker.terminate();
    }
    this.waiter?.reject(this.failure);
  }
}

/** The FileProblem a worker reported; any other reply out of turn is a bug of ours. */
function problemOf(problem: XlsReply, limits: EngineLimits): Error {
  switch (problem.type) {
    case 'ready':
    case 'batch':
      return new Error(`The XLS worker sent "${problem.type}" out of turn.`);
    case 'unreadable':
      return unreadable(`The XLS file is damaged or is not an Excel 97-2003 workbook (${problem.message}).`);
    case 'sheetNotFound':
      return sheetNotFound(problem.sheetIndex, problem.totalSheets);
    case 'tooManyRows':
      return tooManyRows(limits);
    case 'tooManyColumns':
      return tooManyColumns(problem.row, problem.column, limits);
    case 'cellTooLong':
      return cellTooLong(problem.row, problem.column, limits);
  }
}

function tooMuchMemory(limits: EngineLimits): FileProblem {
  return new FileProblem(
    'DECOMPRESSED_TOO_LARGE',
    `The XLS file needs more memory than allowed (${limits.xlsMaxMemoryMb} MB) to be read. ` +
      'Save it as .xlsx and upload it again.',
  );
}

function tooSlow(limits: EngineLimits): FileProblem {
  const ms = limits.xlsTimeoutMs;
  const time = ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
  return unreadable(`The XLS file took longer than ${time} to read. Save it as .xlsx and upload it again.`);
}

function notXls(kind: 'empty' | 'zip' | 'other'): FileProblem {
  switch (kind) {
    case 'empty':
      return unreadable('The file is empty.');
    case 'zip':
      return unreadable('The file is not a legacy .xls workbook: it looks like an .xlsx file. Upload it as .xlsx.');
    case 'other':
      return unreadable('The file is not an Excel 97-2003 (.xls) workbook. Save it as .xlsx and upload it again.');
  }
}

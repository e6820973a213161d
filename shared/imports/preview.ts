// The head of an uploaded file, for the mapping review (imports started with `review: true`): each
// sheet's header row and first data rows, read by the engine's own readers exactly as an import reads
// them (decoding, delimiter detection, header rows, blank rows), but only as far as the preview needs.
//
// - CSV/TSV: ranged reads, never the whole object. The first PREVIEW_FIRST_RANGE_BYTES, then each
//   further range as large as what was read so far (the head read doubles), only while the reader
//   still needs bytes, up to PREVIEW_MAX_BYTES. A file longer than that is read as truncated: a row
//   the cut leaves incomplete is not a row (never half a row), and what is complete is the preview.
// - XLSX/XLS need the whole file (a zip's directory is at its end; BIFF is parsed whole), so it is
//   copied to a temporary directory (bounded by the file size limit, as the processor's copy) and
//   removed afterwards. XLSX: the workbook, styles and shared strings are read once, then the head of
//   each sheet is streamed and left as soon as it is read. XLS: one parse in the capped worker keeps
//   only the head rows of every sheet.
//
// Anything wrong with the file is the readers' FileProblem (its code is the import's error code), as
// for a full import; the preview does not read far enough to find every problem a full import finds.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { GetObjectCommandOutput } from '@aws-sdk/client-s3';
import { getObject } from '../aws/objects';
import { config } from '../config';
import type { FileType } from '../domain/imports';
import { cellText } from '../engine/columns';
import { lastHeaderCandidate } from '../engine/header-row';
import { readDelimited } from '../engine/readers/csv';
import { sheetNotFound } from '../engine/readers/problems';
import { FileProblem, type EngineLimits, type RawRow } from '../engine/types';
import { cutText, PREVIEW_HEAD_CELL_CHARS, PREVIEW_SAMPLE_ROWS, sheetView, type PreviewCell, type PreviewSheet } from './preview-view';

export { PREVIEW_CELL_CHARS, PREVIEW_HEAD_CELL_CHARS, PREVIEW_SAMPLE_ROWS, type PreviewCell, type PreviewSheet } from './preview-view';

/** Sheets previewed; a workbook with more lists its first PREVIEW_MAX_SHEETS (totalSheets says how many it has). */
export const PREVIEW_MAX_SHEETS = 50;
/**
 * Rows looked at after the header rows to find the sample. Blank rows are skipped, as the engine skips
 * them; a sheet whose first data rows come after more blank rows than this shows fewer of them.
 */
export const PREVIEW_SCAN_ROWS = 1000;
/** CSV/TSV: the first range read. */
export const PREVIEW_FIRST_RANGE_BYTES = 64 * 1024;
/** CSV/TSV: the most read from the head of the file (the decoder and delimiter detection look at 64 KiB). */
export const PREVIEW_MAX_BYTES = 1024 * 1024;

export interface FilePreview {
  /** CSV/TSV: one sheet. Workbooks: every sheet in tab order, at most PREVIEW_MAX_SHEETS. */
  sheets: PreviewSheet[];
  /** Sheets in the file (1 for CSV/TSV), so a preview cut at PREVIEW_MAX_SHEETS says so. */
  totalSheets: number;
}

export interface PreviewOptions {
  /** The template's skipHeaderRows: 0 = no header row, N = the N-th row names the columns. */
  skipHeaderRows: number;
  limits: EngineLimits;
}

/**
 * The head of the uploaded object at `key` in the bucket (config().bucketName): for CSV/TSV the header
 * row(s) and the first data rows; for XLSX/XLS each sheet's header row and first data rows.
 * Throws FileProblem for a file that cannot be read as `fileType`.
 */
export async function readFilePreview(key: string, fileType: FileType, options: PreviewOptions): Promise<FilePreview> {
  if (fileType === 'csv' || fileType === 'tsv') return previewDelimited(key, fileType, options);
  return previewSpreadsheet(key, fileType, options);
}


/**
 * Reads rows until every candidate header row and PREVIEW_SAMPLE_ROWS non-blank rows after the last of
 * them are in, then leaves the rest unread (the source closes). Blank rows after the candidates count
 * against PREVIEW_SCAN_ROWS, as the samples under a header are looked for that far.
 */
async function headOf(batches: AsyncIterable<RawRow[]>, skipHeaderRows: number): Promise<PreviewCell[][]> {
  const rows: PreviewCell[][] = [];
  const lastCandidate = lastHeaderCandidate(skipHeaderRows);
  let samples = 0;
  for await (const batch of batches) {
    for (const row of batch) {
      if (rows.length === lastCandidate + PREVIEW_SCAN_ROWS) return rows;
      // Blank as the engine's isEmptyRow: every cell null or whitespace.
      const blank = row.every((cell) => cellText(cell) === '');
      rows.push(blank ? [] : row.map((cell) => cutText(cell, PREVIEW_HEAD_CELL_CHARS)));
      if (rows.length > lastCandidate && !blank && ++samples === PREVIEW_SAMPLE_ROWS) return rows;
    }
  }
  return rows;
}

function sheetOf(index: number, name: string | null, headRows: PreviewCell[][], skipHeaderRows: number): PreviewSheet {
  return { index, name, ...sheetView(headRows, skipHeaderRows), headRows };
}

// ---------------------------------------------------------------------------------------------------
// CSV / TSV

interface Range {
  body: Readable;
  /** The object's size. */
  size: number;
  etag: string | undefined;
}

function tooLarge(limits: EngineLimits): FileProblem {
  return new FileProblem('FILE_TOO_LARGE', `The file is larger than ${limits.maxFileBytes} bytes`);
}

/** Bytes [start, start + length) of the object; undefined for an empty object (no range of it exists). */
async function getRange(key: string, start: number, length: number, etag?: string): Promise<Range | undefined> {
  let response: GetObjectCommandOutput;
  try {
    response = await getObject({
      Bucket: config().bucketName,
      Key: key,
      Range: `bytes=${start}-${start + length - 1}`,
      // Later ranges must come from the object the first one came from.
      IfMatch: etag,
    });
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (start === 0 && (status === 416 || (error as Error).name === 'InvalidRange')) return undefined;
    throw error;
  }
  // "bytes 0-65535/5242880"; a server that ignores Range answers the whole object (200, no Content-Range).
  const total = /\/(\d+)$/.exec(response.ContentRange ?? '')?.[1];
  return { body: response.Body as Readable, size: total === undefined ? Number(response.ContentLength) : Number(total), etag: response.ETag };
}

async function previewDelimited(key: string, fileType: 'csv' | 'tsv', { skipHeaderRows, limits }: PreviewOptions): Promise<FilePreview> {
  const first = await getRange(key, 0, PREVIEW_FIRST_RANGE_BYTES);
  if (!first) return { sheets: [sheetOf(0, null, [], skipHeaderRows)], totalSheets: 1 };
  if (first.size > limits.maxFileBytes) {
    first.body.destroy();
    throw tooLarge(limits);
  }
  const end = Math.min(first.size, PREVIEW_MAX_BYTES);

  // The head of the object, fetched range by range as the reader asks for bytes: a reader that has its
  // rows stops asking (leaving the loop closes the body being read, and no further range is fetched).
  async function* head(): AsyncGenerator<Uint8Array> {
    let offset = 0;
    let range: Range | undefined = first;
    try {
      while (range) {
        for await (const chunk of range.body as AsyncIterable<Uint8Array>) {
          const room = end - offset;
          const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
          offset += kept.length;
          yield kept;
          if (offset >= end) return;
        }
        // Each range as large as the head read so far: the head read doubles.
        const length = Math.min(Math.max(offset, PREVIEW_FIRST_RANGE_BYTES), end - offset);
        range = offset < end ? await getRange(key, offset, length, first!.etag) : undefined;
      }
    } finally {
      range?.body.destroy();
    }
  }

  let started = false;
  const source = readDelimited(
    () => {
      started = true;
      return head();
    },
    {
      limits,
      delimiter: fileType === 'tsv' ? '\t' : undefined,
      // Rows one by one, so reading stops at the last row needed.
      batchRows: 1,
      truncated: end < first.size,
    },
  );
  try {
    const rows = await headOf(source.batches, skipHeaderRows);
    return { sheets: [sheetOf(0, null, rows, skipHeaderRows)], totalSheets: 1 };
  } finally {
    if (!started) first.body.destroy();
  }
}

// ---------------------------------------------------------------------------------------------------
// XLSX / XLS

async function previewSpreadsheet(key: string, fileType: 'xlsx' | 'xls', options: PreviewOptions): Promise<FilePreview> {
  const directory = await mkdtemp(join(tmpdir(), 'preview-'));
  try {
    const path = join(directory, `upload.${fileType}`);
    await copyObject(key, path, options.limits);
    return fileType === 'xlsx' ? await previewXlsx(path, options) : await previewXls(path, options);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The whole object to `path`, refused beyond the file size limit (before or while copying). */
async function copyObject(key: string, path: string, limits: EngineLimits): Promise<void> {
  const { Body, ContentLength } = await getObject({ Bucket: config().bucketName, Key: key });
  const body = Body as Readable;
  if (Number(ContentLength) > limits.maxFileBytes) {
    body.destroy();
    throw tooLarge(limits);
  }
  let copied = 0;
  await pipeline(
    body,
    async function* bounded(chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        copied += chunk.length;
        if (copied > limits.maxFileBytes) throw tooLarge(limits);
        yield chunk;
      }
    },
    createWriteStream(path),
  );
}

async function previewXlsx(path: string, { skipHeaderRows, limits }: PreviewOptions): Promise<FilePreview> {
  // Rows one by one, so each sheet is left at the last row needed.
  // Loaded by the first workbook, as in file-source.ts.
  const { openXlsxWorkbook } = await import('../engine/readers/xlsx');
  const workbook = await openXlsxWorkbook(path, { limits, batchRows: 1 });
  const totalSheets = workbook.sheets.length;
  // A workbook without sheets cannot be imported (the import would fail the same way).
  if (totalSheets === 0) throw sheetNotFound(0, 0);
  const sheets: PreviewSheet[] = [];
  for (const info of workbook.sheets.slice(0, PREVIEW_MAX_SHEETS)) {
    const head = await headOf(workbook.open(info.sheetIndex).batches, skipHeaderRows);
    sheets.push(sheetOf(info.sheetIndex, info.sheetName, head, skipHeaderRows));
  }
  return { sheets, totalSheets };
}

async function previewXls(path: string, { skipHeaderRows, limits }: PreviewOptions): Promise<FilePreview> {
  // SheetJS parses the whole workbook, but keeps only these rows of each sheet: one batch per sheet.
  const headRows = lastHeaderCandidate(skipHeaderRows) + PREVIEW_SCAN_ROWS;
  const { openXlsWorkbook } = await import('../engine/readers/xls');
  const workbook = await openXlsWorkbook(path, { limits, headRows, batchRows: headRows });
  try {
    const sheets: PreviewSheet[] = [];
    for (let index = 0; index < Math.min(workbook.totalSheets, PREVIEW_MAX_SHEETS); index++) {
      const source = await workbook.open(index);
      const head = await headOf(source.batches, skipHeaderRows);
      sheets.push(sheetOf(index, source.sheet?.sheetName ?? null, head, skipHeaderRows));
    }
    return { sheets, totalSheets: workbook.totalSheets };
  } finally {
    workbook.close();
  }
}

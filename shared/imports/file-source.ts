// Opens an uploaded file as a RowSource: CSV/TSV stream straight from the bucket; spreadsheets need
// random access (the zip directory is at the end), so they are copied to local disk first (Lambda's
// /tmp), bounded by the file size limit, and removed when done.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { getObject } from '../aws/objects';
import { config } from '../config';
import type { FileType } from '../domain/imports';
import type { EngineLimits, RawRow, RowSource } from '../engine/types';
import { readDelimited } from '../engine/readers/csv';

export interface OpenedFile {
  source: RowSource;
  /** The same rows once more, from the first (engine/column-formats.ts: a column decided by the whole file). */
  reread(): Promise<AsyncIterable<RawRow[]>>;
  /** Removes whatever was copied to disk. */
  close(): Promise<void>;
}

async function objectStream(key: string): Promise<Readable> {
  const { Body } = await getObject({ Bucket: config().bucketName, Key: key });
  return Body as Readable;
}

export async function openUploadedFile(
  key: string,
  fileType: FileType,
  options: { sheetIndex: number | null; limits: EngineLimits },
): Promise<OpenedFile> {
  if (fileType === 'csv' || fileType === 'tsv') {
    const read = () =>
      readDelimited(() => streamOfChunks(key), {
        limits: options.limits,
        delimiter: fileType === 'tsv' ? '\t' : undefined,
      });
    return { source: read(), reread: async () => read().batches, close: async () => undefined };
  }
  const directory = await mkdtemp(join(tmpdir(), 'import-'));
  const close = () => rm(directory, { recursive: true, force: true });
  try {
    const path = join(directory, `upload.${fileType}`);
    await pipeline(await objectStream(key), createWriteStream(path));
    // The spreadsheet readers (and numfmt, saxes, yauzl) are chunks loaded by the first workbook: CSV imports never compile them.
    const reader = fileType === 'xlsx' ? (await import('../engine/readers/xlsx')).openXlsx : (await import('../engine/readers/xls')).openXls;
    const open = () => reader(path, { sheetIndex: options.sheetIndex ?? 0, limits: options.limits });
    return { source: await open(), reread: async () => (await open()).batches, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function* streamOfChunks(key: string): AsyncIterable<Uint8Array> {
  yield* await objectStream(key);
}

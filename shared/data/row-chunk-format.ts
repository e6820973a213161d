// How stored rows are cut into chunks and encoded (objects.ts layout), without any I/O: the processor's
// ChunkWriter uploads what this cuts, and the engine benchmark counts the same bytes.
//
// A chunk is cut by size, not by row count: S3 bills a PUT per object and storage per byte, so few
// large gzip objects cost a fraction of many small plain ones (a 1M-row import: 1,000 PUTs of 110 KB
// became ~30 of 1 MB). Each chunk holds at least ROWS_PAGE_MAX rows, so a page of rows still spans at
// most two chunks; where each chunk starts is kept on the import's result (ChunkStarts in domain/imports.ts).
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { ROWS_PAGE_MAX } from '../domain/pagination';

/** A chunk is cut once it holds this much NDJSON (before compression; ROW_CHUNK_TARGET_BYTES) and at least CHUNK_MIN_ROWS rows. */
export const CHUNK_TARGET_BYTES = 4 * 1024 * 1024;
export const CHUNK_MIN_ROWS = ROWS_PAGE_MAX;
/**
 * zlib level 4: NDJSON of typed rows shrinks about 4.3x at ~100 MB/s, in libuv's threads beside the
 * engine. Level 6 saves another 8% of storage for twice the CPU; level 1 loses 15%.
 */
const GZIP_LEVEL = 4;

const gzipAsync = promisify(gzip);

/** The stored body of a chunk: its lines as NDJSON, gzip-compressed (stored with Content-Encoding: gzip). */
export function encodeChunk(lines: string[]): Promise<Buffer> {
  return gzipAsync(`${lines.join('\n')}\n`, { level: GZIP_LEVEL });
}

/** Gathers one kind's lines and hands out full chunks; remembers where each chunk starts. */
export class ChunkAssembler {
  readonly starts: number[] = [];
  private lines: string[] = [];
  private bytes = 0;
  private rows = 0;

  constructor(private readonly targetBytes = CHUNK_TARGET_BYTES) {}

  add(line: string): void {
    this.lines.push(line);
    // Length in UTF-16 units: equal to the byte count for ASCII, close enough to cut by otherwise.
    this.bytes += line.length + 1;
  }

  /** The lines of a full chunk, if one is gathered (called after each batch: a chunk ends on a batch boundary). */
  takeFull(): string[] | undefined {
    if (this.bytes < this.targetBytes || this.lines.length < CHUNK_MIN_ROWS) return undefined;
    return this.take();
  }

  /** The last, partial chunk, if any lines are left. */
  takeRest(): string[] | undefined {
    return this.lines.length > 0 ? this.take() : undefined;
  }

  private take(): string[] {
    const lines = this.lines;
    this.starts.push(this.rows);
    this.rows += lines.length;
    this.lines = [];
    this.bytes = 0;
    return lines;
  }
}

/**
 * The chunk holding row `offset` and the rows of it to skip: by the stored starts, or for imports
 * stored before chunks were cut by size (no starts), by LEGACY_ROWS_PER_CHUNK.
 */
export function locateRow(offset: number, starts: readonly number[] | undefined): { chunk: number; skip: number } {
  if (!starts) return { chunk: Math.floor(offset / LEGACY_ROWS_PER_CHUNK), skip: offset % LEGACY_ROWS_PER_CHUNK };
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return { chunk: low, skip: offset - (starts[low] ?? 0) };
}

/** Rows per chunk of imports stored before chunks were cut by size (plain NDJSON, no Content-Encoding). */
export const LEGACY_ROWS_PER_CHUNK = 1000;

// Stored rows of an import (objects.ts layout): gzip NDJSON chunks cut by size (row-chunk-format.ts),
// written once in file order by the processor and read page by page by the Imports API and the
// webhook payload. A page of at most ROWS_PAGE_MAX rows reads at most two objects, streamed line by
// line within a response budget.
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { isMissingObject } from '../aws/missing-object';
import { getObject, putObject } from '../aws/objects';
import { config } from '../config';
import { objectKeys, type RowKind } from './objects';
import { ChunkAssembler, encodeChunk, locateRow } from './row-chunk-format';
import { BoundedWrites } from './bounded-writes';
import { countMetric } from '../observability/observe';
import { METRIC } from '../observability/metrics';

/** Chunk uploads in flight at once: the engine goes on while chunks are compressed and uploaded. */
const UPLOADS_IN_FLIGHT = 2;

/**
 * Gathers lines and uploads each full chunk on drain(), up to UPLOADS_IN_FLIGHT at a time, while
 * the engine goes on; close() uploads the last, partial one and waits for all. Memory stays bounded:
 * at most UPLOADS_IN_FLIGHT chunks are held beyond the one being filled. `starts` says where each
 * chunk begins, for the import's result.
 */
export class ChunkWriter {
  private readonly chunks = new ChunkAssembler(config().rowChunkTargetBytes);
  private chunk = 0;
  private readonly uploads = new BoundedWrites(UPLOADS_IN_FLIGHT);

  constructor(
    private readonly organizationId: string,
    private readonly importId: string,
    private readonly kind: RowKind,
  ) {}

  get starts(): number[] {
    return this.chunks.starts;
  }

  add(line: string): void {
    this.chunks.add(line);
  }

  async drain(): Promise<void> {
    const full = this.chunks.takeFull();
    if (full) await this.start(full);
    this.uploads.check();
  }

  async close(): Promise<void> {
    await this.drain();
    const rest = this.chunks.takeRest();
    if (rest) await this.start(rest);
    await this.uploads.done();
  }

  /** Same import, same file, same chunk number, same content: a redelivered processor overwrites it harmlessly. */
  private async start(lines: string[]): Promise<void> {
    const Key = objectKeys.rowChunk(this.organizationId, this.importId, this.kind, this.chunk++);
    await this.uploads.add(async () => {
      countMetric(METRIC.chunksWritten);
      const Body = await encodeChunk(lines);
      await putObject({ Bucket: config().bucketName, Key, Body, ContentType: 'application/x-ndjson', ContentEncoding: 'gzip' });
    });
  }
}

/** The chunks were deleted by the retention lifecycle (or never written). */
export class RowsExpired extends Error {
  override name = 'RowsExpired';
}

/** The page would not fit in the response budget; `fits` rows of it would. */
export class PageTooLarge extends Error {
  override name = 'PageTooLarge';
  constructor(readonly fits: number) {
    super(`Page too large: ${fits} rows fit`);
  }
}

/**
 * Lines [offset, offset + limit) of the stored rows, parsed, within `budgetBytes` of JSON: past the
 * budget it throws PageTooLarge, or with `stopAtBudget` returns the rows that fit. `chunkStarts` are the
 * import's (its result's ChunkStarts for this kind); without them the chunks are the older 1,000-row ones.
 * `limit` must not reach past the stored rows: the chunks are read in order until it is met.
 */
export async function readRowLines(
  organizationId: string,
  importId: string,
  kind: RowKind,
  offset: number,
  limit: number,
  budgetBytes: number,
  stopAtBudget = false,
  chunkStarts?: readonly number[],
): Promise<unknown[]> {
  const rows: unknown[] = [];
  let bytes = 0;
  const first = locateRow(offset, chunkStarts);
  for (let chunk = first.chunk; rows.length < limit; chunk++) {
    let skip = chunk === first.chunk ? first.skip : 0;
    const body = await chunkBody(organizationId, importId, kind, chunk);
    const lines = createInterface({ input: body, crlfDelay: Infinity });
    try {
      for await (const line of lines) {
        if (line === '') continue;
        if (skip > 0) {
          skip--;
          continue;
        }
        bytes += Buffer.byteLength(line) + 1;
        if (bytes > budgetBytes) {
          if (stopAtBudget) return rows;
          throw new PageTooLarge(rows.length);
        }
        rows.push(JSON.parse(line));
        if (rows.length === limit) break;
      }
    } finally {
      lines.close();
      body.destroy();
    }
  }
  return rows;
}

async function chunkBody(organizationId: string, importId: string, kind: RowKind, chunk: number): Promise<Readable> {
  try {
    const { Body, ContentEncoding } = await getObject({ Bucket: config().bucketName, Key: objectKeys.rowChunk(organizationId, importId, kind, chunk) });
    // The SDK hands the stored bytes as they are: gzip chunks are inflated here, older plain ones read as is.
    const stored = Body as Readable;
    if (ContentEncoding !== 'gzip') return stored;
    const inflated = stored.pipe(createGunzip());
    // A page that stops early destroys what it reads: the connection under it must be released too.
    inflated.once('close', () => stored.destroy());
    stored.once('error', (error) => inflated.destroy(error));
    return inflated;
  } catch (error) {
    if (isMissingObject(error)) throw new RowsExpired();
    throw error;
  }
}

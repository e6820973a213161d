// Stored rows of an import (objects.ts layout): NDJSON chunks of ROWS_PER_CHUNK rows, written once in
// file order by the processor and read page by page by the Imports API. A page of at most
// ROWS_PER_CHUNK rows reads at most two objects, streamed line by line within a response budget.
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { isMissingObject } from '../aws/missing-object';
import { s3 } from '../aws/clients';
import { config } from '../config';
import { objectKeys, ROWS_PER_CHUNK, type RowKind } from './objects';
import { countMetric } from '../observability/observe';
import { METRIC } from '../observability/metrics';

/** Chunk uploads in flight at once: S3 PUTs take tens of ms, the engine fills a chunk in a few. */
const UPLOADS_IN_FLIGHT = 4;

/**
 * Gathers lines and uploads each full chunk on drain(), up to UPLOADS_IN_FLIGHT at a time, while
 * the engine goes on; close() uploads the last, partial one and waits for all. Memory stays bounded:
 * at most UPLOADS_IN_FLIGHT chunks are held beyond the one being filled.
 */
export class ChunkWriter {
  private lines: string[] = [];
  private chunk = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private failure: unknown;

  constructor(
    private readonly organizationId: string,
    private readonly importId: string,
    private readonly kind: RowKind,
  ) {}

  add(line: string): void {
    this.lines.push(line);
  }

  async drain(): Promise<void> {
    while (this.lines.length >= ROWS_PER_CHUNK) await this.start(this.lines.splice(0, ROWS_PER_CHUNK));
    this.throwIfFailed();
  }

  async close(): Promise<void> {
    await this.drain();
    if (this.lines.length > 0) await this.start(this.lines.splice(0));
    await Promise.all(this.inFlight);
    this.throwIfFailed();
  }

  /** Same import, same file, same chunk number, same content: a redelivered processor overwrites it harmlessly. */
  private async start(lines: string[]): Promise<void> {
    while (this.inFlight.size >= UPLOADS_IN_FLIGHT) await Promise.race(this.inFlight);
    this.throwIfFailed();
    countMetric(METRIC.chunksWritten);
    const upload = s3()
      .send(
        new PutObjectCommand({
          Bucket: config().bucketName,
          Key: objectKeys.rowChunk(this.organizationId, this.importId, this.kind, this.chunk++),
          Body: `${lines.join('\n')}\n`,
          ContentType: 'application/x-ndjson',
        }),
      )
      // Caught at once (a rejection nobody awaits yet would crash the process); rethrown by the next call.
      .then(
        () => undefined,
        (error: unknown) => {
          this.failure ??= error;
        },
      )
      .finally(() => this.inFlight.delete(upload));
    this.inFlight.add(upload);
  }

  private throwIfFailed(): void {
    if (this.failure !== undefined) throw this.failure;
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
 * budget it throws PageTooLarge, or with `stopAtBudget` returns the rows that fit.
 */
export async function readRowLines(
  organizationId: string,
  importId: string,
  kind: RowKind,
  offset: number,
  limit: number,
  budgetBytes: number,
  stopAtBudget = false,
): Promise<unknown[]> {
  const rows: unknown[] = [];
  let bytes = 0;
  const firstChunk = Math.floor(offset / ROWS_PER_CHUNK);
  const lastChunk = Math.floor((offset + limit - 1) / ROWS_PER_CHUNK);
  for (let chunk = firstChunk; chunk <= lastChunk && rows.length < limit; chunk++) {
    let skip = chunk === firstChunk ? offset % ROWS_PER_CHUNK : 0;
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
    const { Body } = await s3().send(
      new GetObjectCommand({ Bucket: config().bucketName, Key: objectKeys.rowChunk(organizationId, importId, kind, chunk) }),
    );
    return Body as Readable;
  } catch (error) {
    if (isMissingObject(error)) throw new RowsExpired();
    throw error;
  }
}

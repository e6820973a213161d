// Stored rows of an import (objects.ts layout): NDJSON chunks of ROWS_PER_CHUNK rows, written once in
// file order by the processor and read page by page by the Imports API. A page of at most
// ROWS_PER_CHUNK rows reads at most two objects, streamed line by line within a response budget.
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '../aws/clients';
import { config } from '../config';
import { objectKeys, ROWS_PER_CHUNK, type RowKind } from './objects';

/** Gathers lines and uploads each full chunk on drain(); close() uploads the last, partial one. */
export class ChunkWriter {
  private lines: string[] = [];
  private chunk = 0;

  constructor(
    private readonly organizationId: string,
    private readonly importId: string,
    private readonly kind: RowKind,
  ) {}

  add(line: string): void {
    this.lines.push(line);
  }

  async drain(): Promise<void> {
    while (this.lines.length >= ROWS_PER_CHUNK) await this.upload(this.lines.splice(0, ROWS_PER_CHUNK));
  }

  async close(): Promise<void> {
    await this.drain();
    if (this.lines.length > 0) await this.upload(this.lines.splice(0));
  }

  /** Same import, same file, same chunk number, same content: a redelivered processor overwrites it harmlessly. */
  private async upload(lines: string[]): Promise<void> {
    await s3().send(
      new PutObjectCommand({
        Bucket: config().bucketName,
        Key: objectKeys.rowChunk(this.organizationId, this.importId, this.kind, this.chunk++),
        Body: `${lines.join('\n')}\n`,
        ContentType: 'application/x-ndjson',
      }),
    );
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

/** Lines [offset, offset + limit) of the stored rows, parsed, within `budgetBytes` of JSON. */
export async function readRowLines(
  organizationId: string,
  importId: string,
  kind: RowKind,
  offset: number,
  limit: number,
  budgetBytes: number,
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
        if (bytes > budgetBytes) throw new PageTooLarge(rows.length);
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
    if (error instanceof NoSuchKey || (error as Error).name === 'NoSuchKey') throw new RowsExpired();
    throw error;
  }
}

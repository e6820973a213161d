// Stored rows on the real S3 emulator: chunks cut by size and stored gzip (Content-Encoding set) are
// read back page by page exactly, a page reads at most two chunks, and imports stored before (plain
// 1,000-row chunks, no starts on the result) still read as they did.
import { randomUUID } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '../shared/aws/s3';
import { config } from '../shared/config';
import { objectKeys } from '../shared/data/objects';
import { ChunkAssembler, CHUNK_MIN_ROWS, LEGACY_ROWS_PER_CHUNK, locateRow } from '../shared/data/row-chunk-format';
import { ChunkWriter, readRowLines } from '../shared/data/row-chunks';

const BUDGET = 5 * 1024 * 1024;
// Multi-byte characters too, so that some fall across the inflated stream's buffer boundaries.
const row = (i: number) => JSON.stringify([`user${i}@example.com`, i, 'x'.repeat(i % 97), 'ü€𝄞'.repeat(i % 5)]);

/** The processor's way: rows added in batches of 1,000, drained after each. */
async function storeRows(importId: string, count: number) {
  const writer = new ChunkWriter('org_test', importId, 'valid');
  for (let i = 0; i < count; i++) {
    writer.add(row(i));
    if ((i + 1) % 1000 === 0) await writer.drain();
  }
  await writer.close();
  return writer.starts;
}

function countGets() {
  let gets = 0;
  const stack = s3().middlewareStack as unknown as { add: (m: unknown, o: object) => void; remove: (name: string) => boolean };
  stack.add(
    (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: unknown) => {
      if (context.commandName === 'GetObjectCommand') gets++;
      return next(args);
    },
    { step: 'initialize', name: 'countChunkGets' },
  );
  return { gets: () => gets, stop: () => stack.remove('countChunkGets') };
}

describe('stored row chunks', () => {
  it('cut by size (16 KB in the tests) with at least a page of rows each, stored gzip, read back exactly at any offset', async () => {
    const importId = `imp_${randomUUID().replace(/-/g, '')}`;
    const total = 4321;
    const starts = await storeRows(importId, total);
    expect(starts[0]).toBe(0);
    expect(starts.length).toBeGreaterThan(2);
    for (let i = 1; i < starts.length; i++) expect(starts[i] - starts[i - 1]).toBeGreaterThanOrEqual(CHUNK_MIN_ROWS);

    const stored = await s3().send(new GetObjectCommand({ Bucket: config().bucketName, Key: objectKeys.rowChunk('org_test', importId, 'valid', 0) }));
    expect(stored).toMatchObject({ ContentEncoding: 'gzip', ContentType: 'application/x-ndjson' });

    const counter = countGets();
    try {
      for (const [offset, limit] of [[0, 1000], [999, 2], [starts[1] - 1, 1000], [starts[2], 1], [total - 5, 5], [1234, 1000]]) {
        const before = counter.gets();
        const lines = await readRowLines('org_test', importId, 'valid', offset, Math.min(limit, total - offset), BUDGET, false, starts);
        expect(lines).toEqual(Array.from({ length: Math.min(limit, total - offset) }, (_, k) => JSON.parse(row(offset + k))));
        expect(counter.gets() - before).toBeLessThanOrEqual(2);
      }
      // Without the starts (the webhook payload reads from row 0), the chunks are read in order.
      const head = await readRowLines('org_test', importId, 'valid', 0, 2500, BUDGET, true);
      expect(head).toHaveLength(2500);
      expect(head[2499]).toEqual(JSON.parse(row(2499)));
    } finally {
      counter.stop();
    }
  });

  it('reads imports stored before: plain NDJSON chunks of 1,000 rows, no starts', async () => {
    const importId = `imp_${randomUUID().replace(/-/g, '')}`;
    for (let chunk = 0; chunk < 3; chunk++) {
      const lines = Array.from({ length: LEGACY_ROWS_PER_CHUNK }, (_, k) => row(chunk * LEGACY_ROWS_PER_CHUNK + k));
      await s3().send(
        new PutObjectCommand({
          Bucket: config().bucketName,
          Key: objectKeys.rowChunk('org_test', importId, 'valid', chunk),
          Body: `${lines.join('\n')}\n`,
          ContentType: 'application/x-ndjson',
        }),
      );
    }
    const page = await readRowLines('org_test', importId, 'valid', 1500, 1000, BUDGET);
    expect(page).toEqual(Array.from({ length: 1000 }, (_, k) => JSON.parse(row(1500 + k))));
  });

  it('locates a row by the starts, or by 1,000-row chunks without them', () => {
    expect(locateRow(0, [0, 1000, 3000])).toEqual({ chunk: 0, skip: 0 });
    expect(locateRow(2999, [0, 1000, 3000])).toEqual({ chunk: 1, skip: 1999 });
    expect(locateRow(3000, [0, 1000, 3000])).toEqual({ chunk: 2, skip: 0 });
    expect(locateRow(99_999, [0, 1000, 3000])).toEqual({ chunk: 2, skip: 96_999 });
    expect(locateRow(2500, undefined)).toEqual({ chunk: 2, skip: 500 });
  });

  it('keeps a chunk open until it has both the target bytes and a page of rows', () => {
    const chunks = new ChunkAssembler(100);
    for (let i = 0; i < CHUNK_MIN_ROWS - 1; i++) chunks.add('x'.repeat(50));
    expect(chunks.takeFull()).toBeUndefined();
    chunks.add('x');
    expect(chunks.takeFull()).toHaveLength(CHUNK_MIN_ROWS);
    chunks.add('y');
    expect(chunks.takeFull()).toBeUndefined();
    expect(chunks.takeRest()).toEqual(['y']);
    expect(chunks.starts).toEqual([0, CHUNK_MIN_ROWS]);
  });
});

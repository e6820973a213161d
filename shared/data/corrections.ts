// Persistence of an import's correction workspace (pattern 17 of table.ts, objects of objects.ts).
// What never changes once written (META, a generation's description, source segments, a generation's
// overlays and unique index parts) is cached in the function's memory: a warm function serving the
// grid reads each once. What changes (HEAD, SEG, ROW, UQ) is read strongly consistent.
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { deflateRawSync, gunzipSync, gzipSync, inflateRawSync } from 'node:zlib';
import { GetCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { getObject, putObject } from '../aws/objects';
import { TTL_ATTRIBUTE } from '../resources';
import type { ColumnFormat } from '../engine/column-formats';
import { config } from '../config';
import { correctionsPrefixes, keys, type Key } from './table';
import { objectKeys } from './objects';
import { batchGetInOrder, queryPrefix } from './listing';
import { MemoryCache } from './memory-cache';
import { RowsExpired } from './row-chunks';
import { isMissingObject } from '../aws/missing-object';
import { transactWrite, writeBatch } from './writes';
import { StatusBits, type Texts } from '../corrections/rules';
import type { SheetInfo } from '../engine/types';
import type { HookNote } from '../engine/engine';
import type { HookMessage } from '../domain/validation-hook';

type TransactItem = NonNullable<Parameters<typeof transactWrite>[0]>[number];

const table = () => config().tableName;
const bucket = () => config().bucketName;

/** The small item every change moves: its version, the live counts, the current generation. */
export interface CorrectionsHead {
  seq: number;
  gen: string;
  valid: number;
  errors: number;
  removed: number;
  corrected: number;
  /** Entries of the change log so far (the next entry's number). */
  logEntries: number;
  submittedAt?: string;
}

/** What validation found, written once when the import enters AWAITING_CORRECTIONS. */
export interface CorrectionsMeta {
  rows: number;
  /** The file row number of each segment's first row. */
  firstRows: number[];
  skippedRows: number;
  columnMapping: Record<string, string>;
  rowColumns: string[];
  sheet: SheetInfo | null;
  /** Absent on workspaces stored before they were recorded. */
  headerRow?: number | null;
  columnFormats?: Record<string, ColumnFormat>;
}

/**
 * A generation (the state a bulk change wrote): for each segment with corrected rows, the generation
 * whose overlay object holds them (a segment the change left alone keeps its earlier object), and how
 * its unique index is cut.
 */
export interface Generation {
  overlays: Record<string, string>;
  indexParts: number;
}

/**
 * A corrected row: its file row number, every cell's text, the claims its edits made (unique column
 * index -> version), corrected, and the validation hook's messages on it as it is now.
 */
export interface RowOverlay {
  r: number;
  v: Texts;
  c?: Record<string, number>;
  x?: 1;
  m?: HookMessage[];
}

/**
 * One line of a source segment: the file row number, the template columns' texts (as the validation
 * hook left them), the kept extra columns' texts, and what the hook made of the row when it said anything.
 */
export type SourceRow = [number, Texts, (string | null)[], HookNote?];

// ---- Memory cache of immutable things ----

// Source segments: ~100 KB each in memory (1,000 rows); 200 of them bound this cache near 20 MB.
const sourceCache = new MemoryCache<SourceRow[]>(200);
const metaCache = new MemoryCache<CorrectionsMeta>(100);
const generationCache = new MemoryCache<Generation>(100);
const overlayCache = new MemoryCache<Map<number, RowOverlay>>(200);
const indexCache = new MemoryCache<Uint32Array>(200);

/** An object of the workspace; RowsExpired once the retention lifecycle deleted it (a finished import's, read later). */
async function getObjectBytes(key: string): Promise<Buffer> {
  try {
    const { Body } = await getObject({ Bucket: bucket(), Key: key });
    return Buffer.from(await Body!.transformToByteArray());
  } catch (error) {
    if (isMissingObject(error)) throw new RowsExpired();
    throw error;
  }
}

const putWorkspaceObject = (key: string, body: Buffer | string, contentType: string) =>
  putObject({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType });

// ---- Items ----

/**
 * Every item of a workspace expires (the table's TTL) when the import's rows do: the rows it copies and
 * changes are the end user's data, kept as long as the stored rows (RETENTION_DAYS, plus the wait).
 */
function expiring<T extends Record<string, unknown>>(item: T): T & Record<typeof TTL_ATTRIBUTE, number> {
  const seconds = config().retentionDays * 86_400 + config().correctionsDeadlineSeconds;
  return { ...item, [TTL_ATTRIBUTE]: Math.floor(Date.now() / 1000) + seconds };
}

export async function readHead(organizationId: string, importId: string): Promise<CorrectionsHead | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.correctionsHead(organizationId, importId), ConsistentRead: true }));
  return Item as CorrectionsHead | undefined;
}

export function readMeta(organizationId: string, importId: string): Promise<CorrectionsMeta> {
  return metaCache.get(`${organizationId}|${importId}`, async () => {
    const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.correctionsMeta(organizationId, importId), ConsistentRead: true }));
    if (!Item) throw new Error(`The corrections of import ${importId} have no META item`);
    return JSON.parse(gunzipSync(Item.metaGz as Uint8Array).toString('utf8')) as CorrectionsMeta;
  });
}

export function readGeneration(organizationId: string, importId: string, gen: string): Promise<Generation> {
  return generationCache.get(`${organizationId}|${importId}|${gen}`, async () => {
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: table(), Key: keys.correctionsGeneration(organizationId, importId, gen), ConsistentRead: true }),
    );
    if (!Item) throw new Error(`Generation ${gen} of import ${importId} is missing`);
    return { overlays: Item.overlays as Record<string, string>, indexParts: Item.indexParts as number };
  });
}

export const metaItem = (organizationId: string, importId: string, meta: CorrectionsMeta) =>
  expiring({ ...keys.correctionsMeta(organizationId, importId), metaGz: gzipSync(JSON.stringify(meta)) });

export const generationItem = (organizationId: string, importId: string, gen: string, generation: Generation) =>
  expiring({ ...keys.correctionsGeneration(organizationId, importId, gen), ...generation });

/** A segment's status item: its bits deflated (mostly zero bytes), and its counts of rows in error and removed. */
export function segmentItem(organizationId: string, importId: string, gen: string, segment: number, status: StatusBits) {
  let errors = 0;
  let removed = 0;
  for (let row = 0; row < status.rows; row++) {
    if (status.removed(row)) removed++;
    else if (status.inError(row)) errors++;
  }
  return expiring({ ...keys.correctionsSegment(organizationId, importId, gen, segment), bits: deflateRawSync(status.bytes), errors, removed });
}

const segmentOf = (item: Record<string, any>) => Number(String(item.sk).slice(-6));
const statusOf = (item: Record<string, any>, width: number) => new StatusBits(width, new Uint8Array(inflateRawSync(item.bits as Uint8Array)));

/** Every segment status of a generation (segments without an item have every row valid). */
export async function readAllSegments(organizationId: string, importId: string, gen: string, width: number): Promise<Map<number, StatusBits>> {
  const items = await queryPrefix(keys.organization(organizationId).pk, correctionsPrefixes.segments(importId, gen), { consistent: true });
  return new Map(items.map((item) => [segmentOf(item), statusOf(item, width)]));
}

/** Some segments' statuses (absent: every row valid). */
export async function readSegments(organizationId: string, importId: string, gen: string, width: number, segments: number[]) {
  const items = await batchGetInOrder(
    segments.map((segment) => keys.correctionsSegment(organizationId, importId, gen, segment)),
    true,
  );
  return new Map(items.map((item) => [segmentOf(item), statusOf(item, width)]));
}

export const rowItem = (organizationId: string, importId: string, gen: string, index: number, overlay: RowOverlay) =>
  expiring({ ...keys.correctionsRow(organizationId, importId, gen, index), ...overlay });

const indexOfRowItem = (item: Record<string, any>) => Number(String(item.sk).slice(-8));
const overlayOf = (item: Record<string, any>): RowOverlay => ({
  r: Number(item.r),
  v: item.v,
  ...(item.c ? { c: item.c } : {}),
  ...(item.x ? { x: 1 as const } : {}),
  ...(item.m ? { m: item.m } : {}),
});

/** The edited rows among `indexes` (ROW items of the generation). */
export async function readRowItems(organizationId: string, importId: string, gen: string, indexes: number[]): Promise<Map<number, RowOverlay>> {
  const items = await batchGetInOrder(
    indexes.map((index) => keys.correctionsRow(organizationId, importId, gen, index)),
    true,
  );
  return new Map(items.map((item) => [indexOfRowItem(item), overlayOf(item)]));
}

/** Every ROW item of a generation: what a bulk change folds into the next generation's overlays. */
export async function readAllRowItems(organizationId: string, importId: string, gen: string): Promise<Map<number, RowOverlay>> {
  const items = await queryPrefix(keys.organization(organizationId).pk, correctionsPrefixes.rows(importId, gen), { consistent: true });
  return new Map(items.map((item) => [indexOfRowItem(item), overlayOf(item)]));
}

/** Claims made by edits in a generation: rows (index, version) that took a value of a unique column, by digest. */
export async function readClaims(organizationId: string, importId: string, gen: string, wanted: { column: number; digest: string }[]) {
  const items = await batchGetInOrder(
    wanted.map(({ column, digest }) => keys.correctionsClaims(organizationId, importId, gen, column, digest)),
    true,
  );
  return new Map(items.map((item) => [String(item.sk), item.holders as [number, number][]]));
}

export const claimsItem = (organizationId: string, importId: string, gen: string, column: number, digest: string, holders: [number, number][]) =>
  expiring({ ...keys.correctionsClaims(organizationId, importId, gen, column, digest), holders });

// ---- Objects ----

export async function putSourceSegment(organizationId: string, importId: string, segment: number, rows: SourceRow[]): Promise<void> {
  const body = gzipSync(rows.map((row) => JSON.stringify(row)).join('\n') + '\n', { level: 4 });
  await putWorkspaceObject(objectKeys.rowChunk(organizationId, importId, 'source', segment), body, 'application/x-ndjson');
}

export function readSourceSegment(organizationId: string, importId: string, segment: number): Promise<SourceRow[]> {
  return sourceCache.get(`${organizationId}|${importId}|${segment}`, async () => {
    const rows: SourceRow[] = [];
    const bytes = await getObjectBytes(objectKeys.rowChunk(organizationId, importId, 'source', segment));
    const lines = createInterface({ input: Readable.from([gunzipSync(bytes)]), crlfDelay: Infinity });
    for await (const line of lines) if (line !== '') rows.push(JSON.parse(line) as SourceRow);
    return rows;
  });
}

export async function putOverlaySegment(organizationId: string, importId: string, gen: string, segment: number, rows: Map<number, RowOverlay>) {
  const body = gzipSync(JSON.stringify(Object.fromEntries(rows)), { level: 4 });
  await putWorkspaceObject(objectKeys.correctionsOverlay(organizationId, importId, gen, segment), body, 'application/json');
}

export function readOverlaySegment(organizationId: string, importId: string, gen: string, segment: number): Promise<Map<number, RowOverlay>> {
  return overlayCache.get(`${organizationId}|${importId}|${gen}|${segment}`, async () => {
    const bytes = await getObjectBytes(objectKeys.correctionsOverlay(organizationId, importId, gen, segment));
    const parsed = JSON.parse(gunzipSync(bytes).toString('utf8')) as Record<string, RowOverlay>;
    return new Map(Object.entries(parsed).map(([index, overlay]) => [Number(index), overlay]));
  });
}

/** A part of a unique column's index: entries of four words (digest high, digest low, claim version, row index), sorted. */
export async function putIndexPart(organizationId: string, importId: string, gen: string, column: number, part: number, entries: Uint32Array) {
  const body = gzipSync(Buffer.from(entries.buffer, entries.byteOffset, entries.byteLength), { level: 1 });
  await putWorkspaceObject(objectKeys.uniqueIndexPart(organizationId, importId, gen, column, part), body, 'application/octet-stream');
}

export function readIndexPart(organizationId: string, importId: string, gen: string, column: number, part: number): Promise<Uint32Array> {
  return indexCache.get(`${organizationId}|${importId}|${gen}|${column}|${part}`, async () => {
    const bytes = gunzipSync(await getObjectBytes(objectKeys.uniqueIndexPart(organizationId, importId, gen, column, part)));
    // Copied into an aligned buffer of its own.
    return new Uint32Array(new Uint8Array(bytes).buffer);
  });
}

// ---- The change log ----

/** One change as the corrections list shows it. */
export type LogEntry =
  | { row: number; column: string; from: string | null; to: string | null; at: string }
  | { row: number; removed: boolean; at: string };

/** Entries of one change beyond this many bytes go to an object, the log item points at it. */
const INLINE_LOG_BYTES = 64 * 1024;

/** The log item of a change whose first entry is number `first` (written in the change's transaction). */
export async function logItem(organizationId: string, importId: string, first: number, at: string, entries: object[]) {
  const json = JSON.stringify(entries);
  const base = expiring({ ...keys.correctionsLog(organizationId, importId, first), at, count: entries.length });
  if (json.length <= INLINE_LOG_BYTES) return { ...base, entries: gzipSync(json) };
  const key = objectKeys.correctionsLogEntries(organizationId, importId, first);
  await putWorkspaceObject(key, gzipSync(json), 'application/json');
  return { ...base, entriesKey: key };
}

/** Entries [offset, offset + limit) of the change log, in order. */
export async function readLog(organizationId: string, importId: string, offset: number, limit: number): Promise<LogEntry[]> {
  const out: LogEntry[] = [];
  // The item holding entry `offset`: the last one whose first entry is at or before it.
  const start = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :low AND :high',
      ExpressionAttributeValues: {
        ':pk': keys.organization(organizationId).pk,
        ':low': correctionsPrefixes.log(importId),
        ':high': keys.correctionsLog(organizationId, importId, offset).sk,
      },
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  const startItem = start.Items?.[0];
  if (!startItem) return out;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page: QueryCommandOutput = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :low AND :high',
        ExpressionAttributeValues: { ':pk': startItem.pk, ':low': startItem.sk, ':high': `${correctionsPrefixes.log(importId)}~` },
        ExclusiveStartKey: startKey,
        Limit: 20,
        ConsistentRead: true,
      }),
    );
    for (const item of page.Items ?? []) {
      const firstEntry = Number(String(item.sk).slice(-10));
      const packed = item.entries ? (item.entries as Uint8Array) : await getObjectBytes(String(item.entriesKey));
      const entries = JSON.parse(gunzipSync(packed).toString('utf8')) as object[];
      for (let i = Math.max(0, offset - firstEntry); i < entries.length && out.length < limit; i++) {
        out.push({ ...entries[i], at: String(item.at) } as LogEntry);
      }
      if (out.length >= limit) return out;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return out;
}

// ---- Writes ----

/** The head's update in a change: from version `seq` (the condition: nobody changed anything since it was read, nor submitted). */
export function headUpdate(organizationId: string, importId: string, seq: number, head: Omit<CorrectionsHead, 'seq' | 'submittedAt'>): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: keys.correctionsHead(organizationId, importId),
      UpdateExpression: 'SET seq = :next, gen = :gen, valid = :valid, errors = :errors, removed = :removed, corrected = :corrected, logEntries = :log',
      ConditionExpression: 'seq = :seq AND attribute_not_exists(submittedAt)',
      ExpressionAttributeValues: {
        ':seq': seq,
        ':next': seq + 1,
        ':gen': head.gen,
        ':valid': head.valid,
        ':errors': head.errors,
        ':removed': head.removed,
        ':corrected': head.corrected,
        ':log': head.logEntries,
      },
    },
  };
}

export const putItem = (Item: Record<string, unknown>): TransactItem => ({ Put: { TableName: table(), Item } });

/** One change: the head (conditioned on its version) and the items it writes, atomically. False: someone changed it first. */
export function commitChange(head: TransactItem, items: Record<string, unknown>[]): Promise<boolean> {
  return transactWrite([head, ...items.map(putItem)]);
}

/** Items of a new generation, written before the head switches to it (nothing reads them before). */
export function putGenerationItems(items: Record<string, unknown>[]): Promise<void> {
  return writeBatch({ puts: items });
}

/**
 * The first head (version 0), written once validation ended. A processor delivered twice may write it
 * twice before anything changed (same content), never after a change.
 */
export async function putFirstHead(organizationId: string, importId: string, head: CorrectionsHead): Promise<boolean> {
  return transactWrite([
    {
      Put: {
        TableName: table(),
        Item: expiring({ ...keys.correctionsHead(organizationId, importId), ...head }),
        ConditionExpression: 'attribute_not_exists(pk) OR seq = :zero',
        ExpressionAttributeValues: { ':zero': 0 },
      },
    },
  ]);
}

/** The end user's submit: the head frozen (no change after it) at version `seq`. */
export function submitHead(organizationId: string, importId: string, seq: number, submittedAt: string): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: keys.correctionsHead(organizationId, importId),
      UpdateExpression: 'SET submittedAt = :at',
      ConditionExpression: 'seq = :seq AND attribute_not_exists(submittedAt)',
      ExpressionAttributeValues: { ':seq': seq, ':at': submittedAt },
    },
  };
}

export type { Key };

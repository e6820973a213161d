// Import persistence (patterns 9-11 of data/table.ts). Every change of an import's status moves its
// pointers and counters in the same transaction as the record, so list totals are exact without a
// scan and a retried step can never count twice: the record's status is each transaction's condition.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import { importItemsPrefix, importPointers, keys, withoutKeys, type ImportFilter, type Key } from './table';
import { batchGetInOrder, countPointers, fetchPointerPage, matchingPointerSortKeys, pointerSortKeys, type SortKeyRange } from './listing';
import { conditionalUpdate, transactWrite, transactWriteRetryingConflicts, writeBatch } from './writes';
import { addUsage } from './usage';
import { packJson, unpackJson } from './packed-json';
import type { HookSummary } from '../domain/validation-hook';
import type { PageRequest } from '../domain/pagination';
import { finishedResult, type CreatedRange } from '../domain/imports';
import type {
  ConfirmedMapping,
  ImportError,
  ImportRecord,
  PendingPhase,
  ImportResult,
  ImportSnapshot,
  ImportStatus,
  WebhookStatus,
} from '../domain/imports';

type TransactItem = NonNullable<Parameters<typeof transactWrite>[0]>[number];

const table = () => config().tableName;

const putPointer = (key: Key): TransactItem => ({ Put: { TableName: table(), Item: key } });
const deletePointer = (key: Key): TransactItem => ({ Delete: { TableName: table(), Key: key } });

/** ADD to a counter item; counters are created by their first ADD. */
function count(key: Key, deltas: Record<string, number>): TransactItem {
  const names = Object.keys(deltas);
  return {
    Update: {
      TableName: table(),
      Key: key,
      UpdateExpression: `ADD ${names.map((_, i) => `#c${i} :d${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#c${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:d${i}`, deltas[name]])),
    },
  };
}

/**
 * Store a new PENDING import. The immutable snapshot (packed, packed-json.ts; it may be hundreds of KB)
 * and the import's one list pointer (open: pattern 11 of table.ts) go first, as plain puts in one
 * BatchWriteItem: a transaction would bill each of them twice. Then the record and both counters,
 * atomically, so the totals count exactly the records. A pointer whose record never came (a crash, a
 * failed transaction) lists nothing: a listing fetches the records of its pointers and skips the
 * missing ones, and the import's upload deadline, finding no record, deletes what was written for it
 * (deleteUnstoredImport).
 */
export async function insertImport(organizationId: string, record: ImportRecord, snapshot: ImportSnapshot): Promise<void> {
  await writeBatch({
    puts: [
      { ...keys.importSnapshot(organizationId, record.id), snapshotBr: packJson(snapshot) },
      importPointers.open(organizationId, record.templateId, record.createdAt, record.id),
    ],
  });
  const counted = { [record.status]: 1, openPending: 1 };
  const stored = await transactWrite([
    {
      Put: {
        TableName: table(),
        Item: { ...keys.importRecord(organizationId, record.id), ...record, openPointer: true },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    count(keys.importStats(organizationId), { total: 1, ...counted }),
    count(keys.templateStats(organizationId, record.templateId), { importCount: 1, ...counted }),
  ]);
  if (!stored) throw new Error(`Import ${record.id} already exists`);
}

/**
 * Deletes the snapshot and list pointers insertImport wrote for a PENDING import whose record was never
 * stored (every pointer key a PENDING import may have: one written before open pointers had four).
 */
export async function deleteUnstoredImport(organizationId: string, templateId: string, createdAt: string, importId: string): Promise<void> {
  await writeBatch({
    deletes: [keys.importSnapshot(organizationId, importId), ...importPointers.all(organizationId, templateId, 'PENDING', createdAt, importId)],
  });
}

export interface ImportItems {
  record: ImportRecord;
  snapshot: ImportSnapshot;
  result: ImportResult | undefined;
  /** The mapping confirmed after the preview (imports started with review), once confirmed. */
  confirmed?: ConfirmedMapping;
}

/** The snapshot item's content: packed (packed-json.ts), or as a map on imports stored before it was packed. */
function storedSnapshot(item: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  return item?.snapshotBr instanceof Uint8Array ? (unpackJson(item.snapshotBr) as Record<string, unknown>) : item;
}

/** The record, snapshot and result of one import in one strongly consistent Query (undefined: no such import). */
export async function getImportItems(organizationId: string, importId: string): Promise<ImportItems | undefined> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.organization(organizationId).pk, ':prefix': importItemsPrefix(importId) },
      ConsistentRead: true,
    }),
  );
  const bySortKey = new Map(Items.map((item) => [item.sk as string, withoutKeys(item)]));
  const record = bySortKey.get(keys.importRecord(organizationId, importId).sk);
  const snapshot = storedSnapshot(bySortKey.get(keys.importSnapshot(organizationId, importId).sk));
  if (!record || !snapshot) return undefined;
  const result = bySortKey.get(keys.importResult(organizationId, importId).sk) as unknown as ImportResult | undefined;
  const confirmed = bySortKey.get(keys.importConfirmedMapping(organizationId, importId).sk) as unknown as ConfirmedMapping | undefined;
  return {
    record: record as unknown as ImportRecord,
    snapshot: snapshot as unknown as ImportSnapshot,
    result: finishedResult(record as unknown as ImportRecord, result),
    ...(confirmed ? { confirmed } : {}),
  };
}

/**
 * Opens (a hash and expiry) or closes (null) an import's review link: one small conditional write. An
 * open link replaces the previous one. False when the import is no longer PENDING (or unknown).
 */
export function setReviewLink(organizationId: string, importId: string, link: { hash: string; expiresAt: string } | null): Promise<boolean> {
  return conditionalUpdate({
    Key: keys.importRecord(organizationId, importId),
    UpdateExpression: link ? 'SET reviewLink = :link' : 'REMOVE reviewLink',
    ConditionExpression: link ? '#status = :pending' : 'attribute_exists(pk)',
    ExpressionAttributeNames: link ? { '#status': 'status' } : undefined,
    ExpressionAttributeValues: link ? { ':link': link, ':pending': 'PENDING' } : undefined,
  });
}

/**
 * Move a PENDING import from one of the phases `from` to `to` (one small conditional update). False
 * when it was not in one of them (already moved on, or finished): the caller's step was done before.
 */
export async function setImportPhase(
  organizationId: string,
  importId: string,
  from: PendingPhase[],
  to: PendingPhase,
  also: Record<string, unknown> = {},
): Promise<boolean> {
  return conditionalUpdate(phaseUpdate(organizationId, importId, from, to, also));
}

function phaseUpdate(organizationId: string, importId: string, from: PendingPhase[], to: PendingPhase, also: Record<string, unknown> = {}) {
  const fromValues = Object.fromEntries(from.map((phase, i) => [`:from${i}`, phase]));
  const alsoNames = Object.keys(also);
  return {
    TableName: table(),
    Key: keys.importRecord(organizationId, importId),
    UpdateExpression: ['SET phase = :to', ...alsoNames.map((_, i) => `#a${i} = :a${i}`)].join(', '),
    // Records written before phases existed have none: they count as awaiting their upload.
    ConditionExpression:
      `#status = :pending AND (phase IN (${Object.keys(fromValues).join(', ')})` +
      (from.includes('AWAITING_UPLOAD') ? ' OR attribute_not_exists(phase))' : ')'),
    ExpressionAttributeNames: { '#status': 'status', ...Object.fromEntries(alsoNames.map((name, i) => [`#a${i}`, name])) },
    ExpressionAttributeValues: {
      ...fromValues,
      ...Object.fromEntries(alsoNames.map((name, i) => [`:a${i}`, also[name]])),
      ':to': to,
      ':pending': 'PENDING',
    },
  };
}

/**
 * The end user's confirmed mapping, written once together with AWAITING_MAPPING -> PROCESSING (one
 * transaction: the processor never sees the phase without the mapping). False when the import was not
 * waiting for its mapping.
 */
export async function confirmMapping(organizationId: string, importId: string, confirmed: ConfirmedMapping): Promise<boolean> {
  return transactWrite([
    {
      Put: {
        TableName: table(),
        Item: { ...keys.importConfirmedMapping(organizationId, importId), ...confirmed },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    { Update: phaseUpdate(organizationId, importId, ['AWAITING_MAPPING'], 'PROCESSING') },
  ]);
}

/** Just the small record (strongly consistent): status polling, the rows endpoints. */
export async function getImportRecord(organizationId: string, importId: string): Promise<ImportRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.importRecord(organizationId, importId), ConsistentRead: true }),
  );
  return Item ? (withoutKeys(Item) as unknown as ImportRecord) : undefined;
}

/** Just the result item (strongly consistent), for a caller that already holds the finished record. */
export async function getImportResult(organizationId: string, importId: string): Promise<ImportResult | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.importResult(organizationId, importId), ConsistentRead: true }),
  );
  return Item ? (withoutKeys(Item) as unknown as ImportResult) : undefined;
}

/** The record and its result (no snapshot: it can be hundreds of KB), for the rows endpoints and the embed status. */
export async function getImportRecordAndResult(organizationId: string, importId: string, { expectFinished = false } = {}) {
  const recordKey = keys.importRecord(organizationId, importId);
  const resultKey = keys.importResult(organizationId, importId);
  const read = async (consistent: boolean) => {
    const items = await batchGetInOrder([recordKey, resultKey], consistent);
    const record = items.find((item) => item.sk === recordKey.sk);
    const result = items.find((item) => item.sk === resultKey.sk);
    return { record: record && (withoutKeys(record) as unknown as ImportRecord), result: result && (withoutKeys(result) as unknown as ImportResult) };
  };
  // Rows are read from finished imports (expectFinished), whose record and result never change again:
  // an eventually consistent read (half the read units) is exact for them. What may be stale is read
  // again, strongly: no record (just created), PENDING (maybe just finished), or finished without its
  // result. A status poll, mostly of PENDING imports, reads strongly at once.
  let found = await read(!expectFinished);
  const stale = !found.record || found.record.status === 'PENDING' || (!found.result && !found.record.error);
  if (expectFinished && stale) found = await read(true);
  if (!found.record) return undefined;
  return { record: found.record, result: finishedResult(found.record, found.result) };
}

/** The counters of a filter's scope: the organization's, or the template's (strongly consistent). */
async function scopeCounters(organizationId: string, templateId: string | undefined): Promise<Record<string, unknown>> {
  const key = templateId ? keys.templateStats(organizationId, templateId) : keys.importStats(organizationId);
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
  return Item ?? {};
}

export async function listImports(organizationId: string, filter: ImportFilter, pageRequest: PageRequest, created?: CreatedRange) {
  if (created) return listImportsCreatedIn(organizationId, filter, pageRequest, importPointers.createdRange(created));
  const counters = await scopeCounters(organizationId, filter.templateId);
  const total = Number(counters[filter.status ?? (filter.templateId ? 'importCount' : 'total')] ?? 0);
  const openPending = Number(counters.openPending ?? 0);
  const listsOpenPointers = filter.status === 'PENDING' || (filter.templateId !== undefined && filter.status === undefined);
  const pointers =
    listsOpenPointers && openPending > 0
      ? await pageWithOpenPointers(organizationId, filter, pageRequest, { total, openPending, pending: Number(counters.PENDING ?? 0) })
      : await fetchPointerPage(importPointers.partition(organizationId, filter), pageRequest, total);
  const items = await batchGetInOrder(pointers.map((sk) => importPointers.recordKey(organizationId, sk)));
  return { imports: items.map((item) => withoutKeys(item) as unknown as ImportRecord), total };
}

/**
 * A page of imports created in a range: the same partitions as without one, each read only within the
 * range (a key condition on the pointers' sort keys). No counter knows a range's total, so it is
 * counted from the range's pointers (billed ~1 read unit per 40, nothing outside the range). Open
 * pointers (PENDING imports) are few and recent: found as without a range (as far back as the
 * counters say), then kept when in the range.
 */
async function listImportsCreatedIn(organizationId: string, filter: ImportFilter, pageRequest: PageRequest, range: SortKeyRange) {
  const counters = await scopeCounters(organizationId, filter.templateId);
  const openPending = Number(counters.openPending ?? 0);
  const listsOpenPointers = filter.status === 'PENDING' || (filter.templateId !== undefined && filter.status === undefined);
  let pointers: string[];
  let total: number;
  if (listsOpenPointers && openPending > 0) {
    const { page, limit } = pageRequest;
    const wanted = page * limit;
    const open = (await openPointerSortKeys(organizationId, filter.templateId, openPending)).filter((sk) => sk >= range.from && sk <= range.to);
    // The rest: the template's finished imports, or PENDING ones from before open pointers (only while the counters say there are any).
    const rest = filter.status !== 'PENDING' ? { templateId: filter.templateId } : Number(counters.PENDING ?? 0) > openPending ? filter : undefined;
    const restPartition = rest && importPointers.partition(organizationId, rest);
    const [restTotal, restKeys] = restPartition
      ? await Promise.all([countPointers(restPartition, range), pointerSortKeys(restPartition, 0, wanted, range)])
      : [0, []];
    // An import that finished between the two reads is in both: listed once, and counted once when it is
    // among the rest's pointers read for this page (it is recent, so it is, unless the page is far back).
    const merged = [...new Set([...open, ...restKeys])].sort().reverse();
    total = restTotal + open.length - (open.length + restKeys.length - merged.length);
    pointers = merged.slice((page - 1) * limit, wanted);
  } else {
    const partition = importPointers.partition(organizationId, filter);
    total = await countPointers(partition, range);
    pointers = await fetchPointerPage(partition, pageRequest, total, range);
  }
  const items = await batchGetInOrder(pointers.map((sk) => importPointers.recordKey(organizationId, sk)));
  return { imports: items.map((item) => withoutKeys(item) as unknown as ImportRecord), total };
}

/** The newest `count` open pointers of the organization's list (one template's, when given). */
function openPointerSortKeys(organizationId: string, templateId: string | undefined, count: number): Promise<string[]> {
  return matchingPointerSortKeys(
    importPointers.partition(organizationId, {}),
    templateId
      ? { expression: '#open = :templateId', names: { '#open': 'open' }, values: { ':templateId': templateId } }
      : { expression: 'attribute_exists(#open)', names: { '#open': 'open' } },
    count,
  );
}

/**
 * A page of a filter whose PENDING imports have open pointers (PENDING, or one template's imports): the
 * newest open pointers of ALL (the template's, when filtered), read only as far back as the counters
 * say there are, merged with the partition that holds the rest: the template's finished imports, or
 * the PENDING imports created before open pointers (still in their status partition; read only while
 * the counters say there are any). Read in this order, an import finishing in between is seen twice
 * (deduplicated) rather than not at all.
 */
async function pageWithOpenPointers(
  organizationId: string,
  { templateId, status }: ImportFilter,
  { page, limit }: PageRequest,
  counts: { total: number; openPending: number; pending: number },
): Promise<string[]> {
  const offset = (page - 1) * limit;
  if (offset >= counts.total) return [];
  const wanted = offset + limit;
  const open = await openPointerSortKeys(organizationId, templateId, Math.min(wanted, counts.openPending));
  let others: string[] = [];
  if (status !== 'PENDING') others = await pointerSortKeys(importPointers.partition(organizationId, { templateId }), 0, wanted);
  else if (counts.pending > counts.openPending) others = await pointerSortKeys(importPointers.partition(organizationId, { templateId, status }));
  return [...new Set([...open, ...others])].sort().reverse().slice(offset, wanted);
}

/**
 * Rows read so far by the processor, for progress displays (importctl). A small conditional update
 * every few seconds of processing; never after the import finished.
 */
export async function recordProgress(organizationId: string, importId: string, processedRows: number): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.importRecord(organizationId, importId),
        UpdateExpression: 'SET processedRows = :rows',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':rows': processedRows, ':pending': 'PENDING' },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** Written (idempotently: same import, same content) before the finishing transaction. */
export async function putImportResult(organizationId: string, importId: string, result: ImportResult): Promise<void> {
  await dynamo().send(
    new PutCommand({ TableName: table(), Item: { ...keys.importResult(organizationId, importId), ...result } }),
  );
}

export interface ImportOutcome {
  status: Exclude<ImportStatus, 'PENDING'>;
  totalRows: number;
  validRows: number;
  errorRows: number;
  skippedRows: number;
  completedAt: string;
  webhookStatus: WebhookStatus;
  /** Only when a deadline closes the import: its error goes on the record (no result item is written). */
  error?: ImportError;
  /** Imports that waited for corrections (shared/corrections/). */
  corrections?: { correctedRows: number; removedRows: number };
  /** Imports with a validation hook: its calls during processing, and what they add to the template's counters. */
  hook?: HookSummary;
  hookStats?: Record<string, number>;
}

/**
 * PENDING -> COMPLETED/FAILED with the counts, the pointers, both counters and the organization's usage
 * of the finish day (UTC, pattern 22), in one transaction conditioned on the record still being PENDING.
 * Returns false when it was not (already finished): a repeated finish never counts twice.
 * An import listed by its open pointer gets that pointer closed and its other three; one created
 * before open pointers moves its two status pointers.
 */
export async function finishImport(organizationId: string, record: ImportRecord, outcome: ImportOutcome): Promise<boolean> {
  const { id, templateId, createdAt } = record;
  const pointerMoves = record.openPointer
    ? importPointers.all(organizationId, templateId, outcome.status, createdAt, id).map(putPointer)
    : [
        ...importPointers.byStatus(organizationId, templateId, 'PENDING', createdAt, id).map(deletePointer),
        ...importPointers.byStatus(organizationId, templateId, outcome.status, createdAt, id).map(putPointer),
      ];
  const moved = { PENDING: -1, [outcome.status]: 1, ...(record.openPointer ? { openPending: -1 } : {}) };
  // The organization's counters (IMPORTSTATS, USAGE) are shared by its concurrent finishes and deliveries.
  return transactWriteRetryingConflicts([
    {
      Update: {
        TableName: table(),
        Key: keys.importRecord(organizationId, id),
        UpdateExpression:
          'SET #status = :status, totalRows = :total, validRows = :valid, errorRows = :errors, ' +
          'skippedRows = :skipped, completedAt = :completedAt, webhookStatus = :webhookStatus, ' +
          'webhookDelivery = :delivery, webhookDeliveryStartedAt = :completedAt' +
          (outcome.error ? ', #error = :error' : '') +
          (outcome.corrections ? ', correctedRows = :corrected, removedRows = :removed' : '') +
          (outcome.hook ? ', hook = :hook' : ''),
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status', ...(outcome.error ? { '#error': 'error' } : {}) },
        ExpressionAttributeValues: {
          ...(outcome.error ? { ':error': outcome.error } : {}),
          ...(outcome.corrections ? { ':corrected': outcome.corrections.correctedRows, ':removed': outcome.corrections.removedRows } : {}),
          ...(outcome.hook ? { ':hook': outcome.hook } : {}),
          ':status': outcome.status,
          ':total': outcome.totalRows,
          ':valid': outcome.validRows,
          ':errors': outcome.errorRows,
          ':skipped': outcome.skippedRows,
          ':completedAt': outcome.completedAt,
          ':webhookStatus': outcome.webhookStatus,
          ':delivery': 1,
          ':pending': 'PENDING',
        },
      },
    },
    ...pointerMoves,
    count(keys.importStats(organizationId), moved),
    count(keys.templateStats(organizationId, templateId), { ...moved, ...outcome.hookStats }),
    addUsage(organizationId, outcome.completedAt.slice(0, 10), {
      [outcome.status === 'COMPLETED' ? 'importsCompleted' : 'importsFailed']: 1,
      totalRows: outcome.totalRows,
      validRows: outcome.validRows,
      errorRows: outcome.errorRows,
      ...(outcome.hook ? { hookCalls: outcome.hook.calls, hookRows: outcome.hook.rows, hookMs: Math.round(outcome.hook.ms) } : {}),
    }),
  ]);
}

/** Add hook calls to the template's counters (calls, failures, latency histogram: domain/validation-hook.ts). */
export async function countTemplateHookCalls(organizationId: string, templateId: string, deltas: Record<string, number>): Promise<void> {
  if (!Object.keys(deltas).length) return;
  const { Update } = count(keys.templateStats(organizationId, templateId), deltas);
  await dynamo().send(new UpdateCommand(Update as ConstructorParameters<typeof UpdateCommand>[0]));
}

/**
 * Count the correction step's hook calls on the record's hook summary (one small UpdateItem; the record
 * is the import's smallest item). `skipped`: the rows went through unchecked, and why.
 */
export async function addHookCalls(
  organizationId: string,
  importId: string,
  calls: Omit<HookSummary, 'status'>,
  skipped?: string,
): Promise<void> {
  const values = { ':calls': calls.calls, ':failed': calls.failedCalls, ':rows': calls.rows, ':ms': Math.round(calls.ms) };
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.importRecord(organizationId, importId),
        UpdateExpression:
          'ADD hook.calls :calls, hook.failedCalls :failed, hook.#rows :rows, hook.ms :ms' + (skipped ? ' SET hook.#status = :skipped, hook.reason = :reason' : ''),
        ConditionExpression: 'attribute_exists(hook)',
        ExpressionAttributeNames: { '#rows': 'rows', ...(skipped ? { '#status': 'status' } : {}) },
        ExpressionAttributeValues: { ...values, ...(skipped ? { ':skipped': 'skipped', ':reason': skipped } : {}) },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // A record without a summary yet (validation ended before it was kept): this is its first.
    const summary: HookSummary = { status: skipped ? 'skipped' : 'ok', ...(skipped ? { reason: skipped } : {}), ...calls, ms: Math.round(calls.ms) };
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.importRecord(organizationId, importId),
        UpdateExpression: 'SET hook = :summary',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(hook)',
        ExpressionAttributeValues: { ':summary': summary },
      }),
    ).catch((raced: unknown) => {
      if (!(raced instanceof ConditionalCheckFailedException)) throw raced;
    });
  }
}

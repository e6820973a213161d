// Page-number pagination over newest-first partitions: read only keys up to the end of the page
// (cheap: a key entry is ~100 bytes), then fetch just that page's items in one BatchGet. A partition is
// either a KEYS_ONLY listing-index partition (templates, API keys) or a partition of small pointer
// items in the base table (imports: strongly consistent, one partition per filter).
import { BatchGetCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import { TABLE, type Key } from './table';
import { inBatches } from './batches';
import type { PageRequest } from '../domain/pagination';

const BATCH_GET_MAX = 100;
/** Keys per Query call while skipping to a page (a key entry is ~100 bytes: 1,000 fit in ~25 read units). */
const KEYS_PER_QUERY = 1000;
/** Pointers the first filtered Query reads: a pointer is ~90 bytes, so ~40 are one strongly consistent read unit. */
const FIRST_FILTERED_QUERY = 40;

interface Partition {
  /** Undefined: the base table (pointer items, read strongly consistent). */
  indexName?: string;
  partitionKey: string;
  value: string;
  /** Only the items whose sort key is between these (both included): a key condition, so nothing else is read. */
  sortKeyRange?: SortKeyRange;
}

export interface SortKeyRange {
  from: string;
  to: string;
}

/** A partition of pointer items in the base table. */
const pointerPartition = (partitionPk: string, sortKeyRange?: SortKeyRange): Partition => ({
  partitionKey: TABLE.partitionKey,
  value: partitionPk,
  sortKeyRange,
});

/** The key condition of a partition, with its names and values. */
function keyCondition({ partitionKey, value, sortKeyRange }: Partition): { expression: string; names: Record<string, string>; values: Record<string, unknown> } {
  if (!sortKeyRange) return { expression: '#pk = :pk', names: { '#pk': partitionKey }, values: { ':pk': value } };
  return {
    expression: '#pk = :pk AND #sk BETWEEN :from AND :to',
    names: { '#pk': partitionKey, '#sk': TABLE.sortKey },
    values: { ':pk': value, ':from': sortKeyRange.from, ':to': sortKeyRange.to },
  };
}

/** A FilterExpression on a partition's items, with its own names and values. */
interface ItemFilter {
  expression: string;
  names: Record<string, string>;
  values?: Record<string, unknown>;
}

/** One Query of a partition, newest first: up to `limit` items read (and billed), from `startKey`. */
function queryNewestFirst(partition: Partition, limit: number, startKey: Record<string, unknown> | undefined, filter?: ItemFilter) {
  const condition = keyCondition(partition);
  return dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      IndexName: partition.indexName,
      ConsistentRead: partition.indexName ? undefined : true,
      KeyConditionExpression: condition.expression,
      FilterExpression: filter?.expression,
      ExpressionAttributeNames: { ...condition.names, ...filter?.names },
      ExpressionAttributeValues: { ...condition.values, ...filter?.values },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
}

/** Keys of a newest-first partition, from `offset` for `count` entries (all by default). */
async function partitionKeys(partition: Partition, offset: number, count: number): Promise<Key[]> {
  const wanted = offset + count;
  const found: Key[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await queryNewestFirst(partition, Math.min(KEYS_PER_QUERY, wanted - found.length), startKey);
    for (const item of page.Items ?? []) found.push({ pk: item.pk, sk: item.sk });
    startKey = page.LastEvaluatedKey;
  } while (startKey && found.length < wanted);
  return found.slice(offset, wanted);
}

/** Keys of the listing-index partition, newest first, from `offset` for `count` entries (all by default). */
export function listingKeys(listingPk: string, offset = 0, count = Infinity): Promise<Key[]> {
  const index = { indexName: TABLE.listingIndex.name, partitionKey: TABLE.listingIndex.partitionKey, value: listingPk };
  return partitionKeys(index, offset, count);
}

/**
 * Every item of a base-table partition whose sort key starts with `prefix`, in sort-key order, page by
 * page (an import's attempt log, a correction workspace's segments or edited rows).
 */
export async function queryPrefix(partitionPk: string, prefix: string, { consistent = false } = {}): Promise<Record<string, any>[]> {
  const items: Record<string, any>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page: QueryCommandOutput = await dynamo().send(
      new QueryCommand({
        TableName: config().tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': partitionPk, ':prefix': prefix },
        ConsistentRead: consistent || undefined,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/**
 * The items of a base-table partition whose sort keys lie between `from` and `to` (both included), in
 * sort-key order: one Query billed by the bytes of them all, where a BatchGet bills each item rounded
 * up to 4 KB. At most `limit` items; `complete` false when the range held more.
 */
export async function queryBetween(partitionPk: string, from: string, to: string, limit: number): Promise<{ items: Record<string, any>[]; complete: boolean }> {
  const page: QueryCommandOutput = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': partitionPk, ':from': from, ':to': to },
      Limit: limit,
    }),
  );
  return { items: page.Items ?? [], complete: page.LastEvaluatedKey === undefined };
}

/**
 * Fetch items by key, in the given order; unprocessed keys are retried. Missing items are skipped.
 * Eventually consistent unless `consistent` (a state that just changed must be seen as it is now).
 */
export async function batchGetInOrder(itemKeys: Key[], consistent = false): Promise<Record<string, any>[]> {
  const byKey = new Map<string, Record<string, any>>();
  await inBatches(itemKeys, BATCH_GET_MAX, async (pending) => {
    const result = await dynamo().send(
      new BatchGetCommand({ RequestItems: { [config().tableName]: { Keys: pending, ConsistentRead: consistent || undefined } } }),
    );
    for (const item of result.Responses?.[config().tableName] ?? []) byKey.set(`${item.pk}|${item.sk}`, item);
    return (result.UnprocessedKeys?.[config().tableName]?.Keys as Key[] | undefined) ?? [];
  });
  return itemKeys.flatMap((key) => byKey.get(`${key.pk}|${key.sk}`) ?? []);
}

/**
 * The keys of one page, newest first. `total` comes from a maintained counter: a page past the end
 * reads nothing, so a far-away page number cannot make the service read a whole partition.
 */
async function pageKeys(partition: Partition, { page, limit }: PageRequest, total: number): Promise<Key[]> {
  const offset = (page - 1) * limit;
  if (offset >= total) return [];
  return partitionKeys(partition, offset, limit);
}

/** The item keys of one page of a listing-index partition (the caller fetches them with what goes along). */
export function fetchListingPageKeys(listingPk: string, pageRequest: PageRequest, total: number): Promise<Key[]> {
  const index = { indexName: TABLE.listingIndex.name, partitionKey: TABLE.listingIndex.partitionKey, value: listingPk };
  return pageKeys(index, pageRequest, total);
}

/** Sort keys of a pointer partition (within `sortKeyRange`), newest first, from `offset` for `count` entries (all by default). */
export async function pointerSortKeys(partitionPk: string, offset = 0, count = Infinity, sortKeyRange?: SortKeyRange): Promise<string[]> {
  const keys = await partitionKeys(pointerPartition(partitionPk, sortKeyRange), offset, count);
  return keys.map((key) => key.sk);
}

/**
 * How many pointers of a partition have a sort key in `sortKeyRange`: where no counter can answer (a
 * range of creation times). DynamoDB bills the pointers counted (~90 bytes each: ~40 per strongly
 * consistent read unit) and nothing outside the range.
 */
export async function countPointers(partitionPk: string, sortKeyRange: SortKeyRange): Promise<number> {
  const condition = keyCondition(pointerPartition(partitionPk, sortKeyRange));
  let total = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page: QueryCommandOutput = await dynamo().send(
      new QueryCommand({
        TableName: config().tableName,
        ConsistentRead: true,
        Select: 'COUNT',
        KeyConditionExpression: condition.expression,
        ExpressionAttributeNames: condition.names,
        ExpressionAttributeValues: condition.values,
        ExclusiveStartKey: startKey,
      }),
    );
    total += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return total;
}

/**
 * Sort keys of the newest `count` pointers of a partition that match `filter`, newest first (fewer when
 * the partition ends first). DynamoDB bills every pointer read, matching or not: callers look for
 * pointers that are among the newest (PENDING imports) and take `count` from a maintained counter.
 */
export async function matchingPointerSortKeys(partitionPk: string, filter: ItemFilter, count: number): Promise<string[]> {
  const partition = pointerPartition(partitionPk);
  const found: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  // A Query bills every pointer its Limit lets it read, so the first reads ~1 RCU's worth (the matches
  // are usually among the newest) and each further one twice as many.
  let limit = Math.min(KEYS_PER_QUERY, Math.max(FIRST_FILTERED_QUERY, count));
  for (; found.length < count; limit = Math.min(limit * 2, KEYS_PER_QUERY)) {
    const page = await queryNewestFirst(partition, limit, startKey, filter);
    for (const item of page.Items ?? []) found.push(item.sk);
    startKey = page.LastEvaluatedKey;
    if (!startKey) break;
  }
  return found.slice(0, count);
}

/** One page of a pointer partition (within `sortKeyRange`): the pointers' sort keys, newest first (the caller maps them to items). */
export async function fetchPointerPage(partitionPk: string, pageRequest: PageRequest, total: number, sortKeyRange?: SortKeyRange): Promise<string[]> {
  const keys = await pageKeys(pointerPartition(partitionPk, sortKeyRange), pageRequest, total);
  return keys.map((key) => key.sk);
}

// Usage per day (pattern 22 of data/table.ts): small counter items per organization and UTC day. An
// import is counted inside its finish transaction, the conditional write of the state it counts, so a
// step repeated by an at-least-once queue never counts twice. Webhook deliveries are tallied per worker
// invocation instead (webhooks/delivery-tally.ts): one UpdateItem per organization and day for a batch's
// ended deliveries, not a transaction per delivery. Validation hook calls count with the finish of the
// import whose processing made them; those of the correction step, made by API requests (not queue
// messages), are added when they are made.
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import { accountPrefixes, keys, type Key } from './table';
import { conditionalUpdate } from './writes';
import { addDays, daysBetween, type UsageDay } from '../domain/usage';

/** The counters of a usage item (short names: the item is written by every finish and final delivery). */
export type UsageCounter =
  | 'importsCompleted'
  | 'importsFailed'
  | 'totalRows'
  | 'validRows'
  | 'errorRows'
  | 'webhooksDelivered'
  | 'webhooksFailed'
  | 'webhookAttempts'
  | 'hookCalls'
  | 'hookRows'
  | 'hookMs';

export type UsageDeltas = Partial<Record<UsageCounter, number>>;

/** On the record that ended a delivery: who tallies it, in which batch, on which day, and when it was marked (ms). */
export type TallyMark = [writer: string, seq: number, day: string, markedAt: number];

/** The ADD expression of `deltas`; zero deltas are left out. */
function addExpression(deltas: UsageDeltas) {
  const names = Object.entries(deltas).filter(([, delta]) => delta !== undefined && delta !== 0);
  return {
    add: `ADD ${names.map((_, i) => `#u${i} :u${i}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(names.map(([name], i) => [`#u${i}`, name])),
    ExpressionAttributeValues: Object.fromEntries(names.map(([, delta], i) => [`:u${i}`, delta as number])),
  };
}

/** The transaction item that adds `deltas` to the organization's usage item of `day` (yyyy-mm-dd, UTC), created by its first ADD. */
export function addUsage(organizationId: string, day: string, deltas: UsageDeltas) {
  const { add, ...expression } = addExpression(deltas);
  return { Update: { TableName: config().tableName, Key: keys.usageDay(organizationId, day), UpdateExpression: add, ...expression } };
}

/**
 * ADD one invocation's ended deliveries of an organization and day to its writer's tally, as batch `seq`
 * of that writer. The batch number must grow: false when the item already holds `seq` or a later one (a
 * retried request that DynamoDB had already applied; the caller cannot tell, see delivery-tally.ts).
 */
export function addToDeliveryTally(organizationId: string, day: string, writer: string, seq: number, deltas: UsageDeltas): Promise<boolean> {
  const { add, ExpressionAttributeNames, ExpressionAttributeValues } = addExpression(deltas);
  return conditionalUpdate({
    Key: keys.deliveryTally(organizationId, day, writer),
    UpdateExpression: `SET #seq = :seq ${add}`,
    ConditionExpression: 'attribute_not_exists(#seq) OR #seq < :seq',
    ExpressionAttributeNames: { ...ExpressionAttributeNames, '#seq': 'seq' },
    ExpressionAttributeValues: { ...ExpressionAttributeValues, ':seq': seq },
  });
}

/** The last batch a writer added to its tally of an organization and day (0: none), strongly consistent. */
export async function deliveryTallySeq(organizationId: string, day: string, writer: string): Promise<number> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.deliveryTally(organizationId, day, writer), ConsistentRead: true, ProjectionExpression: 'seq' }),
  );
  return Number(Item?.seq ?? 0);
}

/** Count one delivery in its own item (idempotent: the key is the delivery's, a repeat writes the same counts). */
export async function putRedeliveredUsage(organizationId: string, day: string, importId: string, delivery: number, deltas: UsageDeltas): Promise<void> {
  const key: Key = keys.redeliveredUsage(organizationId, day, importId, delivery);
  await dynamo().send(new PutCommand({ TableName: config().tableName, Item: { ...key, ...deltas } }));
}

const USAGE_COUNTERS: readonly UsageCounter[] = [
  'importsCompleted',
  'importsFailed',
  'totalRows',
  'validRows',
  'errorRows',
  'webhooksDelivered',
  'webhooksFailed',
  'webhookAttempts',
  'hookCalls',
  'hookRows',
  'hookMs',
];

const counter = (item: Record<UsageCounter, number> | undefined, name: UsageCounter) => item?.[name] ?? 0;

/**
 * Every day from `from` to `to` (yyyy-mm-dd, both included, oldest first), days without activity as
 * zeros: one Query of the range, each day's items added up (the day's own, its writers' delivery tallies,
 * redelivered deliveries and older days' shards). Small items, about one tally per worker instance that
 * delivered for the organization that day: a year of busy days is a few hundred KB; eventually
 * consistent, half the read units: a dashboard figure may lag a second behind.
 */
export async function readUsage(organizationId: string, from: string, to: string): Promise<UsageDay[]> {
  const byDay = new Map<string, Record<UsageCounter, number>>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: config().tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.organization(organizationId).pk,
          ':from': `${accountPrefixes.usage}${from}`,
          // `~` sorts after the `#...` of the last day's tallies and shards.
          ':to': `${accountPrefixes.usage}${to}#~`,
        },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const day = String(item.sk).slice(accountPrefixes.usage.length, accountPrefixes.usage.length + 'yyyy-mm-dd'.length);
      const sum = byDay.get(day) ?? ({} as Record<UsageCounter, number>);
      for (const name of USAGE_COUNTERS) sum[name] = (sum[name] ?? 0) + Number(item[name] ?? 0);
      byDay.set(day, sum);
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return Array.from({ length: Math.max(0, daysBetween(from, to)) }, (_, i) => {
    const date = addDays(from, i);
    const item = byDay.get(date);
    return {
      date,
      imports: { completed: counter(item, 'importsCompleted'), failed: counter(item, 'importsFailed') },
      rows: { total: counter(item, 'totalRows'), valid: counter(item, 'validRows'), error: counter(item, 'errorRows') },
      webhooks: { delivered: counter(item, 'webhooksDelivered'), failed: counter(item, 'webhooksFailed'), attempts: counter(item, 'webhookAttempts') },
      hooks: { calls: counter(item, 'hookCalls'), rows: counter(item, 'hookRows'), ms: counter(item, 'hookMs') },
    };
  });
}

/** Add a correction step's validation hook calls to today's usage (one small UpdateItem). */
export async function addHookUsage(organizationId: string, deltas: { hookCalls: number; hookRows: number; hookMs: number }): Promise<void> {
  if (!deltas.hookCalls) return;
  const { Update } = addUsage(organizationId, new Date().toISOString().slice(0, 10), deltas);
  await dynamo().send(new UpdateCommand(Update));
}

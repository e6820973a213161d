// Usage per day (pattern 22 of data/table.ts): one small counter item per organization and UTC day,
// moved only inside the conditional write of the state it counts (an import's finish transaction, a
// webhook delivery's final state), so a step repeated by an at-least-once queue never counts twice.
// Validation hook calls count with the finish of the import whose processing made them; those of the
// correction step, made by API requests (not queue messages), are added when they are made.
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import { accountPrefixes, keys } from './table';
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

/**
 * Webhook deliveries count into one of this many items per day, picked at random: a batch of ten
 * deliveries of one organization ends at once, and transactions on one item cancel each other
 * (TransactionConflict), so one item would serialize them all. Imports count into the day's own item.
 */
export const DELIVERY_USAGE_SHARDS = 8;

/** A random delivery shard of the day (1 to DELIVERY_USAGE_SHARDS). */
export const deliveryUsageShard = () => 1 + Math.floor(Math.random() * DELIVERY_USAGE_SHARDS);

/**
 * The transaction item that adds `deltas` to the organization's usage item of `day` (yyyy-mm-dd, UTC),
 * or to one of its delivery shards, created by its first ADD. Zero deltas are left out.
 */
export function addUsage(organizationId: string, day: string, deltas: Partial<Record<UsageCounter, number>>, shard?: number) {
  const names = Object.entries(deltas).filter(([, delta]) => delta !== undefined && delta !== 0);
  return {
    Update: {
      TableName: config().tableName,
      Key: keys.usageDay(organizationId, day, shard),
      UpdateExpression: `ADD ${names.map((_, i) => `#u${i} :u${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map(([name], i) => [`#u${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map(([, delta], i) => [`:u${i}`, delta])),
    },
  };
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
 * zeros: one Query of the range, each day's item and delivery shards added up (small items: a year of
 * busy days is a few hundred KB, one page; eventually consistent, half the read units: a dashboard
 * figure may lag a second behind).
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
          // `~` sorts after the `#<shard>` of the last day's shards.
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

// Usage per day (pattern 22 of data/table.ts): one small counter item per organization and UTC day,
// moved only inside the conditional write of the state it counts (an import's finish transaction, a
// webhook delivery's final state), so a step repeated by an at-least-once queue never counts twice.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
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
  | 'webhookAttempts';

/**
 * The transaction item that adds `deltas` to the organization's usage item of `day` (yyyy-mm-dd, UTC),
 * created by its first ADD. Zero deltas are left out.
 */
export function addUsage(organizationId: string, day: string, deltas: Partial<Record<UsageCounter, number>>) {
  const names = Object.entries(deltas).filter(([, delta]) => delta !== undefined && delta !== 0);
  return {
    Update: {
      TableName: config().tableName,
      Key: keys.usageDay(organizationId, day),
      UpdateExpression: `ADD ${names.map((_, i) => `#u${i} :u${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map(([name], i) => [`#u${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map(([, delta], i) => [`:u${i}`, delta])),
    },
  };
}

const counter = (item: Record<string, unknown> | undefined, name: UsageCounter) => Number(item?.[name] ?? 0);

/**
 * Every day from `from` to `to` (yyyy-mm-dd, both included, oldest first), days without activity as
 * zeros: one Query of the range (at most 366 small items, one page; eventually consistent, half the
 * read units: a dashboard figure may lag a second behind).
 */
export async function readUsage(organizationId: string, from: string, to: string): Promise<UsageDay[]> {
  const byDay = new Map<string, Record<string, unknown>>();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: config().tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.organization(organizationId).pk,
          ':from': `${accountPrefixes.usage}${from}`,
          ':to': `${accountPrefixes.usage}${to}`,
        },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) byDay.set(String(item.sk).slice(accountPrefixes.usage.length), item);
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
    };
  });
}

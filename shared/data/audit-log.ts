// Pattern 21: the audit log. Entries are numbered: AUDITSTATS holds the last number and moves in the
// same transaction as the entry's put (conditioned on the number read), so the log has no gaps, its
// total is exact and a page is one Query between two sort keys. Entries are never updated or deleted.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import { keys, withoutKeys } from './table';
import { transactWrite } from './writes';
import type { PageRequest } from '../domain/pagination';

export interface AuditEntry {
  at: string;
  actor: { id: string; email: string | null };
  action: string;
  target: { type: string; id: string };
  details: Record<string, unknown>;
}

/** Concurrent changes of one organization are rare (people clicking): a few tries always suffice. */
const APPEND_TRIES = 8;

async function lastSeq(organizationId: string): Promise<number> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.auditStats(organizationId), ConsistentRead: true }),
  );
  return Number(Item?.seq ?? 0);
}

export async function appendAuditEntry(organizationId: string, entry: AuditEntry): Promise<void> {
  for (let attempt = 0; attempt < APPEND_TRIES; attempt++) {
    const seq = await lastSeq(organizationId);
    const written = await transactWrite([
      {
        Update: {
          TableName: config().tableName,
          Key: keys.auditStats(organizationId),
          UpdateExpression: 'SET seq = :next',
          ConditionExpression: seq === 0 ? 'attribute_not_exists(seq)' : 'seq = :seq',
          ExpressionAttributeValues: seq === 0 ? { ':next': 1 } : { ':next': seq + 1, ':seq': seq },
        },
      },
      {
        Put: {
          TableName: config().tableName,
          Item: { ...keys.auditEntry(organizationId, seq + 1), ...entry },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
    if (written) return;
  }
  throw new Error(`Audit log of ${organizationId}: ${APPEND_TRIES} concurrent appends in a row`);
}

/** One page, newest first: entries total..1, page 1 holds the newest `limit`. */
export async function auditPage(organizationId: string, { page, limit }: PageRequest): Promise<{ entries: AuditEntry[]; total: number }> {
  const total = await lastSeq(organizationId);
  const newest = total - (page - 1) * limit;
  if (newest < 1) return { entries: [], total };
  const oldest = Math.max(1, newest - limit + 1);
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.auditStats(organizationId).pk,
        ':from': keys.auditEntry(organizationId, oldest).sk,
        ':to': keys.auditEntry(organizationId, newest).sk,
      },
      ScanIndexForward: false,
    }),
  );
  // Fields in their documented order (DynamoDB keeps none).
  const entries = Items.map((item) => {
    const { at, actor, action, target, details } = withoutKeys(item) as AuditEntry;
    return { at, actor: { id: actor.id, email: actor.email }, action, target, details };
  });
  return { entries, total };
}

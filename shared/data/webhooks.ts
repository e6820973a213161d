// Webhook delivery state on the import record (pattern 9) and the attempt log (pattern 12). Every state
// change is conditioned on the delivery and the attempts made so far, so a duplicate or late message
// can never count an attempt twice, move DELIVERED back or act after the schedule ended.
import { ConditionalCheckFailedException, PutCommand, QueryCommand, UpdateCommand, type UpdateCommandInput } from '../aws/dynamodb';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import { keys, webhookAttemptsPrefix, withoutKeys } from './table';
import { batchGetInOrder } from './listing';
import type { Organization } from './organizations';
import type { ImportRecord, WebhookStatus } from '../domain/imports';
import type { DeliveryErrorKind } from '../webhooks/http-delivery';

export interface AttemptLogEntry {
  delivery: number;
  attempt: number;
  startedAt: string;
  durationMs: number;
  /** HTTP status of the answer, or null when there was none. */
  status: number | null;
  errorKind: DeliveryErrorKind | 'not_configured' | null;
  /** At most 1 KB of the response body, or what went wrong. */
  responseExcerpt: string;
}

const table = () => config().tableName;

/** An update that is skipped (false) when its condition no longer holds. */
async function conditionalUpdate(input: Omit<UpdateCommandInput, 'TableName'>): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({ TableName: table(), ...input }));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * The attempt's log entry: keyed by delivery and attempt, so a repeated attempt overwrites its own entry.
 * `onlyIfMissing`: a repair from the record's receipt, which never overwrites the full entry.
 */
export async function logAttempt(organizationId: string, importId: string, entry: AttemptLogEntry, onlyIfMissing = false): Promise<void> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: table(),
        Item: { ...keys.webhookAttempt(organizationId, importId, entry.delivery, entry.attempt), ...entry },
        ConditionExpression: onlyIfMissing ? 'attribute_not_exists(pk)' : undefined,
      }),
    );
  } catch (error) {
    if (!(onlyIfMissing && error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * The last counted attempt in brief, on the record (written by recordAttempt with the state): startedAt,
 * durationMs, status, errorKind. ~50 bytes, so the record stays small; the answer's excerpt is only in
 * the log entry. It lets a redelivered message rewrite an entry whose concurrent write was lost.
 */
export type AttemptReceipt = [startedAt: string, durationMs: number, status: number | null, errorKind: AttemptLogEntry['errorKind']];

/** The import record as the worker reads it: with the receipt of the last counted attempt. */
export type AttemptRecord = ImportRecord & { webhookLastAttempt?: AttemptReceipt };

/** The entry a receipt stands for (the excerpt is not kept on the record). */
export function entryFromReceipt(delivery: number, attempt: number, [startedAt, durationMs, status, errorKind]: AttemptReceipt): AttemptLogEntry {
  return { delivery, attempt, startedAt, durationMs, status, errorKind, responseExcerpt: '' };
}

export interface AttemptItems {
  records: Map<string, AttemptRecord>;
  organizations: Map<string, Organization>;
}

/**
 * The import records and organizations of a batch of attempts in one strongly consistent BatchGetItem
 * (pattern 9's record and pattern 2): each message's state and its organization's URL and secret as
 * they are now. Records are keyed `<organizationId>/<importId>`.
 */
export async function readAttemptItems(imports: { organizationId: string; importId: string }[]): Promise<AttemptItems> {
  const recordKeys = new Map(imports.map(({ organizationId, importId }) => [`${organizationId}/${importId}`, keys.importRecord(organizationId, importId)]));
  const organizationKeys = new Map(imports.map(({ organizationId }) => [organizationId, keys.organization(organizationId)]));
  const items = await batchGetInOrder([...recordKeys.values(), ...organizationKeys.values()], true);
  const bySortKey = new Map(items.map((item) => [`${item.pk}|${item.sk}`, item]));
  const found = <T>(entries: Map<string, { pk: string; sk: string }>) =>
    new Map(
      [...entries].flatMap(([name, key]) => {
        const item = bySortKey.get(`${key.pk}|${key.sk}`);
        return item ? [[name, withoutKeys(item) as unknown as T] as const] : [];
      }),
    );
  return { records: found<AttemptRecord>(recordKeys), organizations: found<Organization>(organizationKeys) };
}

export async function listAttempts(organizationId: string, importId: string): Promise<AttemptLogEntry[]> {
  const entries: AttemptLogEntry[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.organization(organizationId).pk, ':prefix': webhookAttemptsPrefix(importId) },
        ExclusiveStartKey: startKey,
      }),
    );
    // Rebuilt so field order is stable (DynamoDB maps come back unordered).
    for (const item of page.Items ?? []) {
      const { delivery, attempt, startedAt, durationMs, status, errorKind, responseExcerpt } = item as AttemptLogEntry;
      entries.push({ delivery, attempt, startedAt, durationMs, status, errorKind, responseExcerpt });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return entries;
}

export interface AttemptOutcome {
  status: Extract<WebhookStatus, 'DELIVERED' | 'RETRYING' | 'FAILED'>;
  /** When the attempt ended (webhookDeliveredAt when delivered). */
  endedAt: string;
  nextAttemptAt: string | null;
  receipt: AttemptReceipt;
}

/**
 * Count attempt `attempt` of `delivery` and move the state, only if it is the next attempt of the
 * current delivery and the delivery is still going. False: another message already counted it.
 */
export function recordAttempt(organizationId: string, importId: string, delivery: number, attempt: number, outcome: AttemptOutcome) {
  return conditionalUpdate({
    Key: keys.importRecord(organizationId, importId),
    UpdateExpression:
      'SET webhookAttempts = :attempt, webhookStatus = :status, webhookNextAttemptAt = :next, webhookDeliveredAt = :deliveredAt, ' +
      'webhookLastAttempt = :receipt',
    ConditionExpression:
      'webhookDelivery = :delivery AND webhookAttempts = :previous AND webhookStatus IN (:pending, :retrying)',
    ExpressionAttributeValues: {
      ':attempt': attempt,
      ':previous': attempt - 1,
      ':delivery': delivery,
      ':status': outcome.status,
      ':next': outcome.nextAttemptAt,
      ':deliveredAt': outcome.status === 'DELIVERED' ? outcome.endedAt : null,
      ':receipt': outcome.receipt,
      ':pending': 'PENDING',
      ':retrying': 'RETRYING',
    },
  });
}

/** Start delivery n+1 once delivery n ended (DELIVERED, FAILED or NOT_CONFIGURED). False: one is in progress. */
export function beginDelivery(organizationId: string, record: ImportRecord, startedAt: string) {
  const delivery = record.webhookDelivery ?? 1;
  return conditionalUpdate({
    Key: keys.importRecord(organizationId, record.id),
    UpdateExpression:
      'SET webhookDelivery = :next, webhookAttempts = :zero, webhookStatus = :pending, webhookDeliveredAt = :null, ' +
      'webhookNextAttemptAt = :null, webhookDeliveryStartedAt = :startedAt',
    ConditionExpression: 'webhookDelivery = :delivery AND webhookStatus IN (:delivered, :failed, :notConfigured)',
    ExpressionAttributeValues: {
      ':next': delivery + 1,
      ':delivery': delivery,
      ':zero': 0,
      ':null': null,
      ':startedAt': startedAt,
      ':pending': 'PENDING',
      ':delivered': 'DELIVERED',
      ':failed': 'FAILED',
      ':notConfigured': 'NOT_CONFIGURED',
    },
  });
}

/** Undo beginDelivery when its first message could not be queued (nothing was attempted yet). */
export function abandonDelivery(organizationId: string, record: ImportRecord) {
  return conditionalUpdate({
    Key: keys.importRecord(organizationId, record.id),
    UpdateExpression:
      'SET webhookDelivery = :previous, webhookAttempts = :attempts, webhookStatus = :status, ' +
      'webhookDeliveredAt = :deliveredAt, webhookNextAttemptAt = :null, webhookDeliveryStartedAt = :startedAt',
    ConditionExpression: 'webhookDelivery = :begun AND webhookAttempts = :zero',
    ExpressionAttributeValues: {
      ':previous': record.webhookDelivery ?? 1,
      ':begun': (record.webhookDelivery ?? 1) + 1,
      ':attempts': record.webhookAttempts,
      ':status': record.webhookStatus,
      ':deliveredAt': record.webhookDeliveredAt,
      ':startedAt': record.webhookDeliveryStartedAt ?? record.completedAt,
      ':null': null,
      ':zero': 0,
    },
  });
}

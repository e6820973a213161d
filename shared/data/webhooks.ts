// Webhook delivery state on the import record (pattern 9) and the attempt log (pattern 12). Every state
// change is conditioned on the delivery and the attempts made so far, so a duplicate or late message
// can never count an attempt twice, move DELIVERED back or act after the schedule ended. The current
// delivery's log entries ride on the record, appended by the very update that counts the attempt (one
// write per attempt); the entries of ended deliveries, and answers too long to keep on the record, are
// items of their own.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import { keys, webhookAttemptsPrefix, withoutKeys } from './table';
import { getImportRecord } from './imports';
import { batchGetInOrder, queryPrefix } from './listing';
import { conditionalUpdate } from './writes';
import type { TallyMark } from './usage';
import type { Organization, PreviousWebhookSecret } from './organizations';
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

/**
 * An attempt's log entry as an item: one whose answer is too long for the record, or one rewritten from
 * an older record's receipt. Keyed by delivery and attempt, so a repeated attempt overwrites its own entry.
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

/** The most of a receiver's answer kept in a log entry on the record; a longer one is an item of its own. */
export const RECORD_EXCERPT_BYTES = 64;

/**
 * A log entry on the record (`webhookLog`, one per counted attempt of the current delivery), as a list:
 * field names would double its size, and DynamoDB bills every write of the record by the record's whole
 * size. The excerpt is null when it was longer than RECORD_EXCERPT_BYTES: the entry's item holds it.
 */
export type RecordedAttempt = [
  delivery: number,
  attempt: number,
  startedAt: string,
  durationMs: number,
  status: number | null,
  errorKind: AttemptLogEntry['errorKind'],
  responseExcerpt: string | null,
];

/**
 * Records written before the log rode on the record: the last counted attempt in brief (startedAt,
 * durationMs, status, errorKind), from which a redelivered message rewrites an entry whose own write
 * was lost. Read only; the next state change removes it.
 */
export type AttemptReceipt = [startedAt: string, durationMs: number, status: number | null, errorKind: AttemptLogEntry['errorKind']];

/** The import record as the worker reads it: with the current delivery's log (or an older record's receipt). */
export type AttemptRecord = ImportRecord & { webhookLog?: RecordedAttempt[]; webhookLastAttempt?: AttemptReceipt; webhookTally?: TallyMark };

/** The entry a receipt stands for (the excerpt is not kept on the record). */
export function entryFromReceipt(delivery: number, attempt: number, [startedAt, durationMs, status, errorKind]: AttemptReceipt): AttemptLogEntry {
  return { delivery, attempt, startedAt, durationMs, status, errorKind, responseExcerpt: '' };
}

/** The record's form of an entry; a long excerpt is left to the entry's item (null). */
export function recordedAttempt(entry: AttemptLogEntry): RecordedAttempt {
  const excerpt = Buffer.byteLength(entry.responseExcerpt) <= RECORD_EXCERPT_BYTES ? entry.responseExcerpt : null;
  return [entry.delivery, entry.attempt, entry.startedAt, entry.durationMs, entry.status, entry.errorKind, excerpt];
}

function fromRecorded([delivery, attempt, startedAt, durationMs, status, errorKind, responseExcerpt]: RecordedAttempt): AttemptLogEntry {
  return { delivery, attempt, startedAt, durationMs, status, errorKind, responseExcerpt: responseExcerpt ?? '' };
}

export interface AttemptItems {
  records: Map<string, AttemptRecord>;
  organizations: Map<string, Organization & PreviousWebhookSecret>;
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
  return { records: found<AttemptRecord>(recordKeys), organizations: found<Organization & PreviousWebhookSecret>(organizationKeys) };
}

/**
 * Every attempt of every delivery, by delivery and attempt: the items (ended deliveries, long answers,
 * records written before the log rode on the record) and the current delivery's entries on the record.
 * `record`: the import record when the caller has just read it.
 */
export async function listAttempts(organizationId: string, importId: string, record?: AttemptRecord): Promise<AttemptLogEntry[]> {
  const [items, onRecord] = await Promise.all([
    attemptItems(organizationId, importId),
    record ? Promise.resolve(record) : getImportRecord(organizationId, importId).then((read) => read as AttemptRecord | undefined),
  ]);
  const entries = new Map(items.map((entry) => [`${entry.delivery}#${entry.attempt}`, entry]));
  for (const recorded of onRecord?.webhookLog ?? []) {
    const key = `${recorded[0]}#${recorded[1]}`;
    // The record's entry is the counted attempt's; an item of the same attempt holds its long answer.
    const entry = fromRecorded(recorded);
    entries.set(key, recorded[6] === null ? { ...entry, responseExcerpt: entries.get(key)?.responseExcerpt ?? '' } : entry);
  }
  return [...entries.values()].sort((a, b) => a.delivery - b.delivery || a.attempt - b.attempt);
}

async function attemptItems(organizationId: string, importId: string): Promise<AttemptLogEntry[]> {
  const items = await queryPrefix(keys.organization(organizationId).pk, webhookAttemptsPrefix(importId));
  // Rebuilt so field order is stable (DynamoDB maps come back unordered).
  return items.map((item) => {
    const { delivery, attempt, startedAt, durationMs, status, errorKind, responseExcerpt } = item as AttemptLogEntry;
    return { delivery, attempt, startedAt, durationMs, status, errorKind, responseExcerpt };
  });
}

export interface AttemptOutcome {
  status: Extract<WebhookStatus, 'DELIVERED' | 'RETRYING' | 'FAILED'>;
  /** When the attempt ended (webhookDeliveredAt when delivered). */
  endedAt: string;
  nextAttemptAt: string | null;
}

/**
 * Count attempt `attempt` of `delivery`, move the state and append the attempt's log entry, in one
 * update, only if it is the next attempt of the current delivery and the delivery is still going: an
 * attempt is logged exactly when it is counted. False: another message already counted it. The attempt
 * that ends the delivery (DELIVERED, or FAILED after the last retry) also writes `tally`, the mark of the
 * worker invocation that counts the delivery in the organization's usage (webhooks/delivery-tally.ts).
 */
export function recordAttempt(organizationId: string, importId: string, outcome: AttemptOutcome, entry: RecordedAttempt, tally?: TallyMark): Promise<boolean> {
  const [delivery, attempt] = entry;
  return conditionalUpdate({
    Key: keys.importRecord(organizationId, importId),
    UpdateExpression:
      'SET webhookAttempts = :attempt, webhookStatus = :status, webhookNextAttemptAt = :next, webhookDeliveredAt = :deliveredAt, ' +
      `webhookLog = list_append(if_not_exists(webhookLog, :noLog), :logged)${tally ? ', webhookTally = :tally' : ''} REMOVE webhookLastAttempt`,
    ConditionExpression:
      'webhookDelivery = :delivery AND webhookAttempts = :previous AND webhookStatus IN (:pending, :retrying)',
    ExpressionAttributeValues: {
      ':attempt': attempt,
      ':previous': attempt - 1,
      ':delivery': delivery,
      ':status': outcome.status,
      ':next': outcome.nextAttemptAt,
      ':deliveredAt': outcome.status === 'DELIVERED' ? outcome.endedAt : null,
      ':noLog': [],
      ':logged': [entry],
      ':pending': 'PENDING',
      ':retrying': 'RETRYING',
      ...(tally ? { ':tally': tally } : {}),
    },
  });
}

/**
 * The ended delivery's entries on the record, as items (pattern 12), so the next delivery starts with an
 * empty log on the record. Upserts: a repeat writes the same fields, and an answer kept only in the item
 * (the record's excerpt is null) is never overwritten.
 */
async function archiveAttempts(organizationId: string, importId: string, entries: RecordedAttempt[]): Promise<void> {
  await Promise.all(
    entries.map(([delivery, attempt, startedAt, durationMs, status, errorKind, excerpt]) =>
      dynamo().send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.webhookAttempt(organizationId, importId, delivery, attempt),
          UpdateExpression:
            'SET #delivery = :delivery, #attempt = :attempt, startedAt = :startedAt, durationMs = :durationMs, #status = :status, ' +
            'errorKind = :errorKind, responseExcerpt = if_not_exists(responseExcerpt, :excerpt)',
          ExpressionAttributeNames: { '#delivery': 'delivery', '#attempt': 'attempt', '#status': 'status' },
          ExpressionAttributeValues: {
            ':delivery': delivery,
            ':attempt': attempt,
            ':startedAt': startedAt,
            ':durationMs': durationMs,
            ':status': status,
            ':errorKind': errorKind,
            ':excerpt': excerpt ?? '',
          },
        }),
      ),
    ),
  );
}

/**
 * Start delivery n+1 once delivery n ended (DELIVERED, FAILED or NOT_CONFIGURED). False: one is in progress.
 * Delivery n's log entries move from the record to items first (a crash in between leaves both copies,
 * which listAttempts merges); an ended delivery's log no longer changes, and the condition checks that
 * the record's log is still the one moved.
 */
export async function beginDelivery(organizationId: string, record: AttemptRecord, startedAt: string) {
  const delivery = record.webhookDelivery ?? 1;
  const logged = record.webhookLog ?? [];
  await archiveAttempts(organizationId, record.id, logged);
  return conditionalUpdate({
    Key: keys.importRecord(organizationId, record.id),
    UpdateExpression:
      'SET webhookDelivery = :next, webhookAttempts = :zero, webhookStatus = :pending, webhookDeliveredAt = :null, ' +
      'webhookNextAttemptAt = :null, webhookDeliveryStartedAt = :startedAt REMOVE webhookLog, webhookLastAttempt, webhookTally',
    ConditionExpression:
      'webhookDelivery = :delivery AND webhookStatus IN (:delivered, :failed, :notConfigured) AND ' +
      (logged.length === 0 ? 'attribute_not_exists(webhookLog)' : 'size(webhookLog) = :logged'),
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
      ...(logged.length === 0 ? {} : { ':logged': logged.length }),
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

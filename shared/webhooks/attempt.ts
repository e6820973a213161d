// One webhook message, handled: decide from the import's state whether this is the next attempt of the
// current delivery, wait (another hop) if it is early, otherwise POST the delivery's payload, count the
// attempt with its log entry and queue the next attempt if one is due. Around the POST there are at most
// three round trips: (1) the record and organization (one BatchGetItem for every message of the
// invocation), with the stored payload (S3) at the same time unless the message carries it (the
// import-finished message does when it fits); (2) one conditional UpdateItem: the state change and the
// attempt's log entry on the record (plus the entry as an item when the receiver's answer is too long
// for the record); (3) only when another attempt is due, its message. A delivery that ends is counted
// in the organization's usage by the invocation's tally, once per batch (delivery-tally.ts).
// A crash anywhere is redelivered: an uncounted attempt is made again (the receiver may see it twice
// and dedupes on importId); a counted one is never counted again, its log entry was written with it, its
// next message is queued again and its delivery's usage, if the tally never got it, counted.
import { getImportItems } from '../data/imports';
import type { Organization, PreviousWebhookSecret } from '../data/organizations';
import {
  entryFromReceipt,
  logAttempt,
  readAttemptItems,
  recordAttempt,
  recordedAttempt,
  type AttemptLogEntry,
  type AttemptOutcome,
  type AttemptRecord,
} from '../data/webhooks';
import { config } from '../config';
import type { ImportRecord } from '../domain/imports';
import { deliver, type DeliveryResult } from './http-delivery';
import { sendWebhookMessage, type WebhookMessage } from './messages';
import { deliveryPayload, readPayload, renderPayload, storePayload, withTimestamp } from './payload';
import { signedHeaders } from './signing';
import { signingSecrets } from './secrets';
import { deliveryDeltas, settleCountedDelivery, type DeliveryTally } from './delivery-tally';
import { countMetric } from '../observability/observe';
import { METRIC } from '../observability/metrics';
import { log } from '../observability/logger';

export type AttemptResult = 'delivered' | 'retrying' | 'failed' | 'rescheduled' | 'skipped';

/** The same on every attempt of a delivery, so receivers (and Standard Webhooks libraries) can dedupe. */
export const webhookId = (importId: string, delivery: number) => `msg_${importId}_${delivery}`;

const inProgress = (record: ImportRecord) => record.webhookStatus === 'PENDING' || record.webhookStatus === 'RETRYING';

interface AttemptInputs {
  record: AttemptRecord | undefined;
  organization: (Organization & PreviousWebhookSecret) | undefined;
}

/**
 * The reads of one invocation's messages: the records and organizations asked for in the same turn of
 * the event loop (a batch's messages start together) go out in one strongly consistent BatchGetItem, so
 * ten messages of one organization read it once. One instance per invocation: never a stale cache.
 */
export class AttemptReads {
  private queued: { organizationId: string; importId: string; settle: (inputs: Promise<AttemptInputs>) => void }[] = [];

  load(organizationId: string, importId: string): Promise<AttemptInputs> {
    return new Promise((settle) => {
      if (this.queued.length === 0) setImmediate(() => this.flush());
      this.queued.push({ organizationId, importId, settle });
    });
  }

  private flush(): void {
    const batch = this.queued;
    this.queued = [];
    const items = readAttemptItems(batch);
    for (const { organizationId, importId, settle } of batch) {
      settle(items.then(({ records, organizations }) => ({ record: records.get(`${organizationId}/${importId}`), organization: organizations.get(organizationId) })));
    }
  }
}

/**
 * Handle one message of an invocation: `reads` gathers the invocation's reads, `tally` counts the
 * deliveries it ends (its owner closes it once every message is handled).
 */
export async function handleWebhookMessage(message: WebhookMessage, reads: AttemptReads, tally: DeliveryTally): Promise<AttemptResult> {
  const { organizationId, importId, delivery, attempt } = message;
  // An early message (a wait longer than SQS's 15-minute delay) only travels on: no read needed.
  if (message.dueAt && Date.parse(message.dueAt) > Date.now()) {
    await sendWebhookMessage(message);
    return 'rescheduled';
  }
  // Round trip 1: the payload, unless the message carries it, is read while the state is; it is only
  // awaited if the attempt is made.
  const stored = message.payload === undefined ? readPayload(organizationId, importId, message.payloadDelivery ?? delivery) : Promise.resolve(undefined);
  stored.catch(() => undefined);
  const { record, organization } = await reads.load(organizationId, importId);
  if (!record || (record.webhookDelivery ?? 1) !== delivery) return 'skipped';
  const made = record.webhookAttempts ?? 0;
  if (made === attempt) {
    await finishCounted(message, record, tally);
    return 'skipped';
  }
  // Ended, counted beyond this one, or an earlier attempt still outstanding (its own message makes it
  // and queues this one).
  if (!inProgress(record) || made !== attempt - 1) return 'skipped';
  return attemptDelivery(message, record, organization, stored, tally);
}

/**
 * This attempt was counted, but the handler may have stopped before queueing the next attempt's message,
 * or, when the attempt ended the delivery, before its invocation tallied it. Its log entry was written
 * with the count; only a record counted before that (which carries a receipt of its last attempt
 * instead) may have lost it: rewritten from the receipt, never over a full entry.
 */
async function finishCounted(message: WebhookMessage, record: AttemptRecord, tally: DeliveryTally): Promise<void> {
  const { organizationId, importId, delivery, attempt } = message;
  await Promise.all([
    settleCountedDelivery(message, record, tally.startedAt),
    record.webhookLastAttempt && logAttempt(organizationId, importId, entryFromReceipt(delivery, attempt, record.webhookLastAttempt), true),
    record.webhookStatus === 'RETRYING' && record.webhookNextAttemptAt && sendWebhookMessage(nextMessage(message, record.webhookNextAttemptAt)),
  ]);
}

/** A retry's message names its payload and does not carry it: retries are the rare path, and their messages
 * wait out the schedule in hops (up to ~100), so they stay small; each retry reads the stored bytes. */
const nextMessage = (message: WebhookMessage, dueAt: string): WebhookMessage => ({
  organizationId: message.organizationId,
  importId: message.importId,
  delivery: message.delivery,
  attempt: message.attempt + 1,
  dueAt,
  ...(message.payloadDelivery ? { payloadDelivery: message.payloadDelivery } : {}),
});

/** The body every attempt of the delivery sends: the message's own, or usually the stored bytes read in round trip 1. */
async function payloadBody(message: WebhookMessage, record: ImportRecord, stored: Promise<Buffer | undefined>): Promise<Buffer> {
  const { organizationId, importId, delivery } = message;
  if (message.payload !== undefined) return Buffer.from(message.payload, 'utf8');
  const startedAt = record.webhookDeliveryStartedAt ?? record.completedAt!;
  // Only when nothing is stored yet: a resend whose own payload is rendered, an import that had no URL
  // when it finished, a record written before the processor stored payloads.
  const render = (timestamp: string) => async () => renderPayload(organizationId, (await getImportItems(organizationId, importId))!, timestamp);
  const source = message.payloadDelivery ?? delivery;
  let bytes = await stored;
  if (!bytes) {
    // The first delivery's payload carries the import's finish as its timestamp, whoever stores it.
    bytes = await render(source === delivery ? startedAt : record.completedAt!)();
    await storePayload(organizationId, importId, source, bytes);
  }
  if (source === delivery) return bytes;
  return withTimestamp(bytes, startedAt) ?? deliveryPayload(organizationId, importId, delivery, render(startedAt));
}

async function attemptDelivery(
  message: WebhookMessage,
  record: AttemptRecord,
  organization: (Organization & PreviousWebhookSecret) | undefined,
  stored: Promise<Buffer | undefined>,
  tally: DeliveryTally,
): Promise<AttemptResult> {
  const { organizationId, importId, delivery, attempt } = message;
  const { webhookRetrySchedule: schedule, webhookTimeoutMs, webhookAllowPrivate } = config();
  const body = await payloadBody(message, record, stored);

  const startedAt = new Date();
  // Both are needed: without a secret, signatures could be computed by anyone. A secret rotated out
  // less than 24 hours ago signs beside the current one (secrets.ts).
  const secrets = organization?.webhookUrl ? signingSecrets(organization, startedAt.getTime()) : undefined;
  const configured = Boolean(secrets);
  const result: DeliveryResult = secrets
    ? await deliver({
        url: organization!.webhookUrl!,
        body,
        headers: signedHeaders({
          ...secrets,
          webhookId: webhookId(importId, delivery),
          timestampSeconds: Math.floor(startedAt.getTime() / 1000),
          body,
        }),
        timeoutMs: webhookTimeoutMs,
        allowPrivate: webhookAllowPrivate,
      })
    : { status: null, errorKind: null, durationMs: 0, excerpt: 'The organization has no webhook URL and secret any more', address: null };
  const endedAt = new Date(startedAt.getTime() + result.durationMs);

  const delivered = result.status !== null && result.status >= 200 && result.status < 300;
  const lastAttempt = attempt > schedule.length;
  const entry: AttemptLogEntry = {
    delivery,
    attempt,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(result.durationMs),
    status: result.status,
    errorKind: configured ? result.errorKind : 'not_configured',
    responseExcerpt: result.excerpt,
  };
  const outcome: AttemptOutcome = {
    status: delivered ? 'DELIVERED' : lastAttempt ? 'FAILED' : 'RETRYING',
    endedAt: endedAt.toISOString(),
    // Each retry is counted from the moment the failed attempt ended.
    nextAttemptAt: delivered || lastAttempt ? null : new Date(endedAt.getTime() + schedule[attempt - 1] * 1000).toISOString(),
  };
  // Round trip 2: the state change with the log entry (and, when it ends the delivery, the tally's mark).
  // A failed state change is retried by redelivery (the attempt is made again). An answer too long for
  // the record goes to the entry's item at the same time; if that write is lost, the entry on the record
  // still stands, without the answer.
  const recorded = recordedAttempt(entry);
  const ending = outcome.status === 'RETRYING' ? undefined : outcome.status;
  const mark = ending && tally.mark(message, outcome.endedAt.slice(0, 10));
  const [counted, logged] = await Promise.allSettled([
    recordAttempt(organizationId, importId, outcome, recorded, mark),
    recorded[6] === null ? logAttempt(organizationId, importId, entry) : undefined,
  ]);
  if (counted.status === 'rejected') throw counted.reason;
  if (ending) tally.settle(message, counted.value ? deliveryDeltas(ending, attempt) : null);
  if (!counted.value) return 'skipped';
  countMetric(METRIC.postMs, Math.ceil(result.durationMs));
  countMetric(delivered ? METRIC.delivered : lastAttempt ? METRIC.deliveriesFailed : METRIC.retrying);
  // The receiver's answer excerpt stays in the attempt log (the API shows it), not in the logs.
  const attemptFields = { delivery, attempt, status: result.status, errorKind: result.errorKind, durationMs: entry.durationMs, outcome: outcome.status };
  if (outcome.status === 'FAILED') log.warn('Webhook delivery failed after its last attempt', attemptFields);
  else log.debug('Webhook attempt', attemptFields);
  if (logged.status === 'rejected') log.error("A webhook attempt's answer was not logged (the attempt was)", logged.reason, { delivery, attempt });
  // Round trip 3, only while retrying.
  if (outcome.nextAttemptAt) await sendWebhookMessage(nextMessage(message, outcome.nextAttemptAt));
  return delivered ? 'delivered' : lastAttempt ? 'failed' : 'retrying';
}

// One webhook message, handled: decide from the import's state whether this is the next attempt of the
// current delivery, wait (another hop) if it is early, otherwise POST the delivery's stored payload,
// log the attempt, move the state with a conditional write and queue the next attempt if one is due.
// A crash anywhere is redelivered: an unrecorded attempt is made again (the receiver may see it twice
// and dedupes on importId); a recorded one is never counted again.
import { getImportItems, getImportRecord } from '../data/imports';
import { getOrganization } from '../data/organizations';
import { logAttempt, recordAttempt, type AttemptOutcome } from '../data/webhooks';
import { config } from '../config';
import type { ImportRecord } from '../domain/imports';
import { deliver, type DeliveryResult } from './http-delivery';
import { sendWebhookMessage, type WebhookMessage } from './messages';
import { deliveryPayload, renderPayload } from './payload';
import { signedHeaders } from './signing';
import { countMetric } from '../observability/observe';
import { METRIC } from '../observability/metrics';
import { log } from '../observability/logger';

export type AttemptResult = 'delivered' | 'retrying' | 'failed' | 'rescheduled' | 'skipped';

/** The same on every attempt of a delivery, so receivers (and Standard Webhooks libraries) can dedupe. */
export const webhookId = (importId: string, delivery: number) => `msg_${importId}_${delivery}`;

const inProgress = (record: ImportRecord) => record.webhookStatus === 'PENDING' || record.webhookStatus === 'RETRYING';

export async function handleWebhookMessage(message: WebhookMessage): Promise<AttemptResult> {
  const { organizationId, importId, delivery, attempt } = message;
  // An early message (a wait longer than SQS's 15-minute delay) only travels on: no read needed.
  if (message.dueAt && Date.parse(message.dueAt) > Date.now()) {
    await sendWebhookMessage(message);
    return 'rescheduled';
  }
  const record = await getImportRecord(organizationId, importId);
  if (!record || (record.webhookDelivery ?? 1) !== delivery || !inProgress(record)) return 'skipped';
  const made = record.webhookAttempts ?? 0;
  if (made >= attempt) {
    // This attempt was counted, but the crash may have come before the next one was queued.
    if (made === attempt && record.webhookStatus === 'RETRYING' && record.webhookNextAttemptAt) {
      await sendWebhookMessage({ organizationId, importId, delivery, attempt: attempt + 1, dueAt: record.webhookNextAttemptAt });
    }
    return 'skipped';
  }
  // An earlier attempt is still outstanding: its own message makes it and queues this one.
  if (made !== attempt - 1) return 'skipped';
  return attemptDelivery(message, record);
}

async function attemptDelivery(message: WebhookMessage, record: ImportRecord): Promise<AttemptResult> {
  const { organizationId, importId, delivery, attempt } = message;
  const { webhookRetrySchedule: schedule, webhookTimeoutMs, webhookAllowPrivate } = config();
  const [organization, body] = await Promise.all([
    getOrganization(organizationId),
    deliveryPayload(organizationId, importId, delivery, async () => {
      const items = await getImportItems(organizationId, importId);
      return renderPayload(organizationId, items!, record.webhookDeliveryStartedAt ?? record.completedAt!);
    }),
  ]);

  const startedAt = new Date();
  // Both are needed: without a secret, signatures could be computed by anyone.
  const configured = Boolean(organization?.webhookUrl && organization.webhookSecret);
  const result: DeliveryResult = configured
    ? await deliver({
        url: organization!.webhookUrl!,
        body,
        headers: signedHeaders({
          secret: organization!.webhookSecret!,
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
  const outcome: AttemptOutcome = {
    status: delivered ? 'DELIVERED' : lastAttempt ? 'FAILED' : 'RETRYING',
    endedAt: endedAt.toISOString(),
    // Each retry is counted from the moment the failed attempt ended.
    nextAttemptAt: delivered || lastAttempt ? null : new Date(endedAt.getTime() + schedule[attempt - 1] * 1000).toISOString(),
  };
  await logAttempt(organizationId, importId, {
    delivery,
    attempt,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(result.durationMs),
    status: result.status,
    errorKind: configured ? result.errorKind : 'not_configured',
    responseExcerpt: result.excerpt,
  });
  if (!(await recordAttempt(organizationId, importId, delivery, attempt, outcome))) return 'skipped';
  countMetric(METRIC.postMs, Math.ceil(result.durationMs));
  countMetric(delivered ? METRIC.delivered : lastAttempt ? METRIC.deliveriesFailed : METRIC.retrying);
  // The receiver's answer excerpt stays in the attempt log (the API shows it), not in the logs.
  const attemptFields = { delivery, attempt, status: result.status, errorKind: result.errorKind, durationMs: Math.round(result.durationMs), outcome: outcome.status };
  if (outcome.status === 'FAILED') log.warn('Webhook delivery failed after its last attempt', attemptFields);
  else log.debug('Webhook attempt', attemptFields);
  if (outcome.nextAttemptAt) {
    await sendWebhookMessage({ organizationId, importId, delivery, attempt: attempt + 1, dueAt: outcome.nextAttemptAt });
  }
  return delivered ? 'delivered' : lastAttempt ? 'failed' : 'retrying';
}

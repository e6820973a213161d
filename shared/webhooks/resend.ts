// Resend: a new delivery of an import's event to the organization's current URL, once the previous
// delivery ended. The state moves first (conditionally: one delivery at a time), then the first
// attempt is queued; if queueing fails the state is moved back so the import is never left waiting.
// The new delivery sends the first delivery's stored payload with its own timestamp when that payload
// is sure to outlive it (the bucket expires it retentionDays after the import finished); otherwise the
// worker renders and stores the delivery's own, as for an import whose rows are about to expire.
import { getImportRecord } from '../data/imports';
import { getOrganization } from '../data/organizations';
import { abandonDelivery, beginDelivery } from '../data/webhooks';
import { nowIso } from '../domain/ids';
import { badRequest, notFound } from '../domain/errors';
import { config, type Config } from '../config';
import type { ImportRecord } from '../domain/imports';
import { sendWebhookMessage } from './messages';

const DAY_MS = 86_400_000;

/** The longest a delivery can run: every retry's wait and every attempt's timeout. */
const longestDeliveryMs = ({ webhookRetrySchedule, webhookTimeoutMs }: Config) =>
  webhookRetrySchedule.reduce((sum, seconds) => sum + seconds * 1000, 0) + (webhookRetrySchedule.length + 1) * webhookTimeoutMs;

/** Whether delivery 1's payload (stored when the import finished) is still stored when a delivery started now ends; a day to spare. */
export function firstPayloadOutlives(record: Pick<ImportRecord, 'completedAt'>, cfg: Config = config(), now = Date.now()): boolean {
  if (!record.completedAt) return false;
  return now + longestDeliveryMs(cfg) + DAY_MS <= Date.parse(record.completedAt) + cfg.retentionDays * DAY_MS;
}

export async function resendWebhook(organizationId: string, importId: string): Promise<{ delivery: number }> {
  const record = await getImportRecord(organizationId, importId);
  if (!record) throw notFound('Import');
  if (record.status === 'PENDING') throw badRequest(`Import ${importId} is still PENDING: its webhook is sent when it finishes`);
  const inProgress = () =>
    badRequest(
      `A webhook delivery of import ${importId} is in progress (${record.webhookStatus}, ` +
        `${record.webhookAttempts} of ${config().webhookRetrySchedule.length + 1} attempts made): resend once it has ended`,
    );
  if (record.webhookStatus === 'PENDING' || record.webhookStatus === 'RETRYING') throw inProgress();
  if (!(await getOrganization(organizationId))?.webhookUrl) {
    throw badRequest('The organization has no webhook URL configured: set one in the dashboard first');
  }
  if (!(await beginDelivery(organizationId, record, nowIso()))) throw inProgress();
  const delivery = (record.webhookDelivery ?? 1) + 1;
  try {
    await sendWebhookMessage({ organizationId, importId, delivery, attempt: 1, ...(firstPayloadOutlives(record) ? { payloadDelivery: 1 } : {}) });
  } catch (error) {
    await abandonDelivery(organizationId, record);
    throw error;
  }
  return { delivery };
}

// Resend: a new delivery of an import's event to the organization's current URL, once the previous
// delivery ended. The state moves first (conditionally: one delivery at a time), then the first
// attempt is queued; if queueing fails the state is moved back so the import is never left waiting.
import { getImportRecord } from '../data/imports';
import { getOrganization } from '../data/organizations';
import { abandonDelivery, beginDelivery } from '../data/webhooks';
import { nowIso } from '../domain/ids';
import { badRequest, notFound } from '../http/errors';
import { config } from '../config';
import { sendWebhookMessage } from './messages';

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
    await sendWebhookMessage({ organizationId, importId, delivery, attempt: 1 });
  } catch (error) {
    await abandonDelivery(organizationId, record);
    throw error;
  }
  return { delivery };
}

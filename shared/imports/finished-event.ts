// The import-finished event: the first attempt of the import's first webhook delivery, queued once the
// import finished. It names the import and never carries rows; the webhook worker reads the import
// and renders the payload itself.
import { sendWebhookMessage } from '../webhooks/messages';

/**
 * Sent after the finishing commit, and sent again by a redelivered processor that finds the import
 * already finished (the commit may have succeeded and this send failed): the worker dedupes, since
 * the import's state says which attempt is next.
 */
export async function announceImportFinished(organizationId: string, importId: string): Promise<void> {
  await sendWebhookMessage({ organizationId, importId, delivery: 1, attempt: 1 });
}

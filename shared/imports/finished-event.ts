// The import-finished event: the first attempt of the import's first webhook delivery, queued once the
// import finished. It names the import and never carries rows apart from the rendered payload's own
// (withPayload: when it fits in one SQS billing chunk); without it the worker reads the stored payload.
import { sendWebhookMessage, withPayload } from '../webhooks/messages';

/**
 * Sent after the finishing commit, and sent again by a redelivered processor that finds the import
 * already finished (the commit may have succeeded and this send failed): the worker dedupes, since
 * the import's state says which attempt is next. `payload`: the first delivery's stored payload.
 */
export async function announceImportFinished(organizationId: string, importId: string, payload?: Buffer): Promise<void> {
  const message = { organizationId, importId, delivery: 1, attempt: 1 };
  await sendWebhookMessage(payload ? withPayload(message, payload) : message);
}

// Messages on the webhook queue: each names one attempt of one delivery of an import's event and when
// it is due, never the rows. SQS delays stop at 15 minutes, so a longer wait travels in hops: a message
// that arrives before its due time is sent again with the rest of the delay, without an attempt.
import { sendDueAt } from '../aws/delayed-messages';
import { config } from '../config';

export interface WebhookMessage {
  organizationId: string;
  importId: string;
  /** 1 for the delivery started when the import finished, +1 for each resend. */
  delivery: number;
  /** 1 for the first attempt, up to 1 + the retry schedule's length. */
  attempt: number;
  /** ISO time before which the attempt must not be made; absent: due at once. */
  dueAt?: string;
  /**
   * A resend that sends this earlier delivery's stored payload with its own timestamp (set by the resend
   * when that payload outlives the new delivery; carried by every later attempt). Absent: the delivery's own.
   */
  payloadDelivery?: 1;
}

/** The message in a queue body, or undefined when the body is not one (dropped: it can never succeed). */
export function parseWebhookMessage(body: string): WebhookMessage | undefined {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  const { organizationId, importId } = value;
  if (typeof organizationId !== 'string' || typeof importId !== 'string') return undefined;
  // The processor's import-finished message names only the import: the first attempt of delivery 1.
  const delivery = Number(value.delivery ?? 1);
  const attempt = Number(value.attempt ?? 1);
  if (!Number.isInteger(delivery) || !Number.isInteger(attempt) || delivery < 1 || attempt < 1) return undefined;
  const payloadDelivery = value.payloadDelivery === undefined ? undefined : Number(value.payloadDelivery);
  // Only the first delivery's payload is ever reused (resend.ts).
  if (payloadDelivery !== undefined && !(payloadDelivery === 1 && delivery > 1)) return undefined;
  return {
    organizationId,
    importId,
    delivery,
    attempt,
    dueAt: typeof value.dueAt === 'string' ? value.dueAt : undefined,
    ...(payloadDelivery === 1 ? { payloadDelivery } : {}),
  };
}

/** Queue the message, delayed until its due time (or as far as SQS allows: the rest is another hop). */
export async function sendWebhookMessage(message: WebhookMessage, now = Date.now()): Promise<void> {
  await sendDueAt(config().webhookQueueUrl, JSON.stringify(message), message.dueAt, now);
}

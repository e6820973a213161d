// Messages on the webhook queue: each names one attempt of one delivery of an import's event and when
// it is due; the import-finished message also carries the payload when it fits in one SQS billing chunk,
// sparing the first attempt the read of the stored copy. SQS delays stop at 15 minutes, so a longer wait
// travels in hops: a message that arrives before its due time is sent again with the rest of the delay,
// without an attempt.
import { sendDueAt } from '../aws/delayed-messages';
import { config } from '../config';
import { SQS_REQUEST_CHUNK_BYTES } from '../observability/prices';

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
  /**
   * The exact body to send (UTF-8 text of the stored payload's bytes), when the message carries it
   * (withPayload). Absent: the stored payload is read.
   */
  payload?: string;
}

/** Characters SQS refuses in a message body that JSON.stringify leaves unescaped (noncharacters). */
const REFUSED_BY_SQS = /[\uFFFE\uFFFF]/;

/**
 * The message carrying `body` when its whole queue body still fits in one 64 KB SQS billing chunk (it is
 * then sent and received at the price of a message without it) and the body survives the trip through a
 * string byte for byte; otherwise the message as it is (the attempt reads the stored payload).
 */
export function withPayload(message: WebhookMessage, body: Buffer): WebhookMessage {
  if (body.length >= SQS_REQUEST_CHUNK_BYTES) return message;
  const text = body.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(body)) return message;
  const carrying = { ...message, payload: text };
  const queued = JSON.stringify(carrying);
  return Buffer.byteLength(queued) <= SQS_REQUEST_CHUNK_BYTES && !REFUSED_BY_SQS.test(queued) ? carrying : message;
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
    ...(typeof value.payload === 'string' ? { payload: value.payload } : {}),
  };
}

/** Queue the message, delayed until its due time (or as far as SQS allows: the rest is another hop). */
export async function sendWebhookMessage(message: WebhookMessage, now = Date.now()): Promise<void> {
  await sendDueAt(config().webhookQueueUrl, JSON.stringify(message), message.dueAt, now);
}

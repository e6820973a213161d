// Messages due at a given time (webhook retries, import deadlines). SQS delays stop at 15 minutes, so
// a longer wait travels in hops: the consumer of a message that arrives early sends it again with
// this function, which delays it by the rest (or as far as SQS allows: another hop).
import { sendMessage } from './messages';

/** SQS's longest DelaySeconds. */
export const MAX_DELAY_SECONDS = 900;

/** Send `body` to the queue, delayed until `dueAt` (ISO; absent or past: at once) as far as SQS allows. */
export async function sendDueAt(queueUrl: string, body: string, dueAt: string | undefined, now = Date.now()): Promise<void> {
  const waitMs = dueAt ? Date.parse(dueAt) - now : 0;
  await sendMessage({
    QueueUrl: queueUrl,
    MessageBody: body,
    DelaySeconds: Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.ceil(waitMs / 1000))),
  });
}

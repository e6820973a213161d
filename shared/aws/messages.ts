// SQS requests, for the modules that send messages: the SQS client's module (sqs.ts) is loaded by the
// first of them, and is a chunk of its own in the Lambda bundles (lib/bundling.ts), so a function whose
// request sends no message never compiles it. Only modules that send messages import this one.
import type { SendMessageCommandInput } from '@aws-sdk/client-sqs';

/** The SQS client's module (import() is cached after the first call). */
export const loadSqs = () => import('./sqs');

export async function sendMessage(input: SendMessageCommandInput) {
  const { sqs, SendMessageCommand } = await loadSqs();
  return sqs().send(new SendMessageCommand(input));
}

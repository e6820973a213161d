// Lambda consuming the webhook queue. The messages of a batch are handled concurrently: the work is
// waiting on receivers, so ten slow receivers cost one invocation's time, not ten. Failed messages are
// reported as partial batch failures and come back after the visibility timeout.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { parseWebhookMessage } from '../../shared/webhooks/messages';
import { handleWebhookMessage } from '../../shared/webhooks/attempt';

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const outcomes = await Promise.allSettled(
    event.Records.map(async (record) => {
      const message = parseWebhookMessage(record.body);
      // A body that is not a webhook message can never succeed: dropped, not retried into the DLQ.
      if (message) await handleWebhookMessage(message);
    }),
  );
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  outcomes.forEach((outcome, i) => {
    if (outcome.status === 'fulfilled') return;
    const error = outcome.reason as Error;
    console.error(
      JSON.stringify({
        level: 'ERROR',
        message: 'Webhook message failed; it will be redelivered',
        messageId: event.Records[i].messageId,
        error: { name: error?.name, message: error?.message, stack: error?.stack },
      }),
    );
    batchItemFailures.push({ itemIdentifier: event.Records[i].messageId });
  });
  return { batchItemFailures };
};

// Lambda consuming the webhook queue. The messages of a batch are handled concurrently: the work is
// waiting on receivers, so ten slow receivers cost one invocation's time, not ten; their records and
// organizations are read together (AttemptReads: one BatchGetItem per invocation). Failed messages are
// reported as partial batch failures and come back after the visibility timeout.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { parseWebhookMessage } from '../../shared/webhooks/messages';
import { AttemptReads, handleWebhookMessage, webhookId } from '../../shared/webhooks/attempt';
import { observeWork } from '../../shared/observability/observe';
import { flushMetrics } from '../../shared/observability/metrics';
import { log } from '../../shared/observability/logger';

const SERVICE = 'webhook-worker';

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const reads = new AttemptReads();
  const outcomes = await Promise.allSettled(
    event.Records.map(async (record) => {
      const message = parseWebhookMessage(record.body);
      // A body that is not a webhook message can never succeed: dropped, not retried into the DLQ.
      if (!message) return;
      await observeWork({
        service: SERVICE,
        // A message that arrived before its due time only travels on: a hop, not an attempt.
        operation: (result) => (result === 'rescheduled' ? 'hop' : 'attempt'),
        correlation: { messageId: record.messageId, importId: message.importId, deliveryId: webhookId(message.importId, message.delivery) },
        work: () => handleWebhookMessage(message, reads),
      });
    }),
  );
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  outcomes.forEach((outcome, i) => {
    if (outcome.status === 'fulfilled') return;
    const { messageId } = event.Records[i];
    log.error('Webhook message failed; it will be redelivered', outcome.reason, { messageId });
    batchItemFailures.push({ itemIdentifier: messageId });
  });
  flushMetrics(true);
  return { batchItemFailures };
};

// Lambda consuming the webhook queue. The messages of a batch are handled concurrently: the work is
// waiting on receivers, so ten slow receivers cost one invocation's time, not ten; their records and
// organizations are read together (AttemptReads: one BatchGetItem per invocation), and the deliveries
// they end are counted in the usage together (DeliveryTally: one write per organization and day).
// Failed messages, and those whose usage was not written, are reported as partial batch failures and
// come back after the visibility timeout.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { parseWebhookMessage, type WebhookMessage } from '../../shared/webhooks/messages';
import { AttemptReads, handleWebhookMessage, webhookId } from '../../shared/webhooks/attempt';
import { DeliveryTally, TallyNotSettledYet } from '../../shared/webhooks/delivery-tally';
import { observeWork } from '../../shared/observability/observe';
import { flushMetrics } from '../../shared/observability/metrics';
import { log } from '../../shared/observability/logger';

const SERVICE = 'webhook-worker';

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const reads = new AttemptReads();
  const tally = DeliveryTally.open();
  const messages = new Map<WebhookMessage, string>();
  const outcomes = await Promise.allSettled(
    event.Records.map(async (record) => {
      const message = parseWebhookMessage(record.body);
      // A body that is not a webhook message can never succeed: dropped, not retried into the DLQ.
      if (!message) return;
      messages.set(message, record.messageId);
      await observeWork({
        service: SERVICE,
        // A message that arrived before its due time only travels on: a hop, not an attempt.
        operation: (result) => (result === 'rescheduled' ? 'hop' : 'attempt'),
        correlation: { messageId: record.messageId, importId: message.importId, deliveryId: webhookId(message.importId, message.delivery) },
        work: () => handleWebhookMessage(message, reads, tally),
      });
    }),
  );
  const failed = new Set<string>();
  outcomes.forEach((outcome, i) => {
    if (outcome.status === 'fulfilled') return;
    const { messageId } = event.Records[i];
    // A counted delivery whose invocation may still be tallying it: expected after a crash, not an error.
    if (outcome.reason instanceof TallyNotSettledYet) log.info('Webhook message comes back once its delivery\'s tally is settled', { messageId });
    else log.error('Webhook message failed; it will be redelivered', outcome.reason, { messageId });
    failed.add(messageId);
  });
  for (const message of await tally.close()) failed.add(messages.get(message)!);
  flushMetrics(true);
  return { batchItemFailures: [...failed].map((itemIdentifier) => ({ itemIdentifier })) };
};

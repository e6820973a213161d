// Definitions of every stateful resource, shared by the CDK stack, the local stack and the tests
// so that the three can never disagree about a key name, an index or a queue.

export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;

/** The listing index: KEYS_ONLY, so a page can skip older entries cheaply before fetching items. */
export const LISTING_INDEX = { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' } as const;

export interface StackNames {
  tableName: string;
  webhookQueueName: string;
  webhookDeadLetterQueueName: string;
  bucketName: string;
}

/** Physical names for a stage. Deployed buckets get the account id appended by CDK (global namespace). */
export function namesForStage(stage: string): StackNames {
  return {
    tableName: `import-service-${stage}`,
    webhookQueueName: `import-service-${stage}-webhooks`,
    webhookDeadLetterQueueName: `import-service-${stage}-webhooks-dlq`,
    bucketName: `import-service-${stage}-files`,
  };
}

/** Seconds a webhook message stays invisible while the worker handles it (above the 30 s receiver timeout). */
export const WEBHOOK_VISIBILITY_TIMEOUT_SECONDS = 90;
/** A message that failed this many receives goes to the dead-letter queue instead of being lost. */
export const WEBHOOK_MAX_RECEIVE_COUNT = 5;

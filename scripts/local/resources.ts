// Creates the table, queues and bucket on the emulators from the shared definitions (idempotent).
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceInUseException,
} from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, GetQueueAttributesCommand, SetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import {
  IMPORTS_MAX_RECEIVE_COUNT,
  LISTING_INDEX,
  TABLE_KEYS,
  WEBHOOK_MAX_RECEIVE_COUNT,
  WEBHOOK_VISIBILITY_TIMEOUT_SECONDS,
  type StackNames,
} from '../../shared/resources';

const region = 'us-east-1';
/** The emulators take any key; a server that checks signatures (the moto suite's) is given its own. */
const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
type Credentials = typeof LOCAL_CREDENTIALS;

export async function createTable(endpoint: string, tableName: string, credentials: Credentials = LOCAL_CREDENTIALS): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region, credentials });
  try {
    await createTableIfMissing(client, tableName);
    await client.send(new DescribeTableCommand({ TableName: tableName }));
  } finally {
    client.destroy();
  }
}

async function createTableIfMissing(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: TABLE_KEYS.partitionKey, AttributeType: 'S' },
          { AttributeName: TABLE_KEYS.sortKey, AttributeType: 'S' },
          { AttributeName: LISTING_INDEX.partitionKey, AttributeType: 'S' },
          { AttributeName: LISTING_INDEX.sortKey, AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: LISTING_INDEX.name,
            KeySchema: [
              { AttributeName: LISTING_INDEX.partitionKey, KeyType: 'HASH' },
              { AttributeName: LISTING_INDEX.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'KEYS_ONLY' },
          },
        ],
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  }
}

export interface LocalQueues {
  webhookQueueUrl: string;
  webhookQueueArn: string;
  webhookDeadLetterQueueUrl: string;
  importsQueueUrl: string;
  importsQueueArn: string;
  importsDeadLetterQueueUrl: string;
}

/** Create the queue if missing, then (re)apply its attributes, so a kept DATA_DIR follows the definitions. */
async function ensureQueue(sqs: SQSClient, name: string, attributes: Record<string, string> = {}) {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: name }));
  if (Object.keys(attributes).length > 0) {
    await sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes: attributes }));
  }
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }));
  return { url: QueueUrl!, arn: Attributes!.QueueArn! };
}

/** A queue with its dead-letter queue, as the CDK stack defines them. */
async function ensureQueueWithDeadLetters(
  sqs: SQSClient,
  name: string,
  deadLetterName: string,
  visibilityTimeoutSeconds: number,
  maxReceiveCount: number,
) {
  const deadLetters = await ensureQueue(sqs, deadLetterName);
  const queue = await ensureQueue(sqs, name, {
    VisibilityTimeout: String(visibilityTimeoutSeconds),
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: deadLetters.arn, maxReceiveCount }),
  });
  return { queue, deadLetters };
}

export async function createQueuesAndBucket(
  endpoint: string,
  names: StackNames,
  options: { importsVisibilityTimeoutSeconds: number },
  credentials: Credentials = LOCAL_CREDENTIALS,
): Promise<LocalQueues> {
  const sqs = new SQSClient({ endpoint, region, credentials });
  const s3 = new S3Client({ endpoint, region, credentials, forcePathStyle: true });
  try {
    const webhooks = await ensureQueueWithDeadLetters(
      sqs,
      names.webhookQueueName,
      names.webhookDeadLetterQueueName,
      WEBHOOK_VISIBILITY_TIMEOUT_SECONDS,
      WEBHOOK_MAX_RECEIVE_COUNT,
    );
    const imports = await ensureQueueWithDeadLetters(
      sqs,
      names.importsQueueName,
      names.importsDeadLetterQueueName,
      options.importsVisibilityTimeoutSeconds,
      IMPORTS_MAX_RECEIVE_COUNT,
    );
    try {
      await s3.send(new CreateBucketCommand({ Bucket: names.bucketName }));
    } catch (error) {
      const name = (error as Error).name;
      if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw error;
    }
    return {
      webhookQueueUrl: webhooks.queue.url,
      webhookQueueArn: webhooks.queue.arn,
      webhookDeadLetterQueueUrl: webhooks.deadLetters.url,
      importsQueueUrl: imports.queue.url,
      importsQueueArn: imports.queue.arn,
      importsDeadLetterQueueUrl: imports.deadLetters.url,
    };
  } finally {
    sqs.destroy();
    s3.destroy();
  }
}

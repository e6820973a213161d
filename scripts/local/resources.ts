// Creates the table, queues and bucket on the emulators from the shared definitions (idempotent).
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceInUseException,
} from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import {
  LISTING_INDEX,
  TABLE_KEYS,
  WEBHOOK_MAX_RECEIVE_COUNT,
  WEBHOOK_VISIBILITY_TIMEOUT_SECONDS,
  type StackNames,
} from '../../shared/resources';

const region = 'us-east-1';
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export async function createTable(endpoint: string, tableName: string): Promise<void> {
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

export async function createQueuesAndBucket(endpoint: string, names: StackNames): Promise<Record<string, string>> {
  const sqs = new SQSClient({ endpoint, region, credentials });
  const s3 = new S3Client({ endpoint, region, credentials, forcePathStyle: true });
  try {
    const dlq = await sqs.send(new CreateQueueCommand({ QueueName: names.webhookDeadLetterQueueName }));
    const dlqAttributes = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }),
    );
    const queue = await sqs.send(
      new CreateQueueCommand({
        QueueName: names.webhookQueueName,
        Attributes: {
          VisibilityTimeout: String(WEBHOOK_VISIBILITY_TIMEOUT_SECONDS),
          RedrivePolicy: JSON.stringify({
            deadLetterTargetArn: dlqAttributes.Attributes!.QueueArn,
            maxReceiveCount: WEBHOOK_MAX_RECEIVE_COUNT,
          }),
        },
      }),
    );
    try {
      await s3.send(new CreateBucketCommand({ Bucket: names.bucketName }));
    } catch (error) {
      const name = (error as Error).name;
      if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw error;
    }
    return { webhookQueueUrl: queue.QueueUrl!, webhookDeadLetterQueueUrl: dlq.QueueUrl! };
  } finally {
    sqs.destroy();
    s3.destroy();
  }
}

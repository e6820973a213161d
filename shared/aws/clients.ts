// The service's AWS clients (shared/aws/dynamodb.ts, s3.ts, sqs.ts) as module-scope singletons, so a
// warm Lambda reuses connections. Each carries the meter (shared/observability/meter.ts): what a
// request or message costs is counted where it is spent.
import { DynamoDBClient } from './dynamodb';
import { S3Client } from './s3';
import { SQSClient } from './sqs';
import { config } from '../config';
import { meterDynamo, meterS3, meterSqs } from '../observability/meter';

function metered<T>(client: T, meter: (client: T) => void): T {
  meter(client);
  return client;
}

let documentClient: DynamoDBClient | undefined;
let s3Client: S3Client | undefined;
let sqsClient: SQSClient | undefined;

export function dynamo(): DynamoDBClient {
  const cfg = config();
  documentClient ??= metered(new DynamoDBClient({ service: 'dynamodb', region: cfg.region, endpoint: cfg.dynamoEndpoint }), meterDynamo);
  return documentClient;
}

export function s3(): S3Client {
  const cfg = config();
  s3Client ??= metered(new S3Client({ service: 's3', region: cfg.region, endpoint: cfg.s3Endpoint }), meterS3);
  return s3Client;
}

export function sqs(): SQSClient {
  const cfg = config();
  sqsClient ??= metered(new SQSClient({ service: 'sqs', region: cfg.region, endpoint: cfg.sqsEndpoint }), meterSqs);
  return sqsClient;
}

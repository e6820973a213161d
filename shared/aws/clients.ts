// SDK clients as module-scope singletons, so a warm Lambda reuses connections.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { config, type Config } from '../config';

/** Local emulators accept any credentials; real AWS uses the default provider chain. */
function localCredentials(endpoint: string | undefined) {
  return endpoint ? { accessKeyId: 'local', secretAccessKey: 'local' } : undefined;
}

export function createDocumentClient(cfg: Config): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: cfg.region,
    endpoint: cfg.dynamoEndpoint,
    credentials: localCredentials(cfg.dynamoEndpoint),
    maxAttempts: 3,
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });
}

let documentClient: DynamoDBDocumentClient | undefined;
let s3Client: S3Client | undefined;
let sqsClient: SQSClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= createDocumentClient(config());
  return documentClient;
}

export function s3(): S3Client {
  const cfg = config();
  s3Client ??= new S3Client({
    region: cfg.region,
    endpoint: cfg.s3Endpoint,
    credentials: localCredentials(cfg.s3Endpoint),
    // The emulator serves buckets by path, not by virtual host.
    forcePathStyle: Boolean(cfg.s3Endpoint),
  });
  return s3Client;
}

export function sqs(): SQSClient {
  const cfg = config();
  sqsClient ??= new SQSClient({
    region: cfg.region,
    endpoint: cfg.sqsEndpoint,
    credentials: localCredentials(cfg.sqsEndpoint),
  });
  return sqsClient;
}

// SDK clients as module-scope singletons, so a warm Lambda reuses connections. Each carries the meter
// (shared/observability/meter.ts): what a request or message costs is counted where it is spent.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { config, type Config } from '../config';
import { meterDynamo, meterS3, meterSqs } from '../observability/meter';

/** Local emulators accept any credentials; real AWS uses the default provider chain. */
function localCredentials(endpoint: string | undefined) {
  return endpoint ? { accessKeyId: 'local', secretAccessKey: 'local' } : undefined;
}

function metered<T>(client: T, meter: (client: T) => void): T {
  meter(client);
  return client;
}

export function createDocumentClient(cfg: Config): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: cfg.region,
    endpoint: cfg.dynamoEndpoint,
    credentials: localCredentials(cfg.dynamoEndpoint),
    maxAttempts: 3,
  });
  return metered(DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }), meterDynamo);
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
  s3Client ??= metered(
    new S3Client({
      region: cfg.region,
      endpoint: cfg.s3Endpoint,
      credentials: localCredentials(cfg.s3Endpoint),
      // The emulator serves buckets by path, not by virtual host.
      forcePathStyle: Boolean(cfg.s3Endpoint),
    }),
    meterS3,
  );
  return s3Client;
}

export function sqs(): SQSClient {
  const cfg = config();
  sqsClient ??= metered(
    new SQSClient({ region: cfg.region, endpoint: cfg.sqsEndpoint, credentials: localCredentials(cfg.sqsEndpoint) }),
    meterSqs,
  );
  return sqsClient;
}

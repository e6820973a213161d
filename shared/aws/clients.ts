// The AWS SDK v3 clients the service uses, as module-scope singletons so a warm Lambda reuses its
// connections. Only configuration differs between AWS and the local stack: the region and, locally,
// the emulator endpoints. Credentials come from the SDK's default chain: on Lambda the function role's,
// from the environment; the local stack and its tests put their own there (scripts/local/stack.ts).
// Retries are the SDK's standard mode. Each client carries the meter (shared/observability/meter.ts):
// what a request or message costs is counted where it is spent.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { config } from '../config';
import { meterDynamo, meterS3, meterSqs } from '../observability/meter';

function metered<T>(client: T, meter: (client: T) => void): T {
  meter(client);
  return client;
}

let documentClient: DynamoDBDocumentClient | undefined;
let s3Client: S3Client | undefined;
let sqsClient: SQSClient | undefined;

/** Items in and out as plain values; `undefined` attributes are left out rather than refused. */
export function dynamo(): DynamoDBDocumentClient {
  const { region, dynamoEndpoint: endpoint } = config();
  documentClient ??= metered(
    DynamoDBDocumentClient.from(new DynamoDBClient({ region, endpoint }), { marshallOptions: { removeUndefinedValues: true } }),
    meterDynamo,
  );
  return documentClient;
}

export function s3(): S3Client {
  const { region, s3Endpoint: endpoint } = config();
  // The emulator serves buckets by path, not by virtual host.
  s3Client ??= metered(new S3Client({ region, endpoint, forcePathStyle: Boolean(endpoint) }), meterS3);
  return s3Client;
}

export function sqs(): SQSClient {
  const { region, sqsEndpoint: endpoint } = config();
  sqsClient ??= metered(new SQSClient({ region, endpoint }), meterSqs);
  return sqsClient;
}

/**
 * Closes the clients' kept-alive connections and forgets them (the next call makes new ones). Lambda
 * never needs it; a process that must end while the endpoints are still up does (a jest worker: its
 * idle sockets to the local stack would keep it alive, and jest would force it to exit).
 */
export function destroyClients(): void {
  documentClient?.destroy();
  s3Client?.destroy();
  sqsClient?.destroy();
  documentClient = s3Client = sqsClient = undefined;
}

// The AWS SDK v3 clients the service uses, as module-scope singletons so a warm Lambda reuses its
// connections. Only configuration differs between AWS and the local stack: the region and, locally,
// the emulator endpoints. Credentials come from the SDK's default chain: on Lambda the function role's,
// from the environment; the local stack and its tests put their own there (scripts/local/stack.ts).
// Retries are the SDK's standard mode. Each client carries the meter (shared/observability/meter.ts):
// what a request or message costs is counted where it is spent.
// The S3 client is in s3.ts, loaded on first use through objects.ts: most requests of the API functions
// and the webhook worker never touch S3, and its code was a quarter of their bundles (lib/bundling.ts).
// The SQS client is in sqs.ts, loaded on first use through messages.ts, for the same reason.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { meterDynamo } from '../observability/meter';

export function metered<T>(client: T, meter: (client: T) => void): T {
  meter(client);
  return client;
}

let documentClient: DynamoDBDocumentClient | undefined;
/** What closes the clients of modules loaded on demand (s3.ts, sqs.ts). */
const closers: (() => void)[] = [];

/** `close` runs with destroyClients: a module loaded on demand closes its own client. */
export function onDestroyClients(close: () => void): void {
  closers.push(close);
}

/** Items in and out as plain values; `undefined` attributes are left out rather than refused. */
export function dynamo(): DynamoDBDocumentClient {
  const { region, dynamoEndpoint: endpoint } = config();
  documentClient ??= metered(
    DynamoDBDocumentClient.from(new DynamoDBClient({ region, endpoint }), { marshallOptions: { removeUndefinedValues: true } }),
    meterDynamo,
  );
  return documentClient;
}

/**
 * Closes the clients' kept-alive connections and forgets them (the next call makes new ones). Lambda
 * never needs it; a process that must end while the endpoints are still up does (a jest worker: its
 * idle sockets to the local stack would keep it alive, and jest would force it to exit).
 */
export function destroyClients(): void {
  documentClient?.destroy();
  documentClient = undefined;
  for (const close of closers) close();
}



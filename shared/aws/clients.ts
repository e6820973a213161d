// SDK clients as module-scope singletons, so a warm Lambda reuses connections.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
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

export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= createDocumentClient(config());
  return documentClient;
}

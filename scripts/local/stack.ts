// The whole local stack in one process: DynamoDB Local, the SQS/S3 emulator, resources created from
// the shared definitions, and the HTTP gateway in front of the real handlers.
import { mkdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startDynamoDbLocal } from './dynamodb-local';
import { startSqsS3Emulator } from './sqs-s3-emulator';
import { createQueuesAndBucket, createTable } from './resources';
import { startGateway } from './gateway';
import { namesForStage } from '../../shared/resources';

export const LOCAL_STAGE = 'local';

export interface LocalStackOptions {
  port: number;
  dataDir: string;
  /** Keep nothing on disk (tests). */
  inMemory?: boolean;
}

/** What `importctl` and tests need to reach a running local stack; written to <DATA_DIR>/stack.json. */
export interface LocalStackState {
  pid: number;
  url: string;
  stage: string;
  tableName: string;
  dynamoEndpoint: string;
  sqsEndpoint: string;
  s3Endpoint: string;
  bucketName: string;
  webhookQueueUrl: string;
  webhookDeadLetterQueueUrl: string;
}

export const stateFile = (dataDir: string) => join(resolve(dataDir), 'stack.json');

export function readLocalStackState(dataDir: string): LocalStackState | undefined {
  try {
    return JSON.parse(readFileSync(stateFile(dataDir), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Environment that points the handlers (same code as in Lambda) at the emulators. */
export function handlerEnvironment(state: Omit<LocalStackState, 'pid' | 'url'>): Record<string, string> {
  return {
    STAGE: state.stage,
    TABLE_NAME: state.tableName,
    DYNAMODB_ENDPOINT: state.dynamoEndpoint,
    SQS_ENDPOINT: state.sqsEndpoint,
    S3_ENDPOINT: state.s3Endpoint,
    BUCKET_NAME: state.bucketName,
    WEBHOOK_QUEUE_URL: state.webhookQueueUrl,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  };
}

export async function startLocalStack(options: LocalStackOptions) {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    rmSync(stateFile(dataDir), { force: true });
    for (const stopOne of stops.reverse()) await stopOne().catch(() => undefined);
    stops.length = 0;
  };
  try {
    const names = namesForStage(LOCAL_STAGE);
    const dynamo = await startDynamoDbLocal(options.inMemory ? undefined : join(dataDir, 'dynamodb'));
    stops.push(dynamo.stop);
    const emulator = await startSqsS3Emulator(options.inMemory ? undefined : join(dataDir, 'sqs-s3'));
    stops.push(emulator.stop);
    await createTable(dynamo.endpoint, names.tableName);
    const queues = await createQueuesAndBucket(emulator.endpoint, names);
    const partial = {
      stage: LOCAL_STAGE,
      tableName: names.tableName,
      dynamoEndpoint: dynamo.endpoint,
      sqsEndpoint: emulator.endpoint,
      s3Endpoint: emulator.endpoint,
      bucketName: names.bucketName,
      ...queues,
    } as Omit<LocalStackState, 'pid' | 'url'>;
    // The handlers read their configuration from the environment at load time, as in Lambda.
    Object.assign(process.env, handlerEnvironment(partial));
    const gateway = await startGateway(options.port);
    stops.push(gateway.stop);
    const state: LocalStackState = { pid: process.pid, url: gateway.url, ...partial };
    writeFileSync(stateFile(dataDir), JSON.stringify(state, null, 2));
    return { state, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

// One typed view of the environment, read once at cold start. Local and deployed stacks differ only here.
import { DEFAULT_RETENTION_DAYS, namesForStage } from './resources';
import { DEFAULT_LIMITS } from './engine/limits';

export interface Config {
  stage: string;
  region: string;
  tableName: string;
  bucketName: string;
  /** Where finished imports are announced (the webhook worker's queue). */
  webhookQueueUrl: string;
  /** Days uploaded files and stored rows are kept (the bucket lifecycle deletes them). */
  retentionDays: number;
  /** Upload size limit in bytes (declared at creation, checked again on the stored object). */
  maxFileBytes: number;
  /** Physical rows per file. */
  maxRows: number;
  /** Set only on the local stack: the emulator endpoints. */
  dynamoEndpoint?: string;
  sqsEndpoint?: string;
  s3Endpoint?: string;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer (got "${raw}")`);
  return value;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const stage = env.STAGE ?? 'local';
  const names = namesForStage(stage);
  return {
    stage,
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    tableName: env.TABLE_NAME ?? names.tableName,
    bucketName: env.BUCKET_NAME ?? names.bucketName,
    webhookQueueUrl: env.WEBHOOK_QUEUE_URL ?? '',
    retentionDays: positiveInteger(env, 'RETENTION_DAYS', DEFAULT_RETENTION_DAYS),
    maxFileBytes: positiveInteger(env, 'MAX_FILE_BYTES', DEFAULT_LIMITS.maxFileBytes),
    maxRows: positiveInteger(env, 'MAX_IMPORT_ROWS', DEFAULT_LIMITS.maxRows),
    dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    sqsEndpoint: env.SQS_ENDPOINT || undefined,
    s3Endpoint: env.S3_ENDPOINT || undefined,
  };
}

let current: Config | undefined;

/** The process-wide configuration (memoized: env is read once). */
export function config(): Config {
  current ??= configFromEnv();
  return current;
}

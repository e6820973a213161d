// One typed view of the environment, read once at cold start. Local and deployed stacks differ only here.
import {
  DEFAULT_MAPPING_DEADLINE_SECONDS,
  DEFAULT_CORRECTIONS_DEADLINE_SECONDS,
  DEFAULT_PROCESSING_DEADLINE_SECONDS,
  DEFAULT_RETENTION_DAYS,
  DEFAULT_UPLOAD_DEADLINE_SECONDS,
  DEFAULT_UPLOAD_URL_TTL_SECONDS,
  namesForStage,
  WEBHOOK_WORKER_TIMEOUT_SECONDS,
} from './resources';
import { DEFAULT_LIMITS } from './engine/limits';
import { CHUNK_TARGET_BYTES } from './data/row-chunk-format';

export interface Config {
  stage: string;
  region: string;
  tableName: string;
  bucketName: string;
  /** Where finished imports are announced (the webhook worker's queue). */
  webhookQueueUrl: string;
  /** The imports queue: upload notifications and each import's deadline messages. */
  importsQueueUrl: string;
  /** Life of a presigned upload URL. */
  uploadUrlTtlSeconds: number;
  /** An import whose upload has not arrived this long after its creation fails with UPLOAD_TIMEOUT. */
  uploadDeadlineSeconds: number;
  /** An import not finished this long after its upload arrived fails with PROCESSING_TIMEOUT. */
  processingDeadlineSeconds: number;
  /** An import started with review whose mapping is not confirmed this long after its preview fails with MAPPING_TIMEOUT. */
  mappingDeadlineSeconds: number;
  /** An import waiting for its end user's corrections this long after validation ended fails with CORRECTIONS_TIMEOUT. */
  correctionsDeadlineSeconds: number;
  /** Days uploaded files and stored rows are kept (the bucket lifecycle deletes them). */
  retentionDays: number;
  /** Upload size limit in bytes (declared at creation, checked again on the stored object). */
  maxFileBytes: number;
  /** Physical rows per file. */
  maxRows: number;
  /** Stored rows are cut into chunks of about this many bytes of NDJSON (row-chunk-format.ts); tests make it small. */
  rowChunkTargetBytes: number;
  /** Seconds to wait after failed webhook attempt 1, 2, ...: one retry per entry (SPEC 6.4). */
  webhookRetrySchedule: number[];
  /** A webhook attempt without a response within this is a failure. */
  webhookTimeoutMs: number;
  /** The webhook worker's time limit (the function's timeout): a delivery tally is never written after it (webhooks/delivery-tally.ts). */
  webhookWorkerTimeoutMs: number;
  /** Only the local stack may deliver to private and loopback addresses (a receiver on 127.0.0.1). */
  webhookAllowPrivate: boolean;
  /** Where the dashboard app lives: invitation emails link to <dashboardUrl>/invitations/<id>. */
  dashboardUrl: string;
  /** The widget loader's URL (the stack output WidgetUrl; locally the gateway's /widget/): embed snippets load it. */
  widgetUrl: string;
  /** The SES identity invitations are sent from (AWS); unset: invitations are not emailed. */
  invitationFrom?: string;
  /** Local stack only: invitations are written here as files instead of being emailed. */
  outboxDir?: string;
  /** Set only on the local stack: the emulator endpoints. */
  dynamoEndpoint?: string;
  sqsEndpoint?: string;
  s3Endpoint?: string;
  /** Local stack only: the endpoint presigned upload URLs address (its S3 front, which checks them as S3 does). */
  s3PublicEndpoint?: string;
}

/** SPEC 6.4: retries after 1 min, 5 min, 30 min, 2 h and 24 h. */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE = [60, 300, 1800, 7200, 86400];
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 30_000;

function retrySchedule(env: NodeJS.ProcessEnv): number[] {
  const raw = env.WEBHOOK_RETRY_SCHEDULE;
  if (raw === undefined || raw === '') return DEFAULT_WEBHOOK_RETRY_SCHEDULE;
  const seconds = raw.split(',').map((part) => Number(part.trim()));
  if (!seconds.every((value) => Number.isSafeInteger(value) && value >= 0)) {
    throw new Error(`WEBHOOK_RETRY_SCHEDULE must be comma-separated whole seconds (got "${raw}")`);
  }
  return seconds;
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
    importsQueueUrl: env.IMPORTS_QUEUE_URL ?? '',
    uploadUrlTtlSeconds: positiveInteger(env, 'UPLOAD_URL_TTL_SECONDS', DEFAULT_UPLOAD_URL_TTL_SECONDS),
    uploadDeadlineSeconds: positiveInteger(env, 'UPLOAD_DEADLINE_SECONDS', DEFAULT_UPLOAD_DEADLINE_SECONDS),
    processingDeadlineSeconds: positiveInteger(env, 'PROCESSING_DEADLINE_SECONDS', DEFAULT_PROCESSING_DEADLINE_SECONDS),
    mappingDeadlineSeconds: positiveInteger(env, 'MAPPING_DEADLINE_SECONDS', DEFAULT_MAPPING_DEADLINE_SECONDS),
    correctionsDeadlineSeconds: positiveInteger(env, 'CORRECTIONS_DEADLINE_SECONDS', DEFAULT_CORRECTIONS_DEADLINE_SECONDS),
    retentionDays: positiveInteger(env, 'RETENTION_DAYS', DEFAULT_RETENTION_DAYS),
    maxFileBytes: positiveInteger(env, 'MAX_FILE_BYTES', DEFAULT_LIMITS.maxFileBytes),
    maxRows: positiveInteger(env, 'MAX_IMPORT_ROWS', DEFAULT_LIMITS.maxRows),
    rowChunkTargetBytes: positiveInteger(env, 'ROW_CHUNK_TARGET_BYTES', CHUNK_TARGET_BYTES),
    webhookRetrySchedule: retrySchedule(env),
    webhookTimeoutMs: positiveInteger(env, 'WEBHOOK_TIMEOUT_MS', DEFAULT_WEBHOOK_TIMEOUT_MS),
    webhookWorkerTimeoutMs: positiveInteger(env, 'WEBHOOK_WORKER_TIMEOUT_MS', WEBHOOK_WORKER_TIMEOUT_SECONDS * 1000),
    webhookAllowPrivate: stage === 'local',
    dashboardUrl: (env.DASHBOARD_URL ?? '').replace(/\/+$/, ''),
    invitationFrom: env.INVITATION_FROM || undefined,
    widgetUrl: env.WIDGET_URL ?? '',
    outboxDir: env.OUTBOX_DIR || undefined,
    dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    sqsEndpoint: env.SQS_ENDPOINT || undefined,
    s3Endpoint: env.S3_ENDPOINT || undefined,
    s3PublicEndpoint: env.S3_PUBLIC_ENDPOINT || undefined,
  };
}

let current: Config | undefined;

/** The process-wide configuration (memoized: env is read once). */
export function config(): Config {
  current ??= configFromEnv();
  return current;
}

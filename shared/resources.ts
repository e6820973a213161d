// Definitions of every stateful resource, shared by the CDK stack, the local stack and the tests
// so that the three can never disagree about a key name, an index, a queue or a bucket prefix.

export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk' } as const;

/** The listing index: KEYS_ONLY, so a page can skip older entries cheaply before fetching items. */
export const LISTING_INDEX = { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' } as const;

export interface StackNames {
  tableName: string;
  webhookQueueName: string;
  webhookDeadLetterQueueName: string;
  importsQueueName: string;
  importsDeadLetterQueueName: string;
  bucketName: string;
}

/** Physical names for a stage. Deployed buckets get the account id appended by CDK (global namespace). */
export function namesForStage(stage: string): StackNames {
  return {
    tableName: `import-service-${stage}`,
    webhookQueueName: `import-service-${stage}-webhooks`,
    webhookDeadLetterQueueName: `import-service-${stage}-webhooks-dlq`,
    importsQueueName: `import-service-${stage}-imports`,
    importsDeadLetterQueueName: `import-service-${stage}-imports-dlq`,
    bucketName: `import-service-${stage}-files`,
  };
}

/**
 * Bucket prefixes. Objects created under `uploads` are announced to the imports queue (an S3 event
 * notification on AWS, emulated by the local stack); every prefix expires after the retention period.
 * `webhooks` holds each delivery's rendered payload: every attempt sends those exact bytes.
 */
export const BUCKET_PREFIXES = { uploads: 'uploads/', rows: 'rows/', webhooks: 'webhooks/' } as const;

/** Days uploaded files and stored rows are kept (bucket lifecycle); the import record stays. */
export const DEFAULT_RETENTION_DAYS = 30;

/** The webhook worker's time limit: the 30 s receiver timeout plus rendering and state writes. */
export const WEBHOOK_WORKER_TIMEOUT_SECONDS = 60;
/** Messages per worker invocation, handled concurrently: slow receivers share one invocation's time. */
export const WEBHOOK_BATCH_SIZE = 10;
/** Worker invocations at once (the event source's maximum concurrency): 20 x 10 deliveries in flight. */
export const WEBHOOK_WORKER_CONCURRENCY = 20;
/** Seconds a webhook message stays invisible while the worker handles it (above the worker's timeout). */
export const WEBHOOK_VISIBILITY_TIMEOUT_SECONDS = 90;
/** A message that failed this many receives goes to the dead-letter queue instead of being lost. */
export const WEBHOOK_MAX_RECEIVE_COUNT = 5;

/**
 * The processor's memory: one full vCPU (Lambda gives CPU in proportion to memory, and the engine is
 * CPU-bound: see the engine benchmark), with room for the legacy XLS worker's 1 GB heap cap.
 */
export const IMPORT_PROCESSOR_MEMORY_MB = 1769;
/** The processor's time limit: a 1,000,000-row file takes well under this (see bench/README.md). */
export const IMPORT_PROCESSOR_TIMEOUT_SECONDS = 900;
/** Above the processor's timeout, so a message is never handed to a second processor while the first runs. */
export const IMPORTS_VISIBILITY_TIMEOUT_SECONDS = IMPORT_PROCESSOR_TIMEOUT_SECONDS + 60;
/** Receives before a file that keeps crashing the processor is parked in the imports dead-letter queue. */
export const IMPORTS_MAX_RECEIVE_COUNT = 3;

/**
 * CORS of the files bucket, for the widget's presigned PUT from a browser (the S3 bucket's CORS rule on
 * AWS; emulated by the local stack's S3 front). Any origin: the presigned URL itself is the permission
 * (one object key, one size, 15 minutes); which pages may start an import is checked by the embed API.
 */
export const UPLOAD_CORS = {
  allowedMethods: ['PUT'],
  allowedOrigins: ['*'],
  allowedHeaders: ['content-type'],
  exposedHeaders: ['ETag'],
  maxAgeSeconds: 3600,
} as const;

/** The table's TTL attribute (epoch seconds): embed tokens and embed rate-limit counters expire by it. */
export const TTL_ATTRIBUTE = 'expiresAtEpoch';

/** A presigned upload URL lives 15 minutes. */
export const DEFAULT_UPLOAD_URL_TTL_SECONDS = 900;
/** The upload deadline, from the import's creation: the URL's life plus time for a PUT begun just before it expired. */
export const DEFAULT_UPLOAD_DEADLINE_SECONDS = 1200;
/**
 * The processing deadline, from the upload's arrival: every receive the imports queue allows, each up
 * to its visibility timeout, plus five minutes. Past it the file's message is in the dead-letter queue.
 */
export const DEFAULT_PROCESSING_DEADLINE_SECONDS = IMPORTS_MAX_RECEIVE_COUNT * IMPORTS_VISIBILITY_TIMEOUT_SECONDS + 300;

/** An import started with review waits this long for its mapping after its preview (MAPPING_DEADLINE_SECONDS). */
export const DEFAULT_MAPPING_DEADLINE_SECONDS = 3600;
/** A day for the end user to fix the rows in error (issue 22). */
export const DEFAULT_CORRECTIONS_DEADLINE_SECONDS = 86_400;

/** Every API function's memory (lib/api-function.ts): the cost model prices their GB-seconds with it. */
export const API_FUNCTION_MEMORY_MB = 256;
/** The embed function holds a bulk correction's pass over up to a million rows' statuses and unique values. */
export const EMBED_FUNCTION_MEMORY_MB = 1024;
/** The memory of an API function group's Lambda: what CDK deploys and what the cost model prices its duration at. */
export const apiFunctionMemoryMb = (group: string): number => (group === 'embed' ? EMBED_FUNCTION_MEMORY_MB : API_FUNCTION_MEMORY_MB);
/** What the correction step writes (objects.ts: rows/<org>/<import>/fix/...), as an IAM resource prefix. */
export const CORRECTIONS_OBJECTS_PREFIX = `${BUCKET_PREFIXES.rows}*/*/fix/`;
/** Cognito's pre-token trigger: a pure function of its event, the smallest Lambda there is. */
export const TOKEN_CLAIMS_MEMORY_MB = 128;
/** The webhook worker's memory: mostly waiting on receivers, room for ten 5 MiB payloads being rendered. */
export const WEBHOOK_WORKER_MEMORY_MB = 256;

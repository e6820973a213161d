// How a running local stack is found and reached: the state it writes to <DATA_DIR>/stack.json and the
// environment that points the handlers at its emulators. Apart from stack.ts so that its readers
// (importctl, the tests, the benchmarks) load none of the stack's own modules.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const LOCAL_STAGE = 'local';
/** The emulators accept any credentials; presigned URLs are signed and checked with these. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

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
  importsQueueUrl: string;
  importsDeadLetterQueueUrl: string;
  /** Where presigned upload URLs point: the gateway's S3 front, which checks them as S3 does. */
  uploadEndpoint: string;
  /** Where the functions write their metrics (EMF records; on AWS they go to the log groups): `importctl cost` reads it. */
  metricsFile: string;
  /** The local OpenID Connect provider (Cognito's stand-in) on the gateway: `<url>/oidc`. */
  issuer: string;
  /** The dashboard's public client; its access tokens' audience, which the gateway's JWT authorizer requires. */
  dashboardClientId: string;
  /** The page that creates a user of the local provider. */
  signUpUrl: string;
  /** The provider's users and keys (`importctl user` reads them): <DATA_DIR>/identity, or a temporary directory in memory mode. */
  identityDir: string;
}

/** The emulators' and resources' part of the state: what the handlers' environment is made of. */
export type LocalResources = Omit<LocalStackState, 'pid' | 'url' | 'issuer' | 'dashboardClientId' | 'signUpUrl' | 'identityDir'>;

export const stateFile = (dataDir: string) => join(resolve(dataDir), 'stack.json');
export const metricsFile = (dataDir: string) => join(resolve(dataDir), 'metrics.emf.jsonl');

export function readLocalStackState(dataDir: string): LocalStackState | undefined {
  try {
    return JSON.parse(readFileSync(stateFile(dataDir), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Environment that points the handlers (same code as in Lambda) at the emulators. */
export function handlerEnvironment(state: LocalResources): Record<string, string> {
  return {
    IMPORTS_QUEUE_URL: state.importsQueueUrl,
    S3_PUBLIC_ENDPOINT: state.uploadEndpoint,
    STAGE: state.stage,
    TABLE_NAME: state.tableName,
    DYNAMODB_ENDPOINT: state.dynamoEndpoint,
    SQS_ENDPOINT: state.sqsEndpoint,
    S3_ENDPOINT: state.s3Endpoint,
    BUCKET_NAME: state.bucketName,
    WEBHOOK_QUEUE_URL: state.webhookQueueUrl,
    METRICS_FILE: state.metricsFile,
    // Invitations are files here (the local stand-in for SES); their links open the local dashboard.
    OUTBOX_DIR: join(dirname(state.metricsFile), 'outbox'),
    DASHBOARD_URL: `${new URL(state.uploadEndpoint).origin}/dashboard`,
    WIDGET_URL: `${new URL(state.uploadEndpoint).origin}/widget/import-widget.js`,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  };
}

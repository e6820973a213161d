// The whole local stack in one process: DynamoDB Local, the SQS/S3 emulator (with the bucket
// notification AWS would send), resources created from the shared definitions, the HTTP gateway in
// front of the real API handlers, the OpenID Connect provider standing in for Cognito on the gateway
// (with the JWT authorizer that trusts it), and a queue poller feeding each queue's real consumer.
//
// Stopping strands no work: first the consumers stop receiving, running invocations get a grace
// period and the messages of those still running are released for redelivery at the next start
// (queue-poller.ts); only then do the gateway and the emulators stop.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startDynamoDbLocal } from './dynamodb-local';
import { handlerEnvironment, LOCAL_CREDENTIALS, LOCAL_STAGE, metricsFile, stateFile, type LocalResources, type LocalStackState } from './state';
import { startSqsS3Emulator } from './sqs-s3-emulator';
import { createQueuesAndBucket, createTable, type LocalQueues } from './resources';
import { startGateway } from './gateway';
import { createUploadFront, UPLOAD_FRONT_PREFIX } from './upload-front';
import { createWidgetFront } from './widget-front';
import { createDashboardFront } from './dashboard-front';
import { createJwtAuthorizer } from './jwt-authorizer';
import { refuseReleasedInvocations, startQueuePoller, type QueueHandler, type QueuePoller } from './queue-poller';
import type { NotificationTarget } from './bucket-notifications';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as clients from '../../shared/aws/clients';
import { s3 } from '../../shared/aws/s3';
import { sqs } from '../../shared/aws/sqs';
import {
  BUCKET_PREFIXES,
  IMPORT_PROCESSOR_TIMEOUT_SECONDS,
  IMPORTS_VISIBILITY_TIMEOUT_SECONDS,
  WEBHOOK_BATCH_SIZE,
  WEBHOOK_WORKER_TIMEOUT_SECONDS,
  namesForStage,
} from '../../shared/resources';

/** How long a stop waits for running invocations before releasing their messages (LOCAL_STOP_GRACE_SECONDS). */
export const DEFAULT_STOP_GRACE_MS = 5000;

export interface LocalStackOptions {
  port: number;
  dataDir: string;
  /** Keep nothing on disk (tests). */
  inMemory?: boolean;
  /** Run the queue pollers (default); without them the caller is the event source. */
  consumers?: boolean;
  /** How long a failed import waits before redelivery (default: as deployed); tests shorten it. */
  importsVisibilityTimeoutSeconds?: number;
}

export interface LocalStackStopOptions {
  /** How long running invocations may still take before their messages are released (default DEFAULT_STOP_GRACE_MS). */
  graceMs?: number;
}

export async function startLocalStack(options: LocalStackOptions) {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const consumers: Consumer[] = [];
  const stops: (() => Promise<void>)[] = [];
  let stopping: Promise<void> | undefined;
  /** Consumers first (they need the emulators to release their messages), then the rest in reverse order. */
  const stop = (stopOptions: LocalStackStopOptions = {}) =>
    (stopping ??= (async () => {
      rmSync(stateFile(dataDir), { force: true });
      await stopConsumers(consumers, stopOptions.graceMs ?? DEFAULT_STOP_GRACE_MS);
      for (const stopOne of stops.reverse()) await stopOne().catch(() => undefined);
      stops.length = 0;
    })());
  try {
    const names = namesForStage(LOCAL_STAGE);
    const dynamo = await startDynamoDbLocal(options.inMemory ? undefined : join(dataDir, 'dynamodb'));
    stops.push(dynamo.stop);
    let notifications: NotificationTarget | undefined;
    const emulator = await startSqsS3Emulator(options.inMemory ? undefined : join(dataDir, 'sqs-s3'), () => notifications);
    stops.push(emulator.stop);
    await createTable(dynamo.endpoint, names.tableName);
    const { importsQueueArn, webhookQueueArn, ...queues } = await createQueuesAndBucket(emulator.endpoint, names, {
      importsVisibilityTimeoutSeconds: options.importsVisibilityTimeoutSeconds ?? IMPORTS_VISIBILITY_TIMEOUT_SECONDS,
    });
    const notifier = uploadNotifications(emulator.endpoint, names.bucketName, queues);
    notifications = notifier.target;
    stops.push(notifier.close);
    // Users and signing keys persist with the rest, or live in a directory of this run only (removed at the stop).
    const identityDir = options.inMemory ? mkdtempSync(join(tmpdir(), 'import-service-identity-')) : join(dataDir, 'identity');
    if (options.inMemory) stops.push(async () => rmSync(identityDir, { recursive: true, force: true }));
    // Loaded here, not with this module: readers of the stack state (tests under jest's CommonJS) need not load the ESM-only provider.
    const { createIdentityProvider, DASHBOARD_CLIENT_ID, identityFront, OIDC_PREFIX, signUpUrlFor } = await import('./identity-provider');
    let issuer = '';
    let ownUrl = '';
    // The gateway listens first: presigned upload URLs and the provider's issuer address it.
    const gateway = await startGateway(
      options.port,
      undefined,
      createUploadFront({ s3Endpoint: emulator.endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS }),
      createWidgetFront(),
      async (gatewayUrl) => {
        ownUrl = gatewayUrl;
        const identity = await createIdentityProvider({ gatewayUrl, dir: identityDir });
        issuer = identity.issuer;
        // What CDK configures for API Gateway's authorizer: the issuer and the dashboard's client id.
        const authorizer = createJwtAuthorizer({ issuer, audience: [DASHBOARD_CLIENT_ID] });
        return { prefix: OIDC_PREFIX, front: identityFront(identity), authorizer };
      },
      // What the deployment writes to the distribution's config.json, for this gateway's address.
      createDashboardFront(() => {
        const url = ownUrl;
        return {
          apiUrl: url,
          issuer,
          clientId: DASHBOARD_CLIENT_ID,
          widgetScriptUrl: `${url}/widget/import-widget.js`,
          embedApiUrl: url,
          logoutUrl: null,
        };
      }),
    );
    stops.push(gateway.stop);
    const partial = {
      stage: LOCAL_STAGE,
      tableName: names.tableName,
      dynamoEndpoint: dynamo.endpoint,
      sqsEndpoint: emulator.endpoint,
      s3Endpoint: emulator.endpoint,
      bucketName: names.bucketName,
      uploadEndpoint: `${gateway.url}${UPLOAD_FRONT_PREFIX}`,
      metricsFile: metricsFile(dataDir),
      ...queues,
    } as LocalResources;
    // The handlers read their configuration from the environment at load time, as in Lambda.
    Object.assign(process.env, handlerEnvironment(partial));
    // Their SDK clients refuse calls from an invocation whose messages a stop released (queue-poller.ts).
    for (const client of [clients.dynamo(), s3(), sqs()]) refuseReleasedInvocations(client);
    if (options.consumers !== false) {
      const processor = startQueuePoller({
        endpoint: emulator.endpoint,
        queueUrl: queues.importsQueueUrl,
        queueArn: importsQueueArn,
        functionName: 'import-service-local-import-processor',
        handler: await queueHandler('import-processor'),
        // As the CDK event source: one file per invocation, a few invocations at once.
        batchSize: 1,
        concurrency: 2,
        timeoutMs: IMPORT_PROCESSOR_TIMEOUT_SECONDS * 1000,
        endLongPolls: emulator.endLongPolls,
      });
      consumers.push({ name: 'import processor', poller: processor });
      const webhookWorker = startQueuePoller({
        endpoint: emulator.endpoint,
        queueUrl: queues.webhookQueueUrl,
        queueArn: webhookQueueArn,
        functionName: 'import-service-local-webhook-worker',
        handler: await queueHandler('webhook-worker'),
        // As the CDK event source: up to ten messages per invocation, handled concurrently.
        batchSize: WEBHOOK_BATCH_SIZE,
        concurrency: 2,
        timeoutMs: WEBHOOK_WORKER_TIMEOUT_SECONDS * 1000,
        endLongPolls: emulator.endLongPolls,
      });
      consumers.push({ name: 'webhook worker', poller: webhookWorker });
    }
    const state: LocalStackState = {
      pid: process.pid,
      url: gateway.url,
      ...partial,
      issuer,
      dashboardClientId: DASHBOARD_CLIENT_ID,
      signUpUrl: signUpUrlFor(gateway.url),
      identityDir,
    };
    writeFileSync(stateFile(dataDir), JSON.stringify(state, null, 2));
    return { state, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

interface Consumer {
  name: string;
  poller: QueuePoller;
}

/**
 * Stop every consumer at once: none receives any more, the running invocations get `graceMs` (a
 * webhook delivery usually finishes; a large import may not), and the messages of those still running
 * are released, so the next start receives them at once instead of after the visibility timeout.
 */
async function stopConsumers(consumers: Consumer[], graceMs: number): Promise<void> {
  const running = consumers.filter((consumer) => consumer.poller.running() > 0).map((consumer) => consumer.name);
  if (running.length > 0 && graceMs > 0) {
    console.log(`Waiting up to ${graceMs / 1000} s for the running ${running.join(' and ')} to finish...`);
  }
  const reports = await Promise.all(consumers.map((consumer) => consumer.poller.stop({ graceMs })));
  reports.forEach((report, i) => {
    if (report.releasedMessages === 0) return;
    const messages = report.releasedMessages === 1 ? '1 message' : `${report.releasedMessages} messages`;
    console.log(`Local ${consumers[i].name}: ${messages} released; the next start receives ${report.releasedMessages === 1 ? 'it' : 'them'} at once`);
  });
}

/** Queue consumers are the modules under functions/, loaded as Lambda loads them. */
async function queueHandler(name: string): Promise<QueueHandler> {
  const module = await import(`../../functions/${name}/handler`);
  return module.handler as QueueHandler;
}

/** The bucket notification of the CDK stack: ObjectCreated under uploads/ -> the imports queue. */
function uploadNotifications(endpoint: string, bucket: string, queues: Pick<LocalQueues, 'importsQueueUrl'>) {
  const client = new SQSClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const target: NotificationTarget = {
    bucket,
    prefix: BUCKET_PREFIXES.uploads,
    send: async (body) => {
      await client.send(new SendMessageCommand({ QueueUrl: queues.importsQueueUrl, MessageBody: body }));
    },
  };
  return { target, close: async () => client.destroy() };
}

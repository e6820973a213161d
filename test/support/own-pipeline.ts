// A suite's own import pipeline on the local stack's emulators, for fault-injection suites: its own
// bucket, imports queue and webhook queue (visibility timeout 1 s, so a failed message comes back at
// once), consumed by the real handlers in THIS process through the local stack's queue poller, so that
// faults can be injected into the SDK clients they use. The stack's own consumers never see them. An
// upload's notification is the message AWS (and the local stack) would send, sent by the same function.
import { randomUUID } from 'node:crypto';
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  CreateQueueCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  PurgeQueueCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { startQueuePoller, type QueueHandler } from '../../scripts/local/queue-poller';
import { objectCreatedEvent } from '../../scripts/local/bucket-notifications';
import * as clients from '../../shared/aws/clients';
import { sqs as serviceSqs } from '../../shared/aws/sqs';
import { s3 } from '../../shared/aws/s3';
import { createImport, type CreatedImport } from '../../shared/imports/create-import';
import { createOrganization } from '../../shared/data/organizations';
import { insertTemplate, templateFromInput } from '../../shared/data/templates';
import { waitForImport } from './imports';

/** Set-up uses its own client: the service's configuration (read once) must see the suite's names first. */
async function createQueue(name: string, attributes: Record<string, string> = {}) {
  const client = new SQSClient({ endpoint: process.env.SQS_ENDPOINT, region: 'us-east-1' });
  try {
    const { QueueUrl } = await client.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
    const { Attributes } = await client.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }));
    return { url: QueueUrl!, arn: Attributes!.QueueArn! };
  } finally {
    client.destroy();
  }
}

function poll(name: string, queue: { url: string; arn: string }, handler: QueueHandler, batchSize: number) {
  return startQueuePoller({
    endpoint: process.env.SQS_ENDPOINT!,
    queueUrl: queue.url,
    queueArn: queue.arn,
    functionName: name,
    handler,
    batchSize,
    concurrency: 1,
    timeoutMs: 60_000,
  });
}

/** Must run before anything reads the service's configuration (it is read once per process). */
export async function startOwnPipeline(consumers: { processor: QueueHandler; webhookWorker?: QueueHandler }, options: { workerTimeoutMs?: number } = {}) {
  const name = `suite-${randomUUID().slice(0, 8)}`;
  // A short worker time limit lets a redelivered message settle its delivery's usage in seconds (delivery-tally.ts).
  if (options.workerTimeoutMs) process.env.WEBHOOK_WORKER_TIMEOUT_MS = String(options.workerTimeoutMs);
  const webhooks = await createQueue(`${name}-webhooks`, { VisibilityTimeout: '1' });
  const imports = await createQueue(`${name}-imports`, { VisibilityTimeout: '1' });
  process.env.BUCKET_NAME = name;
  process.env.WEBHOOK_QUEUE_URL = webhooks.url;
  process.env.IMPORTS_QUEUE_URL = imports.url;
  // What the service does not do (create, receive, delete, purge) goes through clients of the suite's
  // own, which the faults injected into the service's clients do not reach.
  const sdkS3 = new S3Client({ endpoint: process.env.S3_ENDPOINT, region: 'us-east-1', forcePathStyle: true });
  const sdkSqs = new SQSClient({ endpoint: process.env.SQS_ENDPOINT, region: 'us-east-1' });
  await sdkS3.send(new CreateBucketCommand({ Bucket: name }));
  sdkS3.destroy();
  const pollers = [poll(`${name}-import-processor`, imports, consumers.processor, 1)];
  if (consumers.webhookWorker) pollers.push(poll(`${name}-webhook-worker`, webhooks, consumers.webhookWorker, 10));

  /** Upload as a client would (to a new import, or to one already `created`), then the ObjectCreated notification the bucket would send. */
  async function runImport(organizationId: string, templateId: string, content: string, options: { created?: CreatedImport } = {}) {
    const { record, uploadKey } =
      options.created ?? (await createImport(organizationId, templateId, { fileName: 'contacts.csv', fileSize: Buffer.byteLength(content) }));
    const put = await s3().send(new PutObjectCommand({ Bucket: name, Key: uploadKey, Body: content }));
    const event = objectCreatedEvent(name, { key: uploadKey, contentLength: Buffer.byteLength(content), etag: put.ETag ?? '' }, 'Put');
    await serviceSqs().send(new SendMessageCommand({ QueueUrl: imports.url, MessageBody: event }));
    return waitForImport(organizationId, record.id);
  }

  /** Import-finished messages for an import on the suite's webhook queue (consumed here: nothing else does). */
  async function finishedEvents(importId: string): Promise<number> {
    let found = 0;
    for (let round = 0; round < 4; round++) {
      const { Messages = [] } = await sdkSqs.send(
        new ReceiveMessageCommand({ QueueUrl: webhooks.url, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
      );
      for (const message of Messages) {
        if (JSON.parse(message.Body!).importId !== importId) continue;
        found++;
        await sdkSqs.send(new DeleteMessageCommand({ QueueUrl: webhooks.url, ReceiptHandle: message.ReceiptHandle }));
      }
    }
    return found;
  }

  return {
    bucket: name,
    importsQueueUrl: imports.url,
    webhookQueueUrl: webhooks.url,
    runImport,
    finishedEvents,
    stop: async () => {
      await Promise.all(pollers.map((poller) => poller.stop()));
      await sdkSqs.send(new PurgeQueueCommand({ QueueUrl: webhooks.url })).catch(() => undefined);
      sdkSqs.destroy();
    },
  };
}

/** Wait (up to 10 s) for a condition the handler's side of a race makes true. */
export async function eventually(condition: () => boolean) {
  for (let waited = 0; !condition() && waited < 10_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** An organization with a two-column contacts template (partial imports allowed). */
export async function organizationWithTemplate() {
  const { organizationId } = await createOrganization('Faults', 'free');
  const template = await insertTemplate(
    organizationId,
    templateFromInput({
      name: 'Contacts',
      allowPartialImport: true,
      columns: [
        { key: 'email', name: 'Email', type: 'email', required: true, validations: [{ type: 'unique', value: true }] },
        { key: 'age', name: 'Age', type: 'number' },
      ],
    }),
  );
  return { organizationId, templateId: template.id };
}

/** Faults injected into SDK clients, removed by `removeAll` (after each test). */
export function faultInjector() {
  const injected: (() => void)[] = [];
  return {
    inject(client: { middlewareStack: any }, name: string, middleware: (next: any, context: any) => (args: any) => Promise<any>) {
      client.middlewareStack.add(middleware, { step: 'initialize', name });
      injected.push(() => client.middlewareStack.remove(name));
    },
    removeAll: () => injected.splice(0).forEach((remove) => remove()),
  };
}

const DOCUMENT_ACTIONS: Record<string, string> = { Get: 'GetItem', Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem' };
const TRANSACT_ACTIONS: Record<string, string> = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem' };

/**
 * Records the SDK calls a handler makes while `inside()` holds, named by what authorizes them (for the
 * grants checks): dynamodb:<item action> (each item of a transaction; Query:<index> on an index),
 * s3:<command>:<first key segment>/, sqs:<command>:<queueName(url)>.
 */
export function recordSdkActions(faults: ReturnType<typeof faultInjector>, inside: () => boolean, queueName: (url: string) => string) {
  const used = new Set<string>();
  const record = (label: (command: string, input: any) => string[]) => (next: any, context: any) => async (args: any) => {
    if (inside()) for (const action of label(String(context.commandName).replace(/Command$/, ''), args.input)) used.add(action);
    return next(args);
  };
  faults.inject(clients.dynamo(), 'recordDynamo', record((command, input) =>
    command === 'TransactWriteItems'
      ? input.TransactItems.flatMap((item: object) => Object.keys(item).map((kind) => `dynamodb:${TRANSACT_ACTIONS[kind]}`))
      : [`dynamodb:${command === 'Query' && input.IndexName ? `Query:${input.IndexName}` : (DOCUMENT_ACTIONS[command] ?? command)}`],
  ));
  faults.inject(s3(), 'recordS3', record((command, input) => [`s3:${command}:${String(input.Key).split('/')[0]}/`]));
  faults.inject(serviceSqs(), 'recordSqs', record((command, input) => [`sqs:${command}:${queueName(input.QueueUrl)}`]));
  return used;
}

// Crashes anywhere in processing are finished by redelivery, exactly once. The real processor handler
// runs here, in this process, fed by the local stack's queue poller (the Lambda event source stand-in)
// from an imports queue of this suite's own, so that faults can be injected into the SDK clients it
// uses (the only mocking: the fault itself). The suite's bucket, imports queue (visibility timeout
// 1 s, so a failed delivery comes back at once) and webhook queue live on the local stack's emulators
// but are its own: the stack's processor never sees these uploads, and the suite counts the
// import-finished messages alone. The upload's notification is the message AWS (and the local stack)
// would send, sent here by the same function.
import { randomUUID } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import { FUNCTION_TABLE_ACCESS } from '../lib/table-access';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import {
  CreateQueueCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  PurgeQueueCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { startQueuePoller } from '../scripts/local/queue-poller';
import { objectCreatedEvent } from '../scripts/local/bucket-notifications';
import { handler as processor } from '../functions/import-processor/handler';
import * as clients from '../shared/aws/clients';
import * as imports from '../shared/data/imports';
import * as organizations from '../shared/data/organizations';
import * as templates from '../shared/data/templates';
import { createImport } from '../shared/imports/create-import';
import { waitForImport } from './support/imports';

jest.setTimeout(120_000);

const suite = `faults-${randomUUID().slice(0, 8)}`;
let importsQueueUrl: string;
let webhookQueueUrl: string;
let poller: ReturnType<typeof startQueuePoller>;
/** Set while the processor handler runs: SDK calls made inside it are the processor's own. */
const insideProcessor = new AsyncLocalStorage<true>();

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

beforeAll(async () => {
  const webhooks = await createQueue(`${suite}-webhooks`);
  process.env.BUCKET_NAME = suite;
  process.env.WEBHOOK_QUEUE_URL = webhookQueueUrl = webhooks.url;
  await clients.s3().send(new CreateBucketCommand({ Bucket: suite }));
  const importsQueue = await createQueue(`${suite}-imports`, { VisibilityTimeout: '1' });
  importsQueueUrl = importsQueue.url;
  poller = startQueuePoller({
    endpoint: process.env.SQS_ENDPOINT!,
    queueUrl: importsQueue.url,
    queueArn: importsQueue.arn,
    functionName: 'faults-import-processor',
    handler: (event) => insideProcessor.run(true, () => processor(event)),
    batchSize: 1,
    concurrency: 1,
    timeoutMs: 60_000,
  });
});

afterAll(async () => {
  await poller?.stop();
  await clients.sqs().send(new PurgeQueueCommand({ QueueUrl: webhookQueueUrl })).catch(() => undefined);
});

/** Upload as a client would, then the ObjectCreated notification the bucket would send. */
async function runImport(organizationId: string, templateId: string, content: string) {
  const { record, uploadKey } = await createImport(organizationId, templateId, {
    fileName: 'contacts.csv',
    fileSize: Buffer.byteLength(content),
  });
  const put = await clients.s3().send(new PutObjectCommand({ Bucket: suite, Key: uploadKey, Body: content }));
  await clients.sqs().send(
    new SendMessageCommand({
      QueueUrl: importsQueueUrl,
      MessageBody: objectCreatedEvent(suite, { key: uploadKey, contentLength: Buffer.byteLength(content), etag: put.ETag ?? '' }, 'Put'),
    }),
  );
  return waitForImport(organizationId, record.id);
}

async function organizationWithTemplate() {
  const { organizationId } = await organizations.createOrganization('Faults', 'free');
  const template = await templates.insertTemplate(
    organizationId,
    templates.templateFromInput({
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

/** Inject a fault into one SDK client; removed after the test. */
const injected: (() => void)[] = [];
function inject(client: { middlewareStack: any }, name: string, middleware: (next: any, context: any) => (args: any) => Promise<any>) {
  client.middlewareStack.add(middleware, { step: 'initialize', name });
  injected.push(() => client.middlewareStack.remove(name));
}
afterEach(() => injected.splice(0).forEach((remove) => remove()));

/** Finished-event messages for an import on the webhook queue (nothing consumes that queue yet). */
async function finishedEvents(importId: string): Promise<number> {
  let found = 0;
  for (let round = 0; round < 5; round++) {
    const { Messages = [] } = await clients.sqs().send(
      new ReceiveMessageCommand({ QueueUrl: webhookQueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
    );
    for (const message of Messages) {
      if (JSON.parse(message.Body!).importId !== importId) continue;
      found++;
      await clients.sqs().send(new DeleteMessageCommand({ QueueUrl: webhookQueueUrl, ReceiptHandle: message.ReceiptHandle }));
    }
  }
  return found;
}

async function expectCounted(organizationId: string, templateId: string, status: string) {
  const page = { page: 1, limit: 10 };
  const all = await imports.listImports(organizationId, {}, page);
  const byStatus = await imports.listImports(organizationId, { status }, page);
  const pending = await imports.listImports(organizationId, { templateId, status: 'PENDING' }, page);
  expect([all.total, byStatus.total, pending.total]).toEqual([1, 1, 0]);
  expect((await templates.getTemplate(organizationId, templateId)).importCount).toBe(1);
}

const FILE = 'email,age\n' + Array.from({ length: 2500 }, (_, i) => `u${i}@example.com,${i % 90}`).join('\n') + '\n';

describe('a processor that crashes is finished by redelivery, exactly once', () => {
  it('after the commit and before the enqueue: the import-finished message is still sent', async () => {
    const { organizationId, templateId } = await organizationWithTemplate();
    let failures = 0;
    inject(clients.sqs(), 'failFirstFinishedEvent', (next) => async (args) => {
      if (args.input.QueueUrl === webhookQueueUrl && failures === 0) {
        failures++;
        throw new Error('injected: SendMessage failed');
      }
      return next(args);
    });
    const record = await runImport(organizationId, templateId, FILE);
    expect(record).toMatchObject({ status: 'COMPLETED', validRows: 2500 });
    expect(failures).toBe(1);
    expect(await finishedEvents(record.id)).toBeGreaterThanOrEqual(1);
    await expectCounted(organizationId, templateId, 'COMPLETED');
  });

  it('when the commit succeeded but its answer was lost: counted once, message sent', async () => {
    const { organizationId, templateId } = await organizationWithTemplate();
    let lost = 0;
    inject(clients.dynamo(), 'loseFinishAnswer', (next, context) => async (args) => {
      const result = await next(args);
      const finishing = /TransactWrite/.test(String(context.commandName)) &&
        args.input.TransactItems?.[0]?.Update?.ConditionExpression === '#status = :pending';
      if (finishing && lost === 0) {
        lost++;
        throw new Error('injected: crash after the commit');
      }
      return result;
    });
    const record = await runImport(organizationId, templateId, FILE);
    expect(lost).toBe(1);
    expect(record.status).toBe('COMPLETED');
    expect(await finishedEvents(record.id)).toBeGreaterThanOrEqual(1);
    await expectCounted(organizationId, templateId, 'COMPLETED');
  });

  it('in the middle of writing rows: the redelivered run writes every row once, in order', async () => {
    const { organizationId, templateId } = await organizationWithTemplate();
    let puts = 0;
    inject(clients.s3(), 'failSecondChunk', (next, context) => async (args) => {
      if (context.commandName === 'PutObjectCommand' && String(args.input.Key).startsWith('rows/') && ++puts === 2) {
        throw new Error('injected: crash while writing rows');
      }
      return next(args);
    });
    const record = await runImport(organizationId, templateId, FILE);
    expect(puts).toBeGreaterThan(2);
    expect(record).toMatchObject({ status: 'COMPLETED', totalRows: 2500, validRows: 2500, errorRows: 0 });
    await expectCounted(organizationId, templateId, 'COMPLETED');
  });

  it('a duplicate notification for a finished import changes nothing and re-announces it', async () => {
    const { organizationId, templateId } = await organizationWithTemplate();
    const record = await runImport(organizationId, templateId, FILE);
    expect(await finishedEvents(record.id)).toBe(1);
    const key = `uploads/${organizationId}/${record.id}`;
    await clients.sqs().send(
      new SendMessageCommand({
        QueueUrl: importsQueueUrl,
        MessageBody: objectCreatedEvent(suite, { key, contentLength: FILE.length, etag: '"x"' }, 'Put'),
      }),
    );
    expect(await finishedEvents(record.id)).toBe(1);
    await expectCounted(organizationId, templateId, 'COMPLETED');
    const again = await imports.getImportRecord(organizationId, record.id);
    expect(again).toEqual(record);
  });
});

describe('the processor stays inside its grants (lib/table-access.ts, lib/import-service-stack.ts)', () => {
  it('uses only the DynamoDB actions, bucket prefixes and queue it is granted', async () => {
    const { organizationId, templateId } = await organizationWithTemplate();
    const used = new Set<string>();
    const TRANSACT: Record<string, string> = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem' };
    const record = (label: (commandName: string, input: any) => string[]) => (next: any, context: any) => async (args: any) => {
      if (insideProcessor.getStore()) for (const action of label(String(context.commandName).replace(/Command$/, ''), args.input)) used.add(action);
      return next(args);
    };
    inject(clients.dynamo(), 'recordDynamo', record((command, input) =>
      command === 'TransactWriteItems'
        ? input.TransactItems.flatMap((item: object) => Object.keys(item).map((kind) => `dynamodb:${TRANSACT[kind]}`))
        : [`dynamodb:${command === 'Query' && input.IndexName ? `Query:${input.IndexName}` : command}`],
    ));
    inject(clients.s3(), 'recordS3', record((command, input) => [`s3:${command}:${String(input.Key).split('/')[0]}/`]));
    inject(clients.sqs(), 'recordSqs', record((command, input) => [`sqs:${command}:${input.QueueUrl === webhookQueueUrl ? 'webhooks' : 'other'}`]));

    const finished = await runImport(organizationId, templateId, FILE.replace('u1@example.com,1', 'bad,1'));
    expect(finished.status).toBe('COMPLETED');
    const granted = [
      ...FUNCTION_TABLE_ACCESS['import-processor'].items.map((action) => `dynamodb:${action}`),
      's3:GetObject:uploads/',
      's3:PutObject:rows/',
      'sqs:SendMessage:webhooks',
    ];
    expect([...used].filter((action) => !granted.includes(action))).toEqual([]);
    expect(used).toContain('s3:PutObject:rows/');
  });
});

// Crashes anywhere in processing are finished by redelivery, exactly once. The real processor handler
// runs in this process on the suite's own pipeline (test/support/own-pipeline.ts), so faults can be
// injected into the SDK clients it uses (the only mocking: the fault itself). Nothing consumes the
// suite's webhook queue: the suite counts the import-finished messages itself.
import { AsyncLocalStorage } from 'node:async_hooks';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { FUNCTION_TABLE_ACCESS } from '../lib/table-access';
import { objectCreatedEvent } from '../scripts/local/bucket-notifications';
import { handler as processor } from '../functions/import-processor/handler';
import * as clients from '../shared/aws/clients';
import { sqs as serviceSqs } from '../shared/aws/sqs';
import { s3 } from '../shared/aws/s3';
import * as imports from '../shared/data/imports';
import * as templates from '../shared/data/templates';
import * as organizations from '../shared/data/organizations';
import { eventually, faultInjector, organizationWithTemplate, recordSdkActions, startOwnPipeline } from './support/own-pipeline';

jest.setTimeout(120_000);

/** Set while the processor handler runs: SDK calls made inside it are the processor's own. */
const insideProcessor = new AsyncLocalStorage<true>();
let pipeline: Awaited<ReturnType<typeof startOwnPipeline>>;
let webhookQueueUrl: string;
const runImport = (organizationId: string, templateId: string, content: string) => pipeline.runImport(organizationId, templateId, content);

beforeAll(async () => {
  pipeline = await startOwnPipeline({ processor: (event) => insideProcessor.run(true, () => processor(event)) });
  webhookQueueUrl = pipeline.webhookQueueUrl;
});
afterAll(() => pipeline?.stop());

const faults = faultInjector();
const inject = faults.inject;
afterEach(faults.removeAll);

const finishedEvents = (importId: string) => pipeline.finishedEvents(importId);

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
    inject(serviceSqs(), 'failFirstFinishedEvent', (next) => async (args) => {
      if (args.input.QueueUrl === webhookQueueUrl && failures === 0) {
        failures++;
        throw new Error('injected: SendMessage failed');
      }
      return next(args);
    });
    const record = await runImport(organizationId, templateId, FILE);
    expect(record).toMatchObject({ status: 'COMPLETED', validRows: 2500 });
    // The record can be seen finished before the injected failure's own continuation has run.
    await eventually(() => failures === 1);
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
    await eventually(() => lost === 1);
    expect(lost).toBe(1);
    expect(record.status).toBe('COMPLETED');
    expect(await finishedEvents(record.id)).toBeGreaterThanOrEqual(1);
    await expectCounted(organizationId, templateId, 'COMPLETED');
  });

  it('in the middle of writing rows: the redelivered run writes every row once, in order', async () => {
    const { organizationId, templateId } = await organizationWithTemplate();
    let puts = 0;
    inject(s3(), 'failSecondChunk', (next, context) => async (args) => {
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
    await serviceSqs().send(
      new SendMessageCommand({
        QueueUrl: pipeline.importsQueueUrl,
        MessageBody: objectCreatedEvent(pipeline.bucket, { key, contentLength: FILE.length, etag: '"x"' }, 'Put'),
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
    // With a webhook the processor also renders and stores the first delivery's payload (nothing here
    // consumes the suite's webhook queue, so nothing is sent).
    await organizations.updateOrganization(organizationId, { webhookUrl: 'http://127.0.0.1:9/hook', webhookSecret: 'whsec_dGVzdA==' });
    const queueOf = (url: string) => (url === webhookQueueUrl ? 'webhooks' : url === pipeline.importsQueueUrl ? 'imports' : 'other');
    const used = recordSdkActions(faults, () => Boolean(insideProcessor.getStore()), queueOf);

    const finished = await runImport(organizationId, templateId, FILE.replace('u1@example.com,1', 'bad,1'));
    expect(finished.status).toBe('COMPLETED');
    const granted = [
      ...FUNCTION_TABLE_ACCESS['import-processor'].items.map((action) => `dynamodb:${action}`),
      's3:GetObject:uploads/',
      's3:GetObject:rows/',
      's3:GetObject:webhooks/',
      's3:PutObject:rows/',
      's3:PutObject:webhooks/',
      // HeadObject is authorized by s3:GetObject (the upload deadline checks whether the file arrived).
      's3:HeadObject:uploads/',
      'sqs:SendMessage:webhooks',
      'sqs:SendMessage:imports',
    ];
    // The payload and the message go out after the commit that the wait above sees.
    await eventually(() => used.has('sqs:SendMessage:webhooks'));
    expect([...used].filter((action) => !granted.includes(action))).toEqual([]);
    expect(used).toContain('s3:PutObject:rows/');
    expect(used).toContain('s3:PutObject:webhooks/');
  });
});

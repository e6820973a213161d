// Nothing stays PENDING forever: each import's deadline message closes it when its file never arrives
// (UPLOAD_TIMEOUT) or its processing never finishes (PROCESSING_TIMEOUT), through the same finish step
// as any import, exactly once. The real processor handler runs in this process on the suite's own
// pipeline (test/support/own-pipeline.ts); the only mocking is the injected fault.
import { AsyncLocalStorage } from 'node:async_hooks';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { SQSEvent } from 'aws-lambda';
import { handler as processor } from '../functions/import-processor/handler';
import * as clients from '../shared/aws/clients';
import { sqs as serviceSqs } from '../shared/aws/sqs';
import { s3 } from '../shared/aws/s3';
import * as imports from '../shared/data/imports';
import * as templates from '../shared/data/templates';
import { createImport } from '../shared/imports/create-import';
import { toImportDetail } from '../shared/domain/imports';
import { FUNCTION_TABLE_ACCESS } from '../lib/table-access';
import { eventually, faultInjector, organizationWithTemplate, recordSdkActions, startOwnPipeline } from './support/own-pipeline';
import { waitForImport } from './support/imports';
import { batchGetInOrder } from '../shared/data/listing';
import { importPointers, keys } from '../shared/data/table';

// Read once by the service's configuration, before anything here calls it.
process.env.UPLOAD_DEADLINE_SECONDS = '1';
process.env.PROCESSING_DEADLINE_SECONDS = '3';

jest.setTimeout(60_000);

const insideProcessor = new AsyncLocalStorage<true>();
/** Imports whose file crashes the processor every time (a poison file). */
const poisoned = new Set<string>();

function crashOnPoisonedUploads(event: SQSEvent) {
  for (const record of event.Records) {
    if ([...poisoned].some((importId) => record.body.includes(importId) && !record.body.includes('importDeadline'))) {
      throw new Error('injected: the processor crashed on this file');
    }
  }
  return processor(event);
}

let pipeline: Awaited<ReturnType<typeof startOwnPipeline>>;
beforeAll(async () => {
  pipeline = await startOwnPipeline({ processor: (event) => insideProcessor.run(true, () => crashOnPoisonedUploads(event)) });
});
afterAll(() => pipeline?.stop());

const faults = faultInjector();
afterEach(faults.removeAll);

const FILE = 'email,age\na@example.com,1\nb@example.com,2\n';

const finishedEvents = (importId: string) => pipeline.finishedEvents(importId);

async function expectFailedAndCounted(organizationId: string, templateId: string) {
  const page = { page: 1, limit: 10 };
  const failed = await imports.listImports(organizationId, { status: 'FAILED' }, page);
  const pending = await imports.listImports(organizationId, { templateId, status: 'PENDING' }, page);
  expect([failed.total, pending.total]).toEqual([1, 0]);
  expect((await templates.getTemplate(organizationId, templateId)).importCount).toBe(1);
}

const newImport = (organizationId: string, templateId: string) =>
  createImport(organizationId, templateId, { fileName: 'contacts.csv', fileSize: Buffer.byteLength(FILE) });

async function detail(organizationId: string, importId: string) {
  const items = (await imports.getImportItems(organizationId, importId))!;
  return toImportDetail(items.record, items.snapshot, items.result);
}

describe('import deadlines', () => {
  it('closes an import whose file never arrives FAILED with UPLOAD_TIMEOUT, once, announced once', async () => {
    const { organizationId, templateId } = await organizationWithTemplate();
    const { record } = await newImport(organizationId, templateId);
    const closed = await waitForImport(organizationId, record.id);
    expect(closed).toMatchObject({ status: 'FAILED', totalRows: 0, validRows: 0, errorRows: 0 });
    expect(Date.parse(closed.completedAt!) - Date.parse(record.createdAt)).toBeGreaterThanOrEqual(1000);
    expect((await detail(organizationId, record.id)).error).toEqual({ code: 'UPLOAD_TIMEOUT', message: expect.stringMatching(/not uploaded/) });
    await expectFailedAndCounted(organizationId, templateId);
    expect(await finishedEvents(record.id)).toBe(1);
  });

  it('closes an import whose file keeps crashing the processor FAILED with PROCESSING_TIMEOUT, counted from the upload', async () => {
    const { organizationId, templateId } = await organizationWithTemplate();
    const { record, uploadKey } = await newImport(organizationId, templateId);
    poisoned.add(record.id);
    const uploadedAt = Date.now();
    const finished = await pipeline.runImport(organizationId, templateId, FILE, { created: { record, uploadKey } });
    expect(finished).toMatchObject({ status: 'FAILED', totalRows: 0 });
    // Counted from the upload as S3 records it: LastModified has whole seconds, so the deadline (3 s) is
    // due no earlier than the second the upload began in, plus 3 s (a fixed 2.5 s margin was flaky).
    expect(Date.parse(finished.completedAt!)).toBeGreaterThanOrEqual(Math.floor(uploadedAt / 1000) * 1000 + 3000);
    const shown = await detail(organizationId, record.id);
    expect(shown.error).toEqual({ code: 'PROCESSING_TIMEOUT', message: expect.any(String) });
    expect(shown.columnMapping).toEqual({});
    await expectFailedAndCounted(organizationId, templateId);
    expect(await finishedEvents(record.id)).toBe(1);
  });

  it('leaves a finished import alone: its deadline changes nothing and announces nothing', async () => {
    const { organizationId, templateId } = await organizationWithTemplate();
    const finished = await pipeline.runImport(organizationId, templateId, FILE);
    expect(finished.status).toBe('COMPLETED');
    expect(await finishedEvents(finished.id)).toBe(1);
    // Past both deadlines (1 s upload; a finished import gets no processing deadline).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await imports.getImportRecord(organizationId, finished.id)).toEqual(finished);
    expect(await finishedEvents(finished.id)).toBe(0);
  });

  it('announces a deadline\'s close again when the announcement failed after the commit', async () => {
    const { organizationId, templateId } = await organizationWithTemplate();
    let failures = 0;
    faults.inject(serviceSqs(), 'failFirstAnnouncement', (next) => async (args) => {
      if (args.input.QueueUrl === pipeline.webhookQueueUrl && insideProcessor.getStore() && failures === 0) {
        failures++;
        throw new Error('injected: SendMessage failed');
      }
      return next(args);
    });
    const { record } = await newImport(organizationId, templateId);
    const closed = await waitForImport(organizationId, record.id);
    expect(closed.status).toBe('FAILED');
    await eventually(() => failures === 1);
    expect(failures).toBe(1);
    expect(await finishedEvents(record.id)).toBe(1);
    await expectFailedAndCounted(organizationId, templateId);
  });

  it('a file that lands after the upload deadline was checked is still processed under its processing deadline', async () => {
    const { organizationId, templateId } = await organizationWithTemplate();
    const { record, uploadKey } = await newImport(organizationId, templateId);
    // Stored (as a PUT begun before the URL expired would be) but its notification is late.
    await s3().send(new PutObjectCommand({ Bucket: pipeline.bucket, Key: uploadKey, Body: FILE }));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await imports.getImportRecord(organizationId, record.id))!.status).toBe('PENDING');
    const finished = await pipeline.runImport(organizationId, templateId, FILE, { created: { record, uploadKey } });
    expect(finished).toMatchObject({ status: 'COMPLETED', validRows: 2 });
  });

  it('deletes the snapshot and list pointers of an import whose record was never stored; no listing shows it', async () => {
    const { organizationId, templateId } = await organizationWithTemplate();
    let failed: { id: string; createdAt: string } | undefined;
    faults.inject(clients.dynamo(), 'failCreation', (next) => async (args) => {
      const record = args.input.TransactItems?.[0]?.Put?.Item;
      if (record?.status === 'PENDING' && !failed) {
        failed = { id: record.id, createdAt: record.createdAt };
        throw new Error('injected: the creation transaction failed');
      }
      return next(args);
    });
    await expect(newImport(organizationId, templateId)).rejects.toThrow('injected');
    const written = () =>
      batchGetInOrder(
        [keys.importSnapshot(organizationId, failed!.id), ...importPointers.all(organizationId, templateId, 'PENDING', failed!.createdAt, failed!.id)],
        true,
      );
    // The snapshot and the one open pointer (the other keys are those an import created before open pointers had).
    expect(await written()).toHaveLength(2);
    for (const filter of [{}, { templateId }, { status: 'PENDING' }, { templateId, status: 'PENDING' }]) {
      expect(await imports.listImports(organizationId, filter, { page: 1, limit: 10 })).toEqual({ imports: [], total: 0 });
    }
    // The upload deadline (1 s here) finds no record.
    for (let waited = 0; (await written()).length > 0 && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await written()).toEqual([]);
  });

  it('stays inside the processor\'s grants', async () => {
    const { organizationId, templateId } = await organizationWithTemplate();
    const used = recordSdkActions(faults, () => Boolean(insideProcessor.getStore()), (url) =>
      url === pipeline.importsQueueUrl ? 'imports' : 'webhooks',
    );
    // A file that arrives without its notification (processing deadline, then PROCESSING_TIMEOUT), and
    // one that never arrives (UPLOAD_TIMEOUT).
    const { uploadKey } = await newImport(organizationId, templateId);
    await s3().send(new PutObjectCommand({ Bucket: pipeline.bucket, Key: uploadKey, Body: FILE }));
    await newImport(organizationId, templateId);
    const expected = ['s3:HeadObject:uploads/', 'sqs:SendMessage:imports', 'sqs:SendMessage:webhooks', 'dynamodb:UpdateItem'];
    await eventually(() => expected.every((action) => used.has(action)));
    expect([...used]).toEqual(expect.arrayContaining(expected));
    const granted = [
      ...FUNCTION_TABLE_ACCESS['import-processor'].items.map((action) => `dynamodb:${action}`),
      's3:HeadObject:uploads/',
      's3:GetObject:webhooks/',
      's3:PutObject:webhooks/',
      'sqs:SendMessage:imports',
      'sqs:SendMessage:webhooks',
    ];
    expect([...used].filter((action) => !granted.includes(action))).toEqual([]);
  });
});

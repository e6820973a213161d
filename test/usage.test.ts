// Usage per day (pattern 22) against the local stack: imports finished by the stack's processor and
// webhooks delivered by its worker (retry schedule 1,2,3,4,5 s) to a receiver on 127.0.0.1 are counted
// in the organization's usage items, once each however often their messages arrive (the same message
// twice in a batch, in later batches, after its invocation's time); readUsage fills the days without
// activity with zeros. A crash between the record's write and the tally's is in webhook-faults.test.ts.
import { getImportRecord, finishImport } from '../shared/data/imports';
import { updateOrganization } from '../shared/data/organizations';
import { addToDeliveryTally, addUsage, readUsage } from '../shared/data/usage';
import { transactWriteRetryingConflicts } from '../shared/data/writes';
import { dynamo } from '../shared/aws/clients';
import { keys } from '../shared/data/table';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../shared/config';
import { createImport } from '../shared/imports/create-import';
import { handler as webhookWorker } from '../functions/webhook-worker/handler';
import type { SQSEvent } from 'aws-lambda';
import { newWebhookSecret } from '../shared/domain/ids';
import { addDays, parseUsageQuery, priceUsage, utcDay, type UsageDay } from '../shared/domain/usage';
import { deliveryCostPerMillion, importCost } from '../shared/observability/cost-model';
import { BENCHED_IMPORTS, deliveryFigures, importFigures, usageCost } from '../shared/observability/usage-cost';
import { DEFAULT_RETENTION_DAYS, IMPORT_PROCESSOR_MEMORY_MB, WEBHOOK_WORKER_MEMORY_MB } from '../shared/resources';
import { signedUpUser } from './support/dashboard';
import { AttemptReads, handleWebhookMessage } from '../shared/webhooks/attempt';
import { DeliveryTally, TallyNotSettledYet } from '../shared/webhooks/delivery-tally';
import type { WebhookMessage } from '../shared/webhooks/messages';
import { announceImportFinished } from '../shared/imports/finished-event';
import { contactsTemplate, newOrganization } from './support/api';
import { csv, runImport, until } from './support/imports';
import { startReceiver } from './support/receiver';

jest.setTimeout(120_000);

/** The counts of a range added up (a test may cross midnight UTC). */
function total(days: UsageDay[]) {
  const sum = { imports: { completed: 0, failed: 0 }, rows: { total: 0, valid: 0, error: 0 }, webhooks: { delivered: 0, failed: 0, attempts: 0 }, hooks: { calls: 0, rows: 0, ms: 0 } };
  for (const day of days) {
    for (const group of ['imports', 'rows', 'webhooks', 'hooks'] as const) {
      for (const [name, value] of Object.entries(day[group])) (sum[group] as Record<string, number>)[name] += value;
    }
  }
  return sum;
}

describe('usage counters', () => {
  let hook: Awaited<ReturnType<typeof startReceiver>>;
  afterAll(() => hook?.stop());

  it('count imports by outcome with their rows and deliveries by outcome with their attempts, once each', async () => {
    // Prepare: an organization whose receiver takes the first delivery and refuses everything after.
    hook = await startReceiver([200], 503);
    const { organizationId, api } = await newOrganization();
    await updateOrganization(organizationId, { webhookUrl: hook.url, webhookSecret: newWebhookSecret() });
    const templateId = (await api.post('/api/v1/templates', contactsTemplate())).body.id as string;
    const firstDay = utcDay(Date.now());

    // Act: an import that completes (delivered at once), one that fails (its delivery fails 6 times).
    const completed = await runImport(organizationId, templateId, csv(['email', 'age'], [['a@example.com', '1'], ['b@example.com', '2']]));
    await until(() => getImportRecord(organizationId, completed.id), (r) => r?.webhookStatus === 'DELIVERED');
    const failed = await runImport(organizationId, templateId, csv(['email', 'age'], [['c@example.com', 'x'], ['d@example.com', '4']]));
    expect(failed.status).toBe('FAILED');
    await until(() => getImportRecord(organizationId, failed.id), (r) => r?.webhookStatus === 'FAILED', 90_000);

    // Assess: the ending invocation adds its deliveries to the tally once it has handled its whole batch,
    // a moment after the record's update, so the count is read until both deliveries are in it.
    const expected = {
      imports: { completed: 1, failed: 1 },
      rows: { total: 4, valid: 3, error: 1 },
      webhooks: { delivered: 1, failed: 1, attempts: 7 },
      hooks: { calls: 0, rows: 0, ms: 0 },
    };
    const counted = await until(async () => total(await readUsage(organizationId, firstDay, utcDay(Date.now()))), (sum) => sum.webhooks.delivered + sum.webhooks.failed === 2);
    expect(counted).toEqual(expected);
    expect(hook.received).toHaveLength(7);

    // Act: every step again, as a redelivered message would make it.
    const finishedCompleted = (await getImportRecord(organizationId, completed.id))!;
    const again = await finishImport(organizationId, finishedCompleted, {
      status: 'COMPLETED', totalRows: 2, validRows: 2, errorRows: 0, skippedRows: 0, completedAt: new Date().toISOString(), webhookStatus: 'PENDING',
    });
    expect(again).toBe(false);
    // While the ending invocation may still be tallying, a redelivered message waits (fails, comes back).
    const ended = [{ organizationId, importId: completed.id, delivery: 1, attempt: 1 }, { organizationId, importId: failed.id, delivery: 1, attempt: 6 }];
    for (const message of ended) {
      await expect(handleAlone(message)).rejects.toBeInstanceOf(TallyNotSettledYet);
      // After the worker's time limit, it finds its delivery in the tally and adds nothing.
      expect(await handleAlone(message, Date.now() + config().webhookWorkerTimeoutMs + 1000)).toBe('skipped');
    }
    await announceImportFinished(organizationId, completed.id);
    await new Promise((resolve) => setTimeout(resolve, 2000));

    // Assess: nothing counted twice, nothing sent again.
    expect(total(await readUsage(organizationId, firstDay, utcDay(Date.now())))).toEqual(expected);
    expect(hook.received).toHaveLength(7);
  });

  it('count a delivery once when its message comes twice in a batch and again in later batches', async () => {
    const { organizationId, api } = await newOrganization();
    const receiver = await startReceiver([]);
    try {
      await updateOrganization(organizationId, { webhookUrl: receiver.url, webhookSecret: newWebhookSecret() });
      const templateId = (await api.post('/api/v1/templates', contactsTemplate())).body.id as string;
      // Two finished imports that nothing announced: only this test's invocations deliver them.
      const day = utcDay(Date.now());
      const importIds = await Promise.all([1, 2].map(() => finishedUnannounced(organizationId, templateId)));
      const bodies = importIds.map((importId) => JSON.stringify({ organizationId, importId }));

      const first = await webhookWorker(sqsEvent([bodies[0], bodies[0], bodies[1]]));
      expect(first.batchItemFailures).toEqual([]);
      // Again at once: counted already, its invocation maybe still tallying, so they come back later.
      const again = await webhookWorker(sqsEvent([bodies[1], bodies[0]]));
      expect(again.batchItemFailures).toHaveLength(2);

      const [usage] = await readUsage(organizationId, day, day);
      expect(usage.webhooks).toEqual({ delivered: 2, failed: 0, attempts: 2 });
      expect(receiver.received.length).toBeGreaterThanOrEqual(2);
    } finally {
      await receiver.stop();
    }
  });

  it('add a batch to a writer\'s tally once: a batch number already there is refused', async () => {
    const { organizationId } = await newOrganization();
    const day = utcDay(Date.now());
    expect(await addToDeliveryTally(organizationId, day, 'writer-a', 1, { webhooksDelivered: 3, webhookAttempts: 4 })).toBe(true);
    expect(await addToDeliveryTally(organizationId, day, 'writer-a', 1, { webhooksDelivered: 3, webhookAttempts: 4 })).toBe(false);
    expect(await addToDeliveryTally(organizationId, day, 'writer-a', 2, { webhooksFailed: 1, webhookAttempts: 6 })).toBe(true);
    expect(await addToDeliveryTally(organizationId, day, 'writer-b', 1, { webhooksDelivered: 1, webhookAttempts: 1 })).toBe(true);
    const [usage] = await readUsage(organizationId, day, day);
    expect(usage.webhooks).toEqual({ delivered: 4, failed: 1, attempts: 11 });
  });
});

/** One message handled by an invocation of its own that started at `now`, its tally closed. */
async function handleAlone(message: WebhookMessage, now = Date.now()) {
  const tally = DeliveryTally.open(now);
  try {
    return await handleWebhookMessage(message, new AttemptReads(), tally);
  } finally {
    await tally.close();
  }
}

let messageCount = 0;
const sqsEvent = (bodies: string[]) => ({ Records: bodies.map((body) => ({ messageId: `m${++messageCount}`, body })) }) as unknown as SQSEvent;

/** A completed import whose webhook is PENDING and whose import-finished message was never sent. */
async function finishedUnannounced(organizationId: string, templateId: string): Promise<string> {
  const { record } = await createImport(organizationId, templateId, { fileName: 'contacts.csv', fileSize: 10 });
  const outcome = { status: 'COMPLETED' as const, totalRows: 0, validRows: 0, errorRows: 0, skippedRows: 0, completedAt: new Date().toISOString(), webhookStatus: 'PENDING' as const };
  expect(await finishImport(organizationId, record, outcome)).toBe(true);
  return record.id;
}

describe('readUsage', () => {
  it('answers every day of the range, oldest first, zeros where nothing happened', async () => {
    const { organizationId } = await newOrganization();
    await transactWriteRetryingConflicts([addUsage(organizationId, '2025-03-02', { importsFailed: 2, errorRows: 7 })]);
    await addToDeliveryTally(organizationId, '2025-03-02', 'w1', 1, { webhookAttempts: 2, webhooksFailed: 1 });
    // A delivery shard of the transaction design, as older days hold them.
    await dynamo().send(new PutCommand({ TableName: config().tableName, Item: { ...keys.usageDay(organizationId, '2025-03-02'), sk: 'USAGE#2025-03-02#8', webhookAttempts: 1 } }));
    // The first days before and after the range: not in it.
    await addToDeliveryTally(organizationId, '2025-03-04', 'w1', 2, { webhooksDelivered: 1 });
    await addToDeliveryTally(organizationId, '2025-02-26', 'w2', 1, { webhooksDelivered: 1 });
    const days = await readUsage(organizationId, '2025-02-27', '2025-03-03');
    expect(days.map((day) => day.date)).toEqual(['2025-02-27', '2025-02-28', '2025-03-01', '2025-03-02', '2025-03-03']);
    const zero = { imports: { completed: 0, failed: 0 }, rows: { total: 0, valid: 0, error: 0 }, webhooks: { delivered: 0, failed: 0, attempts: 0 }, hooks: { calls: 0, rows: 0, ms: 0 } };
    expect(days[0]).toEqual({ date: '2025-02-27', ...zero });
    expect(days[3]).toEqual({
      date: '2025-03-02',
      imports: { completed: 0, failed: 2 },
      rows: { total: 0, valid: 0, error: 7 },
      webhooks: { delivered: 0, failed: 1, attempts: 3 },
      hooks: { calls: 0, rows: 0, ms: 0 },
    });
    expect(await readUsage(organizationId, '2025-03-03', '2025-03-03')).toEqual([{ date: '2025-03-03', ...zero }]);
  });
});

describe('parseUsageQuery', () => {
  const now = Date.parse('2025-06-15T23:59:00Z');
  it('defaults to the 30 days ending today (UTC)', () => {
    expect(parseUsageQuery({}, now)).toEqual({ from: '2025-05-17', to: '2025-06-15' });
    expect(parseUsageQuery({ to: '2025-03-01' }, now)).toEqual({ from: '2025-01-31', to: '2025-03-01' });
    expect(parseUsageQuery({ from: '2025-06-01' }, now)).toEqual({ from: '2025-06-01', to: '2025-06-15' });
  });
  it('takes up to 366 days, to not before from', () => {
    expect(parseUsageQuery({ from: '2024-01-01', to: '2024-12-31' }, now)).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(parseUsageQuery({ from: '2025-06-01', to: '2025-06-01' }, now)).toEqual({ from: '2025-06-01', to: '2025-06-01' });
    expect(() => parseUsageQuery({ from: '2024-01-01', to: '2025-01-01' }, now)).toThrow(/at most 366 days/);
    expect(() => parseUsageQuery({ from: '2025-06-02', to: '2025-06-01' }, now)).toThrow(/to must not be before from/);
  });
  it('refuses what is not a date: 400 BAD_REQUEST', () => {
    for (const from of ['2025-02-30', '2025-13-01', '2025-00-10', '2025-6-1', '20250601', 'yesterday', '']) {
      expect(() => parseUsageQuery({ from }, now)).toThrow(expect.objectContaining({ status: 400, code: 'BAD_REQUEST', message: expect.stringMatching(/^Invalid query parameter: from must be a date/) }));
    }
  });
});

describe('the cost of usage (the shared cost model over the counts)', () => {
  it('prices a benched import as importctl cost prices its figures: the model, not a copy of it', () => {
    for (const { rows, ...figures } of BENCHED_IMPORTS) {
      // Prepare: the figures the bench measured, priced by the model directly.
      const direct = importCost({ imports: 1, rows, ...figures }, IMPORT_PROCESSOR_MEMORY_MB, DEFAULT_RETENTION_DAYS).perImport.total;
      // Act
      const cost = usageCost({ imports: 1, rows, deliveries: 0, attempts: 0 });
      // Assess: the line through the two benched imports passes through each (the file's bytes, all per row, within 1 %).
      expect(cost.perImport!).toBeCloseTo(direct, 6);
      expect(Math.abs(cost.perImport! - direct) / direct).toBeLessThan(0.01);
      expect(cost.perMillionRows).toBeCloseTo((direct * 1e6) / rows, 6);
      expect(cost).toMatchObject({ currency: 'USD', deliveries: 0, perMillionDeliveries: null });
    }
  });

  it('grows with imports, rows, deliveries and retries; nothing counted costs nothing', () => {
    expect(usageCost({ imports: 0, rows: 0, deliveries: 0, attempts: 0 })).toEqual({
      currency: 'USD', imports: 0, deliveries: 0, hooks: 0, total: 0, perImport: null, perMillionRows: null, perMillionDeliveries: null, perMillionHookRows: null,
    });
    const one = usageCost({ imports: 1, rows: 100, deliveries: 1, attempts: 1 });
    const twice = usageCost({ imports: 2, rows: 200, deliveries: 2, attempts: 2 });
    expect(twice.total).toBeCloseTo(one.total * 2, 10);
    expect(twice.perImport).toBeCloseTo(one.perImport!, 10);
    expect(usageCost({ imports: 1, rows: 100_000, deliveries: 0, attempts: 0 }).perImport!).toBeGreaterThan(one.perImport!);
    const retried = usageCost({ imports: 1, rows: 100, deliveries: 1, attempts: 6 });
    expect(retried.deliveries).toBeGreaterThan(one.deliveries);
    // A delivery answered at once: the webhook bench's figure (docs/webhooks.md: about $1.0 per million).
    expect(one.perMillionDeliveries).toBeCloseTo(deliveryCostPerMillion(deliveryFigures(1, 1), WEBHOOK_WORKER_MEMORY_MB, DEFAULT_RETENTION_DAYS).total, 6);
    expect(one.perMillionDeliveries).toBeGreaterThan(0.8);
    expect(one.perMillionDeliveries).toBeLessThan(1.5);
    expect(importFigures(3, 0).fileBytes).toBe(0);
  });

  it('prices every day and the range as a whole', () => {
    const zero = { imports: { completed: 0, failed: 0 }, rows: { total: 0, valid: 0, error: 0 }, webhooks: { delivered: 0, failed: 0, attempts: 0 }, hooks: { calls: 0, rows: 0, ms: 0 } };
    const busy = { imports: { completed: 2, failed: 1 }, rows: { total: 30, valid: 25, error: 5 }, webhooks: { delivered: 2, failed: 1, attempts: 9 }, hooks: { calls: 0, rows: 0, ms: 0 } };
    const usage = priceUsage('2025-03-01', '2025-03-02', [{ date: '2025-03-01', ...zero }, { date: '2025-03-02', ...busy }]);
    expect(usage.data[0].cost).toBe(0);
    expect(usage.data[1].cost).toBe(usageCost({ imports: 3, rows: 30, deliveries: 3, attempts: 9 }).total);
    expect(usage.cost).toMatchObject({ currency: 'USD', total: usage.data[1].cost, basis: expect.stringContaining('importctl cost') });
    expect(usage.cost.perImport).toBeGreaterThan(0);
  });

  it('GET /dashboard/v1/organizations/:orgId/usage answers the counts with their cost', async () => {
    // Prepare: a person's organization with one finished import.
    const owner = await signedUpUser('usage');
    const orgId = (await owner.call('POST', '/dashboard/v1/organizations', { name: 'Usage Ltd' })).body.organizationId as string;
    const base = `/dashboard/v1/organizations/${orgId}`;
    const templateId = (await owner.call('POST', `${base}/templates`, contactsTemplate())).body.id as string;
    const firstDay = utcDay(Date.now());
    await runImport(orgId, templateId, csv(['email', 'age'], [['a@example.com', '1'], ['b@example.com', '2']]));
    // Act
    const response = await owner.call('GET', `${base}/usage?from=${addDays(firstDay, -2)}`);
    // Assess
    expect(response.status).toBe(200);
    const days = response.body.data as (UsageDay & { cost: number })[];
    expect(days.length).toBeGreaterThanOrEqual(3);
    expect(total(days)).toMatchObject({ imports: { completed: 1, failed: 0 }, rows: { total: 2, valid: 2, error: 0 } });
    expect(days[0].cost).toBe(0);
    expect(response.body.cost).toMatchObject({
      currency: 'USD',
      total: usageCost({ imports: 1, rows: 2, deliveries: 0, attempts: 0 }).total,
      perImport: expect.any(Number),
      perMillionRows: expect.any(Number),
      perMillionDeliveries: null,
      basis: expect.stringContaining('list prices'),
    });
    expect(days.reduce((sum, day) => sum + day.cost, 0)).toBeCloseTo(response.body.cost.total, 9);
    expect((await owner.call('GET', `${base}/usage?from=2025-13-01`)).status).toBe(400);
  });
});

// A webhook worker that crashes is finished by redelivery: the real processor and worker handlers run
// in this process on the suite's own pipeline (test/support/own-pipeline.ts), with faults injected into
// the SDK clients they use, against a real receiver on 127.0.0.1.
import { AsyncLocalStorage } from 'node:async_hooks';
import { handler as processor } from '../functions/import-processor/handler';
import { handler as webhookWorker } from '../functions/webhook-worker/handler';
import * as clients from '../shared/aws/clients';
import { sqs as serviceSqs } from '../shared/aws/sqs';
import { getImportRecord } from '../shared/data/imports';
import { updateOrganization } from '../shared/data/organizations';
import { listAttempts } from '../shared/data/webhooks';
import { readUsage } from '../shared/data/usage';
import { utcDay } from '../shared/domain/usage';
import { newWebhookSecret } from '../shared/domain/ids';
import { FUNCTION_TABLE_ACCESS } from '../lib/table-access';
import { faultInjector, organizationWithTemplate, recordSdkActions, startOwnPipeline } from './support/own-pipeline';
import { startReceiver } from './support/receiver';

jest.setTimeout(120_000);

/** The worker's time limit in this suite: a redelivered message settles its delivery's usage after it. */
const WORKER_TIMEOUT_MS = 3000;

/** Set while the worker handler runs: SDK calls made inside it are the worker's own. */
const insideWorker = new AsyncLocalStorage<true>();
let pipeline: Awaited<ReturnType<typeof startOwnPipeline>>;
beforeAll(async () => {
  pipeline = await startOwnPipeline(
    { processor, webhookWorker: (event) => insideWorker.run(true, () => webhookWorker(event)) },
    { workerTimeoutMs: WORKER_TIMEOUT_MS },
  );
});
afterAll(() => pipeline?.stop());
const faults = faultInjector();
afterEach(faults.removeAll);

const FILE = 'email,age\na@example.com,1\nb@example.com,2\n';

async function importWithReceiver(script: Parameters<typeof startReceiver>[0]) {
  const hook = await startReceiver(script);
  const { organizationId, templateId } = await organizationWithTemplate();
  await updateOrganization(organizationId, { webhookUrl: hook.url, webhookSecret: newWebhookSecret() });
  const record = await pipeline.runImport(organizationId, templateId, FILE);
  return { hook, organizationId, record };
}

async function settled(organizationId: string, importId: string, status: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const record = await getImportRecord(organizationId, importId);
    if (record?.webhookStatus === status) return record;
    if (Date.now() > deadline) throw new Error(`webhook of ${importId} never ${status}: ${record?.webhookStatus}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The state write of an attempt: one conditional UpdateItem of the record. */
const isAttemptWrite = (context: any, args: any) =>
  isUpdate(context) && String(args.input.ConditionExpression ?? '').includes('webhookAttempts = :previous');

const isUpdate = (context: any) => context.commandName === 'UpdateCommand' || context.commandName === 'UpdateItemCommand';

/** An invocation's write of its delivery tally (pattern 22: USAGE#<day>#W#<writer>). */
const isTallyWrite = (context: any, args: any) => isUpdate(context) && /#W#/.test(String(args.input.Key?.sk?.S ?? args.input.Key?.sk ?? ''));

/** The organization's delivery counts of the days since `day`, once they show one ended delivery. */
async function deliveryUsage(organizationId: string, day: string) {
  const read = async () => {
    const days = await readUsage(organizationId, day, utcDay(Date.now()));
    return days.reduce((sum, { webhooks }) => ({ delivered: sum.delivered + webhooks.delivered, failed: sum.failed + webhooks.failed, attempts: sum.attempts + webhooks.attempts }), { delivered: 0, failed: 0, attempts: 0 });
  };
  const deadline = Date.now() + 30_000;
  for (let counts = await read(); counts.delivered + counts.failed === 0 && Date.now() < deadline; counts = await read()) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // Longer than a redelivery's wait and settling: a second count would show by then.
  await new Promise((resolve) => setTimeout(resolve, WORKER_TIMEOUT_MS + 2000));
  return read();
}

describe('a webhook worker that crashes', () => {
  it('between the POST and the state write: redelivered, POSTed again with the same bytes and id, counted once', async () => {
    let crashes = 0;
    faults.inject(clients.dynamo(), 'crashBeforeStateWrite', (next, context) => async (args) => {
      if (isAttemptWrite(context, args) && crashes === 0) {
        crashes++;
        throw new Error('injected: crash before the state write');
      }
      return next(args);
    });
    const { hook, organizationId, record } = await importWithReceiver([]);
    const delivered = await settled(organizationId, record.id, 'DELIVERED');
    await hook.stop();
    expect(crashes).toBe(1);
    expect(delivered.webhookAttempts).toBe(1);
    expect(hook.received).toHaveLength(2);
    expect(hook.received[1].body.equals(hook.received[0].body)).toBe(true);
    expect(hook.received[1].headers['webhook-id']).toBe(hook.received[0].headers['webhook-id']);
    expect(await listAttempts(organizationId, record.id)).toHaveLength(1);
  });

  /** One delivery to a receiver that answers at once, with `fault` injected once: POSTed once, counted once. */
  async function deliveredOnceWith(fault: 'beforeTheCall' | 'afterTheCall', isTarget: (context: any, args: any) => boolean) {
    let injected = 0;
    faults.inject(clients.dynamo(), 'usageFault', (next, context) => async (args) => {
      const target = isTarget(context, args) && injected === 0;
      if (target && fault === 'beforeTheCall') {
        injected++;
        throw new Error('injected: a crash before the write');
      }
      const result = await next(args);
      if (target) {
        injected++;
        throw new Error("injected: the write's answer is lost");
      }
      return result;
    });
    const day = utcDay(Date.now());
    const { hook, organizationId, record } = await importWithReceiver([]);
    await settled(organizationId, record.id, 'DELIVERED');
    expect(await deliveryUsage(organizationId, day)).toEqual({ delivered: 1, failed: 0, attempts: 1 });
    await hook.stop();
    expect(injected).toBe(1);
    expect(hook.received).toHaveLength(1);
  }

  it('between the state write and the usage tally: the delivery is counted once, by its redelivered message', async () => {
    await deliveredOnceWith('beforeTheCall', isTallyWrite);
  });

  it('when the state write is done but its answer is lost: the batch is not tallied, the delivery counted once', async () => {
    await deliveredOnceWith('afterTheCall', isAttemptWrite);
  });

  it('after recording a failed attempt but before queueing the next: the next attempt still comes', async () => {
    let lost = 0;
    faults.inject(serviceSqs(), 'loseNextAttempt', (next) => async (args) => {
      const body = JSON.parse(String(args.input.MessageBody ?? '{}'));
      if (body.attempt === 2 && lost === 0) {
        lost++;
        throw new Error('injected: crash before queueing attempt 2');
      }
      return next(args);
    });
    const { hook, organizationId, record } = await importWithReceiver([500]);
    const delivered = await settled(organizationId, record.id, 'DELIVERED');
    await hook.stop();
    expect(lost).toBe(1);
    expect(delivered.webhookAttempts).toBe(2);
    expect(hook.received).toHaveLength(2);
  });

  it('stays inside its grants (lib/table-access.ts, lib/import-service-stack.ts)', async () => {
    const used = recordSdkActions(faults, () => Boolean(insideWorker.getStore()), (url) =>
      url === pipeline.webhookQueueUrl ? 'webhooks' : 'other',
    );
    const { hook, organizationId, record: imported } = await importWithReceiver([500]);
    await settled(organizationId, imported.id, 'DELIVERED');
    await hook.stop();
    const granted = [
      ...FUNCTION_TABLE_ACCESS['webhook-worker'].items.map((action) => `dynamodb:${action}`),
      's3:GetObject:rows/',
      's3:GetObject:webhooks/',
      's3:PutObject:webhooks/',
      'sqs:SendMessage:webhooks',
    ];
    expect([...used].filter((action) => !granted.includes(action))).toEqual([]);
    // The processor stored the first delivery's payload: the worker reads those bytes.
    expect(used).toContain('s3:GetObject:webhooks/');
  });
});

// Webhook delivery end to end on the local stack (schedule scaled to 1,2,3,4,5 s and a 2 s timeout by
// the test set-up): a real receiver on 127.0.0.1, imports run through the real path, the worker fed by
// the local queue poller. Signatures are checked with node:crypto and the public standardwebhooks library.
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret } from '../shared/domain/ids';
import { getImportRecord } from '../shared/data/imports';
import { updateOrganization } from '../shared/data/organizations';
import { contactsTemplate, newOrganization } from './support/api';
import { csv, runImport, until } from './support/imports';
import { startReceiver, type Received } from './support/receiver';

jest.setTimeout(120_000);

const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.stop()));
});

async function receiver(...args: Parameters<typeof startReceiver>) {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}

async function organizationWithWebhook(url: string | null, template: Record<string, unknown> = contactsTemplate()) {
  const org = await newOrganization();
  const secret = newWebhookSecret();
  if (url) await updateOrganization(org.organizationId, { webhookUrl: url, webhookSecret: secret });
  const created = await org.api.post('/api/v1/templates', template);
  return { ...org, secret, templateId: created.body.id as string };
}

const GOOD = csv(['email', 'age'], [['a@example.com', '1'], ['b@example.com', '2']]);

function expectSigned(request: Received, secret: string) {
  const expected = `sha256=${createHmac('sha256', secret).update(request.body).digest('hex')}`;
  expect(request.headers['x-service-signature']).toBe(expected);
  expect(request.headers['content-type']).toBe('application/json');
  const headers = {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  };
  expect(() => new Webhook(secret).verify(request.body.toString('utf8'), headers)).not.toThrow();
}

describe('webhook delivery', () => {
  it('retries 500, 302 and a timeout on schedule, then delivers: 4 attempts, same bytes and id, signed', async () => {
    const hook = await receiver([500, 302, 'hang'], 200);
    const { organizationId, templateId, secret, api } = await organizationWithWebhook(hook.url);
    const record = await runImport(organizationId, templateId, GOOD, { metadata: { batch: 3 }, user: { id: 'u1', email: 'u@example.com', name: 'U' } });
    const retrying = await until(() => getImportRecord(organizationId, record.id), (r) => (r?.webhookAttempts ?? 0) >= 1);
    expect(['RETRYING', 'DELIVERED']).toContain(retrying!.webhookStatus);
    const delivered = await until(() => getImportRecord(organizationId, record.id), (r) => r?.webhookStatus === 'DELIVERED');
    expect(delivered).toMatchObject({ webhookStatus: 'DELIVERED', webhookAttempts: 4, webhookDeliveredAt: expect.any(String) });

    expect(hook.received).toHaveLength(4);
    const [first, ...rest] = hook.received;
    for (const request of rest) {
      expect(request.body.equals(first.body)).toBe(true);
      expect(request.headers['webhook-id']).toBe(first.headers['webhook-id']);
    }
    hook.received.forEach((request) => expectSigned(request, secret));
    // Gaps count from the end of the failed attempt (the third one ended at its 2 s timeout). The
    // timeout's clock starts when the worker sends, before the receiver notes the request's arrival, so
    // under load that end lies up to a few hundred ms before arrival + 2 s: its gap gets that margin.
    const gaps = [1, 2, 3];
    const ends = [hook.received[0].at, hook.received[1].at, hook.received[2].at + 2000];
    const margins = [100, 100, 400];
    gaps.forEach((gap, i) => expect(hook.received[i + 1].at - ends[i]).toBeGreaterThanOrEqual(gap * 1000 - margins[i]));

    const payload = JSON.parse(first.body.toString('utf8'));
    expect(payload).toEqual({
      event: 'import.completed',
      timestamp: delivered!.completedAt,
      importId: record.id,
      templateId,
      organizationId,
      source: 'importctl',
      file: { name: 'contacts.csv', type: 'csv', size: Buffer.byteLength(GOOD) },
      stats: { totalRows: 2, validRows: 2, skippedRows: 0, errorRows: 0, correctedRows: 0, removedRows: 0 },
      metadata: { batch: 3 },
      user: { id: 'u1', email: 'u@example.com', name: 'U' },
      columnMapping: { email: 'email', age: 'age' },
      headerRow: 1,
      columnFormats: {},
      data: { columns: ['email', 'age'], rows: [{ email: 'a@example.com', age: 1 }, { email: 'b@example.com', age: 2 }] },
    });

    const attempts = (await api.get(`/api/v1/imports/${record.id}/webhook-attempts`)).body.data;
    expect(attempts.map((a: any) => [a.delivery, a.attempt, a.status, a.errorKind])).toEqual([
      [1, 1, 500, null],
      [1, 2, 302, null],
      [1, 3, null, 'timeout'],
      [1, 4, 200, null],
    ]);
    expect(attempts[0].responseExcerpt).toBe('answer 1');
    const detail = (await api.get(`/api/v1/imports/${record.id}`)).body;
    expect(detail).toMatchObject({ webhookStatus: 'DELIVERED', webhookAttempts: 4, webhookDeliveredAt: delivered!.webhookDeliveredAt });
  });

  it('a receiver down for the whole schedule: FAILED after exactly 6 attempts; resend then delivers', async () => {
    const hook = await receiver([], 503);
    const { organizationId, templateId, api } = await organizationWithWebhook(hook.url);
    const record = await runImport(organizationId, templateId, GOOD);
    const failed = await until(() => getImportRecord(organizationId, record.id), (r) => r?.webhookStatus === 'FAILED');
    expect(failed!.webhookAttempts).toBe(6);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(hook.received).toHaveLength(6);

    hook.answer([], 200);
    const resent = await api.post(`/api/v1/imports/${record.id}/webhook/resend`);
    expect(resent.status).toBe(202);
    expect(resent.body).toEqual({ success: true, message: 'Webhook delivery 2 queued', delivery: 2 });
    // A second resend is refused while delivery 2 is in progress, or, once it ended (a fast receiver),
    // starts delivery 3: either way the latest delivery is delivered in one attempt.
    const again = await api.post(`/api/v1/imports/${record.id}/webhook/resend`);
    if (again.status !== 202) expect(again.body.error.message).toMatch(/in progress/);
    else expect(again.body).toEqual({ success: true, message: 'Webhook delivery 3 queued', delivery: 3 });
    const latest = again.status === 202 ? 3 : 2;
    const delivered = await until(
      () => getImportRecord(organizationId, record.id),
      (r) => r?.webhookStatus === 'DELIVERED' && r.webhookDelivery === latest,
    );
    expect(delivered!.webhookAttempts).toBe(1);
    const last = hook.received[hook.received.length - 1];
    expect(last.headers['webhook-id']).toBe(`msg_${record.id}_${latest}`);
    expect(hook.received.map((request) => request.headers['webhook-id'])).toContain(`msg_${record.id}_2`);
    expect(hook.received[0].headers['webhook-id']).toBe(`msg_${record.id}_1`);
  });

  it('NOT_CONFIGURED without a URL: nothing is sent, resend says why', async () => {
    const { organizationId, templateId, api } = await organizationWithWebhook(null);
    const record = await runImport(organizationId, templateId, GOOD);
    expect(record.webhookStatus).toBe('NOT_CONFIGURED');
    const resend = await api.post(`/api/v1/imports/${record.id}/webhook/resend`);
    expect(resend.status).toBe(400);
    expect(resend.body.error.message).toMatch(/no webhook URL/);
    expect((await api.get(`/api/v1/imports/${record.id}/webhook-attempts`)).body.data).toEqual([]);
  });

  it('import.failed carries the error and no rows', async () => {
    const hook = await receiver([]);
    const { organizationId, templateId } = await organizationWithWebhook(hook.url);
    const record = await runImport(organizationId, templateId, csv(['email', 'age'], [['a@example.com', 'x']]));
    await until(() => getImportRecord(organizationId, record.id), (r) => r?.webhookStatus === 'DELIVERED');
    const payload = JSON.parse(hook.received[0].body.toString('utf8'));
    expect(payload).toMatchObject({
      event: 'import.failed',
      error: { code: 'INVALID_ROWS', message: expect.any(String) },
      stats: { totalRows: 1, validRows: 0, errorRows: 1, skippedRows: 0, correctedRows: 0, removedRows: 0 },
      data: { columns: ['email', 'age'], rows: [] },
    });
  });

  it('duplicate queue messages count one attempt', async () => {
    const hook = await receiver([]);
    const { organizationId, templateId, api } = await organizationWithWebhook(hook.url);
    const record = await runImport(organizationId, templateId, GOOD);
    // The processor's own re-announce path: the same first-attempt message again, twice.
    const { announceImportFinished } = await import('../shared/imports/finished-event');
    await Promise.all([announceImportFinished(organizationId, record.id), announceImportFinished(organizationId, record.id)]);
    await until(() => getImportRecord(organizationId, record.id), (r) => r?.webhookStatus === 'DELIVERED');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await getImportRecord(organizationId, record.id))!.webhookAttempts).toBe(1);
    expect((await api.get(`/api/v1/imports/${record.id}/webhook-attempts`)).body.data).toHaveLength(1);
  });
});

describe('large imports', () => {
  it('12,000 rows: 10,000 inline, the rest through the rows endpoint from where they stop', async () => {
    const hook = await receiver([]);
    const { organizationId, templateId, api } = await organizationWithWebhook(hook.url);
    const rows = Array.from({ length: 12_000 }, (_, i) => [`user${i}@example.com`, String(i % 100)]);
    const record = await runImport(organizationId, templateId, csv(['email', 'age'], rows));
    await until(() => getImportRecord(organizationId, record.id), (r) => r?.webhookStatus === 'DELIVERED');
    const { data } = JSON.parse(hook.received[0].body.toString('utf8'));
    expect(data.rows).toHaveLength(10_000);
    expect(data.rows[9999]).toEqual({ email: 'user9999@example.com', age: 99 });
    expect(data.pagination).toEqual({
      totalRows: 12_000,
      inlineRows: 10_000,
      nextPage: { path: `/api/v1/imports/${record.id}/rows`, page: 11, limit: 1000 },
    });
    const next = await api.get(`${data.pagination.nextPage.path}?page=${data.pagination.nextPage.page}&limit=${data.pagination.nextPage.limit}`);
    expect(next.body.data[0]).toEqual({ email: 'user10000@example.com', age: 0 });
  });

  it('a 500-column import is cut by the inline byte budget, and the pagination starts where it stops', async () => {
    const hook = await receiver([]);
    const columns = Array.from({ length: 500 }, (_, i) => ({ key: `column_${i}`, name: `Column ${i}`, type: 'string' }));
    const { organizationId, templateId, api } = await organizationWithWebhook(hook.url, { name: 'Wide', columns });
    const cell = 'v'.repeat(20);
    const rows = Array.from({ length: 800 }, (_, r) => columns.map((_, c) => (c === 0 ? `row${r}` : cell)));
    const record = await runImport(organizationId, templateId, csv(columns.map((c) => c.key), rows));
    expect(record.validRows).toBe(800);
    await until(() => getImportRecord(organizationId, record.id), (r) => r?.webhookStatus === 'DELIVERED', 90_000);
    const body = hook.received[0].body;
    expect(body.length).toBeLessThan(6 * 1024 * 1024);
    const { data } = JSON.parse(body.toString('utf8'));
    expect(data.rows.length).toBeLessThan(800);
    const { inlineRows, nextPage } = data.pagination;
    expect(inlineRows).toBe(data.rows.length);
    expect((nextPage.page - 1) * nextPage.limit).toBe(inlineRows);
    const next = await api.get(`${nextPage.path}?page=${nextPage.page}&limit=${nextPage.limit}`);
    expect(next.body.data[0].column_0).toBe(`row${inlineRows}`);
  });
});

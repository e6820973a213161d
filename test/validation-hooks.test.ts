// Validation hooks against the real local stack: a hook on 127.0.0.1 (signatures verified with the public
// standardwebhooks package) checks and fixes rows during processing (importctl's path: no review) and
// in the correction step (the embed API, as the widget uses it); its failure policy, its stale and stray
// answers, the call log, the import's summary, the rows, errors and webhook that carry its messages.
import { setTemplateEmbed } from '../shared/data/templates';
import { getOrganization, updateOrganization } from '../shared/data/organizations';
import { newWebhookSecret } from '../shared/domain/ids';
import { call, newOrganization } from './support/api';
import { runImport, untilEmbedPhase, waitForImport } from './support/imports';
import { startHookServer, type HookReply, type HookRequest } from './support/hook-server';
import { startReceiver } from './support/receiver';
import { readUsage } from '../shared/data/usage';
import { utcDay } from '../shared/domain/usage';
import { importctl } from './support/importctl';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from './support/scratch';

/** The files this suite writes, removed when it ends. */
const scratch = scratchDir('validation-hooks');

jest.setTimeout(120_000);

const KNOWN = new Set(['C-1', 'C-2', 'C-3', 'C-4', 'C-5', 'C-6']);

const customers = (hook: Record<string, unknown> | null, allowPartialImport = true) => ({
  name: 'Customers',
  allowPartialImport,
  columns: [
    { key: 'customer_id', name: 'Customer', type: 'string', required: true },
    { key: 'name', name: 'Name', type: 'string' },
    { key: 'email', name: 'Email', type: 'email' },
    { key: 'phone', name: 'Phone', type: 'string' },
  ],
  validationHook: hook,
});

/** What the example hook does, in a few lines: unknown ids are errors (with a suggestion when close), phones to E.164, free mail a warning. */
function check(request: HookRequest) {
  return {
    rows: request.rows.map(({ row, revision, values }) => {
      const messages: Record<string, unknown>[] = [];
      const id = String(values.customer_id ?? '');
      if (!KNOWN.has(id)) {
        const close = [...KNOWN].find((known) => known.replace('-', '').toLowerCase() === id.replace('-', '').toLowerCase());
        messages.push({ column: 'customer_id', level: 'error', code: 'unknown_customer', message: `Customer ${id} does not exist`, ...(close ? { suggestion: close } : {}) });
      }
      if (typeof values.email === 'string' && values.email.endsWith('@gmail.com')) {
        messages.push({ column: 'email', level: 'warning', code: 'free_mail', message: 'Personal e-mail address' });
      }
      const digits = String(values.phone ?? '').replace(/\D/g, '');
      const phone = digits.length === 10 ? { phone: `+1${digits}` } : undefined;
      return { row, revision, ...(phone && phone.phone !== values.phone ? { values: phone } : {}), messages };
    }),
  };
}

const FILE = [
  'customer_id,name,email,phone',
  'C-1,Ann,ann@example.com,+14155550101',
  'C-99,Bob,bob@example.com,',
  'C-2,Cy,cy@example.com,(415) 555-0100',
  'C-3,Dee,dee@gmail.com,',
  'c3,Eve,eve@example.com,415.555.0199',
  'C-4,Fay,not-an-email,',
].join('\n');

async function organizationWithSecret() {
  const org = await newOrganization();
  const secret = newWebhookSecret();
  await updateOrganization(org.organizationId, { webhookSecret: secret });
  return { org, secret };
}

describe('validation hook settings', () => {
  it('are checked, stored, copied, removed, and a first hook gives the organization its secret once', async () => {
    const org = await newOrganization();
    const hook = { url: 'http://127.0.0.1:9/validate', columns: ['customer_id'] };
    const first = await org.api.post('/api/v1/templates', customers(hook));
    expect(first.status).toBe(201);
    expect(first.body.validationHook).toEqual({ url: hook.url, columns: ['customer_id'], batchSize: 1000, timeoutMs: 8000, onFailure: 'fail' });
    expect(first.body.webhookSecret).toMatch(/^whsec_/);
    expect((await getOrganization(org.organizationId))?.webhookSecret).toBe(first.body.webhookSecret);
    const second = await org.api.post('/api/v1/templates', customers({ ...hook, batchSize: 50, onFailure: 'accept' }));
    expect(second.status).toBe(201);
    expect(second.body.webhookSecret).toBeUndefined();
    expect((await org.api.get(`/api/v1/templates/${second.body.id}`)).body).not.toHaveProperty('webhookSecret');

    const refused = [
      [{ url: 'ftp://example.com/x' }, 'validationHook.url'],
      [{ url: hook.url, columns: ['nope'] }, 'validationHook.columns names "nope"'],
      [{ url: hook.url, batchSize: 0 }, 'validationHook.batchSize must be between 1 and 5000'],
      [{ url: hook.url, timeoutMs: 60_000 }, 'validationHook.timeoutMs must be between 1000 and 20000'],
      [{ url: hook.url, onFailure: 'ignore' }, 'validationHook.onFailure must be one of: fail, accept'],
    ] as const;
    for (const [setting, message] of refused) {
      const answer = await org.api.post('/api/v1/templates', customers(setting));
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toContain(message);
      const patched = await org.api.patch(`/api/v1/templates/${first.body.id}`, { validationHook: setting });
      expect(patched.status).toBe(400);
    }
    expect((await org.api.get(`/api/v1/templates/${first.body.id}`)).body.validationHook.columns).toEqual(['customer_id']);

    const copy = await org.api.post(`/api/v1/templates/${second.body.id}/duplicate`);
    expect(copy.body.validationHook).toEqual(second.body.validationHook);
    const removed = await org.api.patch(`/api/v1/templates/${copy.body.id}`, { validationHook: null });
    expect(removed.status).toBe(200);
    expect(removed.body.validationHook).toBeNull();
    const listed = await org.api.get('/api/v1/templates');
    expect(listed.body.data[0]).not.toHaveProperty('validationHook');
  });
});

describe('a validation hook during processing', () => {
  it('turns unknown ids into row errors, normalizes phones, keeps warnings, and logs every call', async () => {
    const { org, secret } = await organizationWithSecret();
    const hook = await startHookServer(() => secret, (request) => ({ json: check(request) }));
    const receiver = await startReceiver([]);
    try {
      await updateOrganization(org.organizationId, { webhookUrl: receiver.url });
      const template = await org.api.post('/api/v1/templates', customers({ url: hook.url, columns: ['customer_id', 'email', 'phone'], batchSize: 2 }));
      const record = await runImport(org.organizationId, template.body.id, FILE, { metadata: { batch: 'nightly' }, user: { id: 'u1' } });
      expect(record).toMatchObject({ status: 'COMPLETED', totalRows: 6, validRows: 3, errorRows: 3 });

      // Three batches of two, each signed, only the configured columns, the last one saying it is last.
      expect(hook.received.map((r) => r.body.batch)).toEqual(expect.arrayContaining([{ index: 0, of: null }, { index: 1, of: null }, { index: 2, of: 3 }]));
      expect(hook.received.every((r) => r.verified)).toBe(true);
      const first = hook.received.find((r) => r.body.batch.index === 0)!;
      expect(first.headers['webhook-id']).toBe(`hook_${record.id}_0_0`);
      expect(first.body).toMatchObject({ type: 'rows.validate', importId: record.id, templateId: template.body.id, mode: 'import', metadata: { batch: 'nightly' } });
      expect(first.body.rows[0]).toEqual({ row: 2, revision: 0, values: { customer_id: 'C-1', email: 'ann@example.com', phone: '+14155550101' }, errors: [] });
      const last = hook.received.find((r) => r.body.batch.index === 2)!;
      // A cell that failed its type is sent as its text, with the rule's error beside it.
      expect(last.body.rows[1]).toMatchObject({ row: 7, values: { email: 'not-an-email' }, errors: [{ column: 'email' }] });

      const rows = await org.api.get(`/api/v1/imports/${record.id}/rows`);
      expect(rows.body.data.map((row: Record<string, unknown>) => [row.customer_id, row.phone])).toEqual([
        ['C-1', '+14155550101'],
        ['C-2', '+14155550100'],
        ['C-3', null],
      ]);
      expect(rows.body.messages).toEqual([{ index: 2, row: 5, messages: [{ column: 'email', level: 'warning', code: 'free_mail', message: 'Personal e-mail address' }] }]);

      const errors = await org.api.get(`/api/v1/imports/${record.id}/errors`);
      expect(errors.body.data).toEqual([
        { row: 3, errors: [{ column: 'customer_id', value: 'C-99', message: 'Customer C-99 does not exist', level: 'error', code: 'unknown_customer' }] },
        {
          row: 6,
          errors: [{ column: 'customer_id', value: 'c3', message: 'Customer c3 does not exist', level: 'error', code: 'unknown_customer', suggestion: 'C-3' }],
        },
        { row: 7, errors: [expect.objectContaining({ column: 'email', level: 'error' })] },
      ]);

      const detail = await org.api.get(`/api/v1/imports/${record.id}`);
      expect(detail.body.hook).toMatchObject({ status: 'ok', calls: 3, failedCalls: 0, rows: 6 });
      const calls = await org.api.get(`/api/v1/imports/${record.id}/hook-calls`);
      expect(calls.status).toBe(200);
      expect(calls.body.data).toHaveLength(3);
      expect(calls.body.data[0]).toMatchObject({ mode: 'import', rows: 2, attempt: 1, status: 200, ok: true, error: null, ignored: 0 });
      // The template's metrics and the organization's usage count the calls.
      const stats = (await org.api.get(`/api/v1/templates/${template.body.id}`)).body.validationHookStats;
      expect(stats).toEqual({ calls: 3, failedCalls: 0, p95LatencyMs: expect.any(Number) });
      const days = await readUsage(org.organizationId, utcDay(Date.now() - 86_400_000), utcDay(Date.now()));
      expect(days.reduce((sum, day) => sum + day.hooks.calls, 0)).toBe(3);
      expect(days.reduce((sum, day) => sum + day.hooks.rows, 0)).toBe(6);

      // The webhook carries the normalized phones and the warning.
      await waitForImport(org.organizationId, record.id);
      const delivered = await untilDelivered(receiver);
      expect(delivered.data.rows[1].phone).toBe('+14155550100');
      expect(delivered.data.rowMessages).toEqual([{ index: 2, row: 5, messages: [expect.objectContaining({ level: 'warning', code: 'free_mail' })] }]);

      // Another organization's import is unknown here.
      const other = await newOrganization();
      expect((await other.api.get(`/api/v1/imports/${record.id}/hook-calls`)).status).toBe(404);
    } finally {
      await hook.stop();
      await receiver.stop();
    }
  });

  it('fails the import or lets the rows through when the hook is down, as onFailure says', async () => {
    const { org, secret } = await organizationWithSecret();
    const hook = await startHookServer(() => secret, () => ({ status: 503, raw: 'down for maintenance' }));
    try {
      const failing = await org.api.post('/api/v1/templates', customers({ url: hook.url }));
      const accepting = await org.api.post('/api/v1/templates', customers({ url: hook.url, onFailure: 'accept' }));
      const [failed, accepted] = await Promise.all([
        runImport(org.organizationId, failing.body.id, FILE),
        runImport(org.organizationId, accepting.body.id, FILE),
      ]);
      expect(failed.status).toBe('FAILED');
      const failedDetail = (await org.api.get(`/api/v1/imports/${failed.id}`)).body;
      expect(failedDetail.error.code).toBe('VALIDATION_HOOK_FAILED');
      expect(failedDetail.error.message).toContain('after 3 attempts: HTTP 503');
      expect(failedDetail.hook).toMatchObject({ status: 'failed', calls: 3, failedCalls: 3 });

      expect(accepted).toMatchObject({ status: 'COMPLETED', validRows: 5, errorRows: 1 });
      const acceptedDetail = (await org.api.get(`/api/v1/imports/${accepted.id}`)).body;
      expect(acceptedDetail.hook).toMatchObject({ status: 'skipped', calls: 3, failedCalls: 3 });
      expect(acceptedDetail.hook.reason).toContain('HTTP 503');
      const calls = (await org.api.get(`/api/v1/imports/${accepted.id}/hook-calls`)).body.data;
      expect(calls.map((c: { attempt: number; status: number }) => [c.attempt, c.status])).toEqual([
        [1, 503],
        [2, 503],
        [3, 503],
      ]);
    } finally {
      await hook.stop();
    }
  });

  it('retries a timeout, a 500 and garbage with the same webhook-id, and gives up on a 4xx at once', async () => {
    const { org, secret } = await organizationWithSecret();
    // Per import (by its id): what the n-th request for it gets.
    const scripts = new Map<string, HookReply[]>();
    const counts = new Map<string, number>();
    const hook = await startHookServer(
      () => secret,
      (request) => {
        const n = (counts.get(request.importId) ?? 0) + 1;
        counts.set(request.importId, n);
        return scripts.get(request.templateId)?.[n - 1] ?? { json: check(request) };
      },
    );
    try {
      const make = async (script: HookReply[], setting: Record<string, unknown> = {}) => {
        const template = await org.api.post('/api/v1/templates', customers({ url: hook.url, timeoutMs: 1000, ...setting }));
        scripts.set(template.body.id, script);
        return template.body.id as string;
      };
      const [flaky, slow, garbage, refused] = await Promise.all([
        make([{ status: 500 }, { status: 500 }]),
        make([{ delayMs: 1500, json: { rows: [] } }, { delayMs: 1500, json: { rows: [] } }, { delayMs: 1500, json: { rows: [] } }], { onFailure: 'accept' }),
        make([{ raw: 'not json' }, { json: { rows: 'nope' } }, { json: { rows: [{ row: 'x' }] } }]),
        make([{ status: 422, raw: 'bad request' }]),
      ]);
      const [afterRetries, timedOut, malformed, notRetried] = await Promise.all(
        [flaky, slow, garbage, refused].map((templateId) => runImport(org.organizationId, templateId, FILE)),
      );
      expect(afterRetries).toMatchObject({ status: 'COMPLETED', validRows: 3, errorRows: 3 });
      const flakyCalls = (await org.api.get(`/api/v1/imports/${afterRetries.id}/hook-calls`)).body.data;
      expect(flakyCalls.map((c: { status: number; ok: boolean }) => [c.status, c.ok])).toEqual([
        [500, false],
        [500, false],
        [200, true],
      ]);
      const ids = hook.received.filter((r) => r.body.importId === afterRetries.id).map((r) => r.headers['webhook-id']);
      expect(new Set(ids)).toEqual(new Set([`hook_${afterRetries.id}_0_0`]));

      expect(timedOut.status).toBe('COMPLETED');
      const slowDetail = (await org.api.get(`/api/v1/imports/${timedOut.id}`)).body;
      expect(slowDetail.hook).toMatchObject({ status: 'skipped', calls: 3, failedCalls: 3 });
      expect(slowDetail.hook.reason).toContain('timeout');

      expect(malformed.status).toBe('FAILED');
      const garbageDetail = (await org.api.get(`/api/v1/imports/${malformed.id}`)).body;
      expect(garbageDetail.error.code).toBe('VALIDATION_HOOK_FAILED');
      expect(garbageDetail.error.message).toContain('malformed answer');
      expect(garbageDetail.hook.calls).toBe(3);

      expect(notRetried.status).toBe('FAILED');
      const refusedDetail = (await org.api.get(`/api/v1/imports/${notRetried.id}`)).body;
      expect(refusedDetail.hook).toMatchObject({ calls: 1, failedCalls: 1 });
      expect(refusedDetail.error.message).toContain('HTTP 422');
    } finally {
      await hook.stop();
    }
  });

  it('stops asking once an import that cannot be partial has a row in error', async () => {
    const { org, secret } = await organizationWithSecret();
    const hook = await startHookServer(() => secret, (request) => ({ json: check(request) }));
    try {
      const template = await org.api.post('/api/v1/templates', customers({ url: hook.url, batchSize: 2 }, false));
      const rows = Array.from({ length: 20 }, (_, i) => `C-${(i % 6) + 1},N${i},${i === 0 ? 'broken' : `n${i}@example.com`},`);
      const record = await runImport(org.organizationId, template.body.id, ['customer_id,name,email,phone', ...rows].join('\n'));
      expect(record.status).toBe('FAILED');
      const detail = (await org.api.get(`/api/v1/imports/${record.id}`)).body;
      expect(detail.error.code).toBe('INVALID_ROWS');
      expect(detail.hook).toMatchObject({ status: 'ok', calls: 0 });
      expect(hook.received).toHaveLength(0);
    } finally {
      await hook.stop();
    }
  });

  it('ignores answers for rows it was not sent, for another revision and for unknown columns', async () => {
    const { org, secret } = await organizationWithSecret();
    const hook = await startHookServer(
      () => secret,
      (request) => ({
        json: {
          rows: [
            { row: 999, messages: [{ column: 'customer_id', level: 'error', message: 'not sent' }] },
            { row: request.rows[0].row, revision: 7, messages: [{ column: 'customer_id', level: 'error', message: 'stale' }] },
            { row: request.rows[1].row, values: { nope: 'x', name: 'changed' }, messages: [{ column: 'nope', level: 'error', message: 'unknown column' }] },
          ],
        },
      }),
    );
    try {
      const template = await org.api.post('/api/v1/templates', customers({ url: hook.url, columns: ['customer_id'] }));
      const record = await runImport(org.organizationId, template.body.id, FILE);
      // Nothing applied: the only error is the rule's (row 7's e-mail); row 3's name was not sent, so it stays.
      expect(record).toMatchObject({ status: 'COMPLETED', validRows: 5, errorRows: 1 });
      const rows = (await org.api.get(`/api/v1/imports/${record.id}/rows`)).body.data;
      expect(rows[1].name).toBe('Bob');
      const calls = (await org.api.get(`/api/v1/imports/${record.id}/hook-calls`)).body.data;
      expect(calls[0]).toMatchObject({ ok: true, ignored: 5 });
    } finally {
      await hook.stop();
    }
  });
});

async function untilDelivered(receiver: Awaited<ReturnType<typeof startReceiver>>) {
  const deadline = Date.now() + 30_000;
  while (receiver.received.length === 0) {
    if (Date.now() > deadline) throw new Error('no webhook delivered');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return JSON.parse(receiver.received[0].body.toString('utf8'));
}

describe('a validation hook in the correction step', () => {
  it('is asked again for every changed row, answers what the grid shows, refuses stale answers, and a failure changes nothing', async () => {
    const { org, secret } = await organizationWithSecret();
    let mode: 'check' | 'stale' | 'down' = 'check';
    const hook = await startHookServer(
      () => secret,
      (request) => {
        if (request.mode === 'correction' && mode === 'down') return { status: 500 };
        const answer = check(request);
        if (request.mode === 'correction' && mode === 'stale') {
          return { json: { rows: answer.rows.map((row) => ({ ...row, revision: 0, messages: [{ column: 'name', level: 'error', message: 'stale' }] })) } };
        }
        return { json: answer };
      },
    );
    const receiver = await startReceiver([]);
    try {
      await updateOrganization(org.organizationId, { webhookUrl: receiver.url });
      const template = await org.api.post('/api/v1/templates', customers({ url: hook.url }, false));
      await setTemplateEmbed(org.organizationId, template.body.id, { enabled: true, allowedOrigins: null });
      const started = await call('POST', `/embed/v1/templates/${template.body.id}/imports`, {
        body: { fileName: 'customers.csv', fileSize: Buffer.byteLength(FILE), contentType: 'text/csv', review: true },
      });
      const { importId, token, upload } = started.body;
      expect((await fetch(upload.url, { method: 'PUT', body: FILE, headers: upload.headers })).status).toBe(200);
      await untilEmbedPhase(importId, token, 'AWAITING_MAPPING');
      await call('POST', `/embed/v1/imports/${importId}/mapping`, {
        key: token,
        body: { mapping: { customer_id: 'customer_id', name: 'name', email: 'email', phone: 'phone' } },
      });
      await untilEmbedPhase(importId, token, 'AWAITING_CORRECTIONS');

      const all = (await call('GET', `/embed/v1/imports/${importId}/rows`, { key: token })).body;
      expect(all.counts).toMatchObject({ total: 6, valid: 3, errors: 3 });
      const byRow = new Map(all.data.map((row: { row: number }) => [row.row, row]));
      expect(byRow.get(6)).toMatchObject({
        values: { customer_id: 'c3', phone: '+14155550199' },
        errors: [{ column: 'customer_id', level: 'error', code: 'unknown_customer', suggestion: 'C-3' }],
      });
      expect(byRow.get(5)).toMatchObject({ errors: [], messages: [{ column: 'email', level: 'warning' }] });
      expect((await call('GET', `/embed/v1/imports/${importId}/rows?filter=errors&column=customer_id`, { key: token })).body.data).toHaveLength(2);

      const patch = (changes: unknown) => call('PATCH', `/embed/v1/imports/${importId}/rows`, { key: token, body: { changes } });
      // A hook that is down: 502, and nothing changed.
      mode = 'down';
      const refused = await patch([{ row: 3, values: { customer_id: 'C-5' } }]);
      expect(refused.status).toBe(502);
      expect(refused.body.error.code).toBe('VALIDATION_HOOK_FAILED');
      const unchanged = (await call('GET', `/embed/v1/imports/${importId}/rows?filter=errors`, { key: token })).body;
      expect(unchanged.counts).toMatchObject({ errors: 3, corrected: 0 });

      // A stale answer (revision 0 for the change's revision) is ignored: the row is accepted as edited.
      mode = 'stale';
      const edited = await patch([{ row: 3, values: { customer_id: 'C-5' } }]);
      expect(edited.status).toBe(200);
      expect(edited.body.data[0]).toMatchObject({ row: 3, errors: [] });
      const sent = hook.received.filter((r) => r.body.mode === 'correction').at(-1)!;
      expect(sent.body.rows).toEqual([{ row: 3, revision: 1, values: expect.objectContaining({ customer_id: 'C-5' }), errors: [] }]);

      // Applying the suggestion: the hook is asked again and clears the error; an unknown id it names stays an error.
      mode = 'check';
      const applied = await patch([
        { row: 6, values: { customer_id: 'C-3' } },
        { row: 7, values: { customer_id: 'C-77', email: 'fay@example.com', phone: '(415) 555-0142' } },
      ]);
      expect(applied.status).toBe(200);
      expect(applied.body.data[1].values.phone).toBe('+14155550142');
      expect(applied.body.data.map((row: { row: number; errors: unknown[] }) => [row.row, row.errors.length])).toEqual([
        [6, 0],
        [7, 1],
      ]);
      // Find & replace goes through the hook too.
      const replaced = await call('POST', `/embed/v1/imports/${importId}/rows/replace`, {
        key: token,
        body: { column: 'customer_id', find: 'C-77', replace: 'C-6', match: 'cell' },
      });
      expect(replaced.status).toBe(200);
      expect(replaced.body.counts).toMatchObject({ errors: 0 });

      const submitted = await call('POST', `/embed/v1/imports/${importId}/submit`, { key: token });
      expect(submitted.status).toBe(202);
      const finished = await waitForImport(org.organizationId, importId);
      expect(finished).toMatchObject({ status: 'COMPLETED', validRows: 6, errorRows: 0 });
      const delivered = await untilDelivered(receiver);
      expect(delivered.data.rows.map((row: { phone: string | null }) => row.phone)).toContain('+14155550100');
      expect(delivered.data.rowMessages).toEqual([{ index: 3, row: 5, messages: [expect.objectContaining({ level: 'warning' })] }]);
      const detail = (await org.api.get(`/api/v1/imports/${importId}`)).body;
      expect(detail.hook.calls).toBeGreaterThanOrEqual(1 + 3 + 1 + 1 + 1);
      const calls = (await org.api.get(`/api/v1/imports/${importId}/hook-calls`)).body.data;
      expect(calls.filter((c: { mode: string }) => c.mode === 'correction').length).toBeGreaterThanOrEqual(6);
      const history = (await org.api.get(`/api/v1/imports/${importId}/corrections`)).body.data;
      expect(history).toContainEqual(expect.objectContaining({ row: 7, column: 'phone', from: '(415) 555-0142', to: '+14155550142', by: 'hook' }));
      expect(history).toContainEqual(expect.objectContaining({ row: 6, column: 'customer_id', from: 'c3', to: 'C-3' }));
    } finally {
      await hook.stop();
      await receiver.stop();
    }
  });

  it('sends a test batch through the template builder route', async () => {
    const { org, secret } = await organizationWithSecret();
    const hook = await startHookServer(() => secret, (request) => ({ json: check(request) }));
    try {
      const template = await org.api.post('/api/v1/templates', customers(null));
      const none = await org.api.post(`/api/v1/templates/${template.body.id}/hook-test`, { rows: [{ values: { customer_id: 'C-1' } }] });
      expect(none.status).toBe(409);
      expect(none.body.error.code).toBe('VALIDATION_HOOK_NOT_CONFIGURED');
      const tested = await org.api.post(`/api/v1/templates/${template.body.id}/hook-test`, {
        rows: [{ values: { customer_id: 'C-9', phone: '415 555 0100' } }, { values: { customer_id: 'C-1', email: 'x@gmail.com' } }],
        validationHook: { url: hook.url },
      });
      expect(tested.status).toBe(200);
      expect(tested.body).toMatchObject({ ok: true, error: null, status: 200 });
      expect(tested.body.rows[0]).toMatchObject({ row: 1, values: { phone: '+14155550100' }, changed: { phone: '415 555 0100' }, errors: [{ code: 'unknown_customer' }] });
      expect(tested.body.rows[1].messages).toEqual([expect.objectContaining({ level: 'warning' })]);
      expect(hook.received[0].body.mode).toBe('test');
      expect((await org.api.get(`/api/v1/templates/${template.body.id}`)).body.validationHook).toBeNull();
    } finally {
      await hook.stop();
    }
  });
});

describe('importctl and a validation hook', () => {
  it('tests a file\'s first batch against the hook, and runs imports with the hook stopped as onFailure says', async () => {
    const { org, secret } = await organizationWithSecret();
    const hook = await startHookServer(() => secret, (request) => ({ json: check(request) }));
    const file = join(scratch, 'customers.csv');
    writeFileSync(file, FILE);
    try {
      const failing = await org.api.post('/api/v1/templates', customers({ url: hook.url, batchSize: 4 }));
      const tested = await importctl(['hook', 'test', '--org', org.organizationId, '--template', failing.body.id, '--file', file]);
      expect(tested.stderr).toBe('');
      expect(tested.code).toBe(0);
      expect(tested.json).toMatchObject({ ok: true, status: 200 });
      expect(tested.json.rows.map((row: { row: number }) => row.row)).toEqual([2, 3, 4, 5]);
      expect(tested.json.rows[1].errors[0]).toMatchObject({ code: 'unknown_customer' });
      expect(tested.json.rows[2].changed).toEqual({ phone: '(415) 555-0100' });
      expect(hook.received.at(-1)!.body.mode).toBe('test');

      const accepting = await org.api.post('/api/v1/templates', customers({ url: hook.url, onFailure: 'accept' }));
      await hook.stop();
      const run = (templateId: string) => importctl(['import', 'run', '--org', org.organizationId, '--template', templateId, '--file', file]);
      const [failed, accepted] = await Promise.all([run(failing.body.id), run(accepting.body.id)]);
      expect(failed.json).toMatchObject({ status: 'FAILED', error: { code: 'VALIDATION_HOOK_FAILED' } });
      expect(failed.json.error.message).toContain('connection');
      expect(accepted.json).toMatchObject({ status: 'COMPLETED' });
      const detail = (await org.api.get(`/api/v1/imports/${accepted.json.importId}`)).body;
      expect(detail.hook).toMatchObject({ status: 'skipped', calls: 3, failedCalls: 3 });
    } finally {
      await hook.stop().catch(() => undefined);
    }
  });
});

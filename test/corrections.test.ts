// The correction step through the embed API, as the widget and curl use it: an import started with
// review whose rows have errors waits in AWAITING_CORRECTIONS; the end user reads, corrects, replaces,
// removes and restores rows (every rule of the template, unique across all rows), then submits, and the
// import finishes with the corrected rows, the webhook carrying them and the corrections listed.
import { setTemplateEmbed } from '../shared/data/templates';
import { updateOrganization } from '../shared/data/organizations';
import { newWebhookSecret } from '../shared/domain/ids';
import { handleDeadline } from '../shared/imports/deadlines';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/clients';
import { config } from '../shared/config';
import { keys } from '../shared/data/table';
import { call, newOrganization } from './support/api';
import { startReceiver } from './support/receiver';
import { untilEmbedPhase } from './support/imports';

jest.setTimeout(120_000);

const people = (allowPartialImport: boolean) => ({
  name: 'People',
  allowPartialImport,
  columns: [
    { key: 'id', name: 'ID', type: 'string', required: true, validations: [{ type: 'unique', value: true }] },
    { key: 'email', name: 'Email', type: 'email', required: true, validations: [] },
    { key: 'age', name: 'Age', type: 'number', validations: [{ type: 'min', value: 0 }] },
    { key: 'plan', name: 'Plan', type: 'string', validations: [{ type: 'enum', value: ['free', 'pro'] }] },
  ],
});

// Row numbers are the file's: the header is row 1. Errors: row 3 email, row 4 age, row 5 duplicate id, row 6 plan.
const FILE = [
  'id,email,age,plan',
  'a1,ann@example.com,34,free',
  'a2,bob-at-example.com,41,pro',
  'a3,cy@example.com,-5,free',
  'a1,dee@example.com,22,pro',
  'a5,eve@example.com,30,gold',
  'a6,fay@example.com,28,free',
].join('\n');

async function waitingImport(allowPartialImport = false, file = FILE) {
  const org = await newOrganization();
  const template = await org.api.post('/api/v1/templates', people(allowPartialImport));
  expect(template.status).toBe(201);
  await setTemplateEmbed(org.organizationId, template.body.id, { enabled: true, allowedOrigins: null });
  const started = await call('POST', `/embed/v1/templates/${template.body.id}/imports`, {
    body: { fileName: 'people.csv', fileSize: Buffer.byteLength(file), contentType: 'text/csv', review: true },
  });
  expect(started.status).toBe(201);
  const { importId, token, upload } = started.body as { importId: string; token: string; upload: { url: string; headers: Record<string, string> } };
  expect((await fetch(upload.url, { method: 'PUT', body: file, headers: upload.headers })).status).toBe(200);
  await untilEmbedPhase(importId, token, 'AWAITING_MAPPING');
  const confirmed = await call('POST', `/embed/v1/imports/${importId}/mapping`, {
    key: token,
    body: { mapping: { id: 'id', email: 'email', age: 'age', plan: 'plan' } },
  });
  expect(confirmed.status).toBe(202);
  return { org, importId, token, templateId: template.body.id as string };
}

const rows = (importId: string, token: string, query = '') => call('GET', `/embed/v1/imports/${importId}/rows${query}`, { key: token });
const patch = (importId: string, token: string, changes: unknown) => call('PATCH', `/embed/v1/imports/${importId}/rows`, { key: token, body: { changes } });
const post = (importId: string, token: string, path: string, body?: unknown) => call('POST', `/embed/v1/imports/${importId}/${path}`, { key: token, body });

describe('the correction step', () => {
  it('waits with the rows in error, corrects, replaces, removes, restores, submits and delivers the corrected rows', async () => {
    const hook = await startReceiver([]);
    try {
      const { org, importId, token } = await waitingImport();
      await updateOrganization(org.organizationId, { webhookUrl: hook.url, webhookSecret: newWebhookSecret() });
      const waiting = await untilEmbedPhase(importId, token, 'AWAITING_CORRECTIONS');
      expect(waiting).toMatchObject({ status: 'PENDING', correctedRows: 0, removedRows: 0 });

      const errors = await rows(importId, token, '?filter=errors');
      expect(errors.status).toBe(200);
      expect(errors.body.counts).toEqual({ total: 6, valid: 2, errors: 4, removed: 0, corrected: 0 });
      expect(errors.body.data.map((row: { row: number; errors: { column: string }[] }) => [row.row, row.errors.map((e) => e.column)])).toEqual([
        [3, ['email']],
        [4, ['age']],
        [5, ['id']],
        [6, ['plan']],
      ]);
      expect(errors.body.data[2]).toEqual({
        row: 5,
        values: { id: 'a1', email: 'dee@example.com', age: '22', plan: 'pro' },
        errors: [{ column: 'id', message: 'must be unique: this value appears in an earlier row', level: 'error' }],
        messages: [],
      });
      expect(errors.body.pagination).toEqual({ page: 1, limit: 100, total: 4, totalPages: 1 });
      const all = await rows(importId, token, '?limit=2&page=2');
      expect(all.body.data.map((row: { row: number }) => row.row)).toEqual([4, 5]);
      const byColumn = await rows(importId, token, '?filter=errors&column=age');
      expect(byColumn.body.data.map((row: { row: number }) => row.row)).toEqual([4]);

      // Unknown rows and keys name themselves; nothing changes.
      const wrong = await patch(importId, token, [{ row: 99, values: { email: 'x@example.com' } }, { row: 3, values: { nope: 'x' } }]);
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.code).toBe('VALIDATION_ERROR');
      expect(wrong.body.error.message).toContain('99');
      expect(wrong.body.error.message).toContain('"nope"');

      // Fix two by typing.
      const fixed = await patch(importId, token, [{ row: 3, values: { email: 'bob@example.com' } }, { row: 4, values: { age: '5' } }]);
      expect(fixed.status).toBe(200);
      expect(fixed.body.data).toEqual([
        { row: 3, values: { id: 'a2', email: 'bob@example.com', age: '41', plan: 'pro' }, errors: [], messages: [] },
        { row: 4, values: { id: 'a3', email: 'cy@example.com', age: '5', plan: 'free' }, errors: [], messages: [] },
      ]);
      expect(fixed.body.counts).toEqual({ total: 6, valid: 4, errors: 2, removed: 0, corrected: 2 });
      // The same PATCH again: the same state.
      const again = await patch(importId, token, [{ row: 3, values: { email: 'bob@example.com' } }, { row: 4, values: { age: '5' } }]);
      expect(again.body.counts).toEqual(fixed.body.counts);

      // A correction that duplicates another row's id gets the error; fixing the first of two duplicates clears the other.
      const dup = await patch(importId, token, [{ row: 7, values: { id: 'a2' } }]);
      expect(dup.body.data).toEqual([
        { row: 7, values: { id: 'a2', email: 'fay@example.com', age: '28', plan: 'free' }, errors: [{ column: 'id', message: 'must be unique: this value appears in an earlier row', level: 'error' }], messages: [] },
      ]);
      const handed = await patch(importId, token, [{ row: 2, values: { id: 'a0' } }]);
      expect(handed.body.data.map((row: { row: number; errors: unknown[] }) => [row.row, row.errors.length])).toEqual([
        [2, 0],
        [5, 0],
      ]);
      const back = await patch(importId, token, [{ row: 7, values: { id: 'a6' } }]);
      expect(back.body.counts).toMatchObject({ errors: 1 });

      // One by find & replace.
      const replaced = await post(importId, token, 'rows/replace', { column: 'plan', find: 'GOLD', replace: 'pro' });
      expect(replaced.status).toBe(200);
      expect(replaced.body).toEqual({
        changedRows: 1,
        counts: { total: 6, valid: 6, errors: 0, removed: 0, corrected: 5 },
        changes: [{ row: 6, from: 'gold', to: 'pro' }],
      });

      // Remove one, restore it, remove it again.
      expect((await post(importId, token, 'rows/remove', { rows: [5] })).body).toEqual({
        removedRows: 1,
        counts: { total: 6, valid: 5, errors: 0, removed: 1, corrected: 5 },
      });
      const restored = await post(importId, token, 'rows/restore', { rows: [5] });
      expect(restored.body).toMatchObject({ restoredRows: 1, counts: { removed: 0, valid: 6 } });
      expect((await post(importId, token, 'rows/remove', { rows: [5] })).body.counts).toMatchObject({ removed: 1, valid: 5 });
      expect((await rows(importId, token, '?filter=removed')).body.data.map((row: { row: number }) => row.row)).toEqual([5]);

      expect((await post(importId, token, 'submit')).status).toBe(202);
      expect((await post(importId, token, 'submit')).status).toBe(202);
      const done = await untilEmbedPhase(importId, token, 'FINISHED');
      expect(done).toMatchObject({ status: 'COMPLETED', totalRows: 6, validRows: 5, errorRows: 0, correctedRows: 5, removedRows: 1 });
      expect((await patch(importId, token, [{ row: 2, values: { age: '1' } }])).body.error.code).toBe('IMPORT_NOT_AWAITING_CORRECTIONS');

      const delivered = await org.api.get(`/api/v1/imports/${importId}/rows`);
      expect(delivered.body.data).toEqual([
        { id: 'a0', email: 'ann@example.com', age: 34, plan: 'free' },
        { id: 'a2', email: 'bob@example.com', age: 41, plan: 'pro' },
        { id: 'a3', email: 'cy@example.com', age: 5, plan: 'free' },
        { id: 'a5', email: 'eve@example.com', age: 30, plan: 'pro' },
        { id: 'a6', email: 'fay@example.com', age: 28, plan: 'free' },
      ]);
      for (let i = 0; i < 100 && hook.received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      const payload = JSON.parse(hook.received[0].body.toString());
      expect(payload.stats).toEqual({ totalRows: 6, validRows: 5, skippedRows: 0, errorRows: 0, correctedRows: 5, removedRows: 1 });
      expect(payload.data.rows).toEqual(delivered.body.data);

      const corrections = await org.api.get(`/api/v1/imports/${importId}/corrections?limit=100`);
      expect(corrections.status).toBe(200);
      const at = expect.any(String);
      expect(corrections.body.data).toEqual([
        { row: 3, column: 'email', from: 'bob-at-example.com', to: 'bob@example.com', at },
        { row: 4, column: 'age', from: '-5', to: '5', at },
        { row: 7, column: 'id', from: 'a6', to: 'a2', at },
        { row: 2, column: 'id', from: 'a1', to: 'a0', at },
        { row: 7, column: 'id', from: 'a2', to: 'a6', at },
        { row: 6, column: 'plan', from: 'gold', to: 'pro', at },
        { row: 5, removed: true, at },
        { row: 5, removed: false, at },
        { row: 5, removed: true, at },
      ]);
      expect(corrections.body.pagination.total).toBe(9);
      const page2 = await org.api.get(`/api/v1/imports/${importId}/corrections?limit=4&page=2`);
      expect(page2.body.data.map((entry: { row: number }) => entry.row)).toEqual([7, 6, 5, 5]);
      const detail = await org.api.get(`/api/v1/imports/${importId}`);
      expect(detail.body).toMatchObject({ correctedRows: 5, removedRows: 1, validRows: 5 });
      // Read-only after the finish.
      expect((await rows(importId, token)).body).toMatchObject({ phase: 'FINISHED', counts: { valid: 5, removed: 1 } });
      // Once the retention period deleted the workspace with the rows (its head's TTL): 410, not a missing step.
      await dynamo().send(new DeleteCommand({ TableName: config().tableName, Key: keys.correctionsHead(org.organizationId, importId) }));
      const gone = await rows(importId, token);
      expect({ status: gone.status, code: gone.body.error.code }).toEqual({ status: 410, code: 'ROWS_EXPIRED' });
    } finally {
      await hook.stop();
    }
  });

  it('refuses to submit rows in error without partial import, drops them with it, and answers outside the phase', async () => {
    const strict = await waitingImport(false);
    // Before validation ended: 409 IMPORT_NOT_VALIDATED (the mapping was just confirmed).
    const early = await rows(strict.importId, strict.token);
    if (early.status === 409) expect(early.body.error.code).toBe('IMPORT_NOT_VALIDATED');
    await untilEmbedPhase(strict.importId, strict.token, 'AWAITING_CORRECTIONS');
    const refused = await post(strict.importId, strict.token, 'submit');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'ERRORS_REMAIN', message: expect.stringContaining('4 rows are still in error') });
    expect((await rows(strict.importId, strict.token)).body.phase).toBe('AWAITING_CORRECTIONS');
    // Bad requests change nothing.
    expect((await rows(strict.importId, strict.token, '?filter=broken')).status).toBe(400);
    expect((await rows(strict.importId, strict.token, '?column=nope')).status).toBe(400);
    expect((await patch(strict.importId, strict.token, [])).status).toBe(400);
    expect((await post(strict.importId, strict.token, 'rows/replace', { column: 'plan', find: '', replace: 'x', match: 'contains' })).status).toBe(400);
    expect((await post(strict.importId, strict.token, 'rows/remove', {})).status).toBe(400);
    expect((await post(strict.importId, strict.token, 'rows/restore', { rows: [1] })).status).toBe(400);
    expect((await rows(strict.importId, strict.token)).body.counts).toEqual({ total: 6, valid: 2, errors: 4, removed: 0, corrected: 0 });
    // Remove every row in error: now it submits.
    expect((await post(strict.importId, strict.token, 'rows/remove', { filter: 'errors' })).body).toMatchObject({ removedRows: 4, counts: { valid: 2, errors: 0, removed: 4 } });
    expect((await post(strict.importId, strict.token, 'submit')).status).toBe(202);
    expect(await untilEmbedPhase(strict.importId, strict.token, 'FINISHED')).toMatchObject({ status: 'COMPLETED', validRows: 2, removedRows: 4, correctedRows: 0 });

    const partial = await waitingImport(true);
    await untilEmbedPhase(partial.importId, partial.token, 'AWAITING_CORRECTIONS');
    await patch(partial.importId, partial.token, [{ row: 6, values: { plan: 'pro' } }]);
    expect((await post(partial.importId, partial.token, 'submit')).status).toBe(202);
    expect(await untilEmbedPhase(partial.importId, partial.token, 'FINISHED')).toMatchObject({ status: 'COMPLETED', totalRows: 6, validRows: 3, errorRows: 3, correctedRows: 1 });
    const dropped = await partial.org.api.get(`/api/v1/imports/${partial.importId}/errors`);
    expect(dropped.body.data.map((row: { row: number }) => row.row)).toEqual([3, 4, 5]);
    expect((await post(partial.importId, partial.token, 'rows/remove', { filter: 'errors' })).body.error.code).toBe('IMPORT_NOT_AWAITING_CORRECTIONS');
  });

  it("answers another organization's caller and another import's token as unknown", async () => {
    const { org, importId, token } = await waitingImport(true);
    await untilEmbedPhase(importId, token, 'AWAITING_CORRECTIONS');
    const other = await waitingImport(true);
    // Another organization's API key: 404, as an unknown import.
    const foreign = await other.org.api.get(`/api/v1/imports/${importId}/corrections`);
    expect(foreign.status).toBe(404);
    expect((await org.api.get(`/api/v1/imports/${importId}/corrections`)).status).toBe(200);
    // Another import's token: 401 on every correction route, and nothing changes.
    for (const [method, path, body] of [
      ['GET', 'rows', undefined],
      ['PATCH', 'rows', { changes: [{ row: 2, values: { id: 'x' } }] }],
      ['POST', 'rows/replace', { column: 'plan', find: 'gold', replace: 'pro' }],
      ['POST', 'rows/remove', { filter: 'errors' }],
      ['POST', 'rows/restore', { rows: [2] }],
      ['POST', 'submit', undefined],
    ] as const) {
      const answer = await call(method, `/embed/v1/imports/${importId}/${path}`, { key: other.token, body });
      expect({ path, status: answer.status }).toEqual({ path, status: 401 });
    }
    expect((await rows(importId, token)).body.counts).toEqual({ total: 6, valid: 2, errors: 4, removed: 0, corrected: 0 });
  });

  it('never lets two concurrent edits take the same unique value', async () => {
    const { importId, token } = await waitingImport(true);
    await untilEmbedPhase(importId, token, 'AWAITING_CORRECTIONS');
    for (const value of ['z1', 'z2', 'z3']) {
      const answers = await Promise.all([
        patch(importId, token, [{ row: 2, values: { id: value } }]),
        patch(importId, token, [{ row: 7, values: { id: value } }]),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const holders = (await rows(importId, token, '?limit=10')).body.data.filter((row: { values: { id: string } }) => row.values.id === value);
      expect(holders).toHaveLength(2);
      // Exactly one of the two holds it; the other has the duplicate error.
      expect(holders.filter((row: { errors: unknown[] }) => row.errors.length === 0)).toHaveLength(1);
    }
  });

  it('spans segments: pages, edits, replaces and removes across 2,500 rows with 500 in error', async () => {
    const lines = ['id,email,age,plan'];
    for (let i = 0; i < 2500; i++) {
      const bad = i % 5 === 4;
      lines.push(`r${i},${bad ? `user${i}-at-example.com` : `user${i}@example.com`},${i % 90},${i % 2 ? 'free' : 'pro'}`);
    }
    const { importId, token, org } = await waitingImport(false, lines.join('\n'));
    await untilEmbedPhase(importId, token, 'AWAITING_CORRECTIONS');
    const deep = await rows(importId, token, '?filter=errors&limit=100&page=5');
    expect(deep.body.pagination).toMatchObject({ total: 500, totalPages: 5 });
    expect(deep.body.data[0].row).toBe(2 + 2004);
    expect(deep.body.data.at(-1).row).toBe(2 + 2499);
    // 150 edits in one PATCH (several transactions): the first 150 rows in error.
    const first = (await rows(importId, token, '?filter=errors&limit=150')).body.data as { row: number; values: { email: string } }[];
    const edited = await patch(importId, token, first.map((row) => ({ row: row.row, values: { email: row.values.email.replace('-at-', '@') } })));
    expect(edited.status).toBe(200);
    expect(edited.body.data).toHaveLength(150);
    expect(edited.body.counts).toEqual({ total: 2500, valid: 2150, errors: 350, removed: 0, corrected: 150 });
    // Replace over the rows in error, then the rest by removal.
    const replaced = await post(importId, token, 'rows/replace', { column: 'email', find: '-AT-', replace: '@', match: 'contains', filter: 'errors' });
    expect(replaced.body).toMatchObject({ changedRows: 350, counts: { total: 2500, valid: 2500, errors: 0, removed: 0, corrected: 500 } });
    expect(replaced.body.changes).toHaveLength(350);
    expect(replaced.body.changes[0]).toEqual({ row: 756, from: 'user754-at-example.com', to: 'user754@example.com' });
    const removed = await post(importId, token, 'rows/remove', { rows: [2, 3, 2501] });
    expect(removed.body.counts).toMatchObject({ valid: 2497, removed: 3 });
    // An edit after a bulk change reads the new generation.
    expect((await patch(importId, token, [{ row: 1000, values: { age: '-1' } }])).body.counts).toMatchObject({ errors: 1, valid: 2496 });
    expect((await patch(importId, token, [{ row: 1000, values: { age: '1' } }])).body.counts).toMatchObject({ errors: 0, valid: 2497 });
    expect((await post(importId, token, 'submit')).status).toBe(202);
    expect(await untilEmbedPhase(importId, token, 'FINISHED')).toMatchObject({ status: 'COMPLETED', validRows: 2497, removedRows: 3, correctedRows: 501 });
    const last = await org.api.get(`/api/v1/imports/${importId}/rows?limit=1&page=2497`);
    expect(last.body.data).toEqual([{ id: 'r2498', email: 'user2498@example.com', age: 2498 % 90, plan: 'pro' }]);
    expect((await org.api.get(`/api/v1/imports/${importId}/corrections?limit=1`)).body.pagination.total).toBe(150 + 350 + 3 + 2);
  });

  it('closes an import nobody submits with CORRECTIONS_TIMEOUT through the finish step, import.failed included', async () => {
    const hook = await startReceiver([]);
    try {
      const { org, importId, token } = await waitingImport();
      await updateOrganization(org.organizationId, { webhookUrl: hook.url, webhookSecret: newWebhookSecret() });
      await untilEmbedPhase(importId, token, 'AWAITING_CORRECTIONS');
      // Not due yet: nothing happens (the message is queued again for its time).
      const later = new Date(Date.now() + 3_600_000).toISOString();
      expect(await handleDeadline({ organizationId: org.organizationId, importId, deadline: 'corrections', dueAt: later })).toBe('not-due');
      // A processing deadline while waiting for corrections does nothing.
      expect(await handleDeadline({ organizationId: org.organizationId, importId, deadline: 'processing', dueAt: new Date().toISOString() })).toBe('awaiting-corrections');
      // Due (the deadline shortened to now): closed.
      expect(await handleDeadline({ organizationId: org.organizationId, importId, deadline: 'corrections', dueAt: new Date().toISOString() })).toBe('closed');
      const closed = await untilEmbedPhase(importId, token, 'FINISHED');
      expect(closed).toMatchObject({ status: 'FAILED', error: { code: 'CORRECTIONS_TIMEOUT' } });
      for (let i = 0; i < 100 && hook.received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(JSON.parse(hook.received[0].body.toString())).toMatchObject({ event: 'import.failed', importId, error: { code: 'CORRECTIONS_TIMEOUT' } });
      expect((await post(importId, token, 'submit')).body.error.code).toBe('IMPORT_NOT_AWAITING_CORRECTIONS');
    } finally {
      await hook.stop();
    }
  });
});

// Imports started by an API key, through the local gateway as a server would (docs/api.md "Import a
// file from your server"): create, PUT the file to the presigned URL, the webhook, the rows; the mapping
// given up front or proposed; review: true waiting for corrections with a review link scoped to them;
// and Idempotency-Key on every POST of /api/v1.
import { updateOrganization } from '../shared/data/organizations';
import { newWebhookSecret } from '../shared/domain/ids';
import { call, newOrganization } from './support/api';
import { startReceiver } from './support/receiver';
import { until } from './support/imports';

jest.setTimeout(120_000);

const COLUMNS = [
  { key: 'email', name: 'Email', type: 'email', required: true },
  { key: 'name', name: 'Full name', type: 'string' },
  { key: 'age', name: 'Age', type: 'number' },
];
const GOOD = 'Email,Full name,Age\nann@example.com,Ann Lee,34\nbob@example.com,Bob Stone,41\n';

async function organization(templateOverrides: Record<string, unknown> = {}) {
  const org = await newOrganization();
  const created = await org.api.post('/api/v1/templates', { name: 'Contacts', columns: COLUMNS, allowPartialImport: true, ...templateOverrides });
  expect(created.status).toBe(201);
  return { ...org, templateId: created.body.id as string };
}

/** POST /api/v1/imports with the key, then the PUT exactly as the answer says. */
async function importFile(key: string, body: Record<string, unknown>, content: string, headers: Record<string, string> = {}) {
  const created = await call('POST', '/api/v1/imports', { key, body: { fileName: 'contacts.csv', fileSize: Buffer.byteLength(content), ...body }, headers });
  if (created.status !== 201) return { created };
  const { url, headers: uploadHeaders, method } = created.body.upload;
  const put = await fetch(url, { method, headers: uploadHeaders, body: content });
  expect(put.status).toBe(200);
  return { created, importId: created.body.importId as string };
}

const detailOf = (key: string, importId: string) => call('GET', `/api/v1/imports/${importId}`, { key });
const finished = (key: string, importId: string) => until(() => detailOf(key, importId), (d) => d.body.status !== 'PENDING');

describe('POST /api/v1/imports', () => {
  test('with only an API key: create, PUT the file, the webhook arrives, the rows route returns the rows', async () => {
    const org = await organization();
    const hook = await startReceiver([]);
    try {
      await updateOrganization(org.organizationId, { webhookUrl: hook.url, webhookSecret: newWebhookSecret() });
      const { created, importId } = await importFile(org.apiKey, { templateId: org.templateId, metadata: { batch: 'nightly' } }, GOOD);
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        importId: expect.stringMatching(/^imp_/),
        status: 'PENDING',
        phase: 'AWAITING_UPLOAD',
        upload: { method: 'PUT', url: expect.any(String), headers: { 'Content-Type': 'text/csv' }, expiresAt: expect.any(String) },
      });
      expect(created.headers.get('x-ratelimit-limit')).toBeTruthy();
      await until(async () => hook.received.length, (n) => n > 0);
      const payload = JSON.parse(hook.received[0].body.toString('utf8'));
      expect(payload).toMatchObject({ event: 'import.completed', importId, source: 'api', metadata: { batch: 'nightly' }, stats: { validRows: 2, errorRows: 0 } });
      const rows = await call('GET', `/api/v1/imports/${importId}/rows`, { key: org.apiKey });
      expect(rows.body.data).toEqual([
        { email: 'ann@example.com', name: 'Ann Lee', age: 34 },
        { email: 'bob@example.com', name: 'Bob Stone', age: 41 },
      ]);
      // Shown like any other import: the list, the detail and the template's count.
      const list = await call('GET', `/api/v1/imports?templateId=${org.templateId}`, { key: org.apiKey });
      expect(list.body.data).toEqual([expect.objectContaining({ id: importId, source: 'api', status: 'COMPLETED' })]);
      expect((await detailOf(org.apiKey, importId!)).body).toMatchObject({ source: 'api', columnMapping: { Email: 'email', 'Full name': 'name', Age: 'age' } });
      expect((await call('GET', `/api/v1/templates/${org.templateId}`, { key: org.apiKey })).body.importCount).toBe(1);
    } finally {
      await hook.stop();
    }
  });

  test('without columnMapping the headers are mapped as the review proposes (close names included)', async () => {
    const org = await organization();
    const { importId } = await importFile(org.apiKey, { templateId: org.templateId }, 'E-mail address,full_name,AGE\nann@example.com,Ann,34\n');
    const detail = await finished(org.apiKey, importId!);
    expect(detail.body).toMatchObject({ status: 'COMPLETED', validRows: 1 });
    expect(detail.body.columnMapping).toEqual({ 'E-mail address': 'email', full_name: 'name', AGE: 'age' });
  });

  test('columnMapping is the whole mapping: exact, unknown keys refused, a required column left out fails the import', async () => {
    const org = await organization();
    const file = 'Mail,Who,Age\nann@example.com,Ann,34\n';
    const { importId } = await importFile(org.apiKey, { templateId: org.templateId, columnMapping: { Mail: 'email', Who: 'name' } }, file);
    const detail = await finished(org.apiKey, importId!);
    // Age is not in the mapping: not matched by its name either.
    expect(detail.body).toMatchObject({ status: 'COMPLETED', columnMapping: { Mail: 'email', Who: 'name' } });
    expect((await call('GET', `/api/v1/imports/${importId}/rows`, { key: org.apiKey })).body.data).toEqual([{ email: 'ann@example.com', name: 'Ann', age: null }]);

    const unknown = await importFile(org.apiKey, { templateId: org.templateId, columnMapping: { Mail: 'mail' } }, file);
    expect(unknown.created.status).toBe(400);
    expect(unknown.created.body.error).toEqual({ code: 'VALIDATION_ERROR', message: expect.stringContaining('columnMapping.Mail names no column') });

    const missing = await importFile(org.apiKey, { templateId: org.templateId, columnMapping: { Who: 'name' } }, file);
    expect((await finished(org.apiKey, missing.importId!)).body.error).toMatchObject({ code: 'UNMAPPED_REQUIRED_COLUMN' });
  });

  test('bad requests change nothing: unknown or another organization\'s template 404, bad fields 400', async () => {
    const org = await organization();
    const other = await organization();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ templateId: other.templateId }, 404, 'NOT_FOUND'],
      [{ templateId: 'tpl_nope' }, 404, 'NOT_FOUND'],
      [{ templateId: org.templateId, fileName: 'a.pdf' }, 400, 'VALIDATION_ERROR'],
      [{ templateId: org.templateId, fileSize: -1 }, 400, 'VALIDATION_ERROR'],
      [{ templateId: org.templateId, contentType: 'image/png' }, 400, 'VALIDATION_ERROR'],
      [{ templateId: org.templateId, sheet: 1 }, 400, 'VALIDATION_ERROR'],
      [{ templateId: org.templateId, extra: true }, 400, 'VALIDATION_ERROR'],
      [{ fileName: 'a.csv' }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [body, status, code] of cases) {
      const answer = await call('POST', '/api/v1/imports', { key: org.apiKey, body: { fileName: 'a.csv', fileSize: 10, ...body } });
      expect([JSON.stringify(body), answer.status, answer.body.error.code]).toEqual([JSON.stringify(body), status, code]);
    }
    expect((await call('GET', '/api/v1/imports', { key: org.apiKey })).body.data).toEqual([]);
    expect((await call('POST', '/api/v1/imports', { body: { templateId: org.templateId, fileName: 'a.csv', fileSize: 1 } })).status).toBe(401);
  });
});

describe('review: true and review links', () => {
  const WITH_ERRORS = 'Email,Full name,Age\nann@example.com,Ann,34\nnot-an-email,Bob,41\n';

  test('rows in error wait in AWAITING_CORRECTIONS; the link reaches that import\'s correction routes alone, until closed', async () => {
    const org = await organization({ allowPartialImport: false });
    const { importId } = await importFile(org.apiKey, { templateId: org.templateId, review: true }, WITH_ERRORS);
    const waiting = await until(() => detailOf(org.apiKey, importId!), (d) => d.body.phase === 'AWAITING_CORRECTIONS' || d.body.status !== 'PENDING');
    expect(waiting.body).toMatchObject({ status: 'PENDING', phase: 'AWAITING_CORRECTIONS', errorRows: 1, source: 'api' });

    const link = await call('POST', `/api/v1/imports/${importId}/review-link`, { key: org.apiKey, body: { expiresInSeconds: 3600 } });
    expect(link.status).toBe(201);
    expect(link.body.url).toMatch(new RegExp(`/dashboard/review#import=${importId}&token=irl_`));
    const expires = Date.parse(link.body.expiresAt) - Date.now();
    expect(expires).toBeGreaterThan(3500_000);
    expect(expires).toBeLessThanOrEqual(3600_000);
    const token = new URLSearchParams(new URL(link.body.url).hash.slice(1)).get('token')!;
    const embed = (method: string, suffix: string, body?: unknown, bearer = token) =>
      call(method, `/embed/v1/imports/${importId}${suffix}`, { headers: { authorization: `Bearer ${bearer}` }, body });

    expect((await embed('GET', '')).body).toMatchObject({ phase: 'AWAITING_CORRECTIONS' });
    expect((await embed('GET', '/template')).body.template).toMatchObject({ id: org.templateId, name: 'Contacts' });
    const rows = await embed('GET', '/rows?filter=errors');
    expect(rows.status).toBe(200);
    // Not the mapping review, and no other import.
    expect((await embed('GET', '/preview')).status).toBe(401);
    const another = await importFile(org.apiKey, { templateId: org.templateId, review: true }, WITH_ERRORS);
    expect((await call('GET', `/embed/v1/imports/${another.importId}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);

    // A second link closes the first; DELETE closes the second.
    const second = await call('POST', `/api/v1/imports/${importId}/review-link`, { key: org.apiKey, body: {} });
    expect(Date.parse(second.body.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect((await embed('GET', '')).status).toBe(401);
    const secondToken = new URLSearchParams(new URL(second.body.url).hash.slice(1)).get('token')!;
    expect((await embed('GET', '', undefined, secondToken)).status).toBe(200);
    expect((await call('DELETE', `/api/v1/imports/${importId}/review-link`, { key: org.apiKey })).status).toBe(200);
    expect((await embed('GET', '', undefined, secondToken)).status).toBe(401);

    // Bad requests: no review requested, out-of-range expiry, unknown and another organization's imports.
    const plain = await importFile(org.apiKey, { templateId: org.templateId }, GOOD);
    const refused = await call('POST', `/api/v1/imports/${plain.importId}/review-link`, { key: org.apiKey, body: {} });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'IMPORT_NOT_AWAITING_CORRECTIONS']);
    expect((await call('POST', `/api/v1/imports/${importId}/review-link`, { key: org.apiKey, body: { expiresInSeconds: 8 * 86400 } })).status).toBe(400);
    const stranger = await newOrganization();
    expect((await call('POST', `/api/v1/imports/${importId}/review-link`, { key: stranger.apiKey, body: {} })).status).toBe(404);
    expect((await call('DELETE', `/api/v1/imports/${importId}/review-link`, { key: stranger.apiKey })).status).toBe(404);
  });

  test('a review: true import whose rows are all valid completes without waiting', async () => {
    const org = await organization();
    const { importId } = await importFile(org.apiKey, { templateId: org.templateId, review: true }, GOOD);
    expect((await finished(org.apiKey, importId!)).body).toMatchObject({ status: 'COMPLETED', validRows: 2 });
    const late = await call('POST', `/api/v1/imports/${importId}/review-link`, { key: org.apiKey, body: {} });
    expect([late.status, late.body.error.code]).toEqual([409, 'IMPORT_NOT_AWAITING_CORRECTIONS']);
  });
});

describe('Idempotency-Key', () => {
  const create = (key: string, body: Record<string, unknown>, idempotencyKey: string) =>
    call('POST', '/api/v1/imports', { key, body: { fileName: 'contacts.csv', fileSize: 10, ...body }, headers: { 'idempotency-key': idempotencyKey } });

  test('two concurrent POSTs with one key make one import', async () => {
    const org = await organization();
    const key = `nightly-${Date.now()}`;
    const answers = await Promise.all([create(org.apiKey, { templateId: org.templateId }, key), create(org.apiKey, { templateId: org.templateId }, key)]);
    const statuses = answers.map((a) => a.status).sort();
    // Either the second waited for nothing (409 while the first ran) or came after it (the replay).
    expect([[201, 201], [201, 409]]).toContainEqual(statuses);
    if (statuses[1] === 409) expect(answers.find((a) => a.status === 409)!.body.error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    else expect(answers[0].body.importId).toBe(answers[1].body.importId);
    const listed = await call('GET', '/api/v1/imports', { key: org.apiKey });
    expect(listed.body.data).toHaveLength(1);
    expect((await call('GET', `/api/v1/templates/${org.templateId}`, { key: org.apiKey })).body.importCount).toBe(1);
  });

  test('a replay answers the first answer again; another body is 422; an error is not remembered; keys are per organization', async () => {
    const org = await organization();
    const key = `replay-${Date.now()}`;
    const first = await create(org.apiKey, { templateId: org.templateId }, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await create(org.apiKey, { templateId: org.templateId }, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const changed = await create(org.apiKey, { templateId: org.templateId, metadata: { other: true } }, key);
    expect([changed.status, changed.body.error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect((await call('GET', '/api/v1/imports', { key: org.apiKey })).body.data).toHaveLength(1);

    // An error answer lets the key go: the corrected request with the same key goes through.
    const failing = `fix-${Date.now()}`;
    expect((await create(org.apiKey, { templateId: 'tpl_unknown' }, failing)).status).toBe(404);
    expect((await create(org.apiKey, { templateId: 'tpl_unknown' }, failing)).status).toBe(404);
    expect((await create(org.apiKey, { templateId: org.templateId, fileName: 'x.csv' }, failing)).status).toBe(201);

    // Another organization's same key is its own.
    const other = await organization();
    expect((await create(other.apiKey, { templateId: other.templateId }, key)).status).toBe(201);

    // The other POSTs of /api/v1 take keys too: the template duplicate.
    const dupKey = `dup-${Date.now()}`;
    const headers = { 'idempotency-key': dupKey };
    const dup = await call('POST', `/api/v1/templates/${org.templateId}/duplicate`, { key: org.apiKey, headers, body: {} });
    const dupAgain = await call('POST', `/api/v1/templates/${org.templateId}/duplicate`, { key: org.apiKey, headers, body: {} });
    expect(dup.status).toBe(201);
    expect(dupAgain.body).toEqual(dup.body);
    const templates = await call('GET', '/api/v1/templates', { key: org.apiKey });
    expect(templates.body.data).toHaveLength(2);

    for (const bad of ['x'.repeat(256), 'tab\there', 'é']) {
      const answer = await call('POST', '/api/v1/imports', { key: org.apiKey, body: { templateId: org.templateId, fileName: 'a.csv', fileSize: 1 }, headers: { 'idempotency-key': bad } });
      expect([bad, answer.status, answer.body.error.code]).toEqual([bad, 400, 'BAD_REQUEST']);
    }
  });
});

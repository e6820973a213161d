// The widget's upload path end to end on the local stack, as a browser would use it: the embed API
// without an API key, the presigned PUT through the local S3 front (which checks it as S3 does), the
// emulated bucket notification, the processor, the webhook. The test set-up shortens the upload URL's
// life to 5 s and the upload deadline to 10 s.
import { createHmac, randomBytes } from 'node:crypto';
import { newWebhookSecret } from '../shared/domain/ids';
import { updateOrganization } from '../shared/data/organizations';
import { setTemplateEmbed } from '../shared/data/templates';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getEmbedTemplate } from '../shared/data/embed';
import { dynamo } from '../shared/aws/clients';
import { config } from '../shared/config';
import { keys } from '../shared/data/table';
import { hashApiKey } from '../shared/domain/ids';
import { EMBED_RATE_LIMITS } from '../shared/domain/rate-limits';
import { call, contactsTemplate, freshWindow, newOrganization } from './support/api';
import { csv } from './support/imports';
import { startReceiver } from './support/receiver';

jest.setTimeout(120_000);

const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.stop()));
});

const GOOD = csv(['email', 'age'], [['a@example.com', '31'], ['b@example.com', '42'], ['c@example.com', '7']]);
const WITH_ERROR = csv(['email', 'age'], [['a@example.com', '31'], ['not-an-email', '42']]);

async function embeddedTemplate(options: { allowedOrigins?: string[]; template?: Record<string, unknown>; plan?: 'free' | 'pro' } = {}) {
  const org = await newOrganization(options.plan);
  const created = await org.api.post('/api/v1/templates', options.template ?? contactsTemplate());
  await setTemplateEmbed(org.organizationId, created.body.id, { enabled: true, allowedOrigins: options.allowedOrigins ?? null });
  return { ...org, templateId: created.body.id as string };
}

const startBody = (content: string, extra: Record<string, unknown> = {}) => ({
  fileName: 'contacts.csv',
  fileSize: Buffer.byteLength(content),
  ...extra,
});

async function startImport(templateId: string, content: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await call('POST', `/embed/v1/templates/${templateId}/imports`, { body: startBody(content, extra), headers });
  expect(res.status).toBe(201);
  return res.body as { importId: string; token: string; expiresAt: string; upload: { method: string; url: string; headers: Record<string, string> } };
}

/** The PUT a browser makes to the presigned URL (fetch sets Content-Length from the body). */
function upload(url: string, body: string | Buffer, headers: Record<string, string>) {
  return fetch(url, { method: 'PUT', body, headers });
}

const status = (importId: string, token: string) => call('GET', `/embed/v1/imports/${importId}`, { key: token });

async function pollUntilFinished(importId: string, token: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await status(importId, token);
    expect(res.status).toBe(200);
    if (res.body.status !== 'PENDING') return res.body;
    if (Date.now() > deadline) throw new Error(`import ${importId} still PENDING`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the widget flow', () => {
  it('starts, uploads, processes and delivers without an API key', async () => {
    const hook = await startReceiver([]);
    receivers.push(hook);
    const org = await embeddedTemplate();
    const secret = newWebhookSecret();
    await updateOrganization(org.organizationId, { webhookUrl: hook.url, webhookSecret: secret });

    const shown = await call('GET', `/embed/v1/templates/${org.templateId}`);
    expect(shown.status).toBe(200);
    expect(Object.keys(shown.body.template).sort()).toEqual(
      ['allowExtraColumns', 'allowPartialImport', 'columns', 'description', 'id', 'name', 'skipHeaderRows'],
    );
    expect(shown.body.branding).toEqual((await org.api.get('/api/v1/organization/branding')).body);
    expect(JSON.stringify(shown.body)).not.toContain(org.organizationId);
    expect(shown.headers.get('access-control-allow-origin')).toBe('*');

    const started = await startImport(org.templateId, GOOD, {
      contentType: 'text/csv',
      metadata: { crmId: 'c-1' },
      user: { id: 'u-1', email: 'ann@example.com', name: 'Ann' },
      externalUserId: 'ext-1',
    });
    expect(started.upload).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'text/csv' } });
    expect(started.upload.url).toContain(started.importId);
    expect(Date.parse(started.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    expect((await status(started.importId, started.token)).body.status).toBe('PENDING');

    const put = await upload(started.upload.url, GOOD, started.upload.headers);
    expect(put.status).toBe(200);
    const finished = await pollUntilFinished(started.importId, started.token);
    expect(finished).toMatchObject({
      id: started.importId,
      status: 'COMPLETED',
      fileName: 'contacts.csv',
      fileType: 'csv',
      totalRows: 3,
      validRows: 3,
      errorRows: 0,
      skippedRows: 0,
      columnMapping: { email: 'email', age: 'age' },
      error: null,
    });

    const listed = await org.api.get('/api/v1/imports');
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: started.importId, status: 'COMPLETED', validRows: 3, metadata: { crmId: 'c-1' } }),
    ]);
    const detail = await org.api.get(`/api/v1/imports/${started.importId}`);
    expect(detail.body).toMatchObject({ user: { id: 'u-1', email: 'ann@example.com', name: 'Ann' }, externalUserId: 'ext-1' });

    const deadline = Date.now() + 30_000;
    while (hook.received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const [delivered] = hook.received;
    expect(delivered.headers['x-service-signature']).toBe(`sha256=${createHmac('sha256', secret).update(delivered.body).digest('hex')}`);
    const payload = JSON.parse(delivered.body.toString('utf8'));
    expect(payload).toMatchObject({ event: 'import.completed', importId: started.importId, metadata: { crmId: 'c-1' } });
    expect(payload.data.rows).toHaveLength(3);
  });

  it('shows the error rows of a failed import to its token holder', async () => {
    const org = await embeddedTemplate();
    const started = await startImport(org.templateId, WITH_ERROR);
    expect((await upload(started.upload.url, WITH_ERROR, started.upload.headers)).status).toBe(200);
    const finished = await pollUntilFinished(started.importId, started.token);
    expect(finished).toMatchObject({ status: 'FAILED', validRows: 1, errorRows: 1, error: { code: 'INVALID_ROWS' } });
    const errors = await call('GET', `/embed/v1/imports/${started.importId}/errors?limit=10`, { key: started.token });
    expect(errors.status).toBe(200);
    expect(errors.body).toEqual({
      data: [{ row: 3, errors: [{ column: 'email', value: 'not-an-email', message: expect.any(String), level: 'error' }] }],
      pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
    });
  });
});

describe('what the embed API refuses', () => {
  it('answers every embed route of a template with embedding disabled exactly like an unknown id', async () => {
    const org = await embeddedTemplate();
    const started = await startImport(org.templateId, GOOD);
    await setTemplateEmbed(org.organizationId, org.templateId, { enabled: false });
    const unknown = await call('GET', '/embed/v1/templates/tpl_00000000000000000000000000');
    const malformed = await call('GET', '/embed/v1/templates/nope');
    const disabled = [
      await call('GET', `/embed/v1/templates/${org.templateId}`),
      await call('POST', `/embed/v1/templates/${org.templateId}/imports`, { body: startBody(GOOD) }),
      await call('OPTIONS', `/embed/v1/templates/${org.templateId}`, { headers: { origin: 'https://a.example' } }),
    ];
    for (const res of [unknown, malformed, ...disabled]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(unknown.body);
    }
    for (const path of [`/embed/v1/imports/${started.importId}`, `/embed/v1/imports/${started.importId}/errors`]) {
      expect((await call('GET', path, { key: started.token })).status).toBe(404);
    }
    // A template created without embedding was never reachable either.
    const plain = (await org.api.post('/api/v1/templates', contactsTemplate())).body.id;
    expect((await call('GET', `/embed/v1/templates/${plain}`)).body).toEqual(unknown.body);
  });

  it('follows the template: a duplicate is embedded with the same origins, a deleted template is gone', async () => {
    const org = await embeddedTemplate({ allowedOrigins: ['https://app.example.com'] });
    const copy = (await org.api.post(`/api/v1/templates/${org.templateId}/duplicate`)).body.id;
    const allowed = await call('GET', `/embed/v1/templates/${copy}`, { headers: { origin: 'https://app.example.com' } });
    expect(allowed.status).toBe(200);
    expect(allowed.body.template.name).toBe('Contacts (Copy)');
    expect((await call('GET', `/embed/v1/templates/${copy}`, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    const before = (await org.api.get('/api/v1/templates')).body.pagination.total;
    expect((await org.api.delete(`/api/v1/templates/${copy}`)).status).toBe(200);
    expect((await call('GET', `/embed/v1/templates/${copy}`)).status).toBe(404);
    // The embedded template's pointer goes with it, and it is uncounted once.
    expect(await getEmbedTemplate(copy)).toBeUndefined();
    expect((await org.api.get('/api/v1/templates')).body.pagination.total).toBe(before - 1);
    expect((await org.api.delete(`/api/v1/templates/${copy}`)).status).toBe(404);
  });

  it('answers 401 to a missing, forged, expired or another import\'s token', async () => {
    const org = await embeddedTemplate();
    const mine = await startImport(org.templateId, GOOD);
    const other = await startImport(org.templateId, GOOD);
    const expiredToken = `ist_${randomBytes(32).toString('base64url')}`;
    const expiredImport = await startImport(org.templateId, GOOD);
    // A token of the earlier form (an item of its own, by import id) for a made-up import, expired a
    // second ago.
    await dynamo().send(
      new PutCommand({
        TableName: config().tableName,
        Item: {
          ...keys.embedToken('imp_00000000000000000000000001'),
          organizationId: org.organizationId,
          templateId: org.templateId,
          tokenHash: hashApiKey(expiredToken),
          expiresAt: new Date(Date.now() - 1000).toISOString(),
        },
      }),
    );
    // An import whose own token has expired: created 24 hours and a second ago.
    const aged = await startImport(org.templateId, GOOD);
    await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: keys.importRecord(org.organizationId, aged.importId),
        UpdateExpression: 'SET createdAt = :createdAt',
        ExpressionAttributeValues: { ':createdAt': new Date(Date.now() - 24 * 3600_000 - 1000).toISOString() },
      }),
    );
    const forged = `ist_${org.organizationId}.${randomBytes(32).toString('base64url')}`;
    const attempts = [
      call('GET', `/embed/v1/imports/${mine.importId}`),
      call('GET', `/embed/v1/imports/${mine.importId}`, { key: `ist_${randomBytes(32).toString('base64url')}` }),
      call('GET', `/embed/v1/imports/${mine.importId}`, { key: other.token }),
      call('GET', `/embed/v1/imports/${mine.importId}/errors`, { key: other.token }),
      call('GET', '/embed/v1/imports/imp_00000000000000000000000001', { key: expiredToken }),
      call('GET', `/embed/v1/imports/${expiredImport.importId}`, { key: expiredToken }),
      call('GET', '/embed/v1/imports/not-an-id', { key: mine.token }),
      call('GET', `/embed/v1/imports/${mine.importId}`, { key: forged }),
      call('GET', `/embed/v1/imports/${aged.importId}`, { key: aged.token }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
    }
    expect((await status(mine.importId, mine.token)).status).toBe(200);
  });

  it('validates before creating anything: file type, size limit, content type, metadata', async () => {
    const org = await embeddedTemplate();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ fileName: 'contacts.pdf', fileSize: 10 }, /fileName must end in/],
      [{ fileName: 'contacts.csv', fileSize: 101 * 1024 * 1024 }, /fileSize must be at most/],
      [{ fileName: 'contacts.csv', fileSize: 10, contentType: 'image/png' }, /contentType is not a content type/],
      [{ fileName: 'contacts.csv', fileSize: 10, metadata: ['x'] }, /metadata must be an object/],
      [{ fileName: 'contacts.csv', fileSize: 10, apiKey: 'x' }, /apiKey is not allowed/],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', `/embed/v1/templates/${org.templateId}/imports`, { body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.message).toMatch(message);
    }
    expect((await org.api.get('/api/v1/imports')).body.pagination.total).toBe(0);
  });

  it('lets S3 refuse an upload of another size or content type than declared, and an expired URL', async () => {
    const org = await embeddedTemplate();
    const started = await startImport(org.templateId, GOOD, { contentType: 'text/csv' });
    const larger = await upload(started.upload.url, GOOD + 'd@example.com,1\n', started.upload.headers);
    expect(larger.status).toBe(403);
    expect(await larger.text()).toContain('SignatureDoesNotMatch');
    const otherType = await upload(started.upload.url, GOOD, { 'Content-Type': 'application/octet-stream' });
    expect(otherType.status).toBe(403);
    expect((await status(started.importId, started.token)).body.status).toBe('PENDING');
    // The URL lives 5 s in the test set-up.
    await new Promise((resolve) => setTimeout(resolve, 5500));
    const late = await upload(started.upload.url, GOOD, started.upload.headers);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('Request has expired');
  });

  it('closes an import whose file never arrives FAILED with UPLOAD_TIMEOUT, counted and announced', async () => {
    const hook = await startReceiver([]);
    receivers.push(hook);
    const org = await embeddedTemplate();
    await updateOrganization(org.organizationId, { webhookUrl: hook.url, webhookSecret: newWebhookSecret() });
    const started = await startImport(org.templateId, GOOD);
    const finished = await pollUntilFinished(started.importId, started.token, 60_000);
    expect(finished).toMatchObject({ status: 'FAILED', totalRows: 0, error: { code: 'UPLOAD_TIMEOUT' } });
    expect(Date.parse(finished.completedAt) - Date.parse(finished.createdAt)).toBeGreaterThanOrEqual(10_000);
    const failed = await org.api.get('/api/v1/imports?status=FAILED');
    expect(failed.body.pagination.total).toBe(1);
    expect((await org.api.get('/api/v1/imports?status=PENDING')).body.pagination.total).toBe(0);
    expect((await org.api.get(`/api/v1/templates/${org.templateId}`)).body.importCount).toBe(1);
    const deadline = Date.now() + 30_000;
    while (hook.received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(JSON.parse(hook.received[0].body.toString('utf8'))).toMatchObject({
      event: 'import.failed',
      importId: started.importId,
      error: { code: 'UPLOAD_TIMEOUT' },
    });
  });

  it('never reveals another organization\'s data', async () => {
    const a = await embeddedTemplate();
    const b = await embeddedTemplate();
    const started = await startImport(a.templateId, GOOD);
    expect((await b.api.get(`/api/v1/imports/${started.importId}`)).status).toBe(404);
    expect((await b.api.get('/api/v1/imports')).body.pagination.total).toBe(0);
    expect((await a.api.get('/api/v1/imports')).body.pagination.total).toBe(1);
    const bStarted = await startImport(b.templateId, GOOD);
    expect((await status(started.importId, bStarted.token)).status).toBe(401);
    const shown = await call('GET', `/embed/v1/templates/${a.templateId}`);
    for (const secret of [a.organizationId, 'webhook', 'plan', 'importCount', 'embedEnabled']) {
      expect(JSON.stringify(shown.body.template)).not.toContain(secret);
    }
  });
});

describe('browser rules', () => {
  it('answers CORS for the allowed origins only, preflights included', async () => {
    const org = await embeddedTemplate({ allowedOrigins: ['https://app.example.com'] });
    const allowed = { origin: 'https://app.example.com' };
    const ok = await call('GET', `/embed/v1/templates/${org.templateId}`, { headers: allowed });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(ok.headers.get('vary')).toContain('Origin');

    const preflight = await call('OPTIONS', `/embed/v1/templates/${org.templateId}/imports`, {
      headers: { ...allowed, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');

    const started = await startImport(org.templateId, GOOD, {}, allowed);
    const importPreflight = await call('OPTIONS', `/embed/v1/imports/${started.importId}`, {
      headers: { ...allowed, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(importPreflight.status).toBe(204);

    const evil = { origin: 'https://evil.example' };
    const refused = [
      await call('GET', `/embed/v1/templates/${org.templateId}`, { headers: evil }),
      await call('POST', `/embed/v1/templates/${org.templateId}/imports`, { body: startBody(GOOD), headers: evil }),
      await call('OPTIONS', `/embed/v1/templates/${org.templateId}`, { headers: evil }),
      await call('GET', `/embed/v1/imports/${started.importId}`, { key: started.token, headers: evil }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('ORIGIN_NOT_ALLOWED');
      // The refused page may read the refusal (the widget explains it), and nothing else.
      expect(res.headers.get('access-control-allow-origin')).toBe('https://evil.example');
      expect(res.headers.get('vary')).toContain('Origin');
      expect(res.headers.get('access-control-allow-methods')).toBeNull();
    }
    // No Origin: not a browser page, CORS does not apply (curl, a server).
    expect((await call('GET', `/embed/v1/templates/${org.templateId}`)).status).toBe(200);
  });

  it('answers the bucket\'s CORS preflight for the presigned PUT', async () => {
    const org = await embeddedTemplate();
    const started = await startImport(org.templateId, GOOD);
    const preflight = await fetch(started.upload.url, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
  });

  it('rate-limits per template and client address, apart from the organization\'s API-key limits', async () => {
    await freshWindow(20);
    const org = await embeddedTemplate();
    const limit = EMBED_RATE_LIMITS.write;
    // Invalid bodies still count (the limit comes first) and create nothing.
    for (let i = 0; i < limit; i++) {
      const res = await call('POST', `/embed/v1/templates/${org.templateId}/imports`, { body: {} });
      expect(res.status).toBe(400);
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(limit - i - 1));
    }
    const limited = await call('POST', `/embed/v1/templates/${org.templateId}/imports`, { body: startBody(GOOD) });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(limited.headers.get('x-ratelimit-limit')).toBe(String(limit));
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Reads have their own window, and the organization's API key is untouched.
    expect((await call('GET', `/embed/v1/templates/${org.templateId}`)).status).toBe(200);
    const api = await org.api.get('/api/v1/imports');
    expect(api.headers.get('x-ratelimit-remaining')).toBe('99');
    // Another template of the same organization has its own counter.
    const other = (await org.api.post('/api/v1/templates', contactsTemplate())).body.id;
    await setTemplateEmbed(org.organizationId, other, { enabled: true });
    expect((await call('POST', `/embed/v1/templates/${other}/imports`, { body: startBody(GOOD) })).status).toBe(201);
  });
});

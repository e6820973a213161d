// The Imports API over imports run through the real path: lists with every filter combination and
// exact totals, the detail with every field, the rows and errors pages, tenant isolation.
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { createApiKey, getOrganization } from '../shared/data/organizations';
import { s3 } from '../shared/aws/s3';
import { config } from '../shared/config';
import { objectKeys } from '../shared/data/objects';
import { client, contactsTemplate, newOrganization } from './support/api';
import { csv, runImport, startImport, waitForImport } from './support/imports';

jest.setTimeout(120_000);

const GOOD = csv(['email', 'age'], [['a@example.com', '1'], ['b@example.com', '2']]);
const BAD = csv(['email', 'age'], [['a@example.com', 'x']]);

async function setup() {
  const org = await newOrganization();
  const first = await org.api.post('/api/v1/templates', contactsTemplate());
  const second = await org.api.post('/api/v1/templates', { ...contactsTemplate(), name: 'Other' });
  return { ...org, first: first.body.id as string, second: second.body.id as string };
}

describe('GET /api/v1/imports', () => {
  it('counts concurrent imports exactly under every filter combination, newest first', async () => {
    const { organizationId, api, first, second } = await setup();
    // Prepare: concurrent imports on one template (3 COMPLETED, 2 FAILED) and one on another.
    const onFirst = await Promise.all([GOOD, GOOD, BAD, GOOD, BAD].map((file) => runImport(organizationId, first, file)));
    const onSecond = await runImport(organizationId, second, GOOD);
    const pending = await startImport(organizationId, second, GOOD, { fileName: 'later.csv' });

    const expectTotal = async (query: string, total: number) => {
      const response = await api.get(`/api/v1/imports?${query}`);
      expect(response.status).toBe(200);
      expect(response.body.pagination.total).toBe(total);
      return response.body;
    };
    await waitForImport(organizationId, pending.id);
    await expectTotal('', 7);
    await expectTotal('status=COMPLETED', 5);
    await expectTotal('status=FAILED', 2);
    await expectTotal('status=PENDING', 0);
    await expectTotal(`templateId=${first}`, 5);
    await expectTotal(`templateId=${first}&status=COMPLETED`, 3);
    await expectTotal(`templateId=${first}&status=FAILED`, 2);
    await expectTotal(`templateId=${second}&status=COMPLETED`, 2);
    await expectTotal('templateId=tpl_00000000000000000000000000', 0);
    await expectTotal('templateId=garbage', 0);

    const everything = (await expectTotal('limit=100', 7)).data.map((item: any) => `${item.createdAt}#${item.id}`);
    expect(everything).toEqual([...everything].sort().reverse());
    expect(everything[0]).toContain(pending.id);
    expect(new Set(everything.map((entry: string) => entry.split('#')[1]))).toEqual(
      new Set([pending.id, onSecond.id, ...onFirst.map((record) => record.id)]),
    );
    const all = await expectTotal('limit=3&page=1', 7);
    expect(all.pagination).toEqual({ page: 1, limit: 3, total: 7, totalPages: 3 });
    const last = await expectTotal('limit=3&page=3', 7);
    expect(last.data).toHaveLength(1);
    expect((await expectTotal('limit=3&page=4', 7)).data).toEqual([]);

    const templates = (await api.get('/api/v1/templates')).body.data;
    expect(Object.fromEntries(templates.map((t: any) => [t.id, t.importCount]))).toEqual({ [first]: 5, [second]: 2 });
    expect((await api.get(`/api/v1/templates/${first}`)).body.importCount).toBe(5);
  });

  it('lists SPEC 2.4 fields and keeps a deleted template\'s imports under its id', async () => {
    const { organizationId, api, first } = await setup();
    const record = await runImport(organizationId, first, GOOD, { metadata: { batch: 7, source: 'crm' } });
    expect((await api.delete(`/api/v1/templates/${first}`)).status).toBe(200);
    const list = await api.get(`/api/v1/imports?templateId=${first}`);
    expect(list.body.data).toEqual([
      {
        id: record.id, templateId: first, templateName: 'Contacts', fileName: 'contacts.csv', fileType: 'csv',
        fileSize: Buffer.byteLength(GOOD), totalRows: 2, validRows: 2, errorRows: 0, status: 'COMPLETED',
        metadata: { batch: 7, source: 'crm' }, webhookStatus: 'NOT_CONFIGURED', createdAt: record.createdAt,
        completedAt: expect.stringMatching(/Z$/), source: 'importctl',
      },
    ]);
    expect((await api.get(`/api/v1/imports/${record.id}`)).body.template.id).toBe(first);
  });

  it('rejects bad parameters with 400 naming them', async () => {
    const { api } = await setup();
    for (const [query, message] of [
      ['status=DONE', 'Invalid query parameter: status must be one of: PENDING, COMPLETED, FAILED'],
      ['limit=101', 'Invalid query parameter: limit must be an integer between 1 and 100'],
      ['page=0', 'Invalid query parameter: page must be an integer >= 1'],
    ]) {
      const response = await api.get(`/api/v1/imports?${query}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: { code: 'BAD_REQUEST', message } });
    }
  });
});

describe('GET /api/v1/imports/:id', () => {
  it('carries every field, null where there is no value yet, and the full picture once finished', async () => {
    const { organizationId, api, first } = await setup();
    const pending = await startImport(organizationId, first, GOOD, {
      user: { id: 'u1', email: 'u1@example.com', name: 'U One' },
      externalUserId: 'ext-1',
      metadata: { k: 'v' },
    });
    const early = (await api.get(`/api/v1/imports/${pending.id}`)).body;
    const fields = [
      'id', 'templateId', 'template', 'fileName', 'fileType', 'fileSize', 'totalRows', 'validRows', 'errorRows',
      'skippedRows', 'correctedRows', 'removedRows', 'columnMapping', 'headerRow', 'columnFormats', 'status', 'phase', 'error', 'metadata', 'externalUserId', 'user', 'sheet',
      'webhookStatus', 'webhookAttempts', 'webhookDeliveredAt', 'createdAt', 'completedAt', 'hook', 'source',
    ];
    expect(Object.keys(early).sort()).toEqual([...fields].sort());
    await waitForImport(organizationId, pending.id);
    const detail = (await api.get(`/api/v1/imports/${pending.id}`)).body;
    expect(detail).toEqual({
      id: pending.id,
      templateId: first,
      template: { id: first, name: 'Contacts', columns: expect.any(Array) },
      fileName: 'contacts.csv',
      fileType: 'csv',
      fileSize: Buffer.byteLength(GOOD),
      totalRows: 2, validRows: 2, errorRows: 0, skippedRows: 0, correctedRows: 0, removedRows: 0,
      columnMapping: { email: 'email', age: 'age' },
      headerRow: 1,
      columnFormats: {},
      status: 'COMPLETED',
      phase: 'FINISHED',
      error: null,
      metadata: { k: 'v' },
      externalUserId: 'ext-1',
      user: { id: 'u1', email: 'u1@example.com', name: 'U One' },
      sheet: null,
      webhookStatus: 'NOT_CONFIGURED',
      webhookAttempts: 0,
      webhookDeliveredAt: null,
      createdAt: pending.createdAt,
      completedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      source: 'importctl',
      hook: null,
    });
    expect(detail.template.columns[0]).toMatchObject({ key: 'email', required: true });
  });

  it('answers 404 for another organization\'s import on every route, and for malformed ids', async () => {
    const { organizationId, first } = await setup();
    const record = await runImport(organizationId, first, GOOD);
    const stranger = await newOrganization();
    for (const path of ['', '/rows', '/errors']) {
      const response = await stranger.api.get(`/api/v1/imports/${record.id}${path}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Import not found' } });
      expect((await stranger.api.get(`/api/v1/imports/imp_nope${path}`)).status).toBe(404);
    }
    expect((await stranger.api.get('/api/v1/imports')).body.pagination.total).toBe(0);
    expect((await stranger.api.get(`/api/v1/imports?templateId=${first}`)).body.data).toEqual([]);
  });
});

describe('rows and errors pages', () => {
  it('a PENDING import has no rows yet (409); page past the end is empty', async () => {
    const { organizationId, api, first } = await setup();
    const pending = await startImport(organizationId, first, GOOD);
    const early = await api.get(`/api/v1/imports/${pending.id}/rows`);
    // The processor may already have finished on a fast machine: both answers are valid then.
    if (early.status !== 200) expect(early.body.error.code).toBe('IMPORT_NOT_FINISHED');
    await waitForImport(organizationId, pending.id);
    expect((await api.get(`/api/v1/imports/${pending.id}/rows?page=5&limit=1`)).body).toEqual({
      data: [],
      pagination: { page: 5, limit: 1, total: 2, totalPages: 2 },
    });
    expect((await api.get(`/api/v1/imports/${pending.id}/rows?limit=1001`)).status).toBe(400);
  });

  it('after the retention lifecycle deleted the rows, both endpoints answer 410 ROWS_EXPIRED; the record stays', async () => {
    const { organizationId, api } = await newOrganization();
    const partial = (await api.post('/api/v1/templates', { ...contactsTemplate(), allowPartialImport: true })).body.id;
    const record = await runImport(organizationId, partial, csv(['email', 'age'], [['a@example.com', '1'], ['b@example.com', 'x']]));
    for (const kind of ['valid', 'errors'] as const) {
      await s3().send(new DeleteObjectCommand({ Bucket: config().bucketName, Key: objectKeys.rowChunk(organizationId, record.id, kind, 0) }));
    }
    for (const path of ['rows', 'errors']) {
      const response = await api.get(`/api/v1/imports/${record.id}/${path}`);
      expect(response.status).toBe(410);
      expect(response.body.error.code).toBe('ROWS_EXPIRED');
      expect(response.body.error.message).toMatch(/rows are kept 30 days after an import finishes/);
    }
    expect((await api.get(`/api/v1/imports/${record.id}`)).body).toMatchObject({ status: 'COMPLETED', validRows: 1, errorRows: 1 });
  });

  it('pages through every valid row of a 200,000-row file in file order', async () => {
    const { organizationId, first } = await setup();
    const rows = Array.from({ length: 200_000 }, (_, i) => [`user${i}@example.com`, String(i % 150)]);
    const record = await runImport(organizationId, first, csv(['email', 'age'], rows));
    expect(record).toMatchObject({ status: 'COMPLETED', totalRows: 200_000, validRows: 200_000 });
    // 200 pages: more reads than one key's window allows, so a few keys share the work.
    const organization = (await getOrganization(organizationId))!;
    const keys = await Promise.all([1, 2, 3].map(() => createApiKey(organization)));
    let next = 0;
    for (let page = 1; page <= 200; page++) {
      const api = client(keys[Math.floor((page - 1) / 90)].apiKey);
      const response = await api.get(`/api/v1/imports/${record.id}/rows?page=${page}&limit=1000`);
      expect(response.status).toBe(200);
      for (const row of response.body.data) {
        if (row.email !== `user${next}@example.com` || row.age !== next % 150) throw new Error(`row ${next} out of order`);
        next++;
      }
    }
    expect(next).toBe(200_000);
  });
});

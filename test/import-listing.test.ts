// Import listings with every filter, page by page, while imports are PENDING (listed by their one open
// pointer), finished (their four pointers), and created before open pointers (four pointers from their
// creation): each page is exactly the matching imports, newest first, and each total exact.
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/clients';
import { config } from '../shared/config';
import * as imports from '../shared/data/imports';
import { importPointers, keys } from '../shared/data/table';
import { createImport, newImport } from '../shared/imports/create-import';
import { getTemplate } from '../shared/data/templates';
import { parseCreatedRange, type ImportRecord, type ImportStatus } from '../shared/domain/imports';
import type { ImportFilter } from '../shared/data/table';
import { contactsTemplate, newOrganization } from './support/api';
import { signedUpUser } from './support/dashboard';

const table = () => config().tableName;

async function finish(organizationId: string, importId: string, status: 'COMPLETED' | 'FAILED') {
  const record = (await imports.getImportRecord(organizationId, importId))!;
  const outcome = { status, totalRows: 0, validRows: 0, errorRows: 0, skippedRows: 0, completedAt: new Date().toISOString(), webhookStatus: 'NOT_CONFIGURED' as const };
  expect(await imports.finishImport(organizationId, record, outcome)).toBe(true);
}

/** An import stored as insertImport stored it before open pointers: four pointers, no openPending counted. */
async function legacyPendingImport(organizationId: string, templateId: string, id: string, createdAt: string) {
  const record = { id, templateId, templateName: 'Contacts', fileName: 'old.csv', fileType: 'csv', fileSize: 10, status: 'PENDING', createdAt };
  await dynamo().send(new PutCommand({ TableName: table(), Item: { ...keys.importRecord(organizationId, id), ...record } }));
  for (const Item of importPointers.all(organizationId, templateId, 'PENDING', createdAt, id)) await dynamo().send(new PutCommand({ TableName: table(), Item }));
  for (const [Key, counter] of [
    [keys.importStats(organizationId), 'total'],
    [keys.templateStats(organizationId, templateId), 'importCount'],
  ] as const) {
    await dynamo().send(new UpdateCommand({ TableName: table(), Key, UpdateExpression: 'ADD #counter :one, PENDING :one', ExpressionAttributeNames: { '#counter': counter }, ExpressionAttributeValues: { ':one': 1 } }));
  }
}

/**
 * A PENDING import stored as createImport stores it, without its upload deadline: finishing 90 others one
 * by one can outlast the suite's 10 s deadline on a loaded machine, which would fail it meanwhile.
 */
async function pendingWithoutDeadline(organizationId: string, templateId: string): Promise<string> {
  const { record, snapshot } = newImport(await getTemplate(organizationId, templateId), { fileName: 'a.csv', fileSize: 10, metadata: {} }, { source: 'importctl' });
  await imports.insertImport(organizationId, record, snapshot);
  return record.id;
}

describe('listing imports', () => {
  it('pages every filter exactly while imports are pending, finished, or stored before open pointers', async () => {
    const org = await newOrganization();
    const templateA = (await org.api.post('/api/v1/templates', contactsTemplate({ name: 'A' }))).body.id as string;
    const templateB = (await org.api.post('/api/v1/templates', contactsTemplate({ name: 'B' }))).body.id as string;
    const { organizationId } = org;

    // Oldest first: a legacy PENDING import of A, then nine new ones alternating A and B.
    const expected: { id: string; templateId: string; status: ImportStatus; createdAt: string }[] = [];
    await legacyPendingImport(organizationId, templateA, 'imp_legacy0000000000000000001', '2020-01-01T00:00:00.000Z');
    expected.push({ id: 'imp_legacy0000000000000000001', templateId: templateA, status: 'PENDING', createdAt: '2020-01-01T00:00:00.000Z' });
    for (let i = 0; i < 9; i++) {
      const templateId = i % 2 ? templateB : templateA;
      const { record } = await createImport(organizationId, templateId, { fileName: `f${i}.csv`, fileSize: 10, metadata: {} });
      expected.push({ id: record.id, templateId, status: 'PENDING', createdAt: record.createdAt });
    }
    // Finish some: new ones of both templates, and the legacy one later (its status pointers move).
    for (const [index, status] of [[1, 'COMPLETED'], [2, 'FAILED'], [5, 'COMPLETED'], [8, 'FAILED']] as const) {
      await finish(organizationId, expected[index].id, status);
      expected[index].status = status;
    }

    const check = async () => {
      // Newest first, as the pointers' sort keys order them (two imports of one millisecond by id).
      const newestFirst = [...expected].sort((a, b) => (`${b.createdAt}#${b.id}` > `${a.createdAt}#${a.id}` ? 1 : -1));
      for (const filter of [{}, { status: 'PENDING' }, { status: 'COMPLETED' }, { templateId: templateA }, { templateId: templateB }, { templateId: templateA, status: 'PENDING' }, { templateId: templateB, status: 'FAILED' }] as const) {
        const matching = newestFirst.filter((i) => (!('status' in filter) || i.status === filter.status) && (!('templateId' in filter) || i.templateId === filter.templateId));
        for (const limit of [2, 3, 100]) {
          const seen: string[] = [];
          for (let page = 1; page <= Math.ceil(matching.length / limit) + 1; page++) {
            const listed = await imports.listImports(organizationId, filter, { page, limit });
            expect([filter, listed.total]).toEqual([filter, matching.length]);
            seen.push(...listed.imports.map((record: ImportRecord) => record.id));
          }
          expect([filter, limit, seen]).toEqual([filter, limit, matching.map((i) => i.id)]);
        }
      }
    };
    await check();
    await finish(organizationId, expected[0].id, 'COMPLETED');
    expected[0].status = 'COMPLETED';
    await check();
  });

  it('finds PENDING imports behind more finished ones than one filtered read takes', async () => {
    const org = await newOrganization();
    const templateId = (await org.api.post('/api/v1/templates', contactsTemplate())).body.id as string;
    const start = async () => (await createImport(org.organizationId, templateId, { fileName: 'a.csv', fileSize: 10, metadata: {} })).record.id;
    const pending = [await pendingWithoutDeadline(org.organizationId, templateId), await pendingWithoutDeadline(org.organizationId, templateId)];
    const finished = await Promise.all(Array.from({ length: 90 }, start));
    for (const id of finished) await finish(org.organizationId, id, 'COMPLETED');
    const listed = await imports.listImports(org.organizationId, { status: 'PENDING' }, { page: 1, limit: 20 });
    expect({ total: listed.total, ids: listed.imports.map((record: ImportRecord) => record.id).sort() }).toEqual({ total: 2, ids: [...pending].sort() });
    const ofTemplate = await imports.listImports(org.organizationId, { templateId }, { page: 5, limit: 20 });
    expect(ofTemplate.total).toBe(92);
    // The last page: ten finished imports, then the two oldest, still PENDING.
    expect(ofTemplate.imports).toHaveLength(12);
    expect(ofTemplate.imports.slice(10).map((record: ImportRecord) => record.id).sort()).toEqual([...pending].sort());
  });

  it('lists the imports created in a range with every filter, page by page, on /api/v1 and /dashboard/v1', async () => {
    const org = await newOrganization();
    const templateA = (await org.api.post('/api/v1/templates', contactsTemplate({ name: 'A' }))).body.id as string;
    const templateB = (await org.api.post('/api/v1/templates', contactsTemplate({ name: 'B' }))).body.id as string;
    const { organizationId } = org;
    // Imports of other days are stored as before open pointers (four pointers): a test cannot move the clock.
    const expected: { id: string; templateId: string; status: ImportStatus; createdAt: string }[] = [];
    const past = [
      ['2024-03-09T23:59:59.999Z', templateA, 'COMPLETED'],
      ['2024-03-10T00:00:00.000Z', templateB, 'FAILED'],
      ['2024-03-10T12:00:00.000Z', templateA, 'PENDING'],
      ['2024-03-10T23:59:59.999Z', templateA, 'COMPLETED'],
      ['2024-03-11T00:00:00.000Z', templateB, 'COMPLETED'],
      ['2024-04-01T08:00:00.000Z', templateA, 'FAILED'],
    ] as const;
    for (const [i, [createdAt, templateId, status]] of past.entries()) {
      const id = `imp_range${String(i).padStart(20, '0')}`;
      await legacyPendingImport(organizationId, templateId, id, createdAt);
      if (status !== 'PENDING') await finish(organizationId, id, status);
      expected.push({ id, templateId, status, createdAt });
    }
    for (let i = 0; i < 4; i++) {
      const templateId = i % 2 ? templateB : templateA;
      const { record } = await createImport(organizationId, templateId, { fileName: `n${i}.csv`, fileSize: 10, metadata: {} });
      expected.push({ id: record.id, templateId, status: 'PENDING', createdAt: record.createdAt });
    }
    await finish(organizationId, expected[7].id, 'COMPLETED');
    expected[7].status = 'COMPLETED';
    const today = new Date().toISOString().slice(0, 10);
    const newestFirst = [...expected].sort((a, b) => (`${b.createdAt}#${b.id}` > `${a.createdAt}#${a.id}` ? 1 : -1));

    const ranges = [
      { query: { from: '2024-03-10', to: '2024-03-10' }, from: '2024-03-10T00:00:00.000Z', to: '2024-03-10T23:59:59.999Z' },
      { query: { from: '2024-03-10T12:00:00Z' }, from: '2024-03-10T12:00:00.000Z', to: '9999' },
      { query: { to: '2024-03-10T14:00:00+02:00' }, from: '0000', to: '2024-03-10T12:00:00.000Z' },
      { query: { from: today }, from: `${today}T00:00:00.000Z`, to: '9999' },
      { query: { from: '2024-03-12', to: '2024-03-31' }, from: '2024-03-12', to: '2024-03-31T23:59:59.999Z' },
    ];
    const filters = [{}, { status: 'PENDING' }, { status: 'COMPLETED' }, { templateId: templateA }, { templateId: templateB }, { templateId: templateA, status: 'PENDING' }, { templateId: templateA, status: 'COMPLETED' }] as const;
    // The new PENDING imports close at their upload deadline (10 s in tests) while this runs: a check
    // during which a status changed is made again with the statuses as they are then.
    const refreshStatuses = async () => {
      for (const i of newestFirst) i.status = (await imports.getImportRecord(organizationId, i.id))!.status;
      return newestFirst.map((i) => i.status).join();
    };
    const listAll = async (query: { from?: string; to?: string }, filter: ImportFilter, limit: number, pages: number) => {
      const totals: number[] = [];
      const seen: string[] = [];
      for (let page = 1; page <= pages; page++) {
        const listed = await imports.listImports(organizationId, filter, { page, limit }, parseCreatedRange(query));
        totals.push(listed.total);
        seen.push(...listed.imports.map((record: ImportRecord) => record.id));
      }
      return { totals, seen };
    };
    for (const range of ranges) {
      for (const filter of filters) {
        for (const limit of [2, 100]) {
          for (let attempt = 1; ; attempt++) {
            const statuses = await refreshStatuses();
            const matching = newestFirst.filter(
              (i) => i.createdAt >= range.from && i.createdAt <= range.to && (!('status' in filter) || i.status === filter.status) && (!('templateId' in filter) || i.templateId === filter.templateId),
            );
            const pages = Math.ceil(matching.length / limit) + 1;
            const listed = await listAll(range.query, filter, limit, pages);
            if ((await refreshStatuses()) !== statuses && attempt < 3) continue;
            expect([range.query, filter, limit, listed]).toEqual([range.query, filter, limit, { totals: Array(pages).fill(matching.length), seen: matching.map((i) => i.id) }]);
            break;
          }
        }
      }
    }
    // Through the API: the query's from and to reach the same listing.
    const viaApi = await org.api.get(`/api/v1/imports?from=2024-03-10&to=2024-03-10&templateId=${templateA}&limit=1&page=2`);
    expect(viaApi.body.pagination).toEqual({ page: 2, limit: 1, total: 2, totalPages: 2 });
    expect(viaApi.body.data.map((item: { id: string }) => item.id)).toEqual([expected[2].id]);

    // The dashboard runs the same operation for a member's organization.
    const owner = await signedUpUser('range');
    const created = await owner.call('POST', '/dashboard/v1/organizations', { name: 'Range test' });
    const path = `/dashboard/v1/organizations/${created.body.organizationId}/imports`;
    expect((await owner.call('GET', `${path}?from=2024-01-01&to=2024-12-31`)).body).toEqual({ data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } });
    for (const [query, message] of [
      ['from=2024-02-30', 'Invalid query parameter: from must be a date (yyyy-mm-dd) or a date-time with a time zone (2026-11-27T09:30:00Z)'],
      ['to=2024-03-10T10:00:00', 'Invalid query parameter: to must be a date (yyyy-mm-dd) or a date-time with a time zone (2026-11-27T09:30:00Z)'],
      ['from=yesterday', 'Invalid query parameter: from must be a date (yyyy-mm-dd) or a date-time with a time zone (2026-11-27T09:30:00Z)'],
      ['from=2024-03-11&to=2024-03-10', 'Invalid query parameter: to must not be before from'],
      ['from=2024-03-10T12:00:00Z&to=2024-03-10T11:59:59.999Z', 'Invalid query parameter: to must not be before from'],
    ]) {
      for (const answer of [await org.api.get(`/api/v1/imports?${query}`), await owner.call('GET', `${path}?${query}`)]) {
        expect([query, answer.status, answer.body]).toEqual([query, 400, { error: { code: 'BAD_REQUEST', message } }]);
      }
    }
  }, 120_000);
});

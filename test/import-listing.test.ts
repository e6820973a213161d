// Import listings with every filter, page by page, while imports are PENDING (listed by their one open
// pointer), finished (their four pointers), and created before open pointers (four pointers from their
// creation): each page is exactly the matching imports, newest first, and each total exact.
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/clients';
import { config } from '../shared/config';
import * as imports from '../shared/data/imports';
import { importPointers, keys } from '../shared/data/table';
import { createImport } from '../shared/imports/create-import';
import type { ImportRecord, ImportStatus } from '../shared/domain/imports';
import { contactsTemplate, newOrganization } from './support/api';

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
    const pending = [await start(), await start()];
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
});

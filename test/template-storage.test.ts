// How a template and an import's snapshot are stored: packed, brotli-compressed JSON (DynamoDB bills by
// item size), while items stored before, plain, read as they did.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/clients';
import { config } from '../shared/config';
import { keys } from '../shared/data/table';
import { itemBytes } from '../shared/observability/capacity';
import { getImportItems } from '../shared/data/imports';
import { createImport } from '../shared/imports/create-import';
import { contactsTemplate, newOrganization } from './support/api';

const rawItem = async (organizationId: string, templateId: string) =>
  (await dynamo().send(new GetCommand({ TableName: config().tableName, Key: keys.template(organizationId, templateId), ConsistentRead: true }))).Item!;

describe('template storage', () => {
  it('stores the columns compressed and answers them as sent', async () => {
    const org = await newOrganization();
    const created = await org.api.post('/api/v1/templates', contactsTemplate());
    const item = await rawItem(org.organizationId, created.body.id);
    expect(item.columns).toBeUndefined();
    expect(item.columnsBr).toBeInstanceOf(Uint8Array);
    expect(itemBytes(item)).toBeLessThan(1024);
    expect((await org.api.get(`/api/v1/templates/${created.body.id}`)).body.columns).toEqual(created.body.columns);
  });

  it('reads, lists and updates a template stored before with plain columns', async () => {
    const org = await newOrganization();
    const created = await org.api.post('/api/v1/templates', contactsTemplate());
    const { columnsBr: _packed, ...legacy } = await rawItem(org.organizationId, created.body.id);
    await dynamo().send(new PutCommand({ TableName: config().tableName, Item: { ...legacy, columns: created.body.columns } }));

    expect((await org.api.get(`/api/v1/templates/${created.body.id}`)).body).toEqual(created.body);
    expect((await org.api.get('/api/v1/templates')).body.data[0].columns).toEqual(created.body.columns);
    const renamed = await org.api.patch(`/api/v1/templates/${created.body.id}`, { name: 'Renamed' });
    expect(renamed.body.columns).toEqual(created.body.columns);

    const columns = [{ key: 'email', name: 'Email', type: 'email', required: true }];
    const patched = await org.api.patch(`/api/v1/templates/${created.body.id}`, { columns });
    expect(patched.body.columns).toMatchObject(columns);
    const item = await rawItem(org.organizationId, created.body.id);
    expect(item.columns).toBeUndefined();
    expect(item.columnsBr).toBeInstanceOf(Uint8Array);
  });

  it('stores an import snapshot packed, and reads one stored before as a plain map', async () => {
    const org = await newOrganization();
    const created = await org.api.post('/api/v1/templates', contactsTemplate());
    const { record } = await createImport(org.organizationId, created.body.id, { fileName: 'a.csv', fileSize: 10, metadata: {}, user: { id: 'u1' } });
    const key = keys.importSnapshot(org.organizationId, record.id);
    const { Item } = await dynamo().send(new GetCommand({ TableName: config().tableName, Key: key, ConsistentRead: true }));
    expect(Object.keys(Item!).sort()).toEqual(['pk', 'sk', 'snapshotBr']);
    const items = await getImportItems(org.organizationId, record.id);
    expect(items!.snapshot.template.columns).toEqual(created.body.columns);
    expect(items!.snapshot.user).toEqual({ id: 'u1', email: null, name: null });

    await dynamo().send(new PutCommand({ TableName: config().tableName, Item: { ...key, ...items!.snapshot } }));
    expect((await getImportItems(org.organizationId, record.id))!.snapshot).toEqual(items!.snapshot);
  });
});

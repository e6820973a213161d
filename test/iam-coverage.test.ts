// Least privilege that still works: every operation of each function runs against DynamoDB Local
// while the DynamoDB actions it needs are recorded; they must all be in what CDK grants the function.
import { invokeHandler } from './support/invoke';
import { handler as templatesHandler } from '../functions/templates/handler';
import { handler as brandingHandler } from '../functions/branding/handler';
import { handler as importsHandler } from '../functions/imports/handler';
import { handler as embedHandler } from '../functions/embed/handler';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '../shared/aws/s3';
import { config } from '../shared/config';
import { objectKeys } from '../shared/data/objects';
import { setTemplateEmbed } from '../shared/data/templates';
import { waitForImport } from './support/imports';
import { runImport } from './support/imports';
import { dynamo } from '../shared/aws/clients';
import { FUNCTION_TABLE_ACCESS } from '../lib/table-access';
import { contactsTemplate, newOrganization } from './support/api';
import type { LambdaApiHandler } from '../shared/http/pipeline';

const RECORDER = 'recordIamActions';
const used = new Set<string>();

const TRANSACT_ACTIONS: Record<string, string> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
};

beforeAll(() => {
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, any>;
      const command = String(context.commandName).replace(/Command$/, '');
      if (command === 'TransactWriteItems') {
        for (const item of input.TransactItems) for (const kind of Object.keys(item)) used.add(TRANSACT_ACTIONS[kind]);
      } else if (command === 'Query') {
        used.add(`Query:${input.IndexName ?? 'table'}`);
      } else {
        used.add(command);
      }
      return next(args);
    },
    { step: 'initialize', name: RECORDER },
  );
});
afterAll(() => {
  dynamo().middlewareStack.remove(RECORDER);
});

const invoke = (handler: LambdaApiHandler, apiKey: string, method: string, url: string, body?: unknown) =>
  invokeHandler(handler, { method, url, apiKey, body });

function granted(group: keyof typeof FUNCTION_TABLE_ACCESS): string[] {
  const access = FUNCTION_TABLE_ACCESS[group];
  // Query in the item list is the base table's.
  return [...access.items.map((action) => (action === 'Query' ? 'Query:table' : action)), ...access.indexes.map((index) => `Query:${index}`)];
}

describe('DynamoDB actions used by each function are granted to it', () => {
  it('templates', async () => {
    const { apiKey } = await newOrganization();
    used.clear(); // only what the handler does counts, not the organization set-up
    const created = JSON.parse((await invoke(templatesHandler, apiKey, 'POST', '/api/v1/templates', contactsTemplate())).body!);
    const path = `/api/v1/templates/${created.id}`;
    expect((await invoke(templatesHandler, apiKey, 'GET', '/api/v1/templates')).statusCode).toBe(200);
    expect((await invoke(templatesHandler, apiKey, 'GET', path)).statusCode).toBe(200);
    expect((await invoke(templatesHandler, apiKey, 'PATCH', path, { name: 'x' })).statusCode).toBe(200);
    expect((await invoke(templatesHandler, apiKey, 'POST', `${path}/duplicate`)).statusCode).toBe(201);
    expect((await invoke(templatesHandler, apiKey, 'DELETE', path)).statusCode).toBe(200);
    // BatchGetItem (granted) only completes a list page whose range was cut short: not on this path.
    expect([...used].sort()).toEqual(['DeleteItem', 'GetItem', 'PutItem', 'Query:gsi1', 'Query:table', 'UpdateItem']);
    for (const action of used) expect(granted('templates')).toContain(action);
  });

  it('imports', async () => {
    const { apiKey, organizationId } = await newOrganization();
    const created = JSON.parse((await invoke(templatesHandler, apiKey, 'POST', '/api/v1/templates', contactsTemplate())).body!);
    const record = await runImport(organizationId, created.id, 'email,age\na@example.com,1\n');
    used.clear();
    for (const url of [
      '/api/v1/imports',
      `/api/v1/imports?templateId=${created.id}&status=COMPLETED`,
      `/api/v1/imports/${record.id}`,
      `/api/v1/imports/${record.id}/rows`,
      `/api/v1/imports/${record.id}/errors`,
    ]) {
      expect((await invoke(importsHandler, apiKey, 'GET', url)).statusCode).toBe(200);
    }
    // The API's import creation, with an Idempotency-Key (claimed, answered, then a failed one let go),
    // and its review link opened and closed.
    const keyed = (body: unknown, key: string) =>
      invokeHandler(importsHandler, { method: 'POST', url: '/api/v1/imports', apiKey, body, headers: { 'idempotency-key': key } });
    const createdImport = await keyed({ templateId: created.id, fileName: 'c.csv', fileSize: 10, review: true }, 'iam-1');
    expect(createdImport.statusCode).toBe(201);
    expect((await keyed({ templateId: 'tpl_unknown', fileName: 'c.csv', fileSize: 10 }, 'iam-2')).statusCode).toBe(404);
    const importId = JSON.parse(createdImport.body!).importId;
    expect((await invoke(importsHandler, apiKey, 'POST', `/api/v1/imports/${importId}/review-link`, {})).statusCode).toBe(201);
    expect((await invoke(importsHandler, apiKey, 'DELETE', `/api/v1/imports/${importId}/review-link`)).statusCode).toBe(200);
    expect(used.size).toBeGreaterThan(0);
    for (const action of used) expect(granted('imports')).toContain(action);
    expect([...used].sort()).toEqual(expect.arrayContaining(['BatchWriteItem', 'DeleteItem', 'PutItem', 'UpdateItem']));
  });

  it('embed', async () => {
    const { apiKey, organizationId } = await newOrganization();
    const created = JSON.parse((await invoke(templatesHandler, apiKey, 'POST', '/api/v1/templates', contactsTemplate())).body!);
    await setTemplateEmbed(organizationId, created.id, { enabled: true, allowedOrigins: ['https://app.example.com'] });
    const content = 'email,age\na@example.com,1\nbad,2\n';
    used.clear();
    const template = `/embed/v1/templates/${created.id}`;
    expect((await invoke(embedHandler, '', 'GET', template)).statusCode).toBe(200);
    expect((await invoke(embedHandler, '', 'OPTIONS', template)).statusCode).toBe(204);
    const start = await invoke(embedHandler, '', 'POST', `${template}/imports`, { fileName: 'c.csv', fileSize: content.length });
    expect(start.statusCode).toBe(201);
    const { importId, token } = JSON.parse(start.body!);
    await s3().send(new PutObjectCommand({ Bucket: config().bucketName, Key: objectKeys.upload(organizationId, importId), Body: content }));
    await waitForImport(organizationId, importId);
    for (const url of [`/embed/v1/imports/${importId}`, `/embed/v1/imports/${importId}/errors`]) {
      expect((await invoke(embedHandler, token, 'GET', url)).statusCode).toBe(200);
    }
    expect((await invoke(embedHandler, '', 'OPTIONS', `/embed/v1/imports/${importId}`)).statusCode).toBe(204);
    expect(used.size).toBeGreaterThan(0);
    for (const action of used) expect(granted('embed')).toContain(action);
  });

  it('branding', async () => {
    const { apiKey } = await newOrganization('starter');
    used.clear();
    expect((await invoke(brandingHandler, apiKey, 'PUT', '/api/v1/organization/branding', { fontSize: 'large' })).statusCode).toBe(200);
    expect((await invoke(brandingHandler, apiKey, 'GET', '/api/v1/organization/branding')).statusCode).toBe(200);
    expect(used.size).toBeGreaterThan(0);
    for (const action of used) expect(granted('branding')).toContain(action);
  });
});

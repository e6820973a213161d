// Cost guard: authentication and rate limiting together are exactly one DynamoDB call per request.
import { invokeHandler } from './support/invoke';
import { handler } from '../functions/templates/handler';
import { dynamo } from '../shared/aws/clients';
import { contactsTemplate, freshWindow, newOrganization } from './support/api';

const COUNTER = 'countDynamoCalls';
let calls: string[] = [];

beforeAll(() => {
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      calls.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name: COUNTER },
  );
});
afterAll(() => {
  dynamo().middlewareStack.remove(COUNTER);
});

async function invoke(method: string, url: string, apiKey: string, body?: unknown) {
  calls = [];
  const res = await invokeHandler(handler, { method, url, apiKey, body });
  return { status: res.statusCode, calls: [...calls] };
}

describe('DynamoDB calls per request', () => {
  it('authenticates and counts in one UpdateItem, then does only the operation itself', async () => {
    await freshWindow(10);
    const { apiKey } = await newOrganization();
    const created = await invoke('POST', '/api/v1/templates', apiKey, contactsTemplate());
    expect(created).toEqual({ status: 201, calls: ['UpdateItemCommand', 'TransactWriteItemsCommand'] });
    const list = await invoke('GET', '/api/v1/templates', apiKey);
    expect(list.status).toBe(200);
    expect(list.calls[0]).toBe('UpdateItemCommand');
    // The organization's count, the page's keys (the listing index), then the page's templates and counters
    // as one range of the organization's partition: no BatchGet of each item.
    expect([...list.calls.slice(1)].sort()).toEqual(['GetItemCommand', 'QueryCommand', 'QueryCommand']);
    // Rejections before the operation cost exactly the one auth call.
    expect(await invoke('GET', '/api/v1/templates/not-an-id', apiKey)).toEqual({ status: 404, calls: ['UpdateItemCommand'] });
    expect(await invoke('POST', '/api/v1/templates', apiKey, {})).toEqual({ status: 400, calls: ['UpdateItemCommand'] });
    expect(await invoke('GET', '/api/v1/templates', 'isk_unknown')).toEqual({ status: 401, calls: ['UpdateItemCommand'] });
  });

  it('a rate-limited request costs the one call and nothing else', async () => {
    await freshWindow(20);
    const { apiKey } = await newOrganization();
    for (let i = 0; i < 30; i++) await invoke('DELETE', '/api/v1/templates/not-an-id', apiKey);
    expect(await invoke('POST', '/api/v1/templates', apiKey, contactsTemplate())).toEqual({
      status: 429,
      calls: ['UpdateItemCommand'],
    });
  });
});

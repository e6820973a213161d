// Authentication and per-key rate limits, through the local gateway and the real table.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { call, client, contactsTemplate, freshWindow, newOrganization } from './support/api';
import { createApiKey, getApiKey, getOrganization, revokeApiKey, updateOrganization } from '../shared/data/organizations';
import { authenticateAndCount } from '../shared/data/rate-limit';
import { hashApiKey } from '../shared/domain/ids';
import { dynamo } from '../shared/aws/clients';
import { config } from '../shared/config';
import { keys } from '../shared/data/table';

const RATE_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

describe('authentication', () => {
  it.each([
    ['no Authorization header', undefined],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['a scheme without a key', 'Bearer'],
    ['an unknown key', 'Bearer isk_unknownunknownunknownunknownunknownunknown0'],
    ['two tokens', 'Bearer a b'],
  ])('answers %s with 401 UNAUTHORIZED in the error shape, without rate-limit headers', async (_case, authorization) => {
    const res = await call('GET', '/api/v1/templates', { headers: authorization ? { authorization } : {} });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Invalid or missing API key' } });
    expect(res.headers.get('x-request-id')).toBeTruthy();
    for (const header of RATE_HEADERS) expect(res.headers.get(header)).toBeNull();
  });

  it('accepts the scheme word in any case', async () => {
    const { apiKey } = await newOrganization();
    const res = await call('GET', '/api/v1/templates', { headers: { authorization: `bEaReR ${apiKey}` } });
    expect(res.status).toBe(200);
  });

  it('rejects a revoked key from the very next request, while other keys keep working', async () => {
    const { apiKey, keyId, organizationId } = await newOrganization();
    const second = await createApiKey((await getOrganization(organizationId))!);
    expect((await client(apiKey).get('/api/v1/templates')).status).toBe(200);
    await revokeApiKey((await getApiKey(keyId))!);
    const res = await client(apiKey).get('/api/v1/templates');
    expect(res.status).toBe(401);
    expect((await client(second.apiKey).get('/api/v1/templates')).status).toBe(200);
  });

  it('a plan change reaches the auth item of every key at once', async () => {
    const { apiKey, organizationId } = await newOrganization('free');
    const second = await createApiKey((await getOrganization(organizationId))!);
    await updateOrganization(organizationId, { plan: 'pro' });
    for (const key of [apiKey, second.apiKey]) {
      const { principal } = await authenticateAndCount(hashApiKey(key), 'read');
      expect(principal).toMatchObject({ organizationId, plan: 'pro' });
    }
  });
});

describe('rate limits', () => {
  it('puts the three headers on every authenticated response, for the bucket counted', async () => {
    await freshWindow(10);
    const { api } = await newOrganization();
    const ok = await api.get('/api/v1/templates');
    const notFound = await api.get('/api/v1/templates/tpl_00000000000000000000000000');
    const invalid = await api.post('/api/v1/templates', {});
    for (const res of [ok, notFound, invalid]) {
      for (const header of RATE_HEADERS) expect(res.headers.get(header)).toMatch(/^\d+$/);
    }
    expect(ok.headers.get('x-ratelimit-limit')).toBe('100');
    expect(ok.headers.get('x-ratelimit-remaining')).toBe('99');
    expect(notFound.headers.get('x-ratelimit-remaining')).toBe('98');
    expect(invalid.headers.get('x-ratelimit-limit')).toBe('30');
    expect(invalid.headers.get('x-ratelimit-remaining')).toBe('29');
    const reset = Number(ok.headers.get('x-ratelimit-reset'));
    expect(reset % 60).toBe(0);
    expect(reset).toBeGreaterThan(Date.now() / 1000);
    expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 60);
  });

  it('answers the 31st write of a window with 429 and Retry-After, and that write changes nothing', async () => {
    await freshWindow(25);
    const { api } = await newOrganization();
    const remaining: string[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await api.delete('/api/v1/templates/tpl_00000000000000000000000000');
      expect(res.status).toBe(404);
      remaining.push(res.headers.get('x-ratelimit-remaining')!);
    }
    expect(remaining).toEqual(Array.from({ length: 30 }, (_, i) => String(29 - i)));
    const limited = await api.post('/api/v1/templates', contactsTemplate());
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: { code: 'RATE_LIMIT_EXCEEDED', message: 'Rate limit of 30 write requests per minute exceeded' },
    });
    expect(limited.headers.get('x-ratelimit-limit')).toBe('30');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(Number(limited.headers.get('x-ratelimit-reset')) - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(retryAfter);
    // PUT and PATCH count as writes too; reads are counted apart.
    expect((await api.patch('/api/v1/templates/tpl_00000000000000000000000000', { name: 'x' })).status).toBe(429);
    const read = await api.get('/api/v1/templates');
    expect(read.status).toBe(200);
    expect(read.headers.get('x-ratelimit-limit')).toBe('100');
    expect(read.headers.get('x-ratelimit-remaining')).toBe('99');
    expect(read.body.pagination.total).toBe(0);
  });

  it('answers the 101st read of a window with 429; writes stay available', async () => {
    await freshWindow(25);
    const { api } = await newOrganization();
    for (let i = 0; i < 100; i++) expect((await api.get('/api/v1/templates')).status).toBe(200);
    const limited = await api.get('/api/v1/templates');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('100');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    const write = await api.post('/api/v1/templates', contactsTemplate());
    expect(write.status).toBe(201);
    expect(write.headers.get('x-ratelimit-remaining')).toBe('29');
  });

  it('counts per key: a second key of the same organization has its own windows', async () => {
    await freshWindow(10);
    const { api, organizationId } = await newOrganization();
    await api.get('/api/v1/templates');
    const second = await createApiKey((await getOrganization(organizationId))!);
    const res = await client(second.apiKey).get('/api/v1/templates');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('99');
  });

  it('starts a new window at the next minute and removes old counters from the key item', async () => {
    const { apiKey } = await newOrganization();
    const keyHash = hashApiKey(apiKey);
    const minute = 60_000;
    const start = Math.floor(Date.now() / minute) * minute - 180 * minute;
    for (let i = 0; i < 30; i++) await authenticateAndCount(keyHash, 'write', start);
    await expect(authenticateAndCount(keyHash, 'write', start + 1000)).rejects.toMatchObject({ status: 429 });
    const next = await authenticateAndCount(keyHash, 'write', start + minute);
    expect(next.rateLimit.remaining).toBe(29);
    // Two hours later: the old counters are beyond the swept range and get pruned.
    await authenticateAndCount(keyHash, 'write', start + 121 * minute);
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: config().tableName, Key: keys.apiKeyByHash(keyHash), ConsistentRead: true }),
    );
    const counters = Object.keys(Item!).filter((name) => name.startsWith('rl_'));
    expect(counters).toEqual([`rl_w_${Math.floor((start + 121 * minute) / minute)}`]);
  });
});

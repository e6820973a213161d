// The HTTP pipeline: body parsing, error shape, unknown routes, request ids, and failures never
// leaking internals. Requests go through the gateway; faults are injected in-process.
import { call, newOrganization } from './support/api';
import { invokeHandler } from './support/invoke';
import { handler } from '../functions/templates/handler';
import { dynamo } from '../shared/aws/clients';

describe('request bodies', () => {
  it('rejects malformed JSON with 400 BAD_REQUEST', async () => {
    const { apiKey } = await newOrganization();
    const res = await call('POST', '/api/v1/templates', {
      key: apiKey,
      rawBody: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'BAD_REQUEST', message: 'Malformed JSON body' } });
    expect(res.headers.get('x-ratelimit-remaining')).toBe('29');
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/jsonp'])(
    'rejects a body sent as %s with 400 BAD_REQUEST',
    async (contentType) => {
      const { apiKey } = await newOrganization();
      const res = await call('POST', '/api/v1/templates', {
        key: apiKey,
        rawBody: '{"name":"x"}',
        headers: { 'content-type': contentType },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { code: 'BAD_REQUEST', message: 'Content-Type must be application/json' } });
    },
  );

  it('accepts application/json with a charset', async () => {
    const { apiKey } = await newOrganization();
    const res = await call('POST', '/api/v1/templates', {
      key: apiKey,
      rawBody: JSON.stringify({ name: 'x', columns: [{ key: 'a', name: 'A', type: 'string' }] }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.status).toBe(201);
  });

  it('rejects a body over 256 KiB with 400 BAD_REQUEST and creates nothing', async () => {
    const { api, apiKey } = await newOrganization();
    const res = await call('POST', '/api/v1/templates', {
      key: apiKey,
      body: { name: 'x', description: 'd'.repeat(256 * 1024), columns: [{ key: 'a', name: 'A', type: 'string' }] },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'BAD_REQUEST', message: 'Request body must not exceed 256 KiB' } });
    expect((await api.get('/api/v1/templates')).body.pagination.total).toBe(0);
  });

  it('treats a missing body on create as an empty object', async () => {
    const { api } = await newOrganization();
    const res = await api.post('/api/v1/templates');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Validation error: name is required');
  });
});

describe('routing', () => {
  it.each([
    ['GET', '/'],
    ['GET', '/api/v1/nothing'],
    ['PUT', '/api/v1/templates'],
    ['GET', '/api/v2/templates'],
    ['POST', '/api/v1/templates/tpl_00000000000000000000000000/copy'],
  ])('answers %s %s with 404 NOT_FOUND in the error shape', async (method, path) => {
    const res = await call(method, path);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Route not found' } });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('unexpected failures', () => {
  const failingStep = 'injectFailure';
  afterEach(() => {
    dynamo().middlewareStack.remove(failingStep);
  });

  it('answers 500 INTERNAL_ERROR without internals when the database fails', async () => {
    const { apiKey } = await newOrganization();
    dynamo().middlewareStack.add(
      () => async () => {
        throw new Error('ProvisionedThroughputExceededException: secret table arn:aws:dynamodb:...');
      },
      { step: 'initialize', name: failingStep },
    );
    const errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await invokeHandler(handler, {
      method: 'GET',
      url: '/api/v1/templates',
      apiKey,
      requestId: 'req-fault-1',
    });
    errorLog.mockRestore();
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body!)).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } });
    expect(res.headers!['X-Request-Id']).toBe('req-fault-1');
  });
});

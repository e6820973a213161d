// What the service logs: JSON lines with service, stage, cold-start flag and correlation ids, errors with
// their stack, and never a secret. The flows that touch every secret (API keys and Authorization
// headers, webhook secrets and signatures, embed status tokens, presigned upload URLs, a dashboard
// access token) run in this process at LOG_LEVEL=DEBUG, on the suite's own pipeline (the real processor
// and webhook worker), and everything written to stdout, stderr and the metrics file is searched for
// them. Passwords and tokens of the local OpenID Connect provider are searched for in the output of the
// local stack that served the sign-up, the sign-in and the dashboard requests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { handler as processor } from '../functions/import-processor/handler';
import { handler as webhookWorker } from '../functions/webhook-worker/handler';
import { handler as templatesHandler } from '../functions/templates/handler';
import { handler as embedHandler } from '../functions/embed/handler';
import { handler as dashboardHandler } from '../functions/dashboard/handler';
import { createJwtAuthorizer } from '../scripts/local/jwt-authorizer';
import { readLocalStackState } from '../scripts/local/state';
import { signInWithCode } from './support/identity';
import * as clients from '../shared/aws/clients';
import { buildApiEvent, lambdaContext } from '../scripts/local/gateway';
import { getImportRecord } from '../shared/data/imports';
import { createOrganization, updateOrganization } from '../shared/data/organizations';
import { setTemplateEmbed } from '../shared/data/templates';
import { newApiKey, newWebhookSecret } from '../shared/domain/ids';
import { flushMetrics } from '../shared/observability/metrics';
import { faultInjector, organizationWithTemplate, startOwnPipeline } from './support/own-pipeline';
import { startReceiver } from './support/receiver';

jest.setTimeout(120_000);

let pipeline: Awaited<ReturnType<typeof startOwnPipeline>>;
const written: string[] = [];
const restores: (() => void)[] = [];
const faults = faultInjector();

beforeAll(async () => {
  process.env.LOG_LEVEL = 'DEBUG';
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write;
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = Buffer.from(chunk).toString('utf8');
      written.push(text);
      // The service's JSON lines are read here, not shown.
      if (text.startsWith('{"level"')) return true;
      return (original as (...args: unknown[]) => boolean).call(stream, chunk, ...rest);
    }) as typeof stream.write;
    restores.push(() => (stream.write = original));
  }
  pipeline = await startOwnPipeline({ processor, webhookWorker });
});
afterAll(async () => {
  await pipeline?.stop();
  restores.forEach((restore) => restore());
});
afterEach(faults.removeAll);

async function invoke(
  handler: (event: any, context: any) => Promise<any>,
  request: { method: string; url: string; headers?: Record<string, string>; body?: unknown; requestId: string; authorizer?: unknown },
) {
  const body = request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body));
  const { event } = buildApiEvent(
    { method: request.method, url: request.url, headers: { 'content-type': 'application/json', ...request.headers }, body, sourceIp: '198.51.100.7' },
    request.requestId,
  );
  if (request.authorizer) (event.requestContext as { authorizer?: unknown }).authorizer = request.authorizer;
  const response = await handler(event, lambdaContext('test', request.requestId));
  return { status: response.statusCode as number, body: response.body ? JSON.parse(response.body) : undefined };
}

async function settled(organizationId: string, importId: string) {
  for (let waited = 0; waited < 60_000; waited += 100) {
    const record = await getImportRecord(organizationId, importId);
    if (record?.webhookStatus === 'DELIVERED') return record;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`webhook of ${importId} never delivered`);
}

it('logs JSON with correlation ids and error stacks, and no API key, Authorization header, webhook secret, status token or URL signature', async () => {
  const secrets: Record<string, string> = {};

  // API keys and Authorization headers: a read, a write, an unknown key and an unhandled error.
  const { organizationId: apiOrg, apiKey } = await createOrganization('Logging', 'free');
  secrets.apiKey = apiKey;
  const auth = { authorization: `Bearer ${apiKey}` };
  const created = await invoke(templatesHandler, {
    method: 'POST',
    url: '/api/v1/templates',
    headers: auth,
    body: { name: 'Contacts', columns: [{ key: 'email', name: 'Email', type: 'email', required: true }] },
    requestId: 'req-log-create',
  });
  expect(created.status).toBe(201);
  expect((await invoke(templatesHandler, { method: 'GET', url: `/api/v1/templates/${created.body.id}`, headers: auth, requestId: 'req-log-get' })).status).toBe(200);
  secrets.unknownKey = newApiKey();
  expect((await invoke(templatesHandler, { method: 'GET', url: '/api/v1/templates', headers: { authorization: `Bearer ${secrets.unknownKey}` }, requestId: 'req-log-401' })).status).toBe(401);
  faults.inject(clients.dynamo(), 'failQuery', (next, context) => async (args) => {
    if (context.commandName === 'QueryCommand') throw new Error('injected: query failed');
    return next(args);
  });
  expect((await invoke(templatesHandler, { method: 'GET', url: '/api/v1/templates', headers: auth, requestId: 'req-log-500' })).status).toBe(500);
  faults.removeAll();

  // Embed: the status token and the presigned upload URL (its signature), a wrong token.
  await setTemplateEmbed(apiOrg, created.body.id, { enabled: true, allowedOrigins: null });
  const started = await invoke(embedHandler, {
    method: 'POST',
    url: `/embed/v1/templates/${created.body.id}/imports`,
    body: { fileName: 'contacts.csv', fileSize: 40, contentType: 'text/csv' },
    requestId: 'req-log-embed',
  });
  expect(started.status).toBe(201);
  secrets.token = started.body.token;
  secrets.uploadSignature = new URL(started.body.upload.url).searchParams.get('X-Amz-Signature')!;
  expect(secrets.uploadSignature).toMatch(/^[0-9a-f]{64}$/);
  const status = await invoke(embedHandler, {
    method: 'GET',
    url: `/embed/v1/imports/${started.body.importId}`,
    headers: { authorization: `Bearer ${secrets.token}` },
    requestId: 'req-log-status',
  });
  expect(status.status).toBe(200);
  secrets.wrongToken = `ist_${'A'.repeat(43)}`;
  expect((await invoke(embedHandler, { method: 'GET', url: `/embed/v1/imports/${started.body.importId}`, headers: { authorization: `Bearer ${secrets.wrongToken}` }, requestId: 'req-log-bad-token' })).status).toBe(401);

  // Webhooks: a signed delivery that fails once, then succeeds (the retry schedule is seconds in tests).
  const hook = await startReceiver([500], 204);
  try {
    const { organizationId, templateId } = await organizationWithTemplate();
    secrets.webhookSecret = newWebhookSecret();
    await updateOrganization(organizationId, { webhookUrl: hook.url, webhookSecret: secrets.webhookSecret });
    const record = await pipeline.runImport(organizationId, templateId, 'email,age\na@example.com,1\nnot-an-email,2\n');
    await settled(organizationId, record.id);
    expect(hook.received.length).toBe(2);
    secrets.signature = String(hook.received[1].headers['x-service-signature']);
    secrets.standardSignature = String(hook.received[1].headers['webhook-signature']).split(',')[1];
    secrets.webhookSecretKey = secrets.webhookSecret.replace(/^whsec_/, '');

    flushMetrics(true);
    const logged = written.join('') + readFileSync(process.env.METRICS_FILE!, 'utf8');
    const lines = written.join('').split('\n').filter((line) => line.startsWith('{"level"'));

    // The lines are there to be searched: JSON with the fields the runbooks query.
    const byMessage = (message: string) => lines.map((line) => JSON.parse(line)).filter((entry) => entry.message === message);
    const unhandled = byMessage('Unhandled error');
    expect(unhandled).toHaveLength(1);
    expect(unhandled[0]).toMatchObject({ level: 'ERROR', service: 'import-service', stage: 'local', function: 'templates', requestId: 'req-log-500' });
    expect(unhandled[0].error.stack).toContain('injected: query failed');
    expect(byMessage('Work done').some((entry) => entry.requestId === 'req-log-status' && entry.function === 'embed')).toBe(true);
    expect(byMessage('Import finished').find((entry) => entry.importId === record.id)).toMatchObject({ status: 'COMPLETED', totalRows: 2, messageId: expect.any(String) });
    const attempts = byMessage('Webhook attempt').filter((entry) => entry.importId === record.id);
    expect(attempts.map((entry) => entry.outcome)).toEqual(['RETRYING', 'DELIVERED']);
    expect(attempts[0].deliveryId).toBe(`msg_${record.id}_1`);
    expect(lines.every((line) => typeof JSON.parse(line).cold_start === 'boolean')).toBe(true);

    for (const [name, secret] of Object.entries(secrets)) {
      expect({ name, found: logged.includes(secret) }).toEqual({ name, found: false });
    }
    expect(logged.toLowerCase()).not.toContain('bearer ');
  } finally {
    await hook.stop();
  }
});

it('logs no password and no token of the local OpenID Connect provider, nor a key or webhook secret the dashboard shows once', async () => {
  const baseUrl = process.env.TEST_BASE_URL!;
  const state = readLocalStackState(process.env.TEST_DATA_DIR!)!;
  const email = `logging-${randomUUID()}@example.com`;
  const password = `pw-${randomUUID()}`;
  const wrongPassword = `wrong-${randomUUID()}`;
  // Sign-up and sign-in through the stack's forms, and a failed sign-in.
  const tokens = await signInWithCode(baseUrl, { email, password, signUp: true });
  await signInWithCode(baseUrl, { email, password, signUp: false });
  await expect(signInWithCode(baseUrl, { email, password: wrongPassword, signUp: false })).rejects.toThrow(/401/);
  const secrets: Record<string, string> = { password, wrongPassword, accessToken: tokens.access_token, idToken: tokens.id_token, refreshToken: tokens.refresh_token! };
  // The gateway's authorizer and the dashboard function, over HTTP: a good token and a refused one.
  expect((await fetch(`${baseUrl}/dashboard/v1/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(200);
  expect((await fetch(`${baseUrl}/dashboard/v1/me`, { headers: { authorization: `Bearer ${tokens.access_token}x` } })).status).toBe(401);

  // The dashboard function in this process at DEBUG, with the claims the authorizer hands over.
  const authorized = await createJwtAuthorizer({ issuer: state.issuer, audience: [state.dashboardClientId] })(`Bearer ${tokens.access_token}`);
  if (!authorized.authorized) throw new Error(authorized.wwwAuthenticate);
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  const me = await invoke(dashboardHandler, { method: 'GET', url: '/dashboard/v1/me', headers, requestId: 'req-log-me', authorizer: authorized.context });
  expect(me.status).toBe(200);
  const created = await invoke(dashboardHandler, {
    method: 'POST',
    url: '/dashboard/v1/organizations',
    headers,
    body: { name: 'Logged Inc' },
    requestId: 'req-log-org',
    authorizer: authorized.context,
  });
  expect(created.status).toBe(201);
  // The secrets the dashboard shows once: an API key, the first webhook secret, a rotated one.
  const org = `/dashboard/v1/organizations/${created.body.organizationId}`;
  const asOwner = (method: string, url: string, body?: unknown, requestId = `req-log-${randomUUID()}`) =>
    invoke(dashboardHandler, { method, url, headers, body, requestId, authorizer: authorized.context });
  const key = await asOwner('POST', `${org}/api-keys`, { name: 'Logged key' });
  const webhook = await asOwner('PATCH', org, { webhookUrl: 'http://127.0.0.1:9/hooks' });
  const rotated = await asOwner('POST', `${org}/webhook/secret`);
  Object.assign(secrets, { apiKey: key.body.apiKey, webhookSecret: webhook.body.webhookSecret, rotatedSecret: rotated.body.webhookSecret });
  expect(Object.values(secrets).every((secret) => typeof secret === 'string' && secret.length > 16)).toBe(true);

  // The stack's output reaches its log file through this run's global setup: give the last lines a moment.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const stackLog = readFileSync(join(__dirname, '..', 'test-results', 'logs', 'local-stack.log'), 'utf8');
  const logged = written.join('') + stackLog;
  expect(written.join('')).toContain('req-log-me');
  for (const [name, secret] of Object.entries(secrets)) {
    expect({ name, found: logged.includes(secret) }).toEqual({ name, found: false });
  }
});

// The acceptance, as a new user would do it with curl and `importctl user token` only: an
// organization, an API key that works on /api/v1, the webhook URL, a signed test event at a local
// receiver, a viewer invited who accepts and cannot create keys, and the audit log of every step.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { importctl } from './support/importctl';
import { baseUrl } from './support/api';
import { startReceiver } from './support/receiver';

jest.setTimeout(120_000);

async function curl(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function signUp(email: string): Promise<string> {
  const created = await importctl(['user', 'create', '--email', email, '--password', 'correct horse battery staple']);
  expect(created.code).toBe(0);
  const token = await importctl(['user', 'token', '--email', email]);
  expect(token.code).toBe(0);
  expect(token.json).toEqual({ accessToken: expect.any(String), expiresAt: expect.any(String) });
  return token.json.accessToken;
}

test('an owner sets up an organization without importctl, and a viewer they invite can only look', async () => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const ownerEmail = `owner-${suffix}@example.test`;
  const owner = await signUp(ownerEmail);

  const organization = await curl(owner, 'POST', '/dashboard/v1/organizations', { name: 'Acme Imports' });
  expect(organization).toMatchObject({ status: 201, body: { name: 'Acme Imports', role: 'owner', plan: 'free' } });
  const base = `/dashboard/v1/organizations/${organization.body.organizationId}`;

  const key = await curl(owner, 'POST', `${base}/api-keys`, { name: 'Production' });
  expect(key).toMatchObject({ status: 201, body: { name: 'Production', apiKey: expect.stringMatching(/^isk_/) } });
  const templates = await fetch(`${baseUrl()}/api/v1/templates`, { headers: { authorization: `Bearer ${key.body.apiKey}` } });
  expect(templates.status).toBe(200);
  // The two credentials never cross: the key is no token, the token no key.
  expect((await curl(key.body.apiKey, 'GET', '/dashboard/v1/me')).status).toBe(401);
  expect((await curl(owner, 'GET', '/api/v1/templates')).body.error.code).toBe('UNAUTHORIZED');

  const receiver = await startReceiver([]);
  try {
    const webhook = await curl(owner, 'PATCH', base, { webhookUrl: receiver.url });
    expect(webhook).toMatchObject({ status: 200, body: { webhookUrl: receiver.url, webhookSecretSet: true, webhookSecret: expect.stringMatching(/^whsec_/) } });
    expect((await curl(owner, 'GET', base)).body).not.toHaveProperty('webhookSecret');

    const sent = await curl(owner, 'POST', `${base}/webhook/test`);
    expect(sent).toMatchObject({ status: 200, body: { delivered: true, statusCode: 200 } });
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const event = new Webhook(webhook.body.webhookSecret).verify(request.body.toString('utf8'), request.headers as Record<string, string>);
    expect(event).toMatchObject({ event: 'webhook.test', organizationId: organization.body.organizationId });
  } finally {
    await receiver.stop();
  }

  const viewerEmail = `viewer-${suffix}@example.test`;
  const invitation = await curl(owner, 'POST', `${base}/invitations`, { email: viewerEmail, role: 'viewer' });
  expect(invitation).toMatchObject({ status: 201, body: { delivery: 'outbox' } });
  const mail = JSON.parse(readFileSync(join(process.env.TEST_DATA_DIR!, 'outbox', `${invitation.body.invitationId}.json`), 'utf8'));
  expect(mail).toMatchObject({ to: viewerEmail, acceptUrl: invitation.body.acceptUrl });
  expect(mail.text).toContain(invitation.body.acceptUrl);

  const viewer = await signUp(viewerEmail);
  const accepted = await curl(viewer, 'POST', `/dashboard/v1/invitations/${invitation.body.invitationId}/accept`);
  expect(accepted).toMatchObject({ status: 200, body: { role: 'viewer', name: 'Acme Imports' } });
  const refused = await curl(viewer, 'POST', `${base}/api-keys`, { name: 'Mine' });
  expect(refused).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
  expect((await curl(viewer, 'GET', `${base}/api-keys`)).body.data).toEqual([
    expect.objectContaining({ name: 'Production', prefix: key.body.apiKey.slice(0, 12), createdBy: { id: expect.any(String), email: ownerEmail } }),
  ]);

  const log = await curl(viewer, 'GET', `${base}/audit-log`);
  expect(log.status).toBe(200);
  const steps = log.body.data.map((entry: { action: string; actor: { email: string } }) => [entry.action, entry.actor.email]).reverse();
  expect(steps).toEqual([
    ['organization.created', ownerEmail],
    ['api_key.created', ownerEmail],
    ['organization.updated', ownerEmail],
    ['webhook.test_sent', ownerEmail],
    ['invitation.created', ownerEmail],
    ['invitation.accepted', viewerEmail],
  ]);
  expect(JSON.stringify(log.body)).not.toMatch(/whsec_|isk_/);
});

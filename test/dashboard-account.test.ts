// The account's bookkeeping: per-person rate limits with their headers, and the audit log of changes
// made with importctl (the operator), never holding a secret.
import { countUserRequest } from '../shared/data/users';
import { auditPage } from '../shared/data/audit-log';
import { USER_RATE_LIMITS } from '../shared/domain/rate-limits';
import { signedUpUser } from './support/dashboard';
import { freshWindow } from './support/api';
import { importctl } from './support/importctl';

jest.setTimeout(120_000);

test('a person has 600 reads and 120 writes a minute across organizations, with the X-RateLimit headers', async () => {
  await freshWindow(15);
  const person = await signedUpUser('busy');
  const first = await person.call('GET', '/dashboard/v1/me');
  expect(first.headers['x-ratelimit-limit']).toBe(String(USER_RATE_LIMITS.read));
  expect(Number(first.headers['x-ratelimit-remaining'])).toBe(USER_RATE_LIMITS.read - 1);
  for (let i = 1; i < USER_RATE_LIMITS.write; i++) await countUserRequest(person, 'write');
  const created = await person.call('POST', '/dashboard/v1/organizations', { name: 'Last one' });
  expect(created.status).toBe(201);
  expect(created.headers['x-ratelimit-remaining']).toBe('0');
  const refused = await person.call('POST', '/dashboard/v1/organizations', { name: 'One too many' });
  expect(refused).toMatchObject({ status: 429, body: { error: { code: 'RATE_LIMIT_EXCEEDED' } } });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect((await person.call('GET', '/dashboard/v1/me')).body.memberships).toHaveLength(1);
});

test("importctl's changes are in the organization's audit log, by the operator, without secrets", async () => {
  const created = await importctl(['org', 'create', '--name', 'Operated Ltd', '--plan', 'starter']);
  expect(created.code).toBe(0);
  const id = created.json.organizationId;
  expect((await importctl(['org', 'update', '--org', id, '--webhook-url', 'http://127.0.0.1:9/hook'])).code).toBe(0);
  const key = await importctl(['key', 'create', '--org', id]);
  expect((await importctl(['key', 'revoke', '--key-id', key.json.keyId])).code).toBe(0);
  const { entries, total } = await auditPage(id, { page: 1, limit: 20 });
  expect(total).toBe(5);
  expect(entries.map((entry) => [entry.action, entry.actor])).toEqual([
    ['api_key.revoked', { id: 'importctl', email: null }],
    ['api_key.created', { id: 'importctl', email: null }],
    ['organization.updated', { id: 'importctl', email: null }],
    ['api_key.created', { id: 'importctl', email: null }],
    ['organization.created', { id: 'importctl', email: null }],
  ]);
  expect(entries[2].details).toEqual({ webhookUrl: 'http://127.0.0.1:9/hook', signingKeyChanged: true });
  expect(JSON.stringify(entries)).not.toMatch(/whsec_|isk_/);
  // Pages are exact, newest first.
  const second = await auditPage(id, { page: 2, limit: 2 });
  expect(second.entries.map((entry) => entry.action)).toEqual(['organization.updated', 'api_key.created']);
});

test('an organization made with importctl gets its first owner through an operator invitation', async () => {
  const created = await importctl(['org', 'create', '--name', 'Legacy Co']);
  const id = created.json.organizationId;
  const owner = await signedUpUser('legacy-owner');
  expect((await owner.call('GET', `/dashboard/v1/organizations/${id}`)).status).toBe(404);
  const invited = await importctl(['org', 'invite', '--org', id, '--email', owner.email.toUpperCase()]);
  expect(invited.code).toBe(0);
  expect(invited.json).toMatchObject({ email: owner.email, role: 'owner', invitedBy: { id: 'importctl', email: null }, delivery: 'outbox' });
  expect((await importctl(['org', 'invite', '--org', id, '--email', 'x@example.test', '--role', 'boss'])).stderr).toMatch(/--role must be one of/);
  const accepted = await owner.call('POST', `/dashboard/v1/invitations/${invited.json.invitationId}/accept`);
  expect(accepted.body).toMatchObject({ organizationId: id, name: 'Legacy Co', role: 'owner' });
  // The key importctl made is listed, made by the operator.
  expect((await owner.call('GET', `/dashboard/v1/organizations/${id}/api-keys`)).body.data).toEqual([
    expect.objectContaining({ keyId: created.json.keyId, createdBy: null }),
  ]);
  const again = await importctl(['org', 'invite', '--org', id, '--email', owner.email]);
  expect(again.stderr).toMatch(/already a member/);
});

// The role matrix of the dashboard API: every organization route, called by an owner, an admin, a
// developer, a viewer and a signed-in person who is not a member, answers the status docs/dashboard-api.md
// documents. Routes that change or remove something get a fresh target for every caller. Everyone signs
// up with the local provider and calls through the gateway with their access token.
import { DASHBOARD_ROUTES } from '../shared/http/dashboard-routes';
import { routeKey } from '../shared/http/routes';
import { signedUpUser, testUser, type TestUser } from './support/dashboard';
import { runImport, csv } from './support/imports';
import { ROLES, type Role } from '../shared/domain/roles';

jest.setTimeout(120_000);

type Caller = Role | 'nonMember';
const CALLERS: Caller[] = [...ROLES, 'nonMember'];

const template = { name: 'People', columns: [{ key: 'email', name: 'Email', type: 'email', required: true }] };

let owner: TestUser;
const people = {} as Record<Caller, TestUser>;
let orgId: string;
let base: string;
let templateId: string;
let importId: string;

async function join(role: Role): Promise<TestUser> {
  const person = await signedUpUser(role);
  const invited = await owner.call('POST', `${base}/invitations`, { email: person.email, role });
  expect(invited.status).toBe(201);
  const accepted = await person.call('POST', `/dashboard/v1/invitations/${invited.body.invitationId}/accept`);
  expect(accepted.status).toBe(200);
  return person;
}

beforeAll(async () => {
  owner = await signedUpUser('owner');
  const created = await owner.call('POST', '/dashboard/v1/organizations', { name: 'Matrix Ltd' });
  expect(created.status).toBe(201);
  orgId = created.body.organizationId;
  base = `/dashboard/v1/organizations/${orgId}`;
  people.owner = owner;
  for (const role of ['admin', 'developer', 'viewer'] as const) people[role] = await join(role);
  people.nonMember = await signedUpUser('stranger');
  const tpl = await owner.call('POST', `${base}/templates`, template);
  expect(tpl.status).toBe(201);
  templateId = tpl.body.id;
  const record = await runImport(orgId, templateId, csv(['Email'], [['a@example.com'], ['b@example.com']]));
  importId = record.id;
});

interface Case {
  method: string;
  path: string;
  /** Status for owner, admin, developer, viewer; a non-member always gets 404. */
  expect: [number, number, number, number];
  body?: () => unknown;
  /** A fresh target for each caller (the route changes or removes it): returns the path. */
  fresh?: () => Promise<string>;
  name?: string;
}

const newTemplate = async () => (await owner.call('POST', `${base}/templates`, template)).body.id as string;
const newKey = async () => (await owner.call('POST', `${base}/api-keys`, { name: 'k' })).body.keyId as string;
const newViewer = async () => (await join('viewer')).userId;
const newInvitation = async () =>
  (await owner.call('POST', `${base}/invitations`, { email: `later-${Math.random()}@example.test`, role: 'viewer' })).body.invitationId as string;

const CASES: Case[] = [
  { method: 'GET', path: '', expect: [200, 200, 200, 200] },
  { method: 'PATCH', path: '', expect: [200, 200, 200, 403], body: () => ({ webhookUrl: null }), name: 'webhook URL' },
  { method: 'PATCH', path: '', expect: [200, 200, 403, 403], body: () => ({ name: 'Matrix Ltd' }), name: 'rename' },
  // No webhook URL: rotation works (the secret is kept for a URL to come), the test event has nowhere to go.
  { method: 'POST', path: '/webhook/secret', expect: [200, 200, 200, 403] },
  { method: 'POST', path: '/webhook/test', expect: [409, 409, 409, 403] },
  { method: 'GET', path: '/templates', expect: [200, 200, 200, 200] },
  { method: 'POST', path: '/templates', expect: [201, 201, 201, 403], body: () => template },
  { method: 'GET', path: '/templates/{id}', expect: [200, 200, 200, 200] },
  { method: 'PATCH', path: '/templates/{id}', expect: [200, 200, 200, 403], body: () => ({ name: 'People' }) },
  { method: 'POST', path: '/templates/{id}/duplicate', expect: [201, 201, 201, 403] },
  // The template has no validation hook: the test batch is refused for what it is, after the role check.
  { method: 'POST', path: '/templates/{id}/hook-test', expect: [409, 409, 409, 403], body: () => ({ rows: [{ values: {} }] }) },
  { method: 'DELETE', path: '/templates/{id}', expect: [200, 200, 200, 403], fresh: async () => `/templates/${await newTemplate()}` },
  { method: 'GET', path: '/templates/{id}/embed', expect: [200, 200, 200, 200] },
  { method: 'PUT', path: '/templates/{id}/embed', expect: [200, 200, 200, 403], body: () => ({ enabled: true, allowedOrigins: ['https://app.example.com'] }) },
  { method: 'GET', path: '/imports', expect: [200, 200, 200, 200] },
  { method: 'GET', path: '/imports/{id}', expect: [200, 200, 200, 200] },
  { method: 'GET', path: '/imports/{id}/rows', expect: [200, 200, 200, 200] },
  { method: 'GET', path: '/imports/{id}/errors', expect: [200, 200, 200, 200] },
  { method: 'GET', path: '/imports/{id}/corrections', expect: [200, 200, 200, 200] },
  { method: 'GET', path: '/imports/{id}/webhook-attempts', expect: [200, 200, 200, 200] },
  { method: 'GET', path: '/imports/{id}/hook-calls', expect: [200, 200, 200, 200] },
  // The organization has no webhook URL: the resend is refused for what it is, after the role check.
  { method: 'POST', path: '/imports/{id}/webhook/resend', expect: [400, 400, 400, 403] },
  { method: 'GET', path: '/branding', expect: [200, 200, 200, 200] },
  { method: 'PUT', path: '/branding', expect: [200, 200, 403, 403], body: () => ({ primaryColor: '#112233' }) },
  { method: 'GET', path: '/api-keys', expect: [200, 200, 200, 200] },
  { method: 'POST', path: '/api-keys', expect: [201, 201, 201, 403], body: () => ({ name: 'CI' }) },
  { method: 'DELETE', path: '/api-keys/{keyId}', expect: [200, 200, 200, 403], fresh: async () => `/api-keys/${await newKey()}` },
  { method: 'GET', path: '/members', expect: [200, 200, 200, 200] },
  { method: 'POST', path: '/invitations', expect: [201, 201, 403, 403], body: () => ({ email: `new-${Math.random()}@example.test`, role: 'viewer' }) },
  { method: 'POST', path: '/invitations', expect: [201, 403, 403, 403], body: () => ({ email: `boss-${Math.random()}@example.test`, role: 'owner' }), name: 'an owner' },
  { method: 'DELETE', path: '/invitations/{invitationId}', expect: [200, 200, 403, 403], fresh: async () => `/invitations/${await newInvitation()}` },
  { method: 'PATCH', path: '/members/{userId}', expect: [200, 200, 403, 403], body: () => ({ role: 'developer' }), fresh: async () => `/members/${await newViewer()}` },
  { method: 'PATCH', path: '/members/{userId}', expect: [200, 403, 403, 403], body: () => ({ role: 'owner' }), fresh: async () => `/members/${await newViewer()}`, name: 'to owner' },
  { method: 'DELETE', path: '/members/{userId}', expect: [200, 200, 403, 403], fresh: async () => `/members/${await newViewer()}` },
  { method: 'GET', path: '/audit-log', expect: [200, 200, 200, 200] },
  { method: 'GET', path: '/usage', expect: [200, 200, 200, 200] },
];

const concrete = (path: string) => path.replace('{id}', path.startsWith('/imports') ? importId : templateId);

describe('every organization route is in the matrix', () => {
  test('no route is left out', () => {
    const covered = new Set(CASES.map((c) => `${c.method} /dashboard/v1/organizations/{orgId}${c.path}`));
    const organizationRoutes = DASHBOARD_ROUTES.filter((route) => route.path.startsWith('/dashboard/v1/organizations/{orgId}'));
    expect(organizationRoutes.map(routeKey).filter((key) => !covered.has(key))).toEqual([]);
  });
});

describe.each(CASES)('$method $path $name', (c) => {
  test.each(CALLERS)('%s', async (caller) => {
    const path = c.fresh ? await c.fresh() : concrete(c.path);
    const expected = caller === 'nonMember' ? 404 : c.expect[ROLES.indexOf(caller)];
    const response = await people[caller].call(c.method, `${base}${path}`, c.body?.());
    expect({ status: response.status, code: response.body?.error?.code }).toEqual({
      status: expected,
      code: expected === 403 ? 'FORBIDDEN' : expected === 404 ? 'NOT_FOUND' : response.body?.error?.code,
    });
  });
});

describe('members and owners', () => {
  test('the last owner can neither leave nor be demoted; once there is a second owner, they can', async () => {
    const first = await signedUpUser('founder');
    const org = (await first.call('POST', '/dashboard/v1/organizations', { name: 'Owners Inc' })).body.organizationId;
    const members = `/dashboard/v1/organizations/${org}/members`;
    expect((await first.call('DELETE', `${members}/${first.userId}`)).body.error.code).toBe('LAST_OWNER');
    expect((await first.call('PATCH', `${members}/${first.userId}`, { role: 'admin' })).body.error.code).toBe('LAST_OWNER');
    const second = await signedUpUser('cofounder');
    const invitation = await first.call('POST', `/dashboard/v1/organizations/${org}/invitations`, { email: second.email, role: 'owner' });
    expect((await second.call('POST', `/dashboard/v1/invitations/${invitation.body.invitationId}/accept`)).body.role).toBe('owner');
    expect((await first.call('PATCH', `${members}/${first.userId}`, { role: 'admin' })).body.role).toBe('admin');
    expect((await second.call('DELETE', `${members}/${second.userId}`)).body.error.code).toBe('LAST_OWNER');
    const listed = (await second.call('GET', members)).body.data.map((m: { email: string; role: string }) => [m.email, m.role]);
    expect(listed).toEqual([[first.email, 'admin'], [second.email, 'owner']]);
  });

  test('an admin cannot remove or demote an owner; anyone may leave', async () => {
    const admin = people.admin;
    expect((await admin.call('DELETE', `${base}/members/${owner.userId}`)).status).toBe(403);
    expect((await admin.call('PATCH', `${base}/members/${owner.userId}`, { role: 'viewer' })).status).toBe(403);
    const leaver = await join('viewer');
    expect((await leaver.call('DELETE', `${base}/members/${leaver.userId}`)).status).toBe(200);
    expect((await leaver.call('GET', base)).status).toBe(404);
  });

  test('an invitation is accepted once, only by its address, and only verified', async () => {
    const invited = await owner.call('POST', `${base}/invitations`, { email: 'Someone@Example.test', role: 'developer' });
    expect(invited.body).toMatchObject({ email: 'someone@example.test', role: 'developer', delivery: 'outbox' });
    const accept = `/dashboard/v1/invitations/${invited.body.invitationId}/accept`;
    expect((await (await signedUpUser('other')).call('POST', accept)).status).toBe(404);
    expect((await testUser('someone', { email: 'someone@example.test', emailVerified: false }).call('POST', accept)).status).toBe(403);
    const someone = testUser('someone', { email: 'someone@example.test' });
    expect((await someone.call('POST', accept)).body).toMatchObject({ organizationId: orgId, role: 'developer' });
    expect((await testUser('someone', { email: 'someone@example.test' }).call('POST', accept)).status).toBe(404);
    // A withdrawn invitation's link is dead too.
    const withdrawn = await owner.call('POST', `${base}/invitations`, { email: 'late@example.test', role: 'viewer' });
    expect((await owner.call('DELETE', `${base}/invitations/${withdrawn.body.invitationId}`)).status).toBe(200);
    const late = testUser('late', { email: 'late@example.test' });
    expect((await late.call('POST', `/dashboard/v1/invitations/${withdrawn.body.invitationId}/accept`)).status).toBe(404);
    expect((await owner.call('GET', `${base}/members`)).body.invitations.map((i: { email: string }) => i.email)).not.toContain('late@example.test');
    expect((await someone.call('GET', '/dashboard/v1/me')).body.memberships).toEqual([
      { organizationId: orgId, name: 'Matrix Ltd', role: 'developer', plan: 'free' },
    ]);
  });
});

// importctl, run as a process against the running local stack: one JSON object per command on stdout.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importctl } from './support/importctl';
import { client, contactsTemplate } from './support/api';

// Each command is a fresh Node process compiling TypeScript: allow for a slow, busy CI machine.
jest.setTimeout(120_000);

describe('importctl', () => {
  it('creates an organization whose key works, shows it without secrets, manages keys', async () => {
    const created = await importctl(['org', 'create', '--name', 'Acme']);
    expect(created.code).toBe(0);
    expect(created.json).toMatchObject({ organizationId: expect.stringMatching(/^org_/), apiKey: expect.stringMatching(/^isk_/) });
    const { organizationId, apiKey } = created.json;
    expect((await client(apiKey).get('/api/v1/templates')).status).toBe(200);

    const [shown, newKey] = await Promise.all([
      importctl(['org', 'show', '--org', organizationId]),
      importctl(['key', 'create', '--org', organizationId]),
    ]);
    expect(shown.json).toMatchObject({ organizationId, name: 'Acme', plan: 'free', webhookUrl: null, webhookSecretSet: false });
    expect(shown.stdout).not.toContain(apiKey);
    expect(shown.stdout).not.toMatch(/hash/i);
    expect(newKey.json).toEqual({ keyId: expect.stringMatching(/^key_/), apiKey: expect.stringMatching(/^isk_/) });

    const listed = await importctl(['key', 'list', '--org', organizationId]);
    expect(listed.json.keys).toHaveLength(2);
    expect(listed.stdout).not.toMatch(/isk_|hash/i);

    const revoked = await importctl(['key', 'revoke', '--key-id', newKey.json.keyId]);
    expect(revoked.json).toMatchObject({ keyId: newKey.json.keyId, revokedAt: expect.any(String) });
    expect((await client(newKey.json.apiKey).get('/api/v1/templates')).status).toBe(401);
    expect((await client(apiKey).get('/api/v1/templates')).status).toBe(200);
  });

  it('updates plan and webhook; a URL without a secret generates one and prints it once', async () => {
    const { json: org } = await importctl(['org', 'create', '--name', 'Hooks', '--plan', 'starter']);
    const updated = await importctl([
      'org', 'update', '--org', org.organizationId, '--plan', 'pro', '--webhook-url', 'http://127.0.0.1:9999/hook',
    ]);
    expect(updated.code).toBe(0);
    expect(updated.json).toMatchObject({
      plan: 'pro',
      webhookUrl: 'http://127.0.0.1:9999/hook',
      webhookSecretSet: true,
      webhookSecret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const shown = await importctl(['org', 'show', '--org', org.organizationId]);
    expect(shown.json.webhookSecret).toBeUndefined();
    expect(shown.json.plan).toBe('pro');
    const withSecret = await importctl(['org', 'update', '--org', org.organizationId, '--webhook-secret', 'mine']);
    expect(withSecret.json.webhookSecret).toBeUndefined();
  });

  it('enables and disables embedding of a template', async () => {
    const { json: org } = await importctl(['org', 'create', '--name', 'Embed']);
    const template = (await client(org.apiKey).post('/api/v1/templates', contactsTemplate())).body;
    const enabled = await importctl(['template', 'embed', '--org', org.organizationId, '--template', template.id, '--enable']);
    expect(enabled.json).toEqual({ templateId: template.id, embedEnabled: true });
    expect((await client(org.apiKey).get(`/api/v1/templates/${template.id}`)).body.embedEnabled).toBe(true);
    const disabled = await importctl(['template', 'embed', '--org', org.organizationId, '--template', template.id, '--disable']);
    expect(disabled.json.embedEnabled).toBe(false);
  });

  it.each([
    [['org', 'create'], 2, /--name is required/],
    [['org', 'create', '--name', 'x', '--plan', 'gold'], 2, /--plan must be one of/],
    [['nonsense'], 2, /Unknown command/],
    [['org', 'create', '--name', 'x', '--bogus'], 2, /Unknown option/],
    [['org', 'show', '--org', 'org_00000000000000000000000000'], 1, /not found/],
    [['key', 'revoke', '--key-id', 'key_nope'], 1, /not found/],
    [['org', 'update', '--org', 'org_00000000000000000000000000', '--plan', 'pro'], 1, /not found/],
    [['template', 'embed', '--org', 'org_00000000000000000000000000', '--template', 'tpl_00000000000000000000000000', '--enable'], 1, /Template tpl_0+ not found/],
    [['template', 'embed', '--org', 'org_00000000000000000000000000', '--template', 'tpl_00000000000000000000000000'], 2, /exactly one of --enable or --disable/],
  ])('fails %j with exit code %i and a message on stderr', async (args, code, message) => {
    const result = await importctl(args);
    expect(result.code).toBe(code);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
  });

  it('rejects a non-http webhook URL', async () => {
    const { json: org } = await importctl(['org', 'create', '--name', 'Bad hook']);
    const result = await importctl(['org', 'update', '--org', org.organizationId, '--webhook-url', 'ftp://example.com']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/http or https/);
  });

  it('says clearly when no local stack is running', async () => {
    const result = await importctl(['org', 'create', '--name', 'x'], {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'no-stack-')),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/No local stack is running.*npm start/);
  });
});

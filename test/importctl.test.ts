// importctl, run as a process against the running local stack: one JSON object per command on stdout.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importctl } from './support/importctl';
import { baseUrl, client, contactsTemplate } from './support/api';
import { scratchDir } from './support/scratch';

/** The files this suite writes, removed when it ends. */
const scratch = scratchDir('importctl');

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
    expect(enabled.json).toEqual({ templateId: template.id, embedEnabled: true, allowedOrigins: null, snippet: expect.any(String) });
    // The snippet to paste: the stack's own widget script and the element for this template.
    expect(enabled.json.snippet).toBe(
      `<script type="module" src="${baseUrl()}/widget/import-widget.js"></script>\n<import-widget template="${template.id}"></import-widget>`,
    );
    expect(enabled.stderr).toContain(enabled.json.snippet);
    expect((await client(org.apiKey).get(`/api/v1/templates/${template.id}`)).body.embedEnabled).toBe(true);
    const disabled = await importctl(['template', 'embed', '--org', org.organizationId, '--template', template.id, '--disable']);
    expect(disabled.json.embedEnabled).toBe(false);
    const restricted = await importctl([
      'template', 'embed', '--org', org.organizationId, '--template', template.id, '--enable',
      '--origins', 'https://App.example.com, https://b.example:8443',
    ]);
    expect(restricted.json).toEqual({
      templateId: template.id,
      embedEnabled: true,
      allowedOrigins: ['https://app.example.com', 'https://b.example:8443'],
      snippet: enabled.json.snippet,
    });
    const bad = await importctl(['template', 'embed', '--org', org.organizationId, '--template', template.id, '--enable', '--origins', 'https://a.example/path']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/"https:\/\/a.example\/path" is not an origin/);
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
      DATA_DIR: mkdtempSync(join(scratch, 'no-stack-')),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/No local stack is running.*npm start/);
  });

  describe('import run', () => {
    const SPREADSHEET_TEMPLATE = {
      name: 'Spreadsheet contacts',
      columns: [
        { key: 'email', name: 'Email', type: 'email', required: true },
        { key: 'name', name: 'Name', type: 'string' },
        // A number cell in a string column keeps its natural text.
        { key: 'age', name: 'Age', type: 'string' },
        { key: 'signup', name: 'Signup', type: 'date' },
        { key: 'active', name: 'Active', type: 'boolean' },
      ],
    };

    async function organizationWithTemplate() {
      const { json: org } = await importctl(['org', 'create', '--name', 'Importer']);
      const api = client(org.apiKey);
      const template = await api.post('/api/v1/templates', SPREADSHEET_TEMPLATE);
      return { org: org.organizationId as string, template: template.body.id as string, api };
    }

    const FIXTURES = join(__dirname, 'fixtures');

    it('imports a CSV, an XLSX and an XLS made with ordinary tools: counts, typed rows, mapping, sheet', async () => {
      const { org, template, api } = await organizationWithTemplate();
      const dir = mkdtempSync(join(scratch, 'run-'));
      const csvFile = join(dir, 'contacts.csv');
      writeFileSync(csvFile, 'email,name,age,signup,active\nada@example.com,Ada Lovelace,34,2024-01-15,true\n\n');
      const runs = {
        csv: await importctl(['import', 'run', '--org', org, '--template', template, '--file', csvFile, '--metadata', '{"source":"test"}']),
        xlsx: await importctl(['import', 'run', '--org', org, '--template', template, '--file', join(FIXTURES, 'three-sheets.xlsx')]),
        xls: await importctl(['import', 'run', '--org', org, '--template', template, '--file', join(FIXTURES, 'contacts.xls'), '--sheet', '0']),
      };
      for (const run of Object.values(runs)) {
        expect(run.code).toBe(0);
        expect(Object.keys(run.json)).toEqual(['importId', 'status', 'totalRows', 'validRows', 'errorRows', 'skippedRows']);
        expect(run.json.status).toBe('COMPLETED');
      }
      expect(runs.csv.json).toMatchObject({ totalRows: 1, validRows: 1, errorRows: 0, skippedRows: 1 });

      const first = (body: any) => body.data[0];
      for (const [kind, run] of Object.entries(runs)) {
        const detail = (await api.get(`/api/v1/imports/${run.json.importId}`)).body;
        expect(detail.fileType).toBe(kind);
        expect(detail.columnMapping).toEqual({ email: 'email', name: 'name', age: 'age', signup: 'signup', active: 'active' });
        const rows = await api.get(`/api/v1/imports/${run.json.importId}/rows`);
        expect(first(rows.body)).toEqual({ email: 'ada@example.com', name: 'Ada Lovelace', age: '34', signup: '2024-01-15', active: true });
        expect(rows.body.pagination.total).toBe(run.json.validRows);
        if (kind !== 'csv') expect(detail.sheet).toMatchObject({ sheetName: 'Contacts', sheetIndex: 0 });
      }
      expect((await api.get(`/api/v1/imports/${runs.xlsx.json.importId}`)).body.sheet.totalSheets).toBe(3);
      expect((await api.get(`/api/v1/imports/${runs.csv.json.importId}`)).body.metadata).toEqual({ source: 'test' });
    });

    it('imports a 100,000-row CSV larger than one upload part (sent in parts)', async () => {
      const { org, template, api } = await organizationWithTemplate();
      const file = join(mkdtempSync(join(scratch, 'run-')), 'big.csv');
      const filler = 'x'.repeat(60);
      const lines = Array.from({ length: 100_000 }, (_, i) => `user${i}@example.com,Name ${filler} ${i},${i % 90},2024-01-15,yes`);
      writeFileSync(file, `email,name,age,signup,active\n${lines.join('\n')}\n`);
      const run = await importctl(['import', 'run', '--org', org, '--template', template, '--file', file]);
      expect(run.code).toBe(0);
      expect(run.json).toMatchObject({ status: 'COMPLETED', totalRows: 100_000, validRows: 100_000, errorRows: 0 });
      const last = await api.get(`/api/v1/imports/${run.json.importId}/rows?page=100&limit=1000`);
      expect(last.body.data[999]).toEqual({ email: 'user99999@example.com', name: `Name ${filler} 99999`, age: '9', signup: '2024-01-15', active: true });
    });

    it('with --review prints the preview on stderr and confirms the suggestions, --mapping over them', async () => {
      const { org, template, api } = await organizationWithTemplate();
      const file = join(mkdtempSync(join(scratch, 'run-')), 'review.csv');
      writeFileSync(file, 'E-Mail Address,Full Name,Years\nada@example.com,Ada Lovelace,34\n');
      const suggested = await importctl(['import', 'run', '--org', org, '--template', template, '--file', file, '--review']);
      expect(suggested.code).toBe(0);
      expect(suggested.json).toMatchObject({ status: 'COMPLETED', totalRows: 1, validRows: 1 });
      expect(suggested.stderr).toContain('importctl: preview (header -> suggested column, confidence, source | first values)');
      expect(suggested.stderr).toMatch(/"E-Mail Address" -> email, 0\.\d+, fuzzy \| "ada@example\.com"/);
      expect(suggested.stderr).toMatch(/"Full Name" -> name, 0\.\d+, fuzzy \| "Ada Lovelace"/);
      expect(suggested.stderr).toMatch(/"Years" -> \(none\), 0, - \| "34"/);
      expect(suggested.stderr).toMatch(/columns: email\*, name, age, signup, active/);
      expect((await api.get(`/api/v1/imports/${suggested.json.importId}`)).body).toMatchObject({
        phase: 'FINISHED',
        columnMapping: { 'E-Mail Address': 'email', 'Full Name': 'name' },
      });

      // The same headers again: the confirmation is remembered; --mapping changes one header over it.
      const corrected = await importctl(['import', 'run', '--org', org, '--template', template, '--file', file, '--review', '--mapping', '{"Years":"age"}']);
      expect(corrected.code).toBe(0);
      expect(corrected.stderr).toMatch(/"E-Mail Address" -> email, 1, remembered/);
      const detail = (await api.get(`/api/v1/imports/${corrected.json.importId}`)).body;
      expect(detail.columnMapping).toEqual({ 'E-Mail Address': 'email', 'Full Name': 'name', Years: 'age' });
      expect((await api.get(`/api/v1/imports/${corrected.json.importId}/rows`)).body.data[0]).toEqual({ email: 'ada@example.com', name: 'Ada Lovelace', age: '34', signup: null, active: null });
    });

    it('exits 0 for a FAILED import, 1 with a clear message for bad input', async () => {
      const { org, template } = await organizationWithTemplate();
      const dir = mkdtempSync(join(scratch, 'run-'));
      const bad = join(dir, 'bad.csv');
      writeFileSync(bad, 'name\nno email column\n');
      const failed = await importctl(['import', 'run', '--org', org, '--template', template, '--file', bad]);
      expect(failed.code).toBe(0);
      expect(failed.json).toMatchObject({ status: 'FAILED', totalRows: 0 });

      const notes = join(dir, 'notes.txt');
      writeFileSync(notes, 'x');
      const wrongType = await importctl(['import', 'run', '--org', org, '--template', template, '--file', notes]);
      expect(wrongType.code).toBe(1);
      expect(wrongType.stderr).toContain('fileName must end in .csv, .tsv, .xlsx, .xls');
      const badSheet = await importctl(['import', 'run', '--org', org, '--template', template, '--file', bad, '--sheet', '1']);
      expect(badSheet.stderr).toContain('sheet applies only to xlsx and xls files');
      const badJson = await importctl(['import', 'run', '--org', org, '--template', template, '--file', bad, '--metadata', '{']);
      expect(badJson.code).toBe(2);
      const hugeNumber = await importctl(['import', 'run', '--org', org, '--template', template, '--file', bad, '--metadata', '{"n":1e400}']);
      expect(hugeNumber.code).toBe(1);
      expect(hugeNumber.stderr).toContain('Validation error: metadata holds a number that must be a number between');
      const prototypeKey = await importctl(['import', 'run', '--org', org, '--template', template, '--file', bad, '--metadata', '{"a":{"__proto__":{"admin":true}}}']);
      expect(prototypeKey.stderr).toContain('Validation error: metadata keys must not be __proto__');
    });
  });
});

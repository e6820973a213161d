// Templates API through the local gateway against DynamoDB Local: every endpoint, success and errors.
import { contactsTemplate, newOrganization } from './support/api';
import { runImport } from './support/imports';

const TEMPLATE_FIELDS = [
  'id', 'name', 'description', 'columns', 'allowExtraColumns', 'skipHeaderRows', 'headerRow', 'allowPartialImport',
  'embedEnabled', 'validationHook', 'validationHookStats', 'importCount', 'createdAt', 'updatedAt',
].sort();
const LIST_FIELDS = [
  'id', 'name', 'description', 'columns', 'allowExtraColumns', 'skipHeaderRows', 'headerRow', 'importCount', 'createdAt', 'updatedAt',
].sort();
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('POST /api/v1/templates', () => {
  it('creates a template with defaults and normalized columns', async () => {
    // Prepare
    const { api } = await newOrganization();
    // Act
    const res = await api.post('/api/v1/templates', {
      name: 'Minimal',
      columns: [{ key: 'email', name: 'Email', type: 'email' }],
    });
    // Assess
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(TEMPLATE_FIELDS);
    expect(res.body).toMatchObject({
      name: 'Minimal',
      description: null,
      allowExtraColumns: false,
      skipHeaderRows: 1,
      allowPartialImport: false,
      embedEnabled: false,
      importCount: 0,
      columns: [
        { key: 'email', name: 'Email', type: 'email', required: false, description: null, validations: [], suggestedMappings: [] },
      ],
    });
    expect(res.body.id).toMatch(/^tpl_[0-9A-Z]{26}$/);
    expect(res.body.createdAt).toMatch(ISO_MS);
    expect(res.body.updatedAt).toBe(res.body.createdAt);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('keeps every given field and rule, with rule messages as given or null', async () => {
    const { api } = await newOrganization();
    const res = await api.post('/api/v1/templates', contactsTemplate({ allowExtraColumns: true, skipHeaderRows: 0, allowPartialImport: true }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ description: 'CRM contacts', allowExtraColumns: true, skipHeaderRows: 0, allowPartialImport: true });
    expect(res.body.columns[0]).toEqual({
      key: 'email', name: 'Email', type: 'email', required: true, description: null,
      validations: [{ type: 'unique', value: true, message: 'Email already listed' }],
      suggestedMappings: ['e-mail', 'mail'],
    });
    expect(res.body.columns[1].validations).toEqual([
      { type: 'min', value: 0, message: null },
      { type: 'max', value: 150, message: null },
    ]);
    const fetched = await api.get(`/api/v1/templates/${res.body.id}`);
    expect(fetched.body).toEqual(res.body);
  });

  it.each([
    [{ columns: [{ key: 'a', name: 'A', type: 'string' }] }, 'Validation error: name is required'],
    [{ name: 'x' }, 'Validation error: columns is required'],
    [{ name: 'x', columns: [{ name: 'A', type: 'string' }] }, 'Validation error: columns[0].key is required'],
    [
      { name: 'x', columns: [{ key: 'a', name: 'A', type: 'string' }, { key: 'b', name: 'B', type: 'string' }, { key: 'c', type: 'string' }] },
      'Validation error: columns[2].name is required',
    ],
    [{ name: 'x', columns: [{ key: 'a', name: 'A' }] }, 'Validation error: columns[0].type is required'],
    [{ name: 'x', columns: [] }, 'Validation error: columns must have at least 1 item'],
    [{ name: '', columns: [{ key: 'a', name: 'A', type: 'string' }] }, 'Validation error: name must not be empty'],
    [{ name: 'x'.repeat(201), columns: [{ key: 'a', name: 'A', type: 'string' }] }, 'Validation error: name must be at most 200 characters'],
    [{ name: 'x', description: 'd'.repeat(2001), columns: [{ key: 'a', name: 'A', type: 'string' }] }, 'Validation error: description must be at most 2000 characters'],
    [{ name: 42, columns: [{ key: 'a', name: 'A', type: 'string' }] }, 'Validation error: name must be a string'],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'money' }] }, 'Validation error: columns[0].type must be one of: string, number, email, date, boolean, url, phone'],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'string' }], skipHeaderRows: 1.5 }, 'Validation error: skipHeaderRows must be an integer'],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'string' }], skipHeaderRows: -1 }, 'Validation error: skipHeaderRows must be between 0 and 100'],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'string' }], allowExtraColumns: 'yes' }, 'Validation error: allowExtraColumns must be a boolean'],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'string' }], id: 'tpl_x' }, 'Validation error: id is not allowed'],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'string' }], embedEnabled: true }, 'Validation error: embedEnabled is not allowed'],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'string', color: 'red' }] }, 'Validation error: columns[0].color is not allowed'],
    [{ name: 'x', columns: [{ key: '__proto__', name: 'A', type: 'string' }] }, 'Validation error: columns[0].key is a reserved name'],
    [{ name: 'x', columns: [{ key: 'a b', name: 'A', type: 'string' }] }, 'Validation error: columns[0].key must start with a letter, digit or underscore and contain only letters, digits, _ . -'],
    [{ name: 'x', columns: [{ key: 'k'.repeat(101), name: 'A', type: 'string' }] }, 'Validation error: columns[0].key must be at most 100 characters'],
    [
      { name: 'x', columns: [{ key: 'a', name: 'A', type: 'string' }, { key: 'a', name: 'B', type: 'string' }] },
      'Validation error: columns[1].key duplicates columns[0].key "a"',
    ],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'string', validations: [{ type: 'between', value: 1 }] }] }, 'Validation error: columns[0].validations[0].type must be one of: minLength, maxLength, min, max, regex, enum, unique'],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'string', validations: [{ type: 'minLength', value: '3' }] }] }, 'Validation error: columns[0].validations[0].value must be a number'],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'string', validations: [{ type: 'minLength', value: 1.5 }] }] }, 'Validation error: columns[0].validations[0].value must be an integer'],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'string', validations: [{ type: 'maxLength' }] }] }, 'Validation error: columns[0].validations[0].value is required'],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'string', validations: [{ type: 'regex', value: '(a' }] }] }, 'Validation error: columns[0].validations[0].value must be a valid RE2 regular expression (no backreferences or lookaround)'],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'string', validations: [{ type: 'regex', value: '(?=a)b' }] }] }, 'Validation error: columns[0].validations[0].value must be a valid RE2 regular expression (no backreferences or lookaround)'],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'string', validations: [{ type: 'enum', value: [] }] }] }, 'Validation error: columns[0].validations[0].value must be a non-empty array'],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'string', validations: [{ type: 'enum', value: 'a' }] }] }, 'Validation error: columns[0].validations[0].value must be an array'],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'string', validations: [{ type: 'unique', value: 'yes' }] }] }, 'Validation error: columns[0].validations[0].value must be a boolean'],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'number', validations: [{ type: 'min', value: 5 }, { type: 'max', value: 1 }] }] }, 'Validation error: columns[0].validations min must not be greater than max'],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'string', validations: [{ type: 'minLength', value: 5 }, { type: 'maxLength', value: 1 }] }] }, 'Validation error: columns[0].validations minLength must not be greater than maxLength'],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'string', validations: [{ type: 'min', value: 5 }] }] }, 'Validation error: columns[0].validations[0].type min applies only to number columns'],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'string', validations: [{ type: 'unique', value: true }, { type: 'unique', value: false }] }] }, 'Validation error: columns[0].validations[1].type unique is given more than once'],
    [{ name: 'x', columns: [{ key: 'a', name: 'A', type: 'string', validations: [{ type: 'unique', value: true, message: 7 }] }] }, 'Validation error: columns[0].validations[0].message must be a string'],
    [[], 'Validation error: body must be an object'],
  ])('rejects %j with 400 VALIDATION_ERROR', async (body, message) => {
    const { api } = await newOrganization();
    const res = await api.post('/api/v1/templates', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'VALIDATION_ERROR', message } });
    const list = await api.get('/api/v1/templates');
    expect(list.body.pagination.total).toBe(0);
  });

  it('accepts 500 columns and rejects 501', async () => {
    const { api } = await newOrganization();
    const columns = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `c${i}`, name: `C${i}`, type: 'string' }));
    expect((await api.post('/api/v1/templates', { name: 'wide', columns: columns(500) })).status).toBe(201);
    const tooWide = await api.post('/api/v1/templates', { name: 'wider', columns: columns(501) });
    expect(tooWide.body.error.message).toBe('Validation error: columns must have at most 500 items');
  });

  it('accepts several regex rules and RE2 syntax', async () => {
    const { api } = await newOrganization();
    const res = await api.post('/api/v1/templates', {
      name: 'codes',
      columns: [{
        key: 'code', name: 'Code', type: 'string',
        validations: [{ type: 'regex', value: '^[A-Z]{3}' }, { type: 'regex', value: '\\d+$', message: 'digits at the end' }, { type: 'enum', value: ['ABC1', 2] }],
      }],
    });
    expect(res.status).toBe(201);
  });
});

describe('GET /api/v1/templates (list)', () => {
  it('lists newest first with the list shape and exact pagination', async () => {
    const { api } = await newOrganization();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await api.post('/api/v1/templates', contactsTemplate({ name: `T${i}` }))).body.id);
    const res = await api.get('/api/v1/templates?limit=2');
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3 });
    expect(res.body.data.map((t: any) => t.id)).toEqual([ids[4], ids[3]]);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(LIST_FIELDS);
    const page3 = await api.get('/api/v1/templates?page=3&limit=2');
    expect(page3.body.data.map((t: any) => t.id)).toEqual([ids[0]]);
    const all = await api.get('/api/v1/templates');
    expect(all.body.pagination).toEqual({ page: 1, limit: 20, total: 5, totalPages: 1 });
    expect(all.body.data.map((t: any) => t.id)).toEqual([...ids].reverse());
  });

  it('shows each template of a page with its own import count, the ones between its first and last included', async () => {
    const { api, organizationId } = await newOrganization();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await api.post('/api/v1/templates', contactsTemplate({ name: `T${i}` }))).body.id);
    // Imports into the second and fourth: their counters sit between the templates of the page's range.
    await runImport(organizationId, ids[1], 'email,age\na@example.com,1\n');
    await runImport(organizationId, ids[3], 'email,age\na@example.com,1\n');
    await runImport(organizationId, ids[3], 'email,age\nb@example.com,2\n');
    const page = await api.get('/api/v1/templates?page=1&limit=4');
    expect(page.body.data.map((t: any) => [t.name, t.importCount])).toEqual([['T4', 0], ['T3', 2], ['T2', 0], ['T1', 1]]);
    const last = await api.get('/api/v1/templates?page=2&limit=4');
    expect(last.body.data.map((t: any) => [t.name, t.importCount])).toEqual([['T0', 0]]);
    // A deleted template in the middle of a page's range is simply not there.
    expect((await api.delete(`/api/v1/templates/${ids[2]}`)).status).toBe(200);
    const after = await api.get('/api/v1/templates?limit=4');
    expect(after.body.data.map((t: any) => [t.name, t.importCount])).toEqual([['T4', 0], ['T3', 2], ['T1', 1], ['T0', 0]]);
  });

  it('answers a page past the end with an empty page and the true pagination', async () => {
    const { api } = await newOrganization();
    await api.post('/api/v1/templates', contactsTemplate());
    const res = await api.get('/api/v1/templates?page=7&limit=100');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], pagination: { page: 7, limit: 100, total: 1, totalPages: 1 } });
  });

  it('gives totalPages 0 for an empty list', async () => {
    const { api } = await newOrganization();
    const res = await api.get('/api/v1/templates');
    expect(res.body).toEqual({ data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } });
  });

  it.each([
    ['page=0', 'page'], ['page=-1', 'page'], ['page=abc', 'page'], ['page=1.5', 'page'], ['page=', 'page'],
    ['limit=0', 'limit'], ['limit=101', 'limit'], ['limit=ten', 'limit'], ['limit=2e1', 'limit'],
  ])('rejects %s with 400 BAD_REQUEST naming the parameter', async (query, parameter) => {
    const { api } = await newOrganization();
    const res = await api.get(`/api/v1/templates?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BAD_REQUEST');
    expect(res.body.error.message).toContain(parameter);
  });

  it('accepts limit=100 and limit=1', async () => {
    const { api } = await newOrganization();
    expect((await api.get('/api/v1/templates?limit=100')).status).toBe(200);
    expect((await api.get('/api/v1/templates?limit=1&page=1')).status).toBe(200);
  });
});

describe('GET /api/v1/templates/:id', () => {
  it.each(['tpl_00000000000000000000000000', 'not-an-id', 'tpl_', 'imp_01M808Z8YSMJD001GNGYDYP8K4'])(
    'answers unknown or malformed id %s with 404 NOT_FOUND',
    async (id) => {
      const { api } = await newOrganization();
      const res = await api.get(`/api/v1/templates/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Template not found' } });
    },
  );
});

describe('PATCH /api/v1/templates/:id', () => {
  it('changes only the fields sent and moves updatedAt', async () => {
    const { api } = await newOrganization();
    const created = (await api.post('/api/v1/templates', contactsTemplate())).body;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await api.patch(`/api/v1/templates/${created.id}`, { name: 'Leads', allowPartialImport: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, name: 'Leads', allowPartialImport: true, updatedAt: res.body.updatedAt });
    expect(res.body.updatedAt > created.updatedAt).toBe(true);
    expect((await api.get(`/api/v1/templates/${created.id}`)).body).toEqual(res.body);
  });

  it('replaces columns, clears the description with null, and validates the new columns', async () => {
    const { api } = await newOrganization();
    const created = (await api.post('/api/v1/templates', contactsTemplate())).body;
    const res = await api.patch(`/api/v1/templates/${created.id}`, {
      description: null,
      columns: [{ key: 'phone', name: 'Phone', type: 'phone', required: true }],
    });
    expect(res.status).toBe(200);
    expect(res.body.description).toBeNull();
    expect(res.body.columns).toEqual([
      { key: 'phone', name: 'Phone', type: 'phone', required: true, description: null, validations: [], suggestedMappings: [] },
    ]);
    const bad = await api.patch(`/api/v1/templates/${created.id}`, {
      columns: [{ key: 'a', name: 'A', type: 'string' }, { key: 'a', name: 'A', type: 'string' }],
    });
    expect(bad.status).toBe(400);
    expect((await api.get(`/api/v1/templates/${created.id}`)).body).toEqual(res.body);
  });

  it.each([
    [{}, 'Validation error: body must contain at least one field to update'],
    [{ importCount: 5 }, 'Validation error: importCount is not allowed'],
    [{ embedEnabled: true }, 'Validation error: embedEnabled is not allowed'],
    [{ name: null }, 'Validation error: name must be a string'],
    [{ columns: [] }, 'Validation error: columns must have at least 1 item'],
  ])('rejects %j and changes nothing', async (body, message) => {
    const { api } = await newOrganization();
    const created = (await api.post('/api/v1/templates', contactsTemplate())).body;
    const res = await api.patch(`/api/v1/templates/${created.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'VALIDATION_ERROR', message } });
    expect((await api.get(`/api/v1/templates/${created.id}`)).body).toEqual(created);
  });

  it('answers an unknown id with 404', async () => {
    const { api } = await newOrganization();
    const res = await api.patch('/api/v1/templates/tpl_00000000000000000000000000', { name: 'x' });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/v1/templates/:id/duplicate', () => {
  it('copies everything, embedEnabled included, under a new id and " (Copy)" name', async () => {
    const { api, organizationId } = await newOrganization();
    const created = (await api.post('/api/v1/templates', contactsTemplate({ allowPartialImport: true }))).body;
    const { setTemplateEmbed } = await import('../shared/data/templates');
    await setTemplateEmbed(organizationId, created.id, { enabled: true });
    const res = await api.post(`/api/v1/templates/${created.id}/duplicate`);
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(created.id);
    expect(res.body).toMatchObject({
      name: 'Contacts (Copy)',
      description: created.description,
      columns: created.columns,
      allowExtraColumns: created.allowExtraColumns,
      skipHeaderRows: created.skipHeaderRows,
      allowPartialImport: true,
      embedEnabled: true,
      importCount: 0,
    });
    expect(Object.keys(res.body).sort()).toEqual(TEMPLATE_FIELDS);
    const list = await api.get('/api/v1/templates');
    expect(list.body.pagination.total).toBe(2);
    expect(list.body.data[0].id).toBe(res.body.id);
  });

  it('answers an unknown id with 404 and creates nothing', async () => {
    const { api } = await newOrganization();
    const res = await api.post('/api/v1/templates/tpl_00000000000000000000000000/duplicate');
    expect(res.status).toBe(404);
    expect((await api.get('/api/v1/templates')).body.pagination.total).toBe(0);
  });
});

describe('DELETE /api/v1/templates/:id', () => {
  it('deletes, then the template is 404 and no longer counted', async () => {
    const { api } = await newOrganization();
    const created = (await api.post('/api/v1/templates', contactsTemplate())).body;
    const res = await api.delete(`/api/v1/templates/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Template deleted' });
    expect((await api.get(`/api/v1/templates/${created.id}`)).status).toBe(404);
    expect((await api.get('/api/v1/templates')).body).toEqual({
      data: [],
      pagination: { page: 1, limit: 20, total: 0, totalPages: 0 },
    });
    const again = await api.delete(`/api/v1/templates/${created.id}`);
    expect(again.status).toBe(404);
    expect((await api.get('/api/v1/templates')).body.pagination.total).toBe(0);
  });
});

describe('tenant isolation', () => {
  it("answers another organization's template with 404 on every route and changes nothing", async () => {
    const owner = await newOrganization();
    const other = await newOrganization();
    const created = (await owner.api.post('/api/v1/templates', contactsTemplate())).body;
    const path = `/api/v1/templates/${created.id}`;
    const attempts = [
      await other.api.get(path),
      await other.api.patch(path, { name: 'hijacked' }),
      await other.api.post(`${path}/duplicate`),
      await other.api.delete(path),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Template not found' } });
    }
    expect((await other.api.get('/api/v1/templates')).body.pagination.total).toBe(0);
    expect((await owner.api.get(path)).body).toEqual(created);
  });
});

describe('hostile input', () => {
  it('rejects columns that would outgrow a stored item with 400, not a database failure', async () => {
    const { api } = await newOrganization();
    const rule = { type: 'regex', value: 'a' };
    const columns = Array.from({ length: 500 }, (_, i) => ({
      key: `c${i}`,
      name: 'C',
      type: 'string',
      validations: Array.from({ length: 16 }, () => rule),
    }));
    const body = { name: 'big', columns };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(256 * 1024);
    const res = await api.post('/api/v1/templates', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^Validation error: columns are too large once stored \(\d+ KB, at most 350 KB\)$/);
  });

  it('answers a malformed percent-encoded id with 404', async () => {
    const { api } = await newOrganization();
    expect((await api.get('/api/v1/templates/%E0%A4%A')).status).toBe(404);
  });

  it('answers a far-away page with an empty page, without reading the partition', async () => {
    const { api } = await newOrganization();
    await api.post('/api/v1/templates', contactsTemplate());
    const res = await api.get('/api/v1/templates?page=999999999999999&limit=100');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.pagination.total).toBe(1);
  });
});

// Files become imports through the real path (create, upload, emulated bucket notification, queue
// poller, processor Lambda handler) against the local stack: types, rules, encodings, delimiters,
// mapping, failures. What the API shows of them is in imports-api.test.ts.
import { contactsTemplate, newOrganization } from './support/api';
import { csv, runImport } from './support/imports';

jest.setTimeout(60_000);

const EVERY_TYPE = {
  name: 'Every type',
  allowPartialImport: true,
  columns: [
    { key: 'email', name: 'Email', type: 'email', required: true, validations: [{ type: 'unique', value: true, message: 'Email listed twice' }] },
    { key: 'name', name: 'Full name', type: 'string', required: true, validations: [{ type: 'minLength', value: 2 }, { type: 'maxLength', value: 20 }] },
    { key: 'age', name: 'Age', type: 'number', validations: [{ type: 'min', value: 0 }, { type: 'max', value: 150, message: 'Too old' }] },
    { key: 'country', name: 'Country', type: 'string', validations: [{ type: 'regex', value: '^[A-Z]{2}$', message: 'Two capital letters' }] },
    { key: 'plan', name: 'Plan', type: 'string', validations: [{ type: 'enum', value: ['free', 'pro'] }] },
    { key: 'active', name: 'Active', type: 'boolean' },
    { key: 'joined', name: 'Joined', type: 'date', suggestedMappings: ['signup date'] },
    { key: 'site', name: 'Site', type: 'url' },
    { key: 'phone', name: 'Phone', type: 'phone' },
    { key: 'score', name: 'Score', type: 'number', validations: [{ type: 'enum', value: [1, 2, 3] }] },
  ],
};

async function organizationWithTemplate(body: Record<string, unknown>) {
  const org = await newOrganization();
  const created = await org.api.post('/api/v1/templates', body);
  expect(created.status).toBe(201);
  return { ...org, templateId: created.body.id as string };
}

async function rowsOf(api: Awaited<ReturnType<typeof newOrganization>>['api'], importId: string) {
  const response = await api.get(`/api/v1/imports/${importId}/rows?limit=1000`);
  expect(response.status).toBe(200);
  return response.body.data;
}

async function errorsOf(api: Awaited<ReturnType<typeof newOrganization>>['api'], importId: string) {
  const response = await api.get(`/api/v1/imports/${importId}/errors?limit=1000`);
  expect(response.status).toBe(200);
  // Every error says its level (the rules' errors are all "error"); the tests below compare the rest.
  return response.body.data.map((row: { errors: { level: string }[] }) => ({
    ...row,
    errors: row.errors.map(({ level, ...error }) => {
      expect(level).toBe('error');
      return error;
    }),
  }));
}

describe('types and rules', () => {
  it('types every valid cell and reports every bad one with its rule message', async () => {
    const { organizationId, templateId, api } = await organizationWithTemplate(EVERY_TYPE);
    const file = csv(
      ['E-mail', 'full_name', 'AGE', 'country', 'plan', 'active', 'Signup Date', 'site', 'phone', 'score'],
      [
        ['ann@example.com', ' Ann Lee ', '34', 'DE', 'pro', 'yes', '2024-02-29', 'https://a.example/x', '+49 30 1234567', '2'],
        ['bob@example.com', 'Bob', '', '', '', 'N', '2024-01-05T10:00:00Z', '', '', ''],
        ['ann@example.com', 'A', '151', 'de', 'gold', 'maybe', '2023-02-30', 'ftp://x', 'call me', '4'],
        ['not-an-email', 'Cy', '-1', '', '', '', '', '', '', ''],
      ],
    );
    const record = await runImport(organizationId, templateId, file);
    expect(record).toMatchObject({ status: 'COMPLETED', totalRows: 4, validRows: 2, errorRows: 2, skippedRows: 0 });

    expect(await rowsOf(api, record.id)).toEqual([
      { email: 'ann@example.com', name: 'Ann Lee', age: 34, country: 'DE', plan: 'pro', active: true, joined: '2024-02-29', site: 'https://a.example/x', phone: '+49 30 1234567', score: 2 },
      { email: 'bob@example.com', name: 'Bob', age: null, country: null, plan: null, active: false, joined: '2024-01-05', site: null, phone: null, score: null },
    ]);
    expect(await errorsOf(api, record.id)).toEqual([
      {
        row: 4,
        errors: [
          { column: 'email', value: 'ann@example.com', message: 'Email listed twice' },
          { column: 'name', value: 'A', message: 'must be at least 2 characters' },
          { column: 'age', value: '151', message: 'Too old' },
          { column: 'country', value: 'de', message: 'Two capital letters' },
          { column: 'plan', value: 'gold', message: 'must be one of: free, pro' },
          { column: 'active', value: 'maybe', message: 'must be a boolean (true/false, yes/no, y/n, 1/0)' },
          { column: 'joined', value: '2023-02-30', message: 'must be a date (such as 2024-12-31, 31.12.2024, 12/31/2024 or 15 Jan 2024)' },
          { column: 'site', value: 'ftp://x', message: 'must be an absolute http or https URL' },
          { column: 'phone', value: 'call me', message: 'must be a phone number' },
          { column: 'score', value: '4', message: 'must be one of: 1, 2, 3' },
        ],
      },
      {
        row: 5,
        errors: [
          { column: 'email', value: 'not-an-email', message: 'must be an email address' },
          { column: 'age', value: '-1', message: 'must be at least 0' },
        ],
      },
    ]);
    const detail = await api.get(`/api/v1/imports/${record.id}`);
    expect(detail.body.columnMapping).toEqual({
      'E-mail': 'email', full_name: 'name', AGE: 'age', country: 'country', plan: 'plan', active: 'active',
      'Signup Date': 'joined', site: 'site', phone: 'phone', score: 'score',
    });
  });

  it('holds numbers found in files to the storage rule and cuts long values to 200 characters', async () => {
    const { organizationId, templateId, api } = await organizationWithTemplate({
      name: 'Numbers', allowPartialImport: true,
      columns: [{ key: 'n', name: 'N', type: 'number' }, { key: 's', name: 'S', type: 'string', validations: [{ type: 'maxLength', value: 5 }] }],
    });
    const long = 'x'.repeat(300);
    const record = await runImport(
      organizationId,
      templateId,
      csv(['n', 's'], [['9007199254740993', 'ok'], ['1e400', 'ok'], ['12.5', long], ['-0.25', 'fine'], ['1e-200', 'ok']]),
    );
    expect(record).toMatchObject({ validRows: 1, errorRows: 4 });
    expect(await rowsOf(api, record.id)).toEqual([{ n: -0.25, s: 'fine' }]);
    const errors = await errorsOf(api, record.id);
    expect(errors.map((row: any) => row.errors[0].message)).toEqual([
      'must be a number between -9007199254740991 and 9007199254740991',
      'must be a number between -9007199254740991 and 9007199254740991',
      'must be at most 5 characters',
      'must be 0 or at least 1e-100 in absolute value',
    ]);
    expect(errors[2].errors[0].value).toBe('x'.repeat(200));
  });

  it('unique holds across the whole file: the first occurrence is valid, every later one an error row', async () => {
    const { organizationId, templateId, api } = await organizationWithTemplate({ ...contactsTemplate(), allowPartialImport: true });
    const rows = Array.from({ length: 3000 }, (_, i) => [`user${i % 1000}@example.com`, String(i % 90)]);
    const record = await runImport(organizationId, templateId, csv(['email', 'age'], rows));
    expect(record).toMatchObject({ status: 'COMPLETED', totalRows: 3000, validRows: 1000, errorRows: 2000 });
    const firstError = (await api.get(`/api/v1/imports/${record.id}/errors?limit=1`)).body.data[0];
    expect(firstError).toEqual({ row: 1002, errors: [{ column: 'email', value: 'user0@example.com', message: 'Email already listed', level: 'error' }] });
  });
});

describe('partial imports', () => {
  const file = csv(['email', 'age'], [['a@example.com', '1'], ['b@example.com', 'x'], ['c@example.com', '3']]);

  it('without allowPartialImport one bad row fails the import; counts still describe the file', async () => {
    const { organizationId, templateId, api } = await organizationWithTemplate(contactsTemplate());
    const record = await runImport(organizationId, templateId, file);
    expect(record).toMatchObject({ status: 'FAILED', totalRows: 3, validRows: 2, errorRows: 1 });
    const detail = (await api.get(`/api/v1/imports/${record.id}`)).body;
    expect(detail.error).toEqual({ code: 'INVALID_ROWS', message: '1 of 3 rows are invalid and the template does not allow partial imports' });
    expect(await errorsOf(api, record.id)).toEqual([{ row: 3, errors: [{ column: 'age', value: 'x', message: 'must be a number' }] }]);
    expect((await api.get(`/api/v1/imports/${record.id}/rows`)).body.error.code).toBe('IMPORT_FAILED');
  });

  it('with allowPartialImport the import completes with only the valid rows', async () => {
    const { organizationId, templateId, api } = await organizationWithTemplate({ ...contactsTemplate(), allowPartialImport: true });
    const record = await runImport(organizationId, templateId, file);
    expect(record).toMatchObject({ status: 'COMPLETED', totalRows: 3, validRows: 2, errorRows: 1 });
    expect(await rowsOf(api, record.id)).toEqual([{ email: 'a@example.com', age: 1 }, { email: 'c@example.com', age: 3 }]);
  });
});

describe('encodings, delimiters and quoting', () => {
  const template = {
    name: 'People', allowPartialImport: true,
    columns: [{ key: 'name', name: 'Name', type: 'string', required: true }, { key: 'city', name: 'City', type: 'string' }],
  };
  const expected = [{ name: 'Zoë "Z"', city: 'Köln; Mitte' }, { name: 'Renée', city: 'Paris\nCentre' }];
  const text = (delimiter: string) =>
    `Name${delimiter}City\r\n"Zoë ""Z"""${delimiter}"Köln; Mitte"\r\nRenée${delimiter}"Paris\nCentre"\r\n`;

  // Every row has all three values: jest would take a missing trailing parameter for `done`.
  const cases: [string, Buffer, string][] = [
    ['UTF-8 with BOM, comma', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text(','))]), 'people.csv'],
    ['UTF-8, semicolon', Buffer.from(text(';')), 'people.csv'],
    ['UTF-8, tab (.tsv)', Buffer.from(text('\t')), 'people.tsv'],
    ['UTF-8, pipe', Buffer.from(text('|')), 'people.csv'],
    ['UTF-16 LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text(','), 'utf16le')]), 'people.csv'],
    ['UTF-16 BE with BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text(','), 'utf16le').swap16()]), 'people.csv'],
    ['Windows-1252', Buffer.from(text(','), 'latin1'), 'people.csv'],
  ];

  it.each(cases)('%s', async (_name, bytes, fileName) => {
    const { organizationId, templateId, api } = await organizationWithTemplate(template);
    const record = await runImport(organizationId, templateId, bytes, { fileName });
    expect(record).toMatchObject({ status: 'COMPLETED', validRows: 2, errorRows: 0 });
    expect(await rowsOf(api, record.id)).toEqual(expected);
  });
});

describe('mapping', () => {
  it('keeps extra columns under their header with allowExtraColumns, drops them without', async () => {
    const file = csv(['email', 'age', 'Favourite colour'], [['a@example.com', '1', 'blue']]);
    const kept = await organizationWithTemplate({ ...contactsTemplate(), allowExtraColumns: true });
    const keptRecord = await runImport(kept.organizationId, kept.templateId, file);
    expect(await rowsOf(kept.api, keptRecord.id)).toEqual([{ email: 'a@example.com', age: 1, 'Favourite colour': 'blue' }]);
    const dropped = await organizationWithTemplate(contactsTemplate());
    const droppedRecord = await runImport(dropped.organizationId, dropped.templateId, file);
    expect(await rowsOf(dropped.api, droppedRecord.id)).toEqual([{ email: 'a@example.com', age: 1 }]);
  });

  it('an explicit mapping wins over automatic matching; skipHeaderRows 0 maps by position', async () => {
    const explicit = await organizationWithTemplate(contactsTemplate());
    const record = await runImport(explicit.organizationId, explicit.templateId, csv(['contact', 'email'], [['a@example.com', 'b@example.com']]), {
      mapping: { contact: 'email' },
    });
    expect(await rowsOf(explicit.api, record.id)).toEqual([{ email: 'a@example.com', age: null }]);

    const positional = await organizationWithTemplate({ ...contactsTemplate(), skipHeaderRows: 0 });
    const byPosition = await runImport(positional.organizationId, positional.templateId, csv(['a@example.com', '7'], [['b@example.com', '8']]));
    expect(await rowsOf(positional.api, byPosition.id)).toEqual([{ email: 'a@example.com', age: 7 }, { email: 'b@example.com', age: 8 }]);
    expect((await positional.api.get(`/api/v1/imports/${byPosition.id}`)).body.columnMapping).toEqual({ 'Column 1': 'email', 'Column 2': 'age' });
  });

  it('a required column left unmapped fails the import with a clear error', async () => {
    const { organizationId, templateId, api } = await organizationWithTemplate(contactsTemplate());
    const record = await runImport(organizationId, templateId, csv(['name', 'age'], [['Ann', '3']]));
    expect(record.status).toBe('FAILED');
    expect((await api.get(`/api/v1/imports/${record.id}`)).body.error).toEqual({
      code: 'UNMAPPED_REQUIRED_COLUMN',
      message: 'Required column "email" (Email) is not mapped: no header matches the key, name or suggested mappings',
    });
  });
});

describe('files that cannot be imported end FAILED with a reason', () => {
  const seededBytes = (seed: number, length: number) => {
    let state = seed;
    return Buffer.from(Array.from({ length }, () => ((state = (state * 1103515245 + 12345) >>> 0) >>> 16) & 0xff));
  };

  it.each([
    ['empty', Buffer.alloc(0), 'contacts.csv', 'NO_DATA_ROWS'],
    ['header only', Buffer.from('email,age\n'), 'contacts.csv', 'NO_DATA_ROWS'],
    ['random bytes as csv', seededBytes(7, 20_000), 'contacts.csv', undefined],
    ['random bytes as xlsx', seededBytes(11, 20_000), 'contacts.xlsx', 'UNREADABLE_FILE'],
    ['random bytes as xls', seededBytes(13, 20_000), 'contacts.xls', 'UNREADABLE_FILE'],
    ['a csv named .xlsx', Buffer.from('email,age\na@example.com,1\n'), 'contacts.xlsx', 'UNREADABLE_FILE'],
  ])('%s', async (_name, bytes, fileName, code) => {
    const { organizationId, templateId, api } = await organizationWithTemplate(contactsTemplate());
    const record = await runImport(organizationId, templateId, bytes, { fileName });
    expect(record.status).toBe('FAILED');
    const detail = (await api.get(`/api/v1/imports/${record.id}`)).body;
    expect(detail.error).toEqual({ code: code ?? expect.any(String), message: expect.any(String) });
  });
});

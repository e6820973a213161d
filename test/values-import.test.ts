// Values as people write them, through real imports on the local stack (docs/values.md): dates and
// numbers in the forms of the German and US exports, a column's day/month order and decimal mark
// decided from the whole column (even when the deciding value is thousands of rows down), the end
// user's choice in the mapping review recorded on the import and in the webhook, and the header row
// found under a report's title lines (by the review's proposal, the end user's pick, or the template's
// headerRow "auto").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTemplateEmbed } from '../shared/data/templates';
import { updateOrganization } from '../shared/data/organizations';
import { newWebhookSecret } from '../shared/domain/ids';
import { call, newOrganization } from './support/api';
import { startReceiver } from './support/receiver';
import { runImport, untilEmbedPhase } from './support/imports';

jest.setTimeout(180_000);

const columns = (overrides: Record<string, Record<string, unknown>> = {}) => [
  { key: 'name', name: 'Name', type: 'string', required: true },
  { key: 'signup', name: 'Signed up', type: 'date', ...overrides.signup },
  { key: 'amount', name: 'Amount', type: 'number', ...overrides.amount },
];

async function template(overrides: Record<string, unknown> = {}, columnOverrides: Record<string, Record<string, unknown>> = {}) {
  const org = await newOrganization();
  const created = await org.api.post('/api/v1/templates', {
    name: 'Customers',
    columns: columns(columnOverrides),
    allowPartialImport: true,
    ...overrides,
  });
  expect(created.status).toBe(201);
  return { ...org, templateId: created.body.id as string };
}

async function rowsOf(api: Awaited<ReturnType<typeof newOrganization>>['api'], importId: string) {
  const rows = await api.get(`/api/v1/imports/${importId}/rows?limit=1000`);
  expect(rows.status).toBe(200);
  return rows.body.data as Record<string, unknown>[];
}

async function errorsOf(api: Awaited<ReturnType<typeof newOrganization>>['api'], importId: string) {
  const errors = await api.get(`/api/v1/imports/${importId}/errors?limit=1000`);
  expect(errors.status).toBe(200);
  return errors.body.data as { row: number; errors: { column: string; value: string; message: string }[] }[];
}

describe('dates and numbers as exports write them', () => {
  test('a German CSV export (semicolons, 31.12.2024, 1.234,56) imports with no edit and no error', async () => {
    const org = await template();
    const file = 'Name;Signed up;Amount\nAnna;31.12.2024;1.234,56\nBernd;01.02.2024;4,5\nClara;15. Januar 2024;1.000.000\n';
    const record = await runImport(org.organizationId, org.templateId, file, { fileName: 'kunden.csv' });
    expect(record).toMatchObject({ status: 'COMPLETED', validRows: 3, errorRows: 0 });
    expect(await rowsOf(org.api, record.id)).toEqual([
      { name: 'Anna', signup: '2024-12-31', amount: 1234.56 },
      { name: 'Bernd', signup: '2024-02-01', amount: 4.5 },
      { name: 'Clara', signup: '2024-01-15', amount: 1_000_000 },
    ]);
    const detail = await org.api.get(`/api/v1/imports/${record.id}`);
    expect(detail.body.columnFormats).toEqual({
      signup: { dateOrder: 'DMY', decidedBy: 'file' },
      amount: { numberFormat: 'comma', decidedBy: 'file' },
    });
    expect(detail.body.headerRow).toBe(1);
  });

  test('a US CSV export (12/31/2024, "1,234.56") imports with no edit and no error', async () => {
    const org = await template();
    const file = 'Name,Signed up,Amount\nAnn,12/31/2024,"1,234.56"\nBob,02/01/2024,"1,000"\nCy,"January 15, 2024",7.25\n';
    const record = await runImport(org.organizationId, org.templateId, file);
    expect(record).toMatchObject({ status: 'COMPLETED', validRows: 3, errorRows: 0 });
    expect(await rowsOf(org.api, record.id)).toEqual([
      { name: 'Ann', signup: '2024-12-31', amount: 1234.56 },
      { name: 'Bob', signup: '2024-02-01', amount: 1000 },
      { name: 'Cy', signup: '2024-01-15', amount: 7.25 },
    ]);
  });

  test('a column decides from its last row: the survey reads past the batch of its first ambiguous value', async () => {
    const org = await template();
    const rows = Array.from({ length: 2500 }, (_, i) => `P${i},03/08/2024,${i}`);
    // Row 2502, two batches after the first ambiguous date, is the only one that tells: day first.
    const file = ['Name,Signed up,Amount', ...rows, 'Last,25/12/2024,1'].join('\n') + '\n';
    const record = await runImport(org.organizationId, org.templateId, file);
    expect(record).toMatchObject({ status: 'COMPLETED', validRows: 2501, errorRows: 0 });
    const delivered = await rowsOf(org.api, record.id);
    expect(delivered[0].signup).toBe('2024-08-03');
  });

  test('a column of only ambiguous dates, without review: row errors saying so, never a guess; the template\'s dateOrder reads them', async () => {
    const file = 'Name,Signed up,Amount\nAnn,03/08/2024,1\nBob,2024-05-06,2\n';
    const open = await template();
    const failed = await runImport(open.organizationId, open.templateId, file);
    expect(failed).toMatchObject({ status: 'COMPLETED', validRows: 1, errorRows: 1 });
    const [error] = await errorsOf(open.api, failed.id);
    expect(error).toMatchObject({ row: 2, errors: [{ column: 'signup', value: '03/08/2024' }] });
    expect(error.errors[0].message).toMatch(/day\/month\/year or month\/day\/year/);

    const fixed = await template({}, { signup: { dateOrder: 'MDY' } });
    const read = await runImport(fixed.organizationId, fixed.templateId, file);
    expect(read).toMatchObject({ status: 'COMPLETED', validRows: 2, errorRows: 0 });
    expect((await rowsOf(fixed.api, read.id)).map((row) => row.signup)).toEqual(['2024-03-08', '2024-05-06']);
    expect((await fixed.api.get(`/api/v1/imports/${read.id}`)).body.columnFormats).toEqual({ signup: { dateOrder: 'MDY', decidedBy: 'template' } });
  });

  test('a column that mixes both orders has its ordered values as row errors naming the conflict; ISO dates stay valid', async () => {
    const org = await template();
    const file = 'Name,Signed up,Amount\nAnn,13/01/2024,1\nBob,01/13/2024,2\nCy,2024-01-13,3\nDee,03/08/2024,4\n';
    const record = await runImport(org.organizationId, org.templateId, file);
    expect(record).toMatchObject({ status: 'COMPLETED', validRows: 1, errorRows: 3 });
    const errors = await errorsOf(org.api, record.id);
    expect(errors.map((row) => row.row)).toEqual([2, 3, 5]);
    expect(errors[0].errors[0].message).toContain('row 2: 13/01/2024');
    expect(errors[0].errors[0].message).toContain('row 3: 01/13/2024');
    expect((await org.api.get(`/api/v1/imports/${record.id}`)).body.columnFormats).toEqual({ signup: { decidedBy: 'file', conflict: true } });
  });

  test('numbers: 1,234 follows its column; two-digit years, percentages and currency are refused unless the column says so', async () => {
    const org = await template({}, { amount: { currency: true } });
    const pointColumn = 'Name,Signed up,Amount\nA,,"1,234"\nB,,1.5\n';
    const point = await runImport(org.organizationId, org.templateId, pointColumn);
    expect((await rowsOf(org.api, point.id)).map((row) => row.amount)).toEqual([1234, 1.5]);
    const commaColumn = 'Name;Signed up;Amount\nA;;1,234\nB;;4,5\nC;;€ 1.234,50\n';
    const comma = await runImport(org.organizationId, org.templateId, commaColumn);
    expect((await rowsOf(org.api, comma.id)).map((row) => row.amount)).toEqual([1.234, 4.5, 1234.5]);

    const strict = await template();
    const refused = 'Name,Signed up,Amount\nA,03/08/24,12%\nB,,$5\nC,,"1,234"\n';
    const record = await runImport(strict.organizationId, strict.templateId, refused);
    const errors = await errorsOf(strict.api, record.id);
    expect(errors.flatMap((row) => row.errors.map((error) => [row.row, error.column, error.message]))).toEqual([
      [2, 'signup', expect.stringContaining('two-digit year')],
      [2, 'amount', expect.stringContaining('percentage')],
      [3, 'amount', expect.stringContaining('currency')],
      [4, 'amount', expect.stringContaining('decimal point or a decimal comma')],
    ]);
  });
});

describe('the mapping review', () => {
  async function reviewTemplate(overrides: Record<string, unknown> = {}) {
    const org = await template(overrides);
    await setTemplateEmbed(org.organizationId, org.templateId, { enabled: true, allowedOrigins: null });
    return org;
  }

  async function startReviewed(templateId: string, content: string | Buffer, fileName = 'customers.csv') {
    const started = await call('POST', `/embed/v1/templates/${templateId}/imports`, {
      body: { fileName, fileSize: Buffer.byteLength(content), review: true },
    });
    expect(started.status).toBe(201);
    const { importId, token, upload } = started.body;
    expect((await fetch(upload.url, { method: 'PUT', body: content, headers: upload.headers })).status).toBe(200);
    await untilEmbedPhase(importId, token, 'AWAITING_MAPPING');
    return { importId: importId as string, token: token as string };
  }

  test('a file of only 03/08/2024 dates: the preview says it reads two ways, and the import delivers what the end user chose', async () => {
    const hook = await startReceiver([]);
    try {
      const org = await reviewTemplate();
      await updateOrganization(org.organizationId, { webhookUrl: hook.url, webhookSecret: newWebhookSecret() });
      const { importId, token } = await startReviewed(org.templateId, 'Name,Signed up,Amount\nAnn,03/08/2024,1\nBob,04/09/2024,2\n');
      const preview = await call('GET', `/embed/v1/imports/${importId}/preview`, { key: token });
      expect(preview.status).toBe(200);
      expect(preview.body.columns[1]).toEqual({ key: 'signup', name: 'Signed up', type: 'date', required: false, dateOrder: null, numberFormat: null });
      expect(preview.body.sheets[0].valueFormats).toEqual({
        'Signed up': { date: { order: null, conflict: false, example: '03/08/2024', readings: { DMY: '2024-08-03', MDY: '2024-03-08' } } },
      });
      const mapping = { Name: 'name', 'Signed up': 'signup', Amount: 'amount' };
      const wrong = await call('POST', `/embed/v1/imports/${importId}/mapping`, { key: token, body: { mapping, columnFormats: { amount: { dateOrder: 'MDY' } } } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.message).toContain('applies only to date columns');
      const confirmed = await call('POST', `/embed/v1/imports/${importId}/mapping`, { key: token, body: { mapping, columnFormats: { signup: { dateOrder: 'MDY' } } } });
      expect(confirmed.status).toBe(202);
      const finished = await untilEmbedPhase(importId, token, 'FINISHED');
      expect(finished).toMatchObject({ status: 'COMPLETED', validRows: 2, errorRows: 0 });
      expect((await rowsOf(org.api, importId)).map((row) => row.signup)).toEqual(['2024-03-08', '2024-04-09']);
      const detail = await org.api.get(`/api/v1/imports/${importId}`);
      expect(detail.body.columnFormats).toEqual({ signup: { dateOrder: 'MDY', decidedBy: 'user' } });
      for (let i = 0; i < 100 && hook.received.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      const payload = JSON.parse(hook.received[0].body.toString());
      expect(payload.columnFormats).toEqual({ signup: { dateOrder: 'MDY', decidedBy: 'user' } });
      expect(payload.headerRow).toBe(1);
    } finally {
      await hook.stop();
    }
  });

  test('the correction step reads an edited value as the file decided its column; the finalize pass delivers the same', async () => {
    const org = await reviewTemplate();
    // Day first (25/12), one amount missing its name: the import waits for corrections.
    const { importId, token } = await startReviewed(org.templateId, 'Name,Signed up,Amount\nAnn,25/12/2024,"1.234,5"\n,03/08/2024,"2,5"\n');
    const mapping = { Name: 'name', 'Signed up': 'signup', Amount: 'amount' };
    expect((await call('POST', `/embed/v1/imports/${importId}/mapping`, { key: token, body: { mapping } })).status).toBe(202);
    await untilEmbedPhase(importId, token, 'AWAITING_CORRECTIONS');
    const patched = await call('PATCH', `/embed/v1/imports/${importId}/rows`, {
      key: token,
      body: { changes: [{ row: 3, values: { name: 'Bea', signup: '04/05/2024', amount: '7,25' } }] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data[0].errors).toEqual([]);
    const wrong = await call('PATCH', `/embed/v1/imports/${importId}/rows`, { key: token, body: { changes: [{ row: 3, values: { signup: '05/13/2024' } }] } });
    expect(wrong.body.data[0].errors).toEqual([{ column: 'signup', message: expect.stringContaining('not a day/month/year date'), level: 'error' }]);
    await call('PATCH', `/embed/v1/imports/${importId}/rows`, { key: token, body: { changes: [{ row: 3, values: { signup: '04/05/2024' } }] } });
    expect((await call('POST', `/embed/v1/imports/${importId}/submit`, { key: token })).status).toBe(202);
    expect(await untilEmbedPhase(importId, token, 'FINISHED')).toMatchObject({ status: 'COMPLETED', validRows: 2 });
    expect(await rowsOf(org.api, importId)).toEqual([
      { name: 'Ann', signup: '2024-12-25', amount: 1234.5 },
      { name: 'Bea', signup: '2024-05-04', amount: 7.25 },
    ]);
    expect((await org.api.get(`/api/v1/imports/${importId}`)).body.columnFormats).toEqual({
      signup: { dateOrder: 'DMY', decidedBy: 'file' },
      amount: { numberFormat: 'comma', decidedBy: 'file' },
    });
  });

  test('a report with title lines: the preview proposes the header row, another row can be previewed and confirmed, and no title text is delivered', async () => {
    const org = await reviewTemplate();
    const file = 'Customer report;;\nGenerated on 2024-05-01;;\n;;\nName;Signed up;Amount\nAnn;2024-01-02;3\nBob;2024-01-03;4\n';
    const { importId, token } = await startReviewed(org.templateId, file);
    const shown = (await call('GET', `/embed/v1/imports/${importId}/preview`, { key: token })).body.sheets[0];
    expect(shown).toMatchObject({ headerRow: 4, proposedHeaderRow: 4, headers: ['Name', 'Signed up', 'Amount'] });
    expect(shown.firstRows.slice(0, 4)).toEqual([['Customer report', '', ''], ['Generated on 2024-05-01', '', ''], [], ['Name', 'Signed up', 'Amount']]);
    expect(shown.sampleRows).toEqual([['Ann', '2024-01-02', '3'], ['Bob', '2024-01-03', '4']]);

    const other = await call('GET', `/embed/v1/imports/${importId}/preview?headerRow=2`, { key: token });
    expect(other.body.sheets[0]).toMatchObject({ headerRow: 2, proposedHeaderRow: 4, headers: ['Generated on 2024-05-01', '', ''] });
    expect((await call('GET', `/embed/v1/imports/${importId}/preview?headerRow=3`, { key: token })).status).toBe(400);
    expect((await call('GET', `/embed/v1/imports/${importId}/preview?headerRow=x`, { key: token })).status).toBe(400);

    const confirmed = await call('POST', `/embed/v1/imports/${importId}/mapping`, {
      key: token,
      body: { headerRow: 4, mapping: { Name: 'name', 'Signed up': 'signup', Amount: 'amount' } },
    });
    expect(confirmed.status).toBe(202);
    const finished = await untilEmbedPhase(importId, token, 'FINISHED');
    expect(finished).toMatchObject({ status: 'COMPLETED', totalRows: 2, validRows: 2 });
    expect(await rowsOf(org.api, importId)).toEqual([
      { name: 'Ann', signup: '2024-01-02', amount: 3 },
      { name: 'Bob', signup: '2024-01-03', amount: 4 },
    ]);
    expect((await org.api.get(`/api/v1/imports/${importId}`)).body.headerRow).toBe(4);
  });

  test('an XLSX (openpyxl) with a two-line title above the header: proposed, and every data row delivered', async () => {
    const org = await reviewTemplate();
    const { importId, token } = await startReviewed(org.templateId, readFileSync(join(__dirname, 'fixtures', 'titled-report.xlsx')), 'report.xlsx');
    const shown = (await call('GET', `/embed/v1/imports/${importId}/preview`, { key: token })).body.sheets[0];
    expect(shown).toMatchObject({ headerRow: 3, proposedHeaderRow: 3, headers: ['Name', 'Signed up', 'Amount'] });
    const mapping = Object.fromEntries(shown.headers.map((header: string) => [header, shown.suggestedMapping[header]]));
    expect((await call('POST', `/embed/v1/imports/${importId}/mapping`, { key: token, body: { mapping } })).status).toBe(202);
    expect(await untilEmbedPhase(importId, token, 'FINISHED')).toMatchObject({ status: 'COMPLETED', totalRows: 3, validRows: 3 });
    expect((await rowsOf(org.api, importId)).map((row) => row.name)).toEqual(['Ann', 'Bob', 'Cy']);
  });
});

test('a template with headerRow "auto" finds the header without review', async () => {
  const org = await template({ headerRow: 'auto' });
  const file = 'Quarterly export\n\nName,Signed up,Amount\nAnn,2024-01-02,3\n';
  const record = await runImport(org.organizationId, org.templateId, file);
  expect(record).toMatchObject({ status: 'COMPLETED', totalRows: 1, validRows: 1 });
  expect((await org.api.get(`/api/v1/imports/${record.id}`)).body.headerRow).toBe(3);
  expect((await org.api.get(`/api/v1/templates/${org.templateId}`)).body.headerRow).toBe('auto');
});

// Spreadsheet number cells as they look (docs/values.md): a number with a number format reaches a
// string or phone column, an extra column and the preview as the text the spreadsheet shows (a ZIP
// code's 00501), a number column as the number, a date format as a date, General as its natural text.
// The same cells written by openpyxl, XlsxWriter and xlwt (test/fixtures/make-fixtures.py) read alike;
// one import of them runs through the local stack.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LIMITS } from '../shared/engine/limits';
import { openXlsx } from '../shared/engine/readers/xlsx';
import { openXls } from '../shared/engine/readers/xls';
import { runEngine, type RowSink } from '../shared/engine/engine';
import { ShownNumber, type RawRow } from '../shared/engine/types';
import { normalizeColumns } from '../shared/domain/templates';
import { newOrganization } from './support/api';
import { runImport } from './support/imports';

const FIXTURES = join(__dirname, 'fixtures');
const FILES = ['formatted-numbers.xlsx', 'formatted-numbers-xlsxwriter.xlsx', 'formatted-numbers.xls'];
const open = (file: string) => (file.endsWith('.xls') ? openXls : openXlsx)(join(FIXTURES, file), { limits: DEFAULT_LIMITS });

const SHOWN = [
  ['00501', '000000042', '1,234.50', '12.5%', '$9.99', '€ 12,50', '+4915112345678'],
  ['02134', '000000007', '0.50', '100.0%', '$1,000.00', '€ 1.234,50', '+4930123456'],
  ['90210', '123456789', '-3.00', '6.3%', '-$2.50', '€ 0,00', '+12025550123'],
];
const VALUES = [
  [501, 42, 1234.5, 0.125, 9.99, 12.5, 4915112345678],
  [2134, 7, 0.5, 1, 1000, 1234.5, 4930123456],
  [90210, 123456789, -3, 0.0625, -2.5, 0, 12025550123],
];

async function rowsOf(file: string): Promise<RawRow[]> {
  const rows: RawRow[] = [];
  for await (const batch of (await open(file)).batches) rows.push(...batch);
  return rows;
}

describe.each(FILES)('%s', (file) => {
  test('formatted numbers carry their value and the text shown; General stays a number, a date format a date', async () => {
    const [, ...rows] = await rowsOf(file);
    rows.forEach((row, r) => {
      for (let c = 0; c < 7; c++) {
        expect(row[c]).toBeInstanceOf(ShownNumber);
        expect(row[c]).toEqual(new ShownNumber(VALUES[r][c], SHOWN[r][c]));
      }
    });
    expect(rows.map((row) => row[7])).toEqual([34, 7.25, 0]);
    expect(rows.map((row) => row[8])).toEqual(['2024-01-15', '2024-12-31', '2020-02-29']);
  });

  test('through the engine: string and phone columns get the text, number columns the value, extra columns the text', async () => {
    const columns = normalizeColumns([
      { key: 'zip', name: 'zip', type: 'string' },
      { key: 'amount', name: 'amount', type: 'number' },
      { key: 'share', name: 'share', type: 'number' },
      { key: 'phone', name: 'phone', type: 'phone' },
      { key: 'plain', name: 'plain', type: 'string' },
      { key: 'signup', name: 'signup', type: 'date' },
    ]);
    const valid: unknown[][] = [];
    const sink: RowSink = { validRow: (json) => valid.push(JSON.parse(json)), errorRow: () => undefined, drain: async () => undefined };
    const result = await runEngine(
      await open(file),
      { columns, allowExtraColumns: true, skipHeaderRows: 1, allowPartialImport: false, mapping: null },
      DEFAULT_LIMITS,
      sink,
    );
    expect(result).toMatchObject({ failure: null, validRows: 3 });
    expect(result.rowColumns).toEqual(['zip', 'amount', 'share', 'phone', 'plain', 'signup', 'account', 'price', 'euro']);
    expect(valid).toEqual([
      ['00501', 1234.5, 0.125, '+4915112345678', '34', '2024-01-15', '000000042', '$9.99', '€ 12,50'],
      ['02134', 0.5, 1, '+4930123456', '7.25', '2024-12-31', '000000007', '$1,000.00', '€ 1.234,50'],
      ['90210', -3, 0.0625, '+12025550123', '0', '2020-02-29', '123456789', '-$2.50', '€ 0,00'],
    ]);
  });
});

test('an XLSX with ZIP codes formatted 00000 in a string column delivers 00501 (local stack)', async () => {
  const org = await newOrganization();
  const created = await org.api.post('/api/v1/templates', {
    name: 'Addresses',
    columns: [
      { key: 'zip', name: 'zip', type: 'string', validations: [{ type: 'regex', value: '^\\d{5}$' }] },
      { key: 'amount', name: 'amount', type: 'number' },
    ],
  });
  expect(created.status).toBe(201);
  const record = await runImport(org.organizationId, created.body.id, readFileSync(join(FIXTURES, 'formatted-numbers.xlsx')), { fileName: 'addresses.xlsx' });
  expect(record).toMatchObject({ status: 'COMPLETED', validRows: 3, errorRows: 0 });
  const rows = await org.api.get(`/api/v1/imports/${record.id}/rows`);
  expect(rows.body.data).toEqual([
    { zip: '00501', amount: 1234.5 },
    { zip: '02134', amount: 0.5 },
    { zip: '90210', amount: -3 },
  ]);
});

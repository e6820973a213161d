// Spreadsheet number cells as they look (docs/values.md): a number with a number format reaches a
// string or phone column, an extra column and the preview as the text the spreadsheet shows (a ZIP
// code's 00501), a number column as the number, a date format as a date, General as its natural text.
// The same cells written by openpyxl, XlsxWriter and xlwt (test/fixtures/make-fixtures.py) read alike;
// one import of them runs through the local stack.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LIMITS } from '../shared/engine/limits';
import { openXlsx } from '../shared/engine/readers/xlsx';
import { openXls } from '../shared/engine/readers/xls';
import { isShownFormat } from '../shared/engine/readers/number-formats';
import { runEngine, type RowSink } from '../shared/engine/engine';
import { ShownNumber, type RawRow } from '../shared/engine/types';
import { normalizeColumns } from '../shared/domain/templates';
import { newOrganization } from './support/api';
import { runImport } from './support/imports';
import { xlsx } from './support/xlsx';
import { scratchDir } from './support/scratch';

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

describe('formats the fixture writers do not write', () => {
  const scratch = scratchDir('formatted-cells');

  /** One row of number cells, cell i in style i (cellXfs from `numFmtIds`; custom codes numbered from 164). */
  async function firstRow(cells: { value: number; numFmtId: number }[], customCodes: string[] = []) {
    const escape = (code: string) => code.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    const numFmts = customCodes.map((code, i) => `<numFmt numFmtId="${164 + i}" formatCode="${escape(code)}"/>`).join('');
    const styles =
      (numFmts ? `<numFmts>${numFmts}</numFmts>` : '') + `<cellXfs>${cells.map((cell) => `<xf numFmtId="${cell.numFmtId}"/>`).join('')}</cellXfs>`;
    const path = join(scratch, `formats-${Math.random().toString(36).slice(2)}.xlsx`);
    writeFileSync(path, xlsx({ styles, rows: `<row r="1">${cells.map((cell, i) => `<c s="${i}"><v>${cell.value}</v></c>`).join('')}</row>` }));
    const rows: RawRow[] = [];
    for await (const batch of (await openXlsx(path, { limits: DEFAULT_LIMITS })).batches) rows.push(...batch);
    return rows[0];
  }

  test('built-in format ids show as Excel shows them; a cell text is trimmed of the padding _) leaves', async () => {
    const cells = [
      { value: 1234.5, numFmtId: 1 },
      { value: 1234567, numFmtId: 3 },
      { value: 0.25, numFmtId: 10 },
      { value: 12345, numFmtId: 11 },
      { value: 1.5, numFmtId: 12 },
      { value: 1234, numFmtId: 37 },
      { value: -1234.5, numFmtId: 40 },
      { value: 12345, numFmtId: 48 },
    ];
    expect(await firstRow(cells)).toStrictEqual([
      new ShownNumber(1234.5, '1235'),
      new ShownNumber(1234567, '1,234,567'),
      new ShownNumber(0.25, '25.00%'),
      new ShownNumber(12345, '1.23E+04'),
      new ShownNumber(1.5, '1 1/2'),
      new ShownNumber(1234, '1,234'),
      new ShownNumber(-1234.5, '(1,234.50)'),
      new ShownNumber(12345, '12.3E+3'),
    ]);
  });

  test('General, text (@), a hidden value (;;;), currency ids without a code and codes numfmt cannot read keep the plain number', async () => {
    // 49 is `@`; 5 and 42 are the desktop's currency formats, which a bare id does not name; 59 has no built-in format.
    const ids = [0, 49, 5, 42, 59, 164, 165, 166, 167, 168];
    const codes = ['General', '[Red]General', '@', '"unclosed', ';;;'];
    // numfmt's General (and so `@`'s) shows 4915112345678 as Excel's narrow cell does, 4.91511E+12.
    expect(await firstRow(ids.map((numFmtId) => ({ value: 4915112345678, numFmtId })), codes)).toStrictEqual(Array(ids.length).fill(4915112345678));
  });

  test('a workbook that redefines a built-in id: its own code decides, dates included', async () => {
    const styles =
      '<numFmts><numFmt numFmtId="1" formatCode="00000"/><numFmt numFmtId="14" formatCode="0.0"/><numFmt numFmtId="3" formatCode="yyyy-mm-dd"/></numFmts>' +
      '<cellXfs><xf numFmtId="1"/><xf numFmtId="14"/><xf numFmtId="3"/></cellXfs>';
    const path = join(scratch, 'redefined.xlsx');
    writeFileSync(path, xlsx({ styles, rows: '<row r="1"><c s="0"><v>501</v></c><c s="1"><v>2.25</v></c><c s="2"><v>45306</v></c></row>' }));
    const rows: RawRow[] = [];
    for await (const batch of (await openXlsx(path, { limits: DEFAULT_LIMITS })).batches) rows.push(...batch);
    expect(rows).toStrictEqual([[new ShownNumber(501, '00501'), new ShownNumber(2.25, '2.3'), '2024-01-15']]);
  });

  test('the XLS reader decides by code alike (SheetJS gives codes, not ids)', () => {
    expect(['00000', '#,##0.00', '[$€-407] #,##0.00', '0.0%'].every(isShownFormat)).toBe(true);
    expect(['General', 'general', '[Red]General', '@', '"unclosed', ''].some(isShownFormat)).toBe(false);
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

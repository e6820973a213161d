// The spreadsheet readers of the import engine: fixtures made by real writers (test/fixtures), and
// hand-built hostile files (test/support/zip.ts) for every limit and every way a file can be broken.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LIMITS } from '../shared/engine/limits';
import { excelSerialToIsoDate, isDateFormatCode } from '../shared/engine/readers/dates';
import { openXls } from '../shared/engine/readers/xls';
import { openXlsx } from '../shared/engine/readers/xlsx';
import { FileProblem, type EngineLimits, type RawRow, type RowSource } from '../shared/engine/types';
import { MAIN_NS, xlsx } from './support/xlsx';
import { zip } from './support/zip';
import { scratchDir } from './support/scratch';

const FIXTURES = join(__dirname, 'fixtures');
const THREE_SHEETS = join(FIXTURES, 'three-sheets.xlsx');
const INLINE_STRINGS = join(FIXTURES, 'inline-strings.xlsx');
const CONTACTS_XLS = join(FIXTURES, 'contacts.xls');

const CONTACTS: RawRow[] = [
  ['email', 'name', 'age', 'signup', 'active'],
  ['ada@example.com', 'Ada Lovelace', 34, '2024-01-15', true],
  ['grace@example.com', 'Grace Hopper', 41, '2023-11-02', false],
  ['linus@example.com', 'Linus Åström', 28, '2020-02-29', true],
];

type Opener = typeof openXlsx;

const scratch = scratchDir('engine-readers');

function file(name: string, data: string | Buffer): string {
  const path = join(scratch, name);
  writeFileSync(path, data);
  return path;
}

async function readAll(source: RowSource): Promise<RawRow[]> {
  const rows: RawRow[] = [];
  for await (const batch of source.batches) rows.push(...batch);
  return rows;
}

async function rowsOf(open: Opener, path: string, limits: Partial<EngineLimits> = {}, sheetIndex?: number) {
  return readAll(await open(path, { sheetIndex, limits: { ...DEFAULT_LIMITS, ...limits } }));
}

/** The FileProblem that opening and reading the whole file ends with. */
async function problemOf(open: Opener, path: string, limits: Partial<EngineLimits> = {}, sheetIndex?: number) {
  try {
    await rowsOf(open, path, limits, sheetIndex);
  } catch (error) {
    if (error instanceof FileProblem) return error;
    throw error;
  }
  throw new Error('expected a FileProblem');
}

/** Styles where s="1" is the built-in date format 14 and s="2" the custom code 164. */
const DATE_STYLES =
  '<numFmts><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts>' +
  '<cellXfs><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/></cellXfs>';

describe('XLSX fixtures', () => {
  test('reads the first sheet by default, with its place in the workbook', async () => {
    const source = await openXlsx(THREE_SHEETS, { limits: DEFAULT_LIMITS });
    expect(source.sheet).toEqual({ sheetName: 'Contacts', sheetIndex: 0, totalSheets: 3 });
    // 34 stays a number (the engine stringifies it for text columns), booleans stay booleans, and
    // date cells (custom yyyy-mm-dd in row 2, built-in format 14 in rows 3-4) become calendar dates.
    expect(await readAll(source)).toEqual(CONTACTS);
  });

  test('reads a sheet by index: shared strings with rich-text runs and escaped characters', async () => {
    const source = await openXlsx(THREE_SHEETS, { sheetIndex: 1, limits: DEFAULT_LIMITS });
    expect(source.sheet).toEqual({ sheetName: 'Products', sheetIndex: 1, totalSheets: 3 });
    expect(await readAll(source)).toEqual([
      ['sku', 'price', 'note'],
      ['A-100', 9.5, 'plain and bold'],
      ['B-200', 120, 'line\rbreak'],
    ]);
  });

  test('missing rows and cells are kept, so a row position is its row number', async () => {
    expect(await rowsOf(openXlsx, THREE_SHEETS, {}, 2)).toEqual([['title'], ['first', 1], [], [], [null, null, 'after the gap']]);
  });

  test('inline strings (openpyxl)', async () => {
    expect(await rowsOf(openXlsx, INLINE_STRINGS)).toEqual([
      ['email', 'joined', 'score'],
      ['ada@example.com', '2021-06-30', 7],
    ]);
  });

  test('rows arrive in batches of batchRows', async () => {
    const source = await openXlsx(THREE_SHEETS, { limits: DEFAULT_LIMITS, batchRows: 3 });
    const sizes: number[] = [];
    for await (const batch of source.batches) sizes.push(batch.length);
    expect(sizes).toEqual([3, 1]);
  });

  test('a sheet index past the last sheet is SHEET_NOT_FOUND, naming how many there are', async () => {
    const problem = await problemOf(openXlsx, THREE_SHEETS, {}, 3);
    expect(problem.code).toBe('SHEET_NOT_FOUND');
    expect(problem.message).toMatch(/has 3 sheets/);
  });
});

describe('XLSX cells', () => {
  test('every cell type, prefixed elements, cells without references, phonetic runs', async () => {
    const path = file(
      'cells.xlsx',
      xlsx({
        sharedStrings: ['<t>shared</t>', '<r><t>ri</t></r><r><t>ch</t></r><rPh sb="0" eb="1"><t>フリガナ</t></rPh>'],
        styles: DATE_STYLES,
        rows:
          '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>' +
          '<c r="C1" t="inlineStr"><is><r><t>in</t></r><r><t>line</t></r><rPh><t>x</t></rPh></is></c>' +
          '<c r="D1" t="str"><f>A1</f><v>formula _x005F_x0041_</v></c><c r="E1" t="e"><v>#N/A</v></c>' +
          '<c r="F1" t="b"><v>0</v></c><c r="G1" t="d"><v>2024-03-01T10:00:00</v></c></row>' +
          // No r attributes: positions follow from order. s="1"/"2" are dates, s="0" a plain number.
          '<x:row xmlns:x="' + MAIN_NS + '"><x:c s="1"><x:v>45306.75</x:v></x:c><x:c s="2"><x:v>1</x:v></x:c>' +
          '<x:c><x:v>-1.5e3</x:v></x:c><x:c s="1"/><x:c s="2"><x:v>-1</x:v></x:c></x:row>',
      }),
    );
    expect(await rowsOf(openXlsx, path)).toEqual([
      ['shared', 'rich', 'inline', 'formula _x0041_', '#N/A', false, '2024-03-01'],
      // A negative serial is no date Excel can show: it stays a number.
      ['2024-01-15', '1900-01-01', -1500, null, -1],
    ]);
  });

  test('the 1904 date system', async () => {
    const workbook = xlsx({
      styles: DATE_STYLES,
      workbookPr: '<workbookPr date1904="1"/>',
      rows: '<row r="1"><c r="A1" s="1"><v>0</v></c></row>',
    });
    const path = file('1904.xlsx', workbook);
    expect(await rowsOf(openXlsx, path)).toEqual([['1904-01-01']]);
  });

  test('names from the file never reach an object prototype', async () => {
    const path = file(
      'proto.xlsx',
      xlsx({
        sheetName: '__proto__',
        sheetRelationshipId: '__proto__',
        rows: '<row r="1"><c r="A1" t="inlineStr"><is><t>ok</t></is></c></row>',
      }),
    );
    const source = await openXlsx(path, { limits: DEFAULT_LIMITS });
    expect(source.sheet?.sheetName).toBe('__proto__');
    expect(await readAll(source)).toEqual([['ok']]);
    expect(({} as Record<string, unknown>).sheetName).toBeUndefined();
  });
});

describe('Excel dates', () => {
  test('serials around the 1900 leap-year bug, time rounding, and non-dates', () => {
    expect(excelSerialToIsoDate(1, false)).toBe('1900-01-01');
    expect(excelSerialToIsoDate(59, false)).toBe('1900-02-28');
    expect(excelSerialToIsoDate(60, false)).toBe('1900-02-29'); // the day Excel shows, though it never was
    expect(excelSerialToIsoDate(61, false)).toBe('1900-03-01');
    expect(excelSerialToIsoDate(45306.99999999, false)).toBe('2024-01-16'); // 23:59:59.9995 shows as midnight
    expect(excelSerialToIsoDate(1462, true)).toBe('1908-01-02');
    expect(excelSerialToIsoDate(-1, false)).toBeNull();
    expect(excelSerialToIsoDate(3_000_000, false)).toBeNull();
  });

  test('date format codes', () => {
    for (const code of ['yyyy-mm-dd', 'd/m/yy h:mm', '[$-409]mmmm d, yyyy', 'h:mm AM/PM', '[h]:mm:ss']) {
      expect(isDateFormatCode(code)).toBe(true);
    }
    for (const code of ['General', '0.00', '#,##0 "days"', '[Red]0.00', '0 \\d', '_(* #,##0_)', '0.00E+00', '@']) {
      expect(isDateFormatCode(code)).toBe(false);
    }
  });
});

describe('XLSX files that cannot be read', () => {
  test.each([
    ['an empty file', () => Buffer.alloc(0), /empty/],
    ['random bytes', () => Buffer.concat([Buffer.from([0]), randomBytes(4096)]), /not a zip/],
    ['a CSV renamed .xlsx', () => 'email,name\nada@example.com,Ada\n', /not a zip/],
    ['a truncated file', () => readFileSync(THREE_SHEETS).subarray(0, 3000), /damaged or truncated/],
    ['a legacy .xls renamed .xlsx', () => readFileSync(CONTACTS_XLS), /legacy Excel/],
    ['a zip without a workbook', () => zip([{ name: 'hello.txt', data: 'hi' }]), /no xl\/workbook.xml/],
    ['malformed sheet XML', () => xlsx({ rows: '<row r="1"><c r="A1"><v>1</v></row>' }), /not well-formed XML/],
    ['rows out of order', () => xlsx({ rows: '<row r="2"/><row r="1"/>' }), /row 1 comes after row 2/],
    ['a cell reference beyond XFD', () => xlsx({ rows: '<row r="1"><c r="ABCD1"><v>1</v></c></row>' }), /not a cell reference/],
    [
      'an XML token of millions of characters',
      () => xlsx({ rows: `<row r="1" spans="${randomBytes(5_000_000).toString('hex')}"/>` }),
      /single value of millions of characters/,
    ],
    ['a missing shared string', () => xlsx({ rows: '<row r="1"><c r="A1" t="s"><v>7</v></c></row>' }), /missing shared string/],
    [
      'a lying central directory',
      () => {
        const sheet = `<worksheet>${'<row/>'.repeat(5000)}</worksheet>`;
        return xlsx({ rows: '', entries: [{ name: 'xl/worksheets/sheet1.xml', data: sheet, declaredSize: 100 }] });
      },
      /damaged/,
    ],
  ])('%s is UNREADABLE_FILE', async (name, data, message) => {
    const problem = await problemOf(openXlsx, file(`${name.replace(/\W+/g, '-')}.xlsx`, data()));
    expect(problem.code).toBe('UNREADABLE_FILE');
    expect(problem.message).toMatch(message);
  });
});

describe('XLSX limits', () => {
  // Six million empty rows: 36 MB of XML that deflates to ~35 KB.
  const bomb = () => xlsx({ rows: '<row/>'.repeat(6_000_000) });

  test('a part that inflates far beyond its compressed size is a zip bomb', async () => {
    const problem = await problemOf(openXlsx, file('bomb.xlsx', bomb()));
    expect(problem.code).toBe('DECOMPRESSED_TOO_LARGE');
    expect(problem.message).toMatch(/zip bomb/);
  });

  test('the total inflated size is capped', async () => {
    const limits = { maxDecompressedBytes: 10_000_000, maxCompressionRatio: 1e9 };
    const problem = await problemOf(openXlsx, file('big.xlsx', bomb()), limits);
    expect(problem.code).toBe('DECOMPRESSED_TOO_LARGE');
    expect(problem.message).toMatch(/more than 10 MiB/);
  });

  test('a huge row number fails at once, without emitting the rows before it', async () => {
    const started = Date.now();
    const problem = await problemOf(openXlsx, file('far-row.xlsx', xlsx({ rows: '<row r="1"/><row r="900000000"/>' })));
    expect(problem.code).toBe('TOO_MANY_ROWS');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test('rows past maxRows, counted with the gaps', async () => {
    expect((await problemOf(openXlsx, THREE_SHEETS, { maxRows: 3 })).code).toBe('TOO_MANY_ROWS');
    expect((await problemOf(openXlsx, THREE_SHEETS, { maxRows: 4 }, 2)).code).toBe('TOO_MANY_ROWS');
    expect(await rowsOf(openXlsx, THREE_SHEETS, { maxRows: 4 })).toEqual(CONTACTS);
  });

  test('a cell longer than maxCellChars, shared or inline', async () => {
    const problem = await problemOf(openXlsx, THREE_SHEETS, { maxCellChars: 5 });
    expect(problem.code).toBe('CELL_TOO_LONG');
    expect(problem.message).toMatch(/Cell D1 is longer than 5 characters/);
    // Random hex, so that it does not look like a zip bomb.
    const text = randomBytes(1_000_000).toString('hex');
    const inline = xlsx({ rows: `<row r="1"><c r="B1" t="inlineStr"><is><t>${text}</t></is></c></row>` });
    expect((await problemOf(openXlsx, file('long.xlsx', inline))).message).toMatch(/Cell B1/);
  });

  test('a value beyond maxColumns, by reference or by count', async () => {
    const problem = await problemOf(openXlsx, THREE_SHEETS, { maxColumns: 4 });
    expect(problem.code).toBe('TOO_MANY_COLUMNS');
    expect(problem.message).toMatch(/Row 1 has a value in column E/);
    const far = file('xfd.xlsx', xlsx({ rows: '<row r="1"><c r="XFD1"><v>1</v></c></row>' }));
    expect((await problemOf(openXlsx, far)).code).toBe('TOO_MANY_COLUMNS');
    const counted = file('counted.xlsx', xlsx({ rows: `<row>${'<c><v>1</v></c>'.repeat(5)}</row>` }));
    expect((await problemOf(openXlsx, counted, { maxColumns: 4 })).code).toBe('TOO_MANY_COLUMNS');
    // Styled empty cells far to the right hold no value and cost nothing.
    const styled = file('styled.xlsx', xlsx({ rows: '<row r="1"><c r="A1"><v>1</v></c><c r="XFD1" s="0"/></row>' }));
    expect(await rowsOf(openXlsx, styled)).toEqual([[1]]);
  });
});

describe('XLS (BIFF8 written by xlwt)', () => {
  test('reads the first sheet by default with the same cell semantics as XLSX', async () => {
    const source = await openXls(CONTACTS_XLS, { limits: DEFAULT_LIMITS });
    expect(source.sheet).toEqual({ sheetName: 'Contacts', sheetIndex: 0, totalSheets: 2 });
    expect(await readAll(source)).toEqual(CONTACTS);
  });

  test('reads a sheet by index, keeping missing rows', async () => {
    const source = await openXls(CONTACTS_XLS, { sheetIndex: 1, limits: DEFAULT_LIMITS, batchRows: 3 });
    expect(source.sheet).toEqual({ sheetName: 'Notes', sheetIndex: 1, totalSheets: 2 });
    const batches: RawRow[][] = [];
    for await (const batch of source.batches) batches.push(batch);
    expect(batches).toEqual([[['note'], [], []], [['after the gap', 2.5]]]);
  });

  test('SHEET_NOT_FOUND', async () => {
    const problem = await problemOf(openXls, CONTACTS_XLS, {}, 2);
    expect(problem.code).toBe('SHEET_NOT_FOUND');
    expect(problem.message).toMatch(/has 2 sheets/);
  });

  test('rows, columns and cell length limits', async () => {
    expect((await problemOf(openXls, CONTACTS_XLS, { maxRows: 3 })).code).toBe('TOO_MANY_ROWS');
    expect((await problemOf(openXls, CONTACTS_XLS, { maxColumns: 4 })).message).toMatch(/Row 1 has a value in column E/);
    expect((await problemOf(openXls, CONTACTS_XLS, { maxCellChars: 5 })).message).toMatch(/Cell D1/);
  });

  test('a worker out of memory or out of time is a FileProblem, and this process carries on', async () => {
    const memory = await problemOf(openXls, CONTACTS_XLS, { xlsMaxMemoryMb: 1 });
    expect(memory.code).toBe('DECOMPRESSED_TOO_LARGE');
    expect(memory.message).toMatch(/needs more memory than allowed/);
    const time = await problemOf(openXls, CONTACTS_XLS, { xlsTimeoutMs: 1 });
    expect(time.code).toBe('UNREADABLE_FILE');
    expect(time.message).toMatch(/took longer than 1 ms/);
    expect(await rowsOf(openXls, CONTACTS_XLS)).toEqual(CONTACTS);
  });

  test('stopping early ends the worker', async () => {
    const source = await openXls(CONTACTS_XLS, { limits: DEFAULT_LIMITS, batchRows: 1 });
    for await (const batch of source.batches) {
      expect(batch).toEqual([CONTACTS[0]]);
      break;
    }
  });

  test.each([
    ['an empty file', () => Buffer.alloc(0), /empty/],
    ['random bytes', () => Buffer.concat([Buffer.from([0]), randomBytes(4096)]), /not an Excel 97-2003/],
    ['an .xlsx renamed .xls', () => readFileSync(THREE_SHEETS), /looks like an .xlsx file/],
    ['a truncated file', () => readFileSync(CONTACTS_XLS).subarray(0, 2000), /damaged/],
    [
      'a compound file of garbage',
      () => Buffer.concat([readFileSync(CONTACTS_XLS).subarray(0, 8), randomBytes(4096)]),
      /damaged/,
    ],
  ])('%s is UNREADABLE_FILE', async (name, data, message) => {
    const problem = await problemOf(openXls, file(`${name.replace(/\W+/g, '-')}.xls`, data()));
    expect(problem.code).toBe('UNREADABLE_FILE');
    expect(problem.message).toMatch(message);
  });
});

// The head of an uploaded file for the mapping review (shared/imports/preview.ts), read from the real
// emulator bucket: ranged reads for CSV/TSV (proved by the requests themselves), every sheet of a
// workbook, header rows as the engine takes them, and FileProblems for files that cannot be read.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '../shared/aws/s3';
import { config } from '../shared/config';
import type { FileType } from '../shared/domain/imports';
import { DEFAULT_LIMITS } from '../shared/engine/limits';
import { openXlsx } from '../shared/engine/readers/xlsx';
import { FileProblem, type EngineLimits, type RawRow } from '../shared/engine/types';
import {
  PREVIEW_CELL_CHARS,
  PREVIEW_FIRST_RANGE_BYTES,
  PREVIEW_MAX_BYTES,
  PREVIEW_MAX_SHEETS,
  PREVIEW_SAMPLE_ROWS,
  readFilePreview,
  type PreviewSheet,
  type PreviewCell,
} from '../shared/imports/preview';
import { sheetView } from '../shared/imports/preview-view';
import { faultInjector } from './support/own-pipeline';
import { zip } from './support/zip';
import { scratchDir } from './support/scratch';

jest.setTimeout(60_000);

const FIXTURES = join(__dirname, 'fixtures');
// Not under uploads/: the local stack would take an object there for an import and process it.
const PREFIX = `preview-test/${randomUUID()}/`;
const written: string[] = [];

/** Every GetObject the preview sends: its Range header and how many bytes the answer carried. */
interface Get {
  key: string;
  range: string | undefined;
  contentLength: number;
  status: number | undefined;
}
let gets: Get[] = [];
const faults = faultInjector();

beforeEach(() => {
  gets = [];
  faults.inject(s3(), 'recordGets', (next, context) => async (args) => {
    if (context.commandName !== 'GetObjectCommand') return next(args);
    const result = await next(args);
    gets.push({
      key: args.input.Key,
      range: args.input.Range,
      contentLength: Number(result.output.ContentLength),
      status: result.output.$metadata?.httpStatusCode,
    });
    return result;
  });
});
afterEach(() => faults.removeAll());
afterAll(async () => {
  await Promise.all(written.map((Key) => s3().send(new DeleteObjectCommand({ Bucket: config().bucketName, Key }))));
});

async function put(body: string | Buffer): Promise<string> {
  const key = `${PREFIX}${randomUUID()}`;
  written.push(key);
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  await s3().send(new PutObjectCommand({ Bucket: config().bucketName, Key: key, Body: bytes, ContentLength: bytes.length }));
  return key;
}

/** The preview as the template's header row shows it (headRows, for other header rows, are tested on their own). */
type Viewed = { totalSheets: number; sheets: Omit<PreviewSheet, 'headRows'>[] };

async function previewWithHead(body: string | Buffer, fileType: FileType, skipHeaderRows = 1, limits: Partial<EngineLimits> = {}) {
  return readFilePreview(await put(body), fileType, { skipHeaderRows, limits: { ...DEFAULT_LIMITS, ...limits } });
}

async function preview(body: string | Buffer, fileType: FileType, skipHeaderRows = 1, limits: Partial<EngineLimits> = {}): Promise<Viewed> {
  const { totalSheets, sheets } = await previewWithHead(body, fileType, skipHeaderRows, limits);
  return { totalSheets, sheets: sheets.map(({ headRows: _head, ...sheet }) => sheet) };
}

async function problem(body: string | Buffer, fileType: FileType, limits: Partial<EngineLimits> = {}): Promise<FileProblem> {
  try {
    await preview(body, fileType, 1, limits);
  } catch (error) {
    if (error instanceof FileProblem) return error;
    throw error;
  }
  throw new Error('expected a FileProblem');
}

const lines = (rows: string[][], delimiter = ',') => rows.map((row) => row.join(delimiter)).join('\r\n');
const numbered = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => [`user${from + i}@example.com`, `User ${from + i}`, String(from + i)]);

describe('CSV and TSV', () => {
  test('a header row and the first 10 data rows, in one ranged read of a small file', async () => {
    const result = await preview(lines([['E-mail', ' Full name ', 'Age'], ...numbered(1, 30)]) + '\r\n', 'csv');
    expect(result).toEqual<Viewed>({
      totalSheets: 1,
      sheets: [{ index: 0, name: null, headers: ['E-mail', 'Full name', 'Age'], sampleRows: numbered(1, 10) }],
    });
    expect(gets).toEqual([expect.objectContaining({ range: `bytes=0-${PREVIEW_FIRST_RANGE_BYTES - 1}`, status: 206 })]);
  });

  test('TSV: tab-separated, commas and quotes stay in their cells', async () => {
    const file = lines([['sku', 'note'], ['A-1', 'red, large'], ['B-2', '"quoted, with tab\tinside"'], ['C-3', 'plain']], '\t');
    expect((await preview(file, 'tsv')).sheets).toEqual([
      { index: 0, name: null, headers: ['sku', 'note'], sampleRows: [['A-1', 'red, large'], ['B-2', 'quoted, with tab\tinside'], ['C-3', 'plain']] },
    ]);
  });

  test('the delimiter is detected as in an import (semicolons)', async () => {
    const result = await preview(lines([['a', 'b'], ['1,5', '2'], ['3', '4,5']], ';'), 'csv');
    expect(result.sheets[0]).toMatchObject({ headers: ['a', 'b'], sampleRows: [['1,5', '2'], ['3', '4,5']] });
  });

  test('skipHeaderRows 0: no header row, columns named by position, the first line is data', async () => {
    const result = await preview(lines(numbered(1, 12)) + '\n', 'csv', 0);
    expect(result.sheets[0]).toEqual({ index: 0, name: null, headers: ['Column 1', 'Column 2', 'Column 3'], sampleRows: numbered(1, 10) });
  });

  test('skipHeaderRows 2: the second row names the columns, as in the engine', async () => {
    const file = lines([['Exported contacts', '', ''], ['email', 'name', 'age'], ...numbered(1, 11)]);
    const result = await preview(file, 'csv', 2);
    expect(result.sheets[0]).toMatchObject({ headers: ['email', 'name', 'age'], sampleRows: numbered(1, 10) });
  });

  test('blank rows are skipped as the engine skips them; fewer than 10 rows; a last row without a line break', async () => {
    const file = 'email,name\n\n  ,\t\nann@example.com,Ann\n,\nbob@example.com,Bob';
    expect((await preview(file, 'csv')).sheets[0]).toMatchObject({
      headers: ['email', 'name'],
      sampleRows: [['ann@example.com', 'Ann'], ['bob@example.com', 'Bob']],
    });
  });

  test('a header only, and an empty file', async () => {
    expect((await preview('email,name\n', 'csv')).sheets[0]).toEqual({ index: 0, name: null, headers: ['email', 'name'], sampleRows: [] });
    expect((await preview('', 'csv')).sheets[0]).toEqual({ index: 0, name: null, headers: [], sampleRows: [] });
    expect((await preview('', 'csv', 0)).sheets[0]).toEqual({ index: 0, name: null, headers: [], sampleRows: [] });
  });

  test('UTF-16 (with BOM) and Windows-1252 are decoded as an import decodes them', async () => {
    const text = 'name;city\r\nLinus Åström;Malmö\r\nZoë;Zürich\r\n';
    const expected = { headers: ['name', 'city'], sampleRows: [['Linus Åström', 'Malmö'], ['Zoë', 'Zürich']] };
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect((await preview(utf16le, 'csv')).sheets[0]).toMatchObject(expected);
    const utf16be = Buffer.from(utf16le).swap16();
    expect((await preview(utf16be, 'csv')).sheets[0]).toMatchObject(expected);
    expect((await preview(Buffer.from(text, 'latin1'), 'csv')).sheets[0]).toMatchObject(expected);
    expect((await preview(Buffer.from(text, 'utf8'), 'csv')).sheets[0]).toMatchObject(expected);
  });

  test('a 10th row that goes beyond the first range makes a second, larger read; long cells are cut', async () => {
    // Three cells of 30,000 characters (under the cell limit): the 10th row ends near byte 90,000.
    const long = 'x'.repeat(30_000);
    const rows = [['id', 'text'], ...Array.from({ length: 9 }, (_, i) => [String(i + 1), 'short']), ['10', `"${long}"`, long, long]];
    const file = lines([...rows, ...numbered(11, 5000)]);
    const result = await preview(file, 'csv');
    expect(result.sheets[0].sampleRows).toHaveLength(PREVIEW_SAMPLE_ROWS);
    const cut = long.slice(0, PREVIEW_CELL_CHARS);
    expect(result.sheets[0].sampleRows[9]).toEqual(['10', cut, cut, cut]);
    // 64 KiB, then as much again (the head read doubles); the rest of the file is never asked for.
    expect(gets.map((get) => get.range)).toEqual(['bytes=0-65535', 'bytes=65536-131071']);
    expect(gets.every((get) => get.status === 206)).toBe(true);
  });

  test('a 5 MB CSV: only its first 64 KiB are read, by a ranged GetObject', async () => {
    const row = (i: number) => `user${i}@example.com,User number ${i},${i % 90},2024-01-${String((i % 28) + 1).padStart(2, '0')}\n`;
    const parts = ['email,name,age,joined\n'];
    let size = parts[0].length;
    for (let i = 1; size < 5 * 1024 * 1024; i++) {
      parts.push(row(i));
      size += parts.at(-1)!.length;
    }
    const result = await preview(parts.join(''), 'csv');
    expect(result.sheets[0].headers).toEqual(['email', 'name', 'age', 'joined']);
    expect(result.sheets[0].sampleRows).toEqual(parts.slice(1, 11).map((line) => line.trimEnd().split(',')));
    // fauxqs honours Range (206, Content-Range, only the bytes asked for), as S3 does.
    expect(gets).toEqual([{ key: expect.any(String), range: 'bytes=0-65535', contentLength: 65536, status: 206 }]);
    const read = gets.reduce((total, get) => total + get.contentLength, 0);
    expect(read).toBeLessThan(size / 50);
  });

  test('rows not complete within the most read (1 MiB) are left out, never cut in half', async () => {
    // Rows of ~300 KB (1,000 cells of 150 two-byte characters): 3 fit in the first MiB, the 4th is cut
    // there, inside a character (the header's length puts the cut on the second byte of an "é").
    const cell = 'é'.repeat(150);
    const row = (n: number) => Array.from({ length: 1000 }, (_, i) => (i === 0 ? String(n) : cell)).join(',');
    let header = 'id';
    let file = '';
    for (;;) {
      file = [header, row(1), row(2), row(3), row(4), row(5)].join('\n');
      const cut = Buffer.from(file, 'utf8')[PREVIEW_MAX_BYTES];
      if (cut >= 0x80 && cut < 0xc0 && Buffer.from(file, 'utf8')[PREVIEW_MAX_BYTES - 1] >= 0xc0) break;
      header += 'x';
    }
    const result = await preview(file, 'csv');
    expect(result.sheets[0].headers).toEqual([header]);
    expect(result.sheets[0].sampleRows.map((sample) => sample[0])).toEqual(['1', '2', '3']);
    expect(result.sheets[0].sampleRows[2]).toHaveLength(1000);
    expect(gets.map((get) => get.range)).toEqual([
      'bytes=0-65535',
      'bytes=65536-131071',
      'bytes=131072-262143',
      'bytes=262144-524287',
      'bytes=524288-1048575',
    ]);
    expect(gets.reduce((total, get) => total + get.contentLength, 0)).toBe(PREVIEW_MAX_BYTES);

    // The same bytes in ASCII (no character to cut): the 4th row is still not taken as a row.
    const ascii = file.replace(/é/g, 'ee');
    expect(Buffer.byteLength(ascii)).toBe(Buffer.byteLength(file));
    expect((await preview(ascii, 'csv')).sheets[0].sampleRows.map((sample) => sample[0])).toEqual(['1', '2', '3']);
  });

  test('problems are FileProblems with the engine code', async () => {
    expect((await problem(Buffer.from([0x41, 0x00, 0x42, 0x0a]), 'csv')).code).toBe('UNREADABLE_FILE');
    expect((await problem('a,b,c\n1,2,3\n', 'csv', { maxColumns: 2 })).code).toBe('TOO_MANY_COLUMNS');
    expect((await problem('a\n"' + 'y'.repeat(50), 'csv', { maxCellChars: 20 })).code).toBe('CELL_TOO_LONG');
    // UTF-8 well beyond the 64 KiB after its first accent (so it is read as UTF-8), then a
    // Windows-1252 byte in the 10th data row: a file of mixed encodings, as an import finds it.
    const padding = Array.from({ length: 8 }, () => 'a'.repeat(30_000)).join('\n');
    const mixed = Buffer.concat([Buffer.from(`name\nZoë\n${padding}\n`, 'utf8'), Buffer.from('Malm\xf6\n', 'latin1')]);
    expect((await problem(mixed, 'csv')).code).toBe('UNREADABLE_FILE');
    expect((await problem('a,b\n1,2\n', 'csv', { maxFileBytes: 4 })).code).toBe('FILE_TOO_LARGE');
  });
});

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A minimal XLSX workbook with these sheets (inline strings), each given as its <sheetData> content. */
function workbook(sheets: { name: string; rows: string }[]): Buffer {
  return zip([
    {
      name: 'xl/workbook.xml',
      data:
        `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
        sheets.map((sheet, i) => `<sheet name="${sheet.name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
        '</sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data:
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('') +
        '</Relationships>',
    },
    ...sheets.map((sheet, i) => ({
      name: `xl/worksheets/sheet${i + 1}.xml`,
      data: `<worksheet xmlns="${MAIN_NS}"><sheetData>${sheet.rows}</sheetData></worksheet>`,
    })),
  ]);
}

const xmlRow = (r: number, cells: (string | number)[]) =>
  `<row r="${r}">${cells.map((cell) => (typeof cell === 'number' ? `<c><v>${cell}</v></c>` : `<c t="inlineStr"><is><t>${cell}</t></is></c>`)).join('')}</row>`;

const CONTACTS: PreviewCell[][] = [
  ['ada@example.com', 'Ada Lovelace', 34, '2024-01-15', true],
  ['grace@example.com', 'Grace Hopper', 41, '2023-11-02', false],
  ['linus@example.com', 'Linus Åström', 28, '2020-02-29', true],
];

describe('head rows: every candidate header row and the samples under it', () => {
  test('a report with title lines keeps its first rows (blank ones as []) and 10 non-blank rows after the 20th; any row views its own headers and samples', async () => {
    const rows = ['Customer report', 'Generated 2024-05-01', '', 'Name,Amount', ...Array.from({ length: 40 }, (_, i) => `P${i},${i}`)];
    const [sheet] = (await previewWithHead(rows.join('\n') + '\n', 'csv', 4)).sheets;
    expect(sheet.headRows.slice(0, 5)).toEqual([['Customer report'], ['Generated 2024-05-01'], [], ['Name', 'Amount'], ['P0', '0']]);
    // Rows 1-20, then 10 non-blank rows: 30 in all, so a header picked as low as row 20 still has its samples.
    expect(sheet.headRows).toHaveLength(30);
    expect(sheet.headers).toEqual(['Name', 'Amount']);
    expect(sheetView(sheet.headRows, 2)).toEqual({ headers: ['Generated 2024-05-01'], sampleRows: [['Name', 'Amount'], ...Array.from({ length: 9 }, (_, i) => [`P${i}`, String(i)])] });
    expect(sheetView(sheet.headRows, 20).sampleRows).toHaveLength(PREVIEW_SAMPLE_ROWS);
  });

  test('formatted spreadsheet numbers are previewed as the spreadsheet shows them', async () => {
    const [sheet] = (await previewWithHead(readFileSync(join(FIXTURES, 'formatted-numbers.xlsx')), 'xlsx')).sheets;
    expect(sheet.sampleRows[0].slice(0, 7)).toEqual(['00501', '000000042', '1,234.50', '12.5%', '$9.99', '€ 12,50', '+4915112345678']);
    expect(sheet.sampleRows[0][7]).toBe(34);
  });
});

describe('XLSX and XLS', () => {
  test('the 3-sheet XLSX fixture: every sheet with its name, header and rows as the reader gives them', async () => {
    const result = await preview(readFileSync(join(FIXTURES, 'three-sheets.xlsx')), 'xlsx');
    expect(result).toEqual<Viewed>({
      totalSheets: 3,
      sheets: [
        { index: 0, name: 'Contacts', headers: ['email', 'name', 'age', 'signup', 'active'], sampleRows: CONTACTS },
        { index: 1, name: 'Products', headers: ['sku', 'price', 'note'], sampleRows: [['A-100', 9.5, 'plain and bold'], ['B-200', 120, 'line\rbreak']] },
        // Rows 1, 2 and 5: the blank rows 3 and 4 are skipped, as the engine skips them.
        { index: 2, name: 'Gaps', headers: ['title'], sampleRows: [['first', 1], [null, null, 'after the gap']] },
      ],
    });
    expect(gets).toEqual([expect.objectContaining({ range: undefined, status: 200 })]);
  });

  test('the XLSX fixture without a header row', async () => {
    const result = await preview(readFileSync(join(FIXTURES, 'three-sheets.xlsx')), 'xlsx', 0);
    expect(result.sheets[0]).toEqual({
      index: 0,
      name: 'Contacts',
      headers: ['Column 1', 'Column 2', 'Column 3', 'Column 4', 'Column 5'],
      sampleRows: [['email', 'name', 'age', 'signup', 'active'], ...CONTACTS],
    });
    expect(result.sheets[2]).toMatchObject({ headers: ['Column 1', 'Column 2', 'Column 3'], sampleRows: [['title'], ['first', 1], [null, null, 'after the gap']] });
  });

  test('the XLS fixture: both sheets', async () => {
    const result = await preview(readFileSync(join(FIXTURES, 'contacts.xls')), 'xls');
    expect(result).toEqual<Viewed>({
      totalSheets: 2,
      sheets: [
        { index: 0, name: 'Contacts', headers: ['email', 'name', 'age', 'signup', 'active'], sampleRows: CONTACTS },
        { index: 1, name: 'Notes', headers: ['note'], sampleRows: [['after the gap', 2.5]] },
      ],
    });
  });

  test('each sheet is read only to its head: what lies further is never reached', async () => {
    // A full read of this sheet fails (a row number beyond the limit, then XML that is not
    // well-formed); the preview stops after its 10th data row, long before either.
    const rows = Array.from({ length: 20_000 }, (_, i) => xmlRow(i + 2, [`row ${i + 2}`, i])).join('');
    const file = workbook([
      { name: 'Big', rows: xmlRow(1, ['label', 'n']) + rows + '<row r="999999999"><c><v>1</v></c></row><broken>' },
      { name: 'Empty', rows: '' },
      { name: 'Late', rows: xmlRow(3, ['h']) + xmlRow(7, ['v']) },
    ]);
    const result = await preview(file, 'xlsx', 3);
    expect(result.sheets).toEqual([
      { index: 0, name: 'Big', headers: ['row 3', '1'], sampleRows: Array.from({ length: 10 }, (_, i) => [`row ${i + 4}`, i + 2]) },
      { index: 1, name: 'Empty', headers: [], sampleRows: [] },
      { index: 2, name: 'Late', headers: ['h'], sampleRows: [['v']] },
    ]);
    const full = await openXlsx(await writeTemp(file), { limits: DEFAULT_LIMITS });
    await expect(drain(full.batches)).rejects.toMatchObject({ code: 'TOO_MANY_ROWS' });
  });

  test(`a workbook of 60 sheets lists its first ${PREVIEW_MAX_SHEETS}`, async () => {
    const sheets = Array.from({ length: 60 }, (_, i) => ({ name: `S${i + 1}`, rows: xmlRow(1, [`h${i + 1}`]) + xmlRow(2, [i + 1]) }));
    const result = await preview(workbook(sheets), 'xlsx');
    expect(result.totalSheets).toBe(60);
    expect(result.sheets).toHaveLength(PREVIEW_MAX_SHEETS);
    expect(result.sheets[49]).toEqual({ index: 49, name: 'S50', headers: ['h50'], sampleRows: [[50]] });
  });

  test('broken and hostile workbooks are FileProblems with the engine code', async () => {
    expect((await problem(Buffer.from('not a zip at all'), 'xlsx')).code).toBe('UNREADABLE_FILE');
    expect((await problem(readFileSync(join(FIXTURES, 'three-sheets.xlsx')).subarray(0, 3000), 'xlsx')).message).toMatch(/damaged or truncated/);
    expect((await problem('email,name\n', 'xls')).code).toBe('UNREADABLE_FILE');
    expect((await problem(readFileSync(join(FIXTURES, 'three-sheets.xlsx')), 'xls')).message).toMatch(/looks like an .xlsx/);
    // A sheet part that inflates 2,000 times its size: a zip bomb, refused before it is read.
    const bomb = workbook([{ name: 'Bomb', rows: `${xmlRow(1, ['a'])}${'<row/>'.repeat(1_000_000)}` }]);
    expect((await problem(bomb, 'xlsx')).code).toBe('DECOMPRESSED_TOO_LARGE');
    expect((await problem(readFileSync(join(FIXTURES, 'three-sheets.xlsx')), 'xlsx', { maxColumns: 4 })).code).toBe('TOO_MANY_COLUMNS');
    expect((await problem(readFileSync(join(FIXTURES, 'contacts.xls')), 'xls', { maxColumns: 4 })).code).toBe('TOO_MANY_COLUMNS');
    expect((await problem(readFileSync(join(FIXTURES, 'contacts.xls')), 'xls', { maxFileBytes: 1000 })).code).toBe('FILE_TOO_LARGE');
  });
});

const scratch = scratchDir('file-preview');

async function writeTemp(data: Buffer): Promise<string> {
  const path = join(scratch, `${randomUUID()}.xlsx`);
  writeFileSync(path, data);
  return path;
}

async function drain(batches: AsyncIterable<RawRow[]>): Promise<void> {
  for await (const batch of batches) void batch;
}

// Fixtures of the engine benchmark: a 10-column template that uses every column type and every rule,
// and a deterministic generator of realistic contact rows (mostly valid, about 3% invalid in one cell,
// some quoted cells, empty optional cells), written as CSV (streamed to disk) or as XLSX (shared
// strings, one date style, boolean and number cells; with the test suite's XLSX writer).
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { xlsx } from '../test/support/xlsx';

/** The template as the API takes it (CreateTemplateSchema); the benchmark stores it through the data layer. */
export const CONTACTS_TEMPLATE = {
  name: 'Customer contacts (engine benchmark)',
  description: 'Every column type and every rule',
  allowPartialImport: true,
  skipHeaderRows: 1,
  columns: [
    {
      key: 'email', name: 'Email', type: 'email', required: true,
      validations: [{ type: 'unique', value: true, message: 'Email already listed' }, { type: 'maxLength', value: 254 }],
      suggestedMappings: ['e-mail', 'mail'],
    },
    { key: 'first_name', name: 'First name', type: 'string', required: true, validations: [{ type: 'minLength', value: 2 }, { type: 'maxLength', value: 50 }] },
    { key: 'last_name', name: 'Last name', type: 'string', validations: [{ type: 'maxLength', value: 40 }] },
    { key: 'phone', name: 'Phone', type: 'phone' },
    { key: 'country', name: 'Country', type: 'string', validations: [{ type: 'regex', value: '^[A-Z]{2}$', message: 'Use a two-letter country code' }] },
    { key: 'plan', name: 'Plan', type: 'string', validations: [{ type: 'enum', value: ['free', 'starter', 'pro', 'enterprise'] }] },
    { key: 'seats', name: 'Seats', type: 'number', validations: [{ type: 'min', value: 1 }, { type: 'max', value: 10000, message: 'At most 10,000 seats' }] },
    { key: 'signup_date', name: 'Signup date', type: 'date' },
    { key: 'active', name: 'Active', type: 'boolean' },
    { key: 'website', name: 'Website', type: 'url' },
  ],
} as const;

const COLUMN_NAMES = CONTACTS_TEMPLATE.columns.map((column) => column.name);

/** A generated cell: a date is kept apart so XLSX can write it as a date-styled serial number. */
type FixtureCell = string | number | boolean | { date: string } | null;

/** Share of rows with one invalid cell (one of INVALID_KINDS, round robin over the random picks). */
export const INVALID_SHARE = 0.03;
const INVALID_KINDS = [
  'email-format', 'email-duplicate', 'email-missing', 'first-name-too-short', 'last-name-too-long', 'phone', 'country-regex',
  'plan-enum', 'seats-range', 'seats-not-number', 'date', 'boolean', 'url'
] as const;

const FIRST = ['Anna', 'Ben', 'Chloe', 'David', 'Emma', 'Felix', 'Grace', 'Hugo', 'Ines', 'Jonas', 'Karin', 'Liam', 'Maya', 'Noah', 'Olga', 'Paul'];
const LAST = ['Smith', 'Müller', 'Garcia', 'Rossi', 'Dubois', 'Novak', 'Kowalski', 'Jensen', 'Silva', 'Tanaka', "O'Brien", 'Nguyen', 'Schmidt', 'Lee'];
const DOMAINS = ['gmail.com', 'acme.io', 'corp.net', 'mail.de', 'web.fr'];
const COUNTRIES = ['US', 'DE', 'FR', 'GB', 'ES', 'IT', 'NL', 'PL', 'JP', 'BR'];
const PLANS = ['free', 'starter', 'pro', 'enterprise'];
const BOOLEAN_TEXTS = ['true', 'false', 'yes', 'no', '1', '0'];

/** mulberry32: a small deterministic generator, so every run reads the same bytes. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `next()`: the next data row, in column order; `invalidRows`: rows generated with an invalid cell so far. */
function rowGenerator(seed = 20240601) {
  const rand = random(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(rand() * values.length)];
  const digits = (n: number) => String(Math.floor(rand() * 10 ** n)).padStart(n, '0');
  let i = 0;
  let invalidRows = 0;
  let previousEmail = 'anna.smith@gmail.com';
  return {
    get invalidRows() { return invalidRows; },
    next(): FixtureCell[] {
      const first = pick(FIRST);
      const last = pick(LAST);
      const lastText = rand() < 0.02 ? `${last}, Jr.` : last; // quoted in CSV
      const email = `${first[0].toLowerCase()}${last.toLowerCase().replace(/[^a-z]/g, '')}${i}@${pick(DOMAINS)}`;
      const year = 2015 + Math.floor(rand() * 10);
      const month = 1 + Math.floor(rand() * 12);
      const day = 1 + Math.floor(rand() * 28);
      const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      // Evaluated in this order: the generator's draws decide every later cell.
      const row: FixtureCell[] = [
        email, first, lastText, rand() < 0.1 ? null : `+1 555-${digits(3)}-${digits(4)}`, pick(COUNTRIES), pick(PLANS),
        1 + Math.floor(rand() * (rand() < 0.9 ? 50 : 5000)), { date }, rand() < 0.7 ? rand() < 0.8 : pick(BOOLEAN_TEXTS),
        rand() < 0.4 ? null : `https://${first.toLowerCase()}${i % 1000}.com`,
      ];
      if (rand() < INVALID_SHARE) {
        invalidRows++;
        switch (pick(INVALID_KINDS)) {
          case 'email-format': row[0] = email.replace('@', ' at '); break;
          case 'email-duplicate': row[0] = previousEmail; break;
          case 'email-missing': row[0] = null; break;
          case 'first-name-too-short': row[1] = first[0]; break;
          case 'last-name-too-long': row[2] = `${last}-${'x'.repeat(40)}`; break;
          case 'phone': row[3] = 'call after 5'; break;
          case 'country-regex': row[4] = pick(COUNTRIES).toLowerCase(); break;
          case 'plan-enum': row[5] = 'trial'; break;
          case 'seats-range': row[6] = rand() < 0.5 ? 0 : 25000; break;
          case 'seats-not-number': row[6] = 'ten'; break;
          case 'date': row[7] = `${year}-02-30`; break;
          case 'boolean': row[8] = 'maybe'; break;
          case 'url': row[9] = `www.${first.toLowerCase()}.com`; break;
        }
      }
      if (typeof row[0] === 'string' && row[0].includes('@')) previousEmail = row[0];
      i++;
      return row;
    },
  };
}

// ---- CSV ----

function csvField(cell: FixtureCell): string {
  if (cell === null) return '';
  const text = typeof cell === 'object' ? cell.date : String(cell);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface WrittenFile {
  path: string;
  bytes: number;
  dataRows: number;
  /** Rows generated with an invalid cell (the engine may find a few more: e.g. a random duplicate). */
  invalidRows: number;
}

/** Writes a header and `dataRows` rows to `path`, a megabyte at a time (never the whole file in memory). */
export function writeCsv(path: string, dataRows: number): WrittenFile {
  const rows = rowGenerator();
  const fd = openSync(path, 'w');
  let bytes = 0;
  try {
    let buffer = `${COLUMN_NAMES.join(',')}\n`;
    const flush = () => {
      bytes += writeSync(fd, buffer);
      buffer = '';
    };
    for (let i = 0; i < dataRows; i++) {
      buffer += `${rows.next().map(csvField).join(',')}\n`;
      if (buffer.length >= 1 << 20) flush();
    }
    flush();
  } finally {
    closeSync(fd);
  }
  return { path, bytes, dataRows, invalidRows: rows.invalidRows };
}

// ---- XLSX ----

const escapeXml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const columnLetter = (index: number) => String.fromCharCode(65 + index); // the template has 10 columns: A-J
const dateSerial = (iso: string) => (Date.parse(`${iso}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;
/** Style s="1": the date format Excel writes for an ISO date. */
const DATE_STYLE =
  '<numFmts><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/></numFmts><cellXfs><xf numFmtId="0"/><xf numFmtId="164"/></cellXfs>';

/**
 * Writes a one-sheet workbook as Excel does (through the tests' writer, test/support/xlsx.ts): text in
 * the shared strings table, numbers and dates as number cells (dates with the date style), booleans as
 * boolean cells; cells carry their reference. Held in memory while zipping: fine for the 100,000-row
 * fixture (tens of MB of XML).
 */
export function writeXlsx(path: string, dataRows: number): WrittenFile {
  const rows = rowGenerator();
  const strings = new Map<string, number>();
  const shared = (text: string) => strings.get(text) ?? (strings.set(text, strings.size), strings.size - 1);
  const rowXml = (r: number, cells: FixtureCell[]) => {
    let xml = `<row r="${r}">`;
    cells.forEach((cell, c) => {
      const ref = `${columnLetter(c)}${r}`;
      if (cell === null) return;
      if (typeof cell === 'string') xml += `<c r="${ref}" t="s"><v>${shared(cell)}</v></c>`;
      else if (typeof cell === 'number') xml += `<c r="${ref}"><v>${cell}</v></c>`;
      else if (typeof cell === 'boolean') xml += `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
      else xml += `<c r="${ref}" s="1"><v>${dateSerial(cell.date)}</v></c>`;
    });
    return `${xml}</row>`;
  };
  // An invalid date (2023-02-30) is generated as plain text: Excel keeps such a cell as a string too.
  const sheet = [rowXml(1, COLUMN_NAMES)];
  for (let i = 0; i < dataRows; i++) sheet.push(rowXml(i + 2, rows.next()));
  const sharedStrings = [...strings.keys()].map((text) => `<t>${escapeXml(text)}</t>`);
  const archive = xlsx({ rows: sheet.join(''), sharedStrings, styles: DATE_STYLE, sheetName: 'Contacts' });
  writeFileSync(path, archive);
  return { path, bytes: archive.length, dataRows, invalidRows: rows.invalidRows };
}

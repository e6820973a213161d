// The corrections benchmark's file and template, in a module of their own so that more than one bench
// module can use them: rows of id,email,age,plan, one error in each of the rows in error.
import { closeSync, openSync, writeSync } from 'node:fs';

const PLANS = ['free', 'pro', 'team'];
const DOMAINS = 20;
/** id unique, email, age min 0, plan an enum; partial imports allowed so the import without corrections completes too. */
export const PEOPLE = {
  name: 'People (corrections benchmark)',
  allowPartialImport: true,
  columns: [
    { key: 'id', name: 'ID', type: 'string', required: true, validations: [{ type: 'unique', value: true }] },
    { key: 'email', name: 'Email', type: 'email', required: true, validations: [] },
    { key: 'age', name: 'Age', type: 'number', validations: [{ type: 'min', value: 0 }] },
    { key: 'plan', name: 'Plan', type: 'string', validations: [{ type: 'enum', value: PLANS }] },
  ],
};

export type ErrorKind = 'email' | 'age' | 'id' | 'plan';
export const KINDS: ErrorKind[] = ['email', 'age', 'id', 'plan'];
/** The file's columns, in order (the template's keys). */
export const COLUMNS: ErrorKind[] = ['id', 'email', 'age', 'plan'];
export interface ErrorRow {
  /** The file row number (the header is row 1). */
  row: number;
  kind: ErrorKind;
  /** The value that fixes it. */
  fix: string;
}

const goodRow = (i: number) => [`C${String(i).padStart(7, '0')}`, `user${i}@d${i % DOMAINS}.example.com`, String(18 + (i % 60)), PLANS[i % 3]];

/**
 * `rows` data rows, `errors` of them spread evenly with exactly one error each, the kinds in turn: an
 * email without @, a negative age, the id of the row before (a valid row: errors are at least two rows
 * apart), a plan outside the enum.
 */
export function writePeopleCsv(path: string, rows: number, errors: number) {
  const fd = openSync(path, 'w');
  const errorRows: ErrorRow[] = [];
  let buffer = 'id,email,age,plan\n';
  let bytes = 0;
  for (let i = 0; i < rows; i++) {
    const cells = goodRow(i);
    if (Math.floor(((i + 1) * errors) / rows) > Math.floor((i * errors) / rows)) {
      const kind = KINDS[errorRows.length % KINDS.length];
      const at = COLUMNS.indexOf(kind);
      errorRows.push({ row: i + 2, kind, fix: kind === 'id' ? `F${String(i).padStart(7, '0')}` : cells[at] });
      cells[at] = { email: `user${i}-at-d${i % DOMAINS}.example.com`, age: `-${1 + (i % 9)}`, id: goodRow(i - 1)[0], plan: 'gold' }[kind];
    }
    buffer += `${cells.join(',')}\n`;
    if (buffer.length > 1 << 20) {
      bytes += writeSync(fd, buffer);
      buffer = '';
    }
  }
  bytes += writeSync(fd, buffer);
  closeSync(fd);
  return { path, bytes, errorRows };
}

export type PeopleFile = ReturnType<typeof writePeopleCsv>;

// The file problems both spreadsheet readers raise, worded once so XLSX and XLS users read the same
// messages. Row and column numbers are the ones the user sees in Excel (1-based, letters for columns).
import { open } from 'node:fs/promises';
import { FileProblem, type EngineLimits } from '../types';

/** Excel's column letters of a zero-based column index: 0 -> A, 26 -> AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

export function tooManyRows(limits: EngineLimits): FileProblem {
  return new FileProblem('TOO_MANY_ROWS', `The sheet has more than ${limits.maxRows} rows, the most one import accepts.`);
}

/** `row` is the 1-based row number, `column` the zero-based index of the offending cell. */
export function tooManyColumns(row: number, column: number, limits: EngineLimits): FileProblem {
  return new FileProblem(
    'TOO_MANY_COLUMNS',
    `Row ${row} has a value in column ${columnLetters(column)}, beyond the ${limits.maxColumns} columns one import accepts.`,
  );
}

export function cellTooLong(row: number, column: number, limits: EngineLimits): FileProblem {
  return new FileProblem(
    'CELL_TOO_LONG',
    `Cell ${columnLetters(column)}${row} is longer than ${limits.maxCellChars} characters, the most one cell may hold.`,
  );
}

export function sheetNotFound(sheetIndex: number, totalSheets: number): FileProblem {
  const has = totalSheets === 1 ? 'has 1 sheet' : `has ${totalSheets} sheets`;
  return new FileProblem(
    'SHEET_NOT_FOUND',
    `Sheet number ${sheetIndex + 1} (index ${sheetIndex}) does not exist: the workbook ${has}.`,
  );
}

export function unreadable(message: string): FileProblem {
  return new FileProblem('UNREADABLE_FILE', message);
}

const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** What the first bytes of a file say it is, to tell users why it is not the workbook they named. */
export type FileKind = 'empty' | 'zip' | 'cfb' | 'biff' | 'other';

export async function sniffFile(path: string): Promise<FileKind> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead === 0) return 'empty';
    if (bytesRead >= 4 && head.readUInt32LE(0) === 0x04034b50) return 'zip';
    if (bytesRead === 8 && head.equals(CFB_MAGIC)) return 'cfb';
    // A bare BIFF stream (Excel 2.x-4.x wrote no container) starts with its BOF record.
    if (bytesRead >= 2 && head[0] === 0x09 && [0x00, 0x02, 0x04, 0x08].includes(head[1])) return 'biff';
    return 'other';
  } finally {
    await handle.close();
  }
}

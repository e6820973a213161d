// The code of the worker thread that parses a legacy .xls workbook with SheetJS, and the messages it
// exchanges with the parent (xls.ts).
//
// Why a string: SheetJS loads the whole workbook into memory, so it runs in a Worker with its own heap
// limit. A worker needs code it can load by itself, and this module runs in three shapes (TypeScript
// through tsx, CommonJS through jest/swc, an ESM chunk bundled by esbuild for Lambda) where no
// separate worker file reliably exists. Plain JavaScript in a string, started with `eval: true`,
// survives all three unchanged. It `require`s SheetJS by an absolute path the parent resolves, so the
// Lambda bundle must ship '@e965/xlsx' as a real module (ApiFunction's `shippedModuleFiles`).
import type { RawRow } from '../types';

export interface XlsWorkerData {
  /** Absolute path of SheetJS's CommonJS entry. */
  modulePath: string;
  path: string;
  sheetIndex: number;
  maxRows: number;
  maxColumns: number;
  maxCellChars: number;
  batchRows: number;
  /** Keep only this many rows of every sheet (a preview of the head); all rows (up to maxRows + 1) by default. */
  headRows?: number;
}

/** Why the worker stopped reading; the parent words the FileProblem (problems.ts). */
export type XlsProblem =
  | { type: 'unreadable'; message: string }
  | { type: 'sheetNotFound'; sheetIndex: number; totalSheets: number }
  | { type: 'tooManyRows' }
  | { type: 'tooManyColumns'; row: number; column: number }
  | { type: 'cellTooLong'; row: number; column: number };

export type XlsReply =
  | XlsProblem
  | { type: 'ready'; sheetName: string; totalSheets: number; date1904: boolean }
  | {
      type: 'batch';
      rows: RawRow[];
      /** [row within the batch, column, number format] of number cells with a format other than General. */
      formatted: [number, number, string][];
      done: boolean;
    };

/** The parent sends this to ask for the next batch. */
export const NEXT_BATCH = 'next';

/** What the parent sends: the next batch of the sheet being read, or another sheet (answered like the first). */
export type XlsRequest = typeof NEXT_BATCH | { sheetIndex: number };

export const XLS_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { modulePath, path, sheetIndex, maxRows, maxColumns, maxCellChars, batchRows, headRows } = workerData;
// BIFF error codes; with cellText off SheetJS gives the code, not the text.
const ERRORS = {
  0: '#NULL!', 7: '#DIV/0!', 15: '#VALUE!', 23: '#REF!', 29: '#NAME?', 36: '#NUM!', 42: '#N/A', 43: '#GETTING_DATA',
};

let XLSX;
let workbook;
let data = [];
let rowCount = 0;
let cursor = 0;

function open() {
  XLSX = require(modulePath);
  try {
    // sheetRows stops storing cells past the limit (one more row proves the limit is exceeded).
    // The BIFF parser ignores the 'sheets' option: every sheet is parsed, which the heap limit bounds.
    workbook = XLSX.readFile(path, {
      dense: true, sheetRows: headRows || maxRows + 1, cellDates: false, cellNF: true, cellText: false,
      cellFormula: false, cellHTML: false, cellStyles: false,
    });
  } catch (error) {
    return { type: 'unreadable', message: String((error && error.message) || error) };
  }
  return select(sheetIndex);
}

function select(sheetIndex) {
  data = [];
  rowCount = 0;
  cursor = 0;
  const names = workbook.SheetNames;
  if (!(Number.isInteger(sheetIndex) && sheetIndex >= 0 && sheetIndex < names.length)) {
    return { type: 'sheetNotFound', sheetIndex, totalSheets: names.length };
  }
  const name = names[sheetIndex];
  // Sheets is keyed by names from the file: only its own properties count.
  const sheet = Object.prototype.hasOwnProperty.call(workbook.Sheets, name) ? workbook.Sheets[name] : undefined;
  if (sheet && sheet['!ref']) {
    rowCount = XLSX.utils.decode_range(sheet['!ref']).e.r + 1;
    data = sheet['!data'] || [];
  }
  if (rowCount > maxRows) return { type: 'tooManyRows' };
  const props = (workbook.Workbook && workbook.Workbook.WBProps) || {};
  return { type: 'ready', sheetName: name, totalSheets: names.length, date1904: Boolean(props.date1904) };
}

function value(cell) {
  if (!cell || cell.v === undefined) return null;
  switch (cell.t) {
    case 'n': case 'b': return cell.v;
    case 'e': return ERRORS[cell.v] || '#ERROR!';
    case 'z': return null;
    default: return String(cell.v);
  }
}

function nextBatch() {
  const rows = [];
  const formatted = [];
  const end = Math.min(cursor + batchRows, rowCount);
  for (; cursor < end; cursor++) {
    const cells = data[cursor] || [];
    const row = [];
    for (let column = 0; column < cells.length; column++) {
      const cellValue = value(cells[column]);
      if (cellValue === null) continue;
      if (column >= maxColumns) return { type: 'tooManyColumns', row: cursor + 1, column };
      if (typeof cellValue === 'string' && cellValue.length > maxCellChars) {
        return { type: 'cellTooLong', row: cursor + 1, column };
      }
      while (row.length < column) row.push(null);
      row[column] = cellValue;
      const format = cells[column].z;
      if (typeof cellValue === 'number' && format && format !== 'General') {
        formatted.push([rows.length, column, format]);
      }
    }
    rows.push(row);
  }
  return { type: 'batch', rows, formatted, done: cursor >= rowCount };
}

parentPort.postMessage(open());
parentPort.on('message', (request) => parentPort.postMessage(request === 'next' ? nextBatch() : select(request.sheetIndex)));
`;

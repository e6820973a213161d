// One worksheet part of an XLSX file, parsed as it inflates into batches of rows. Rows and cells
// carry their position (`<row r="5">`, `<c r="C5">`); a writer may omit empty rows and cells, so
// the gaps are filled in: row N of the sheet is always the Nth row of the stream.
import type { EngineLimits, RawCell, RawRow } from '../types';
import { excelSerialToIsoDate } from './dates';
import { shownNumber } from './number-formats';
import { cellTooLong, columnLetters, tooManyColumns, tooManyRows, unreadable } from './problems';
import { rawTextCap } from './xlsx-strings';
import { unescapeOoxml, xmlStream, type XmlAttributes, type XmlHandlers } from './xml';

export interface SheetContext {
  sharedStrings: string[];
  /** `dateStyles[s]`: style s shows numbers as dates. */
  dateStyles: boolean[];
  /** `numberFormats[s]`: the code style s shows numbers with (neither General nor a date). */
  numberFormats: (string | undefined)[];
  date1904: boolean;
  limits: EngineLimits;
}

export async function* streamSheet(
  part: string,
  chunks: AsyncIterable<string>,
  context: SheetContext,
  batchRows: number,
): AsyncGenerator<RawRow[]> {
  const queue = new RowQueue(batchRows);
  const xml = xmlStream(part, new SheetHandlers(context, queue));
  // One inflated chunk (tens of KB) adds a bounded number of rows; full batches leave before the next.
  for await (const chunk of chunks) {
    xml.write(chunk);
    yield* queue.fullBatches();
  }
  xml.end();
  yield* queue.fullBatches();
  yield* queue.lastBatch();
}

/** Rows parsed but not yet handed out; a run of missing rows is one number until it is batched. */
class RowQueue {
  private pending: (RawRow | number)[] = [];
  private batch: RawRow[] = [];

  constructor(private readonly batchRows: number) {}

  push(row: RawRow): void {
    this.pending.push(row);
  }

  /** Queue `count` empty rows without building them: `<row r="900000">` must not allocate up front. */
  skip(count: number): void {
    if (count > 0) this.pending.push(count);
  }

  *fullBatches(): Generator<RawRow[]> {
    for (const item of this.pending) {
      const rows = typeof item === 'number' ? item : 1;
      for (let i = 0; i < rows; i++) {
        this.batch.push(typeof item === 'number' ? [] : item);
        if (this.batch.length === this.batchRows) yield this.take();
      }
    }
    this.pending = [];
  }

  *lastBatch(): Generator<RawRow[]> {
    if (this.batch.length > 0) yield this.take();
  }

  private take(): RawRow[] {
    const batch = this.batch;
    this.batch = [];
    return batch;
  }
}

interface OpenCell {
  column: number;
  type: string;
  style: number;
}

class SheetHandlers implements XmlHandlers {
  /** 1-based number of the row being read (or last read). */
  private rowNumber = 0;
  private row: RawRow | null = null;
  private nextColumn = 0;
  private cell: OpenCell | null = null;
  /** The cell's value text (`<v>` or inline `<is>`), null while the cell has none. */
  private value: string | null = null;
  private collecting = false;
  private inInlineString = false;
  private inPhonetic = false;
  private readonly textCap: number;

  constructor(
    private readonly context: SheetContext,
    private readonly queue: RowQueue,
  ) {
    this.textCap = rawTextCap(context.limits.maxCellChars);
  }

  open(name: string, attributes: XmlAttributes): void {
    switch (name) {
      case 'row':
        return this.startRow(attributes.r);
      case 'c':
        if (this.row) this.startCell(attributes);
        return;
      case 'v':
        if (this.cell) [this.value, this.collecting] = ['', true];
        return;
      case 'is':
        if (this.cell) [this.value, this.inInlineString] = ['', true];
        return;
      case 't':
        // Rich inline strings have several runs (<r><t>); their phonetic guides (<rPh>) are not text.
        this.collecting = this.inInlineString && !this.inPhonetic;
        return;
      case 'rPh':
        this.inPhonetic = true;
        return;
    }
  }

  close(name: string): void {
    switch (name) {
      case 'v':
      case 't':
        this.collecting = false;
        return;
      case 'rPh':
        this.inPhonetic = false;
        return;
      case 'is':
        this.inInlineString = false;
        return;
      case 'c':
        return this.endCell();
      case 'row':
        if (this.row) this.queue.push(this.row);
        this.row = null;
        return;
    }
  }

  text(text: string): void {
    if (!this.collecting || this.value === null) return;
    this.value += text;
    // Checked as runs accumulate: thousands of rich-text runs must not build one giant value first.
    if (this.value.length > this.textCap) {
      throw cellTooLong(this.rowNumber, this.cell?.column ?? 0, this.context.limits);
    }
  }

  private startRow(reference: string | undefined): void {
    const number = reference === undefined ? this.rowNumber + 1 : Number(reference);
    if (!Number.isSafeInteger(number) || number < 1) {
      throw unreadable(`The XLSX file is damaged: a row has the invalid number "${reference?.slice(0, 20)}".`);
    }
    // Checked before the gap is queued: <row r="999999999"> fails here, without a billion empty rows.
    if (number > this.context.limits.maxRows) throw tooManyRows(this.context.limits);
    if (number <= this.rowNumber) {
      throw unreadable(`The XLSX file is damaged: row ${number} comes after row ${this.rowNumber}.`);
    }
    this.queue.skip(number - this.rowNumber - 1);
    this.rowNumber = number;
    this.row = [];
    this.nextColumn = 0;
  }

  private startCell(attributes: XmlAttributes): void {
    const column = attributes.r === undefined ? this.nextColumn : columnIndex(attributes.r);
    const style = attributes.s === undefined ? 0 : Number(attributes.s);
    this.cell = { column, type: attributes.t ?? 'n', style };
    this.value = null;
  }

  private endCell(): void {
    const { cell, row } = this;
    if (!cell || !row) return;
    const value = this.cellValue(cell);
    const { limits } = this.context;
    // Only cells with a value count: styled empty cells far to the right cost no memory.
    if (value !== null) {
      if (cell.column >= limits.maxColumns) throw tooManyColumns(this.rowNumber, cell.column, limits);
      if (typeof value === 'string' && value.length > limits.maxCellChars) {
        throw cellTooLong(this.rowNumber, cell.column, limits);
      }
      while (row.length < cell.column) row.push(null);
      row[cell.column] = value;
    }
    this.nextColumn = cell.column + 1;
    this.cell = null;
    this.value = null;
    this.inInlineString = false;
  }

  private cellValue(cell: OpenCell): RawCell {
    const text = this.value;
    if (text === null) return null;
    switch (cell.type) {
      case 's':
        return this.sharedString(text, cell);
      case 'inlineStr':
      case 'str':
        return unescapeOoxml(text);
      case 'b':
        return text === '1' || text === 'true';
      case 'e':
        return text;
      case 'd':
        // ISO 8601 date cells (strict OOXML, some generators): the calendar date is the value.
        return /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : text;
      default:
        return this.number(text, cell.style);
    }
  }

  private sharedString(text: string, cell: OpenCell): string {
    const value = /^\d+$/.test(text) ? this.context.sharedStrings[Number(text)] : undefined;
    if (value === undefined) {
      throw unreadable(
        `The XLSX file is damaged: cell ${columnLetters(cell.column)}${this.rowNumber} refers to a missing shared string.`,
      );
    }
    return value;
  }

  private number(text: string, style: number): RawCell {
    if (text.trim() === '') return null;
    const value = Number(text);
    // Excel never writes a non-number here; if a generator did, its text is all we can keep.
    if (!Number.isFinite(value)) return text;
    if (this.context.dateStyles[style]) return excelSerialToIsoDate(value, this.context.date1904) ?? value;
    const code = this.context.numberFormats[style];
    return code === undefined ? value : shownNumber(value, code);
  }
}

/** Zero-based column of a cell reference such as `XFD1`. */
function columnIndex(reference: string): number {
  let column = 0;
  let letters = 0;
  for (; letters < reference.length; letters++) {
    const code = reference.charCodeAt(letters) | 0x20; // lower-cased
    if (code < 0x61 || code > 0x7a) break;
    column = column * 26 + (code - 0x60);
  }
  // Three letters reach XFD, Excel's last column; more is not a reference Excel can write.
  if (letters === 0 || letters > 3) {
    throw unreadable(`The XLSX file is damaged: "${reference.slice(0, 20)}" is not a cell reference.`);
  }
  return column - 1;
}

// The contract between the file readers (CSV, XLSX, XLS) and the import engine: readers turn bytes
// into batches of raw rows in file order; the engine maps, types and validates them.

/**
 * A spreadsheet number cell with a number format (neither General nor a date): its value, and the text
 * the spreadsheet shows (`501` formatted `00000` shows `00501`). Number columns take the value; every
 * other use of the cell (string and phone columns, extra columns, headers, the preview) takes the text.
 */
export class ShownNumber {
  constructor(
    readonly value: number,
    readonly text: string,
  ) {}
  toString(): string {
    return this.text;
  }
  toJSON(): string {
    return this.text;
  }
}

/** One cell as a reader found it. Spreadsheet date cells arrive as `YYYY-MM-DD` strings. */
export type RawCell = string | number | boolean | null | ShownNumber;

/** A cell once its template column took its side of a ShownNumber (the engine's rows after mapping). */
export type TypedCell = string | number | boolean | null;

/** A physical row of the file, cells in column order (index 0 = first column). */
export type RawRow = RawCell[];

/** Which sheet of a workbook was read (null for CSV/TSV). */
export interface SheetInfo {
  sheetName: string;
  /** Zero-based. */
  sheetIndex: number;
  totalSheets: number;
}

export interface RowSource {
  sheet: SheetInfo | null;
  /**
   * Batches of rows in file order. Every physical row of the file is one entry, empty rows included
   * (as `[]` or all-null/blank cells), so the position of a row in the stream is its row number.
   */
  batches: AsyncIterable<RawRow[]>;
}

/** Limits that keep one file from exhausting the processor; defaults in limits.ts, overridable by config. */
export interface EngineLimits {
  /** Bytes of the uploaded file. */
  maxFileBytes: number;
  /** Physical rows of the file (header rows and empty rows included). */
  maxRows: number;
  /** Characters of one cell. */
  maxCellChars: number;
  /** Cells of one row. */
  maxColumns: number;
  /** XLSX: total bytes inflated from the zip parts read (shared strings, styles, workbook, the sheet). */
  maxDecompressedBytes: number;
  /** XLSX: inflated/compressed ratio of any part larger than 1 MiB inflated (zip bombs). */
  maxCompressionRatio: number;
  /** Legacy XLS: heap of the isolated worker that parses the whole workbook. */
  xlsMaxMemoryMb: number;
  /** Legacy XLS: wall-clock time the worker may take. */
  xlsTimeoutMs: number;
}

/** Why a file cannot be imported; `code` ends up in the import's `error.code`. */
export type FileProblemCode =
  | 'UNREADABLE_FILE'
  | 'FILE_TOO_LARGE'
  | 'TOO_MANY_ROWS'
  | 'CELL_TOO_LONG'
  | 'TOO_MANY_COLUMNS'
  | 'ROW_TOO_LARGE'
  | 'DECOMPRESSED_TOO_LARGE'
  | 'SHEET_NOT_FOUND';

/** Thrown by readers and the engine for anything wrong with the file itself (never for our own bugs). */
export class FileProblem extends Error {
  override name = 'FileProblem';
  constructor(
    readonly code: FileProblemCode,
    message: string,
  ) {
    super(message);
  }
}

/** A row stage (the validation hook) ended the import: the policy says the import fails, with this code. */
export class RowStageFailure extends Error {
  override name = 'RowStageFailure';
  constructor(
    readonly code: 'VALIDATION_HOOK_FAILED',
    message: string,
  ) {
    super(message);
  }
}

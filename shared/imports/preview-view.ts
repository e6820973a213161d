// What the mapping review shows of a sheet's head, apart from the readers that produce it
// (preview.ts): the embed function serves the review and loads no file reader.
import { IMPORT_LIMITS } from '../domain/imports';
import { cellText, cutChars } from '../engine/columns';
import { positionalHeader } from '../engine/mapping';
import { ShownNumber, type RawCell } from '../engine/types';

export type PreviewCell = string | number | boolean | null;

export interface PreviewSheet {
  /** Zero-based sheet index (what the import's `sheet` takes); 0 for CSV/TSV. */
  index: number;
  /** The sheet's name in the workbook; null for CSV/TSV. */
  name: string | null;
  /**
   * The header row as the engine reads it: the skipHeaderRows-th row's cells as text (trimmed; an empty
   * cell is ''); with skipHeaderRows 0, `Column 1`, `Column 2`, ... as wide as the widest sample row.
   * [] when the file ends (or the preview's bytes end) before the header row.
   */
  headers: string[];
  /**
   * The first PREVIEW_SAMPLE_ROWS non-blank rows after the header rows, cells as the reader gives
   * them (CSV: strings; spreadsheets: strings, numbers, booleans, dates as YYYY-MM-DD, a formatted
   * number as the text it shows, null for an empty cell), strings cut to PREVIEW_CELL_CHARS. Rows are
   * as long as the file's rows.
   */
  sampleRows: PreviewCell[][];
  /**
   * The sheet's first rows as read, row n at headRows[n - 1] (a blank row is []): every candidate header
   * row (HEADER_ROW_CANDIDATES, or skipHeaderRows if more) and the rows after them until
   * PREVIEW_SAMPLE_ROWS non-blank ones, so the samples under any candidate can be shown
   * (sheetView). Cells are cut to PREVIEW_HEAD_CELL_CHARS, the longest header a mapping can name.
   */
  headRows: PreviewCell[][];
}

/** Data rows shown per sheet. */
export const PREVIEW_SAMPLE_ROWS = 10;
/**
 * A sample cell longer than this is cut to it, so a preview stays small (at most 50 sheets x 10 rows).
 * Headers are cut only to PREVIEW_HEAD_CELL_CHARS: the confirmed mapping names them, and the engine
 * compares them whole.
 */
export const PREVIEW_CELL_CHARS = 200;
/** Cells of the head rows are cut to this: the longest header a confirmed mapping can name. */
export const PREVIEW_HEAD_CELL_CHARS = IMPORT_LIMITS.mappingHeader;

/** What a header row makes of a sheet's head: its headers and the first data rows under it. */
export function sheetView(headRows: readonly PreviewCell[][], headerRow: number): Pick<PreviewSheet, 'headers' | 'sampleRows'> {
  const sampleRows = headRows
    .slice(headerRow)
    .filter((row) => row.some((cell) => cellText(cell) !== ''))
    .slice(0, PREVIEW_SAMPLE_ROWS)
    .map((row) => row.map((cell) => cutText(cell, PREVIEW_CELL_CHARS)));
  const width = Math.max(0, ...sampleRows.map((row) => row.length));
  const headers =
    headerRow === 0
      ? Array.from({ length: width }, (_, column) => positionalHeader(column))
      : (headRows[headerRow - 1] ?? []).map(cellText);
  return { headers, sampleRows };
}

/** A cell as previewed: a formatted spreadsheet number as the text it shows, strings cut to `chars`. */
export function cutText(cell: RawCell, chars: number): PreviewCell {
  if (cell instanceof ShownNumber) return cutText(cell.text, chars);
  return typeof cell === 'string' ? cutChars(cell, chars) : cell;
}


// Finding the header row (docs/values.md "The header row"): files exported by reporting tools put a
// title, a date line or blank rows above the header. Among the first rows, the header is the row whose
// cells best match the template's columns, scored with the mapping suggestions themselves (remembered,
// exact and fuzzy matches), so the row proposed is the row whose mapping the review would suggest best.
import type { Column } from '../domain/templates';
import { cellText } from './columns';
import { suggestMapping } from './suggest';
import type { RawCell } from './types';

/** The header is looked for among this many first rows of a sheet. */
export const HEADER_ROW_CANDIDATES = 20;

/** The last row that may name the columns: the candidates, or the template's own header row if later. */
export const lastHeaderCandidate = (skipHeaderRows: number) => Math.max(HEADER_ROW_CANDIDATES, skipHeaderRows);

/** A header set's remembered mapping (data/mapping-memory.ts), when the caller looked them up. */
export type RememberedLookup = (headers: string[]) => Record<string, string | null> | undefined;

/** The texts of a candidate row, or null for a row that cannot be a header (blank). */
export function candidateHeaders(row: readonly RawCell[] | undefined): string[] | null {
  if (!row) return null;
  const headers = row.map((cell) => cellText(cell ?? null));
  return headers.some((header) => header !== '') ? headers : null;
}

/**
 * The 1-based number of the row among `rows` (the sheet's first rows, row n at rows[n - 1]) whose cells
 * best match `columns`: the sum of its suggestions' confidences (1 for remembered and exact matches, the
 * similarity for fuzzy ones). The first of equal rows wins: a title repeating a column name ties with
 * nothing, as the header matches more. `fallback` when no row matches any column.
 */
export function detectHeaderRow(
  rows: readonly (readonly RawCell[])[],
  columns: readonly Column[],
  options: { fallback: number; remembered?: RememberedLookup },
): number {
  let best = options.fallback;
  let bestScore = 0;
  for (let index = 0; index < Math.min(rows.length, HEADER_ROW_CANDIDATES); index++) {
    const headers = candidateHeaders(rows[index]);
    if (!headers) continue;
    const score = suggestMapping(headers, columns, options.remembered?.(headers)).reduce((sum, suggestion) => sum + suggestion.confidence, 0);
    if (score > bestScore) [best, bestScore] = [index + 1, score];
  }
  return best;
}

// The header row of a file, found as the mapping review proposes it (engine/header-row.ts) with the
// template's remembered mappings: one BatchGetItem for the header sets of every candidate row.
import type { Column } from '../domain/templates';
import { getRememberedMappings } from '../data/mapping-memory';
import { candidateHeaders, detectHeaderRow, HEADER_ROW_CANDIDATES } from '../engine/header-row';
import { headerSetKey } from '../engine/suggest';
import type { RawCell } from '../engine/types';

/** Each sheet's proposed header row; `fallback` (the template's skipHeaderRows) where no row matches. */
export async function findHeaderRows(
  organizationId: string,
  templateId: string,
  columns: readonly Column[],
  sheets: readonly (readonly (readonly RawCell[])[])[],
  fallback: number,
): Promise<number[]> {
  const candidates = sheets.flatMap((rows) =>
    rows.slice(0, HEADER_ROW_CANDIDATES).flatMap((row) => {
      const headers = candidateHeaders(row);
      return headers ? [headerSetKey(headers)] : [];
    }),
  );
  const remembered = candidates.length ? await getRememberedMappings(organizationId, templateId, candidates) : new Map();
  return sheets.map((rows) => detectHeaderRow(rows, columns, { fallback, remembered: (headers) => remembered.get(headerSetKey(headers)) }));
}

/** One sheet's header row (an import without review whose template says headerRow "auto"). */
export async function findHeaderRow(
  organizationId: string,
  templateId: string,
  columns: readonly Column[],
  rows: readonly (readonly RawCell[])[],
  fallback: number,
): Promise<number> {
  const [row] = await findHeaderRows(organizationId, templateId, columns, [rows], fallback);
  return row;
}

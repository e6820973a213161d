// Pages of an import's stored rows (valid rows, error rows) for the Imports API, with the answers a
// client can act on: not finished yet (409), failed so no rows (409), expired (410), page too big (400).
import { getImportRecordAndResult } from '../data/imports';
import { PageTooLarge, readRowLines, RowsExpired } from '../data/row-chunks';
import { config } from '../config';
import { ApiError, badRequest, notFound } from '../domain/errors';
import type { PageRequest } from '../domain/pagination';
import type { ImportRecord } from '../domain/imports';
import type { RowKind } from '../data/objects';
import type { ErrorRow, RowNote } from '../engine/engine';

/** A Lambda response is at most 6 MB: a page's rows stay under this. */
export const PAGE_BUDGET_BYTES = 5 * 1024 * 1024;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the bucket lifecycle deletes the import's rows (counted from when it finished). */
const rowsExpireAt = (record: ImportRecord) => Date.parse(record.completedAt ?? record.createdAt) + config().retentionDays * DAY_MS;

/** 410 ROWS_EXPIRED: the rows of a finished import were deleted by the retention lifecycle. */
export function rowsExpiredError(record: ImportRecord): ApiError {
  const expiredAt = new Date(rowsExpireAt(record));
  return new ApiError(
    410,
    'ROWS_EXPIRED',
    `The rows of import ${record.id} were deleted on ${expiredAt.toISOString().slice(0, 10)}: rows are kept ${config().retentionDays} days after an import finishes. The import record and its counts remain.`,
  );
}

export async function storedRowsPage(organizationId: string, importId: string, kind: Exclude<RowKind, 'source'>, { page, limit }: PageRequest) {
  const found = await getImportRecordAndResult(organizationId, importId, { expectFinished: true });
  if (!found) throw notFound('Import');
  const { record, result } = found;
  if (record.status === 'PENDING') {
    throw new ApiError(409, 'IMPORT_NOT_FINISHED', `Import ${importId} is still PENDING: its rows are available once it finishes`);
  }
  if (kind === 'valid' && record.status === 'FAILED') {
    throw new ApiError(
      409,
      'IMPORT_FAILED',
      `Import ${importId} FAILED, so it delivers no rows; GET /api/v1/imports/${importId}/errors lists its invalid rows`,
    );
  }
  const total = kind === 'valid' ? record.validRows : record.errorRows;
  const offset = (page - 1) * limit;
  if (offset >= total) return { rows: [], total, notes: undefined };
  if (Date.now() > rowsExpireAt(record)) throw rowsExpiredError(record);
  try {
    const count = Math.min(limit, total - offset);
    const lines = await readRowLines(organizationId, importId, kind, offset, count, PAGE_BUDGET_BYTES, false, result?.chunkStarts?.[kind]);
    if (kind !== 'valid') return { rows: lines.map(withLevels), total, notes: undefined };
    const columns = result?.rowColumns ?? [];
    const notes = rowNotes(columns, lines);
    return { rows: rowObjects(columns, lines), total, notes: notes.length ? notes : undefined };
  } catch (error) {
    if (error instanceof RowsExpired) throw rowsExpiredError(record);
    if (error instanceof PageTooLarge) {
      throw badRequest(
        `This page would exceed the ${PAGE_BUDGET_BYTES / 1024 / 1024} MB response limit: ask for limit=${Math.max(1, error.fits)} or less`,
      );
    }
    throw error;
  }
}

/** Every error says its level: stored rows before hooks, and the rules' errors, carry none. */
function withLevels(line: unknown): unknown {
  const row = line as ErrorRow;
  return { ...row, errors: row.errors.map((error) => ({ ...error, level: 'error' })) };
}

/**
 * The validation hook's warnings on valid rows: each row's stored array ends with a RowNote after its
 * columns when it has some. `index`: the row's position among the rows read.
 */
export function rowNotes(columns: string[], lines: unknown[]): ({ index: number } & RowNote)[] {
  const notes: ({ index: number } & RowNote)[] = [];
  lines.forEach((values, index) => {
    const note = (values as unknown[])[columns.length] as RowNote | undefined;
    if (note && typeof note === 'object' && Array.isArray(note.messages)) notes.push({ index, row: note.row, messages: note.messages });
  });
  return notes;
}

/** Stored rows are arrays in rowColumns order; the API and the webhook deliver objects keyed by column key. */
export function rowObjects(columns: string[], lines: unknown[]): Record<string, unknown>[] {
  // fromEntries defines own properties: an extra header named "__proto__" stays a plain key.
  return lines.map((values) => Object.fromEntries(columns.map((column, i) => [column, (values as unknown[])[i] ?? null])));
}

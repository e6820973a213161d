// GET /api/v1/imports/:id/corrections: every change the end user made in the correction step, in order
// (a cell: row, column, from, to; a removal or restore: row, removed), from the change log.
import { getImportRecord } from '../data/imports';
import { readHead, readLog } from '../data/corrections';
import { notFound } from '../domain/errors';
import { pagination, type PageRequest } from '../domain/pagination';
import { RowsExpired } from '../data/row-chunks';
import { rowsExpiredError } from '../imports/stored-rows';

export async function correctionsPage(organizationId: string, importId: string, pageRequest: PageRequest) {
  const [record, head] = await Promise.all([getImportRecord(organizationId, importId), readHead(organizationId, importId)]);
  if (!record) throw notFound('Import');
  // An import without a correction step has no changes.
  const total = head?.logEntries ?? 0;
  const offset = (pageRequest.page - 1) * pageRequest.limit;
  const data =
    offset < total
      ? await readLog(organizationId, importId, offset, pageRequest.limit).catch((error: unknown) => {
          // A bulk change's entries live in an object, deleted with the rows after the retention period.
          throw error instanceof RowsExpired ? rowsExpiredError(record) : error;
        })
      : [];
  return { data, pagination: pagination(pageRequest, total) };
}

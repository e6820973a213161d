// GET rows: a page of the import's rows as they are now, in file order, by filter. The segments'
// status items say which rows each filter keeps (a segment without one has every row valid), so a page
// anywhere in a million rows reads the statuses, then only its own rows.
import type { RowFilter } from '../domain/corrections';
import { readAllSegments } from '../data/corrections';
import { MemoryCache } from '../data/memory-cache';
import { badRequest, validationError } from '../domain/errors';
import { PAGE_BUDGET_BYTES, rowsExpiredError } from '../imports/stored-rows';
import { RowsExpired } from '../data/row-chunks';
import { pagination, type PageRequest } from '../domain/pagination';
import { importPhase, type ImportRecord } from '../domain/imports';
import { matchesFilter, SEGMENT_ROWS, StatusBits } from './rules';
import { countsOf, loadRows, openWorkspace, renderRow, segmentCount, segmentLength, segmentOf, type Workspace } from './workspace';

/**
 * Every segment's status at the head's version. A grid scrolling without changes in between reads them
 * once: every change moves the version (the head is read strongly by each request), so statuses cached
 * for a version are exactly that version's. Read-only for the caller.
 */
const statusCache = new MemoryCache<Map<number, StatusBits>>(20);

function segmentsAt(ws: Workspace): Promise<Map<number, StatusBits>> {
  const key = `${ws.organizationId}|${ws.importId}|${ws.head.gen}|${ws.head.seq}`;
  return statusCache.get(key, () => readAllSegments(ws.organizationId, ws.importId, ws.head.gen, ws.rules.width));
}

export async function rowsPage(
  organizationId: string,
  importId: string,
  query: { filter: RowFilter; column?: string },
  pageRequest: PageRequest,
  record?: ImportRecord,
) {
  const ws = await openWorkspace(organizationId, importId, record);
  const { rules, meta } = ws;
  const column = query.column === undefined ? undefined : rules.keys.indexOf(query.column);
  if (column === -1) throw validationError(`Validation error: column: "${query.column}" is not a column of the template (${rules.keys.join(', ')})`);
  const statuses = await segmentsAt(ws);
  const offset = (pageRequest.page - 1) * pageRequest.limit;
  const wanted: number[] = [];
  let total = 0;
  for (let segment = 0; segment < segmentCount(meta); segment++) {
    const length = segmentLength(meta, segment);
    const bits = statuses.get(segment);
    // A segment without status: every row valid and kept.
    if (!bits) {
      const matching = column === undefined && (query.filter === 'all' || query.filter === 'valid') ? length : 0;
      for (let i = Math.max(0, offset - total); i < matching && wanted.length < pageRequest.limit; i++) wanted.push(segment * SEGMENT_ROWS + i);
      total += matching;
      continue;
    }
    for (let row = 0; row < length; row++) {
      if (!matchesFilter(bits, row, query.filter, column)) continue;
      if (total >= offset && wanted.length < pageRequest.limit) wanted.push(segment * SEGMENT_ROWS + row);
      total++;
    }
  }
  const states = await loadRows(ws, wanted).catch((error: unknown) => {
    // A finished import read after the retention period: its source rows are gone.
    throw error instanceof RowsExpired ? rowsExpiredError(ws.items.record) : error;
  });
  const emptyStatus = StatusBits.empty(rules.width, SEGMENT_ROWS);
  const data = wanted.map((index) => {
    const segment = segmentOf(index);
    return renderRow(rules, states.get(index)!, statuses.get(segment) ?? emptyStatus, index - segment * SEGMENT_ROWS);
  });
  // A Lambda answer is at most 6 MB: a page of very wide rows says which limit fits, as the rows routes do.
  let bytes = 0;
  const fits = data.findIndex((row) => (bytes += Buffer.byteLength(JSON.stringify(row))) > PAGE_BUDGET_BYTES);
  if (fits !== -1) {
    throw badRequest(`This page would exceed the ${PAGE_BUDGET_BYTES / 1024 / 1024} MB response limit: ask for limit=${Math.max(1, fits)} or less`);
  }
  const { columns } = ws.items.snapshot.template;
  return {
    data,
    pagination: pagination(pageRequest, total),
    counts: countsOf(ws),
    columns: columns.map(({ key, name, type, required }) => ({ key, name, type, required: Boolean(required) })),
    allowPartialImport: ws.items.snapshot.settings.allowPartialImport,
    phase: importPhase(ws.items.record),
  };
}

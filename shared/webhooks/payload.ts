// The webhook payload (SPEC 6.2; import.failed as DECISIONS says), rendered once per delivery and
// stored: every attempt sends those exact bytes. Rendering is deterministic (the timestamp is the
// delivery's start), so re-rendering after a crash before the store gives the same bytes again.
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { isMissingObject } from '../aws/missing-object';
import { s3 } from '../aws/clients';
import { config } from '../config';
import { objectKeys } from '../data/objects';
import { readRowLines, RowsExpired } from '../data/row-chunks';
import type { ImportItems } from '../data/imports';
import { rowObjects } from '../imports/stored-rows';
import { ROWS_PAGE_MAX } from '../domain/pagination';

/** SPEC 8: more than 10,000 rows may be paginated. */
export const INLINE_ROWS = 10_000;
/** Rows JSON (as delivered) inline in one POST at most: a wide template must not make a 100 MB request. */
export const INLINE_ROW_BYTES = 5 * 1024 * 1024;

export interface Pagination {
  totalRows: number;
  inlineRows: number;
  /** The rows endpoint call that returns the first row not delivered inline. */
  nextPage: { path: string; page: number; limit: number };
}

/**
 * How many of the rows that fit go inline: all of them when every valid row fits; otherwise a multiple
 * of the page size the rest is read with, so that page/limit continue exactly after the last inline row.
 */
function inlineCut(fitting: number, total: number): { inline: number; limit: number } {
  if (fitting >= total) return { inline: total, limit: ROWS_PAGE_MAX };
  const limit = fitting >= ROWS_PAGE_MAX ? ROWS_PAGE_MAX : fitting >= 100 ? 100 : Math.max(1, fitting);
  return { inline: Math.floor(fitting / limit) * limit, limit };
}

async function inlineRows(organizationId: string, items: ImportItems): Promise<{ rows: Record<string, unknown>[]; pagination?: Pagination }> {
  const { record, result } = items;
  const total = record.validRows;
  // import.failed delivers no rows (DECISIONS), and there is nothing to page through.
  if (record.status !== 'COMPLETED' || total === 0) return { rows: [] };
  let lines: unknown[] = [];
  try {
    lines = await readRowLines(organizationId, record.id, 'valid', 0, Math.min(INLINE_ROWS, total), INLINE_ROW_BYTES, true);
  } catch (error) {
    // A resend after the retention period: the rows are gone; pagination still says how many there were.
    if (!(error instanceof RowsExpired)) throw error;
  }
  // Stored rows are arrays; delivered ones are objects keyed by column, so the budget is measured on those.
  const objects = rowObjects(result?.rowColumns ?? [], lines);
  let fitting = 0;
  for (let bytes = 0; fitting < objects.length; fitting++) {
    bytes += Buffer.byteLength(JSON.stringify(objects[fitting])) + 1;
    if (bytes > INLINE_ROW_BYTES) break;
  }
  const { inline, limit } = inlineCut(fitting, total);
  const rows = objects.slice(0, inline);
  if (inline === total) return { rows };
  return {
    rows,
    pagination: { totalRows: total, inlineRows: inline, nextPage: { path: `/api/v1/imports/${record.id}/rows`, page: inline / limit + 1, limit } },
  };
}

export async function renderPayload(organizationId: string, items: ImportItems, deliveryStartedAt: string): Promise<Buffer> {
  const { record, snapshot, result } = items;
  const completed = record.status === 'COMPLETED';
  const { rows, pagination } = await inlineRows(organizationId, items);
  const payload = {
    event: completed ? 'import.completed' : 'import.failed',
    timestamp: deliveryStartedAt,
    importId: record.id,
    templateId: record.templateId,
    organizationId,
    file: { name: record.fileName, type: record.fileType, size: record.fileSize },
    stats: {
      totalRows: record.totalRows,
      validRows: record.validRows,
      skippedRows: record.skippedRows,
      errorRows: record.errorRows,
    },
    metadata: record.metadata,
    user: snapshot.user ?? { id: null, email: null, name: null },
    columnMapping: result?.columnMapping ?? {},
    ...(completed ? {} : { error: result?.error ?? null }),
    data: {
      columns: result?.rowColumns ?? [],
      rows,
      ...(result?.sheet ?? {}),
      ...(pagination ? { pagination } : {}),
    },
  };
  return Buffer.from(JSON.stringify(payload), 'utf8');
}

/** The delivery's payload: the stored bytes, or rendered and stored by the first attempt that needs them. */
export async function deliveryPayload(
  organizationId: string,
  importId: string,
  delivery: number,
  render: () => Promise<Buffer>,
): Promise<Buffer> {
  const Key = objectKeys.webhookPayload(organizationId, importId, delivery);
  try {
    const { Body } = await s3().send(new GetObjectCommand({ Bucket: config().bucketName, Key }));
    return Buffer.from(await Body!.transformToByteArray());
  } catch (error) {
    if (!isMissingObject(error)) throw error;
  }
  const body = await render();
  await s3().send(new PutObjectCommand({ Bucket: config().bucketName, Key, Body: body, ContentType: 'application/json' }));
  return body;
}

// The webhook payload (SPEC 6.2; import.failed as DECISIONS says), rendered once and stored: every
// attempt sends those exact bytes. The processor stores the first delivery's when the import finishes;
// a resend sends those bytes with its own timestamp (withTimestamp) instead of rendering and storing
// its own, unless they could expire during the resend (resend.ts decides). Rendering is deterministic
// (the timestamp is the delivery's start), so re-rendering after a crash before the store gives the
// same bytes again.
import { isMissingObject } from '../aws/missing-object';
import { getObject, putObject } from '../aws/objects';
import { config } from '../config';
import { objectKeys } from '../data/objects';
import { importSource, orderedFormats } from '../domain/imports';
import { readRowLines, RowsExpired } from '../data/row-chunks';
import type { ImportItems } from '../data/imports';
import { rowNotes, rowObjects } from '../imports/stored-rows';
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

async function inlineRows(
  organizationId: string,
  items: ImportItems,
): Promise<{ rows: Record<string, unknown>[]; notes?: ReturnType<typeof rowNotes>; pagination?: Pagination }> {
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
  const notes = rowNotes(result?.rowColumns ?? [], lines.slice(0, inline));
  const withNotes = notes.length ? { notes } : {};
  if (inline === total) return { rows, ...withNotes };
  return {
    rows,
    ...withNotes,
    pagination: { totalRows: total, inlineRows: inline, nextPage: { path: `/api/v1/imports/${record.id}/rows`, page: inline / limit + 1, limit } },
  };
}

export async function renderPayload(organizationId: string, items: ImportItems, deliveryStartedAt: string): Promise<Buffer> {
  const { record, snapshot, result } = items;
  const completed = record.status === 'COMPLETED';
  const { rows, notes, pagination } = await inlineRows(organizationId, items);
  // `event` then `timestamp` first: withTimestamp re-times these bytes for a resend.
  const payload = {
    event: completed ? 'import.completed' : 'import.failed',
    timestamp: deliveryStartedAt,
    importId: record.id,
    templateId: record.templateId,
    organizationId,
    source: importSource(record),
    file: { name: record.fileName, type: record.fileType, size: record.fileSize },
    stats: {
      totalRows: record.totalRows,
      validRows: record.validRows,
      skippedRows: record.skippedRows,
      errorRows: record.errorRows,
      correctedRows: record.correctedRows ?? 0,
      removedRows: record.removedRows ?? 0,
    },
    metadata: record.metadata,
    user: snapshot.user ?? { id: null, email: null, name: null },
    columnMapping: result?.columnMapping ?? {},
    headerRow: result?.headerRow ?? null,
    columnFormats: orderedFormats(result?.columnFormats),
    ...(completed ? {} : { error: result?.error ?? null }),
    data: {
      columns: result?.rowColumns ?? [],
      rows,
      // The validation hook's warnings on the rows above (`index` into rows); only when there are some.
      ...(notes ? { rowMessages: notes } : {}),
      ...(result?.sheet ?? {}),
      ...(pagination ? { pagination } : {}),
    },
  };
  return Buffer.from(JSON.stringify(payload), 'utf8');
}

/** The stored payload of `delivery`, or undefined when there is none (never stored, or expired). */
export async function readPayload(organizationId: string, importId: string, delivery: number): Promise<Buffer | undefined> {
  const Key = objectKeys.webhookPayload(organizationId, importId, delivery);
  try {
    const { Body } = await getObject({ Bucket: config().bucketName, Key });
    return Buffer.from(await Body!.transformToByteArray());
  } catch (error) {
    if (!isMissingObject(error)) throw error;
    return undefined;
  }
}

/** Store `delivery`'s payload (idempotent: rendering is deterministic, so a second store writes the same bytes). */
export async function storePayload(organizationId: string, importId: string, delivery: number, body: Buffer): Promise<void> {
  const Key = objectKeys.webhookPayload(organizationId, importId, delivery);
  await putObject({ Bucket: config().bucketName, Key, Body: body, ContentType: 'application/json' });
}

/** The delivery's payload: the stored bytes, or rendered and stored by the first attempt that needs them. */
export async function deliveryPayload(
  organizationId: string,
  importId: string,
  delivery: number,
  render: () => Promise<Buffer>,
): Promise<Buffer> {
  const stored = await readPayload(organizationId, importId, delivery);
  if (stored) return stored;
  const body = await render();
  await storePayload(organizationId, importId, delivery, body);
  return body;
}

const ISO_LENGTH = '2026-11-21T10:00:00.000Z'.length;
const HEADS = ['import.completed', 'import.failed'].map((event) => Buffer.from(`{"event":"${event}","timestamp":"`, 'utf8'));

/**
 * A resend's body: the first delivery's stored bytes with the resend's own `timestamp` (renderPayload
 * writes `event` then `timestamp` first, and everything else is the same for every delivery of an
 * import). Undefined when the bytes do not start that way; the caller then renders the delivery's own.
 */
export function withTimestamp(body: Buffer, timestamp: string): Buffer | undefined {
  const head = HEADS.find((prefix) => body.length > prefix.length + ISO_LENGTH && body.subarray(0, prefix.length).equals(prefix));
  if (!head || Buffer.byteLength(timestamp) !== ISO_LENGTH || body[head.length + ISO_LENGTH] !== 0x22) return undefined;
  const out = Buffer.from(body);
  out.write(timestamp, head.length, 'utf8');
  return out;
}

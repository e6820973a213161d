// Imports: the creation input (shared by importctl and the widget's endpoints), the stored shapes,
// the list/detail resources of the Imports API and their response schemas (also the OpenAPI source).
import * as v from 'valibot';
import { issuePath, jsonObject, msg } from './validation';
import { badRequest } from './errors';
import { storedNumberProblem } from './numbers';
import { DATE_ORDERS, NUMBER_FORMATS, normalizeColumns, type Column, type ColumnInput } from './templates';
import type { SheetInfo } from '../engine/types';
import type { ChosenFormats, ColumnFormat } from '../engine/column-formats';
import { HookMessageSchema, HookSummarySchema, type HookSummary, type ValidationHook } from './validation-hook';

export const IMPORT_STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * Where a PENDING import is: its file not arrived yet, waiting for the end user to confirm the column
 * mapping (imports started with `review`), being processed, or waiting for the end user to correct the
 * rows in error (imports started with `review` whose validation found some: shared/corrections/);
 * FINISHED once it is COMPLETED or FAILED.
 */
export const IMPORT_PHASES = ['AWAITING_UPLOAD', 'AWAITING_MAPPING', 'PROCESSING', 'AWAITING_CORRECTIONS', 'FINISHED'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];
/** The phases stored on a PENDING record (FINISHED is its status). */
export type PendingPhase = Exclude<ImportPhase, 'FINISHED'>;

export const WEBHOOK_STATUSES = ['NOT_CONFIGURED', 'PENDING', 'RETRYING', 'DELIVERED', 'FAILED'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

export const FILE_TYPES = ['csv', 'tsv', 'xlsx', 'xls'] as const;
export type FileType = (typeof FILE_TYPES)[number];

export const IMPORT_LIMITS = {
  fileName: 255,
  /** Metadata lives on the import record, which is rewritten at every state change: kept small. */
  metadataBytes: 2048,
  metadataDepth: 5,
  metadataKey: 100,
  externalUserId: 256,
  userField: 320,
  mappingEntries: 500,
  mappingHeader: 500,
  sheetIndex: 255,
} as const;

/** The file type follows from the name's extension (case-insensitive); anything else is refused. */
export function fileTypeOf(fileName: string): FileType | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return FILE_TYPES.find((type) => type === extension);
}

/** Why a metadata value cannot be stored, or undefined when it can (numbers follow the storage rule). */
function metadataProblem(value: unknown, depth: number): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') {
    const problem = storedNumberProblem(value);
    return problem ? `holds a number that ${problem}` : undefined;
  }
  if (depth >= IMPORT_LIMITS.metadataDepth) return `must not nest deeper than ${IMPORT_LIMITS.metadataDepth} levels`;
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = metadataProblem(item, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  }
  if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.length === 0 || key.length > IMPORT_LIMITS.metadataKey) {
        return `keys must be 1 to ${IMPORT_LIMITS.metadataKey} characters`;
      }
      // Read back from the table, such a key would set an object's prototype instead of a field (valibot
      // already drops it at the top level; nested objects arrive as given).
      if (key === '__proto__') return 'keys must not be __proto__';
      const problem = metadataProblem(item, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  }
  return 'must be JSON';
}

const MetadataSchema = v.pipe(
  jsonObject(msg.object),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = metadataProblem(dataset.value, 0);
    if (problem) addIssue({ message: problem });
    else if (Buffer.byteLength(JSON.stringify(dataset.value), 'utf8') > IMPORT_LIMITS.metadataBytes) {
      addIssue({ message: `must be at most ${IMPORT_LIMITS.metadataBytes} bytes as JSON` });
    }
  }),
);

const optionalText = (max: number) => v.optional(v.nullable(v.pipe(v.string(msg.string), v.maxLength(max, msg.maxChars(max)))));

export const ImportUserSchema = v.strictObject(
  {
    id: optionalText(IMPORT_LIMITS.userField),
    email: optionalText(IMPORT_LIMITS.userField),
    name: optionalText(IMPORT_LIMITS.userField),
  },
  msg.object,
);

const mappingOf = <T extends v.GenericSchema>(columnKey: T) =>
  v.pipe(
    v.record(
      v.pipe(v.string(), v.minLength(1, msg.minChars(1)), v.maxLength(IMPORT_LIMITS.mappingHeader, msg.maxChars(IMPORT_LIMITS.mappingHeader))),
      columnKey,
      msg.object,
    ),
    v.check((value) => Object.keys(value).length <= IMPORT_LIMITS.mappingEntries, msg.maxItems(IMPORT_LIMITS.mappingEntries)),
  );
const columnKeySchema = v.pipe(v.string(msg.string), v.minLength(1, msg.minChars(1)));
const MappingSchema = mappingOf(columnKeySchema);
const SheetIndexSchema = v.pipe(
  v.number(msg.number),
  v.integer(msg.integer),
  v.minValue(0, msg.between(0, IMPORT_LIMITS.sheetIndex)),
  v.maxValue(IMPORT_LIMITS.sheetIndex, msg.between(0, IMPORT_LIMITS.sheetIndex)),
);

/** The most rows above the data an end user can pick the header row among. */
export const MAX_HEADER_ROW = 100;

/**
 * The end user's answer to a preview: the sheet, each header's column key or null (unmapped), the row
 * that names the columns (default: the one proposed), and how ambiguous dates and numbers are read.
 */
export const ConfirmMappingSchema = v.strictObject(
  {
    sheet: v.optional(v.nullable(SheetIndexSchema)),
    mapping: mappingOf(v.nullable(columnKeySchema)),
    headerRow: v.optional(
      v.nullable(v.pipe(v.number(msg.number), v.integer(msg.integer), v.minValue(1, msg.between(1, MAX_HEADER_ROW)), v.maxValue(MAX_HEADER_ROW, msg.between(1, MAX_HEADER_ROW)))),
    ),
    columnFormats: v.optional(
      v.pipe(
        v.record(
          columnKeySchema,
          v.strictObject(
            {
              dateOrder: v.optional(v.picklist(DATE_ORDERS, msg.oneOf(DATE_ORDERS))),
              numberFormat: v.optional(v.picklist(NUMBER_FORMATS, msg.oneOf(NUMBER_FORMATS))),
            },
            msg.object,
          ),
          msg.object,
        ),
        v.check((value) => Object.keys(value).length <= IMPORT_LIMITS.mappingEntries, msg.maxItems(IMPORT_LIMITS.mappingEntries)),
      ),
    ),
  },
  msg.object,
);

/** What starts an import: the file's declared name and size, and what the caller attaches to it. */
export const CreateImportSchema = v.strictObject(
  {
    fileName: v.pipe(
      v.string(msg.string),
      v.minLength(1, msg.minChars(1)),
      v.maxLength(IMPORT_LIMITS.fileName, msg.maxChars(IMPORT_LIMITS.fileName)),
      // A base name: the object key never comes from it, but it is shown and delivered as given.
      v.check((name) => !/[/\\\u0000-\u001f]/.test(name), 'must be a file name without path separators or control characters'),
      v.check((name) => fileTypeOf(name) !== undefined, `must end in ${FILE_TYPES.map((type) => `.${type}`).join(', ')}`),
    ),
    fileSize: v.pipe(v.number(msg.number), v.integer(msg.integer), v.minValue(0, 'must be at least 0')),
    metadata: v.optional(v.nullable(MetadataSchema)),
    externalUserId: optionalText(IMPORT_LIMITS.externalUserId),
    user: v.optional(v.nullable(ImportUserSchema)),
    mapping: v.optional(v.nullable(MappingSchema)),
    /** Pause after the upload with a preview of the file, until the mapping is confirmed (the widget's review step). */
    review: v.optional(v.nullable(v.boolean(msg.boolean))),
    sheet: v.optional(v.nullable(SheetIndexSchema)),
  },
  msg.object,
);
export type CreateImportInput = v.InferOutput<typeof CreateImportSchema>;

export interface ImportUser {
  id: string | null;
  email: string | null;
  name: string | null;
}

export interface ImportError {
  code: string;
  message: string;
}

/**
 * Where an import was started: the API (`POST /api/v1/imports`, an API key), the widget on an
 * organization's page, the dashboard's "Import a file" (the widget on the dashboard's own origin), or an
 * operator's `importctl import`.
 */
export const IMPORT_SOURCES = ['api', 'widget', 'dashboard', 'importctl'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** Records stored before `source` existed: the widget's carry its status token, the rest were importctl's. */
export const importSource = (record: Pick<ImportRecord, 'source' | 'embedTokenHash'>): ImportSource =>
  record.source ?? (record.embedTokenHash !== undefined ? 'widget' : 'importctl');

/** The small item that changes state (pattern 9 in data/table.ts): what lists show. */
export interface ImportRecord {
  id: string;
  templateId: string;
  templateName: string;
  fileName: string;
  fileType: FileType;
  fileSize: number;
  status: ImportStatus;
  totalRows: number;
  validRows: number;
  errorRows: number;
  skippedRows: number;
  /** Imports corrected in the widget: rows with a cell the end user changed, rows the end user removed (set when it finishes). */
  correctedRows?: number;
  removedRows?: number;
  metadata: Record<string, unknown>;
  /** null until the import finishes: only then is the webhook queued (or known not configured). */
  webhookStatus: WebhookStatus | null;
  webhookAttempts: number;
  webhookDeliveredAt: string | null;
  createdAt: string;
  completedAt: string | null;
  /** Rows read so far while PENDING (progress; not part of the API resources). */
  processedRows?: number;
  /** Where a PENDING import is (importPhase); absent on records written before phases existed. */
  phase?: PendingPhase;
  /** Imports started with review: the uploaded file's size and when its preview was stored. */
  uploadedBytes?: number;
  previewAt?: string;
  /** Imports that waited for corrections: when validation ended (the deadline counts from it) and when the end user submitted. */
  correctionsAt?: string;
  submittedAt?: string;
  /** The current webhook delivery: 1 from the finish, +1 per resend (internal). */
  webhookDelivery?: number;
  /** When the current delivery started: the payload's timestamp, so a re-render is byte-identical. */
  webhookDeliveryStartedAt?: string;
  /** While RETRYING: when the next attempt is due. */
  webhookNextAttemptAt?: string | null;
  /** Set only when a deadline closed the import (UPLOAD_TIMEOUT, PROCESSING_TIMEOUT); see finishedResult. */
  error?: ImportError | null;
  /** Imports started through the embed API: the SHA-256 of the status token (domain/embed.ts; internal). */
  embedTokenHash?: string;
  /** Imports whose template has a validation hook: its calls, set by the processor, moved by corrections. */
  hook?: HookSummary;
  /** Listed by one open pointer while PENDING (data/table.ts pattern 11); absent on records written before (internal). */
  openPointer?: true;
  /** Where the import was started (absent on records written before: importSource). */
  source?: ImportSource;
  /** The review link's SHA-256 and expiry, while one is open (API imports waiting for corrections; internal). */
  reviewLink?: { hash: string; expiresAt: string };
}

/** Written once at creation and read by the processor and the detail: what the import runs against. */
export interface ImportSnapshot {
  template: { id: string; name: string; columns: Column[] };
  /** headerRow "auto": the template finds the header row (absent: skipHeaderRows names it). */
  settings: { allowExtraColumns: boolean; skipHeaderRows: number; allowPartialImport: boolean; headerRow?: 'auto' };
  externalUserId: string | null;
  user: ImportUser | null;
  /** Explicit mapping: uploaded header -> column key, applied before automatic matching. */
  mapping: Record<string, string> | null;
  sheetIndex: number | null;
  /** Started with `review`: processing waits for the confirmed mapping (ConfirmedMapping). */
  review?: boolean;
  /**
   * API imports: `exact`, the caller's columnMapping is the whole mapping; `suggested`, the headers are
   * mapped as the widget's review would propose (remembered mappings, then exact and fuzzy matches).
   */
  mappingRule?: 'exact' | 'suggested';
  /** API imports created with `review: true`: rows in error wait for corrections (a review link), with no mapping step. */
  corrections?: true;
  /** The template's validation hook when the import was created (absent: none). */
  hook?: ValidationHook;
}

/** The mapping the end user confirmed after the preview: written once, read by the processor. */
export interface ConfirmedMapping {
  sheetIndex: number;
  /** Every header of the sheet -> column key, or null to leave it unmapped. Applied exactly: no automatic matching. */
  mapping: Record<string, string | null>;
  /** The row the end user confirmed as the header (absent: the template's skipHeaderRows). */
  headerRow?: number;
  /** The end user's date orders and decimal marks, per column key. */
  columnFormats?: ChosenFormats;
  confirmedAt: string;
}

/** The phase of an import (the API and the embed status carry it). */
export function importPhase(record: Pick<ImportRecord, 'status' | 'phase' | 'processedRows'>): ImportPhase {
  if (record.status !== 'PENDING') return 'FINISHED';
  return record.phase ?? (record.processedRows !== undefined ? 'PROCESSING' : 'AWAITING_UPLOAD');
}

/** Written once, just before the import finishes. */
export interface ImportResult {
  columnMapping: Record<string, string>;
  /** Keys of the stored row arrays, in order: template columns, then kept extra headers. */
  rowColumns: string[];
  sheet: SheetInfo | null;
  error: ImportError | null;
  /** The row that named the columns (0: none); absent on imports finished before it was recorded. */
  headerRow?: number;
  /** How date and number columns were read, where something decided it (engine/column-formats.ts). */
  columnFormats?: Record<string, ColumnFormat>;
  /** Where each stored chunk of rows starts (data/row-chunk-format.ts); absent on imports stored as 1,000-row chunks. */
  chunkStarts?: ChunkStarts;
}

/** The first row number (0-based, in file order) of each stored chunk, per kind of row. */
export interface ChunkStarts {
  valid: number[];
  errors: number[];
}

/**
 * The result that describes an import, once finished. A deadline closes an import with its error on
 * the record and writes no result item; a processor that lost that race may still have written one,
 * which is ignored. Undefined while PENDING.
 */
export function finishedResult(record: ImportRecord, result: ImportResult | undefined): ImportResult | undefined {
  if (record.status === 'PENDING') return undefined;
  const error = record.error ?? result?.error;
  // Rebuilt so field order is stable (DynamoDB maps come back unordered).
  const ordered = error ? { code: error.code, message: error.message } : null;
  if (record.error) return { columnMapping: {}, rowColumns: [], sheet: null, error: ordered };
  return result && { ...result, error: ordered };
}

export interface ImportDetail {
  id: string;
  source: ImportSource;
  templateId: string;
  phase: ImportPhase;
  template: ImportSnapshot['template'];
  fileName: string;
  fileType: FileType;
  fileSize: number;
  totalRows: number;
  validRows: number;
  errorRows: number;
  skippedRows: number;
  correctedRows: number;
  removedRows: number;
  columnMapping: Record<string, string> | null;
  headerRow: number | null;
  columnFormats: Record<string, ColumnFormat> | null;
  status: ImportStatus;
  error: ImportError | null;
  metadata: Record<string, unknown>;
  externalUserId: string | null;
  user: ImportUser | null;
  sheet: SheetInfo | null;
  webhookStatus: WebhookStatus | null;
  webhookAttempts: number;
  webhookDeliveredAt: string | null;
  createdAt: string;
  completedAt: string | null;
  /** Imports whose template had a validation hook: its calls (null otherwise). */
  hook: HookSummary | null;
}

export type ImportListItem = Pick<
  ImportRecord,
  | 'id'
  | 'templateId'
  | 'templateName'
  | 'fileName'
  | 'fileType'
  | 'fileSize'
  | 'totalRows'
  | 'validRows'
  | 'errorRows'
  | 'status'
  | 'metadata'
  | 'webhookStatus'
  | 'createdAt'
  | 'completedAt'
> & { source: ImportSource };

export function toImportListItem(record: ImportRecord): ImportListItem {
  return {
    id: record.id,
    templateId: record.templateId,
    templateName: record.templateName,
    fileName: record.fileName,
    fileType: record.fileType,
    fileSize: record.fileSize,
    totalRows: record.totalRows,
    validRows: record.validRows,
    errorRows: record.errorRows,
    status: record.status,
    metadata: record.metadata,
    webhookStatus: record.webhookStatus ?? null,
    createdAt: record.createdAt,
    completedAt: record.completedAt ?? null,
    source: importSource(record),
  };
}

/** The detail: the list fields and the rest; `result` as data/imports.ts reads it (finishedResult: none while PENDING). */
export function toImportDetail(record: ImportRecord, snapshot: ImportSnapshot, finished: ImportResult | undefined): ImportDetail {
  const { templateName: _templateName, ...listed } = toImportListItem(record);
  const { id, name, columns } = snapshot.template;
  return {
    ...listed,
    phase: importPhase(record),
    // Rebuilt so field order is stable (DynamoDB maps come back unordered).
    template: { id, name, columns: normalizeColumns(columns as ColumnInput[]) },
    skippedRows: record.skippedRows,
    correctedRows: record.correctedRows ?? 0,
    removedRows: record.removedRows ?? 0,
    columnMapping: finished?.columnMapping ?? null,
    headerRow: finished?.headerRow ?? null,
    columnFormats: finished ? orderedFormats(finished.columnFormats) : null,
    error: finished?.error ?? null,
    externalUserId: snapshot.externalUserId,
    user: snapshot.user && { id: snapshot.user.id, email: snapshot.user.email, name: snapshot.user.name },
    sheet: finished?.sheet ?? null,
    webhookAttempts: record.webhookAttempts ?? 0,
    webhookDeliveredAt: record.webhookDeliveredAt ?? null,
    hook: hookSummary(record, snapshot),
  };
}

/** Field order fixed (DynamoDB maps come back unordered). */
export function orderedFormats(formats: Record<string, ColumnFormat> | undefined): Record<string, ColumnFormat> {
  return Object.fromEntries(
    Object.entries(formats ?? {}).map(([key, format]) => [
      key,
      {
        ...(format.dateOrder && { dateOrder: format.dateOrder }),
        ...(format.numberFormat && { numberFormat: format.numberFormat }),
        decidedBy: format.decidedBy,
        ...(format.conflict && { conflict: true as const }),
      },
    ]),
  );
}

/** The record's hook summary with its fields in order; an import whose hook was not called yet shows zeros. */
function hookSummary(record: ImportRecord, snapshot: ImportSnapshot): HookSummary | null {
  if (!snapshot.hook) return null;
  const stored = record.hook;
  return {
    status: stored?.status ?? 'ok',
    ...(stored?.reason ? { reason: stored.reason } : {}),
    calls: Number(stored?.calls ?? 0),
    failedCalls: Number(stored?.failedCalls ?? 0),
    rows: Number(stored?.rows ?? 0),
    ms: Number(stored?.ms ?? 0),
  };
}

// ---- Response schemas (documentation: the OpenAPI document is generated from these) ----

const timestamp = v.pipe(v.string(), v.isoTimestamp());
const count = v.pipe(v.number(), v.integer());
const ErrorSchema = v.object({ code: v.string(), message: v.string() });

/** How each date and number column's values were read, where the template, the end user or the file decided it (docs/values.md). */
export const ColumnFormatsSchema = v.record(
  v.string(),
  v.object({
    dateOrder: v.optional(v.picklist(DATE_ORDERS)),
    numberFormat: v.optional(v.picklist(NUMBER_FORMATS)),
    decidedBy: v.picklist(['template', 'user', 'file']),
    conflict: v.optional(v.literal(true)),
  }),
);

export const ImportListItemSchema = v.object({
  id: v.pipe(v.string(), v.startsWith('imp_')),
  templateId: v.pipe(v.string(), v.startsWith('tpl_')),
  templateName: v.string(),
  fileName: v.string(),
  fileType: v.picklist(FILE_TYPES),
  fileSize: count,
  totalRows: count,
  validRows: count,
  errorRows: count,
  status: v.picklist(IMPORT_STATUSES),
  metadata: v.record(v.string(), v.unknown()),
  webhookStatus: v.nullable(v.picklist(WEBHOOK_STATUSES)),
  createdAt: timestamp,
  completedAt: v.nullable(timestamp),
  /** Where the import was started: api (an API key), widget, dashboard (its "Import a file") or importctl. */
  source: v.picklist(IMPORT_SOURCES),
});

export const ImportDetailSchema = v.object({
  ...v.omit(ImportListItemSchema, ['templateName']).entries,
  phase: v.picklist(IMPORT_PHASES),
  template: v.object({ id: v.string(), name: v.string(), columns: v.array(v.record(v.string(), v.unknown())) }),
  skippedRows: count,
  correctedRows: count,
  removedRows: count,
  columnMapping: v.nullable(v.record(v.string(), v.string())),
  headerRow: v.nullable(count),
  columnFormats: v.nullable(ColumnFormatsSchema),
  error: v.nullable(ErrorSchema),
  externalUserId: v.nullable(v.string()),
  user: v.nullable(v.object({ id: v.nullable(v.string()), email: v.nullable(v.string()), name: v.nullable(v.string()) })),
  sheet: v.nullable(v.object({ sheetName: v.string(), sheetIndex: count, totalSheets: count })),
  webhookAttempts: count,
  webhookDeliveredAt: v.nullable(timestamp),
  hook: HookSummarySchema,
});

export const ImportErrorRowSchema = v.object({
  row: count,
  errors: v.array(
    v.object({
      column: v.string(),
      value: v.nullable(v.string()),
      message: v.string(),
      level: v.literal('error'),
      code: v.optional(v.string()),
      suggestion: v.optional(v.string()),
    }),
  ),
  /** The validation hook's warnings and info messages on the row. */
  messages: v.optional(v.array(HookMessageSchema)),
});

export const WebhookAttemptSchema = v.object({
  delivery: count,
  attempt: count,
  startedAt: timestamp,
  durationMs: count,
  status: v.nullable(count),
  errorKind: v.nullable(v.picklist(['timeout', 'connection', 'dns', 'forbidden_address', 'invalid_url', 'not_configured'])),
  responseExcerpt: v.string(),
});

const DATE_OR_TIME_PROBLEM = 'must be a date (yyyy-mm-dd) or a date-time with a time zone (2026-11-27T09:30:00Z)';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A date-time needs its zone: "09:30" alone would mean another instant on every server. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A calendar day that exists (2025-02-30 does not), or a valid date-time with its zone. */
const isDateOrTime = (text: string) =>
  ISO_DAY.test(text)
    ? new Date(`${text}T00:00:00Z`).toISOString().startsWith(text)
    : ISO_DATE_TIME.test(text) && !Number.isNaN(Date.parse(text)) && new Date(`${text.slice(0, 10)}T00:00:00Z`).toISOString().startsWith(text.slice(0, 10));

const dateOrTimeParam = v.optional(v.pipe(v.string(DATE_OR_TIME_PROBLEM), v.check(isDateOrTime, DATE_OR_TIME_PROBLEM)));

/** Query of GET /imports: page and limit as for templates, plus the filters (template, status, creation range). */
export const IMPORT_LIST_FILTERS = {
  templateId: v.optional(v.string()),
  status: v.optional(v.picklist(IMPORT_STATUSES, msg.oneOf(IMPORT_STATUSES))),
  /** Created at or after: a day (from its start, UTC) or an instant. */
  from: dateOrTimeParam,
  /** Created at or before: a day (to its end, UTC) or an instant. */
  to: dateOrTimeParam,
};

/** The ends of a range open on one side (every createdAt sorts between them as text). */
const OPEN_RANGE = { from: '0000-01-01T00:00:00.000Z', to: '9999-12-31T23:59:59.999Z' };

/** The creation range of a listing as instants (ISO, milliseconds, UTC: the form of createdAt), both included. */
export interface CreatedRange {
  from: string;
  to: string;
}

/**
 * The `from`/`to` of a listing query: undefined when neither is given. A day means from its first or to
 * its last millisecond (UTC); a missing end is open. 400 BAD_REQUEST (as every query parameter) for a
 * malformed value or `to` before `from`.
 */
export function parseCreatedRange(query: Record<string, string | undefined>): CreatedRange | undefined {
  const result = v.safeParse(v.object({ from: IMPORT_LIST_FILTERS.from, to: IMPORT_LIST_FILTERS.to }), { from: query.from, to: query.to });
  if (!result.success) {
    const [issue] = result.issues;
    throw badRequest(`Invalid query parameter: ${issuePath(issue.path)} ${issue.message}`);
  }
  const { from, to } = result.output;
  if (from === undefined && to === undefined) return undefined;
  const range = {
    from: from === undefined ? OPEN_RANGE.from : ISO_DAY.test(from) ? `${from}T00:00:00.000Z` : new Date(from).toISOString(),
    to: to === undefined ? OPEN_RANGE.to : ISO_DAY.test(to) ? `${to}T23:59:59.999Z` : new Date(to).toISOString(),
  };
  if (range.to < range.from) throw badRequest('Invalid query parameter: to must not be before from');
  return range;
}

// The embed API's rules: which pages may use a template (origins), what the widget may declare about
// its file (content types per file type), its status token, and the resources it is answered with.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { issuePath, msg } from './validation';
import { badRequest } from './errors';
import { DATE_ORDERS, NUMBER_FORMATS } from './templates';
import { hashApiKey } from './ids';
import {
  CreateImportSchema,
  FILE_TYPES,
  IMPORT_PHASES,
  IMPORT_STATUSES,
  importPhase,
  ImportErrorRowSchema,
  fileTypeOf,
  MAX_HEADER_ROW,
  type FileType,
  type ImportRecord,
  type ImportResult,
} from './imports';

/** How long an import's status token works (the widget polls until the import finishes). */
export const EMBED_TOKEN_TTL_SECONDS = 24 * 60 * 60;

/**
 * An import's tokens: the widget's status token (`ist_`) and a review link's (`irl_`, api-imports.ts),
 * each `<prefix><organization id>.<32 random bytes>`. The organization in the token is what finds the
 * import's record (its key), and the record holds the token's SHA-256 (`embedTokenHash`, `reviewLink`):
 * issuing one writes no item of its own, and checking one reads the record the request needs anyway.
 */
export type ImportTokenKind = 'status' | 'review';
const TOKEN_PREFIXES: Record<ImportTokenKind, string> = { status: 'ist_', review: 'irl_' };
const IMPORT_TOKEN = /^(ist_|irl_)(org_[0-9A-HJKMNP-TV-Z]{26})\.[A-Za-z0-9_-]{43}$/;

export function newImportToken(kind: ImportTokenKind, organizationId: string): { token: string; tokenHash: string } {
  const token = `${TOKEN_PREFIXES[kind]}${organizationId}.${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashApiKey(token) };
}

/** The kind and organization a token names; undefined for anything else (status tokens of the earlier form included). */
export function importTokenOrganization(token: string): { kind: ImportTokenKind; organizationId: string } | undefined {
  const match = IMPORT_TOKEN.exec(token);
  if (!match) return undefined;
  return { kind: match[1] === TOKEN_PREFIXES.review ? 'review' : 'status', organizationId: match[2] };
}

/** When the token of an import created at `createdAt` stops working. */
export const embedTokenExpiresAt = (createdAt: string) => new Date(Date.parse(createdAt) + EMBED_TOKEN_TTL_SECONDS * 1000).toISOString();

/** Whether `token` is the unexpired token whose SHA-256 (hex) is `storedHash`. */
export function embedTokenMatches(token: string, storedHash: string | undefined, expiresAt: string, nowMs = Date.now()): boolean {
  if (!storedHash || Date.parse(expiresAt) <= nowMs) return false;
  const presented = Buffer.from(hashApiKey(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** The HTML a page pastes to embed a template's import widget (`scriptUrl`: the stage's widget loader). */
export function embedSnippet(scriptUrl: string, templateId: string): string {
  return `<script type="module" src="${scriptUrl}"></script>\n<import-widget template="${templateId}"></import-widget>`;
}

/** An origin as browsers send it: scheme://host[:port], lower case, no path; undefined when not one. */
export function normalizeOrigin(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return undefined;
  if (raw.trim().endsWith('/')) return undefined;
  return url.origin;
}

/** `--origins a,b`: each a valid origin; throws with the offending entry named. */
export function parseAllowedOrigins(list: string): string[] {
  const origins = list.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (origins.length === 0) throw new Error('--origins needs at least one origin');
  return [...new Set(origins.map((entry) => {
    const origin = normalizeOrigin(entry);
    if (!origin) throw new Error(`"${entry}" is not an origin: give scheme://host[:port], e.g. https://app.example.com`);
    return origin;
  }))];
}

/**
 * Content types a browser or client may declare per file type (browsers report .csv as
 * application/vnd.ms-excel on Windows and leave unknown types empty: octet-stream covers that). The
 * declared type is bound into the presigned URL, so the upload must send exactly it.
 */
export const UPLOAD_CONTENT_TYPES: Record<FileType, readonly string[]> = {
  csv: ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream'],
  tsv: ['text/tab-separated-values', 'text/tsv', 'text/plain', 'application/octet-stream'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip', 'application/octet-stream'],
  xls: ['application/vnd.ms-excel', 'application/x-msexcel', 'application/octet-stream'],
};

/** The type the upload is signed with: the declared one (without parameters), or the file type's default. */
export function uploadContentType(fileType: FileType, declared: string | null | undefined): string {
  return declared ? declared.split(';')[0].trim().toLowerCase() : UPLOAD_CONTENT_TYPES[fileType][0];
}

/** The widget's request: the import fields importctl sends, plus the file's content type. */
export const UploadContentTypeSchema = v.optional(v.nullable(v.pipe(v.string(msg.string), v.maxLength(255, msg.maxChars(255)))));

/** Whether the declared content type is one of the file type's (checked once the file name is known valid). */
export function contentTypeMatchesFile({ fileName, contentType }: { fileName: string; contentType?: string | null }): boolean {
  const fileType = fileTypeOf(fileName);
  return !contentType || !fileType || UPLOAD_CONTENT_TYPES[fileType].includes(uploadContentType(fileType, contentType));
}
export const CONTENT_TYPE_MISMATCH = 'is not a content type of the file\'s type (see the API reference for the accepted ones)';

export const CreateEmbedImportSchema = v.pipe(
  v.strictObject({ ...CreateImportSchema.entries, contentType: UploadContentTypeSchema }, msg.object),
  v.forward(v.check((input) => contentTypeMatchesFile(input), CONTENT_TYPE_MISMATCH), ['contentType']),
);
export type CreateEmbedImportInput = v.InferOutput<typeof CreateEmbedImportSchema>;

/** What the widget shows while it polls: counts and, once finished (`result` as finishedResult gives it), the mapping and the error. */
export function toEmbedImportStatus(record: ImportRecord, finished: ImportResult | undefined) {
  return {
    id: record.id,
    status: record.status,
    phase: importPhase(record),
    fileName: record.fileName,
    fileType: record.fileType,
    totalRows: record.totalRows,
    validRows: record.validRows,
    errorRows: record.errorRows,
    skippedRows: record.skippedRows,
    correctedRows: record.correctedRows ?? 0,
    removedRows: record.removedRows ?? 0,
    columnMapping: finished?.columnMapping ?? null,
    error: finished?.error ?? null,
    createdAt: record.createdAt,
    completedAt: record.completedAt ?? null,
  };
}

// ---- Response schemas (documentation: the OpenAPI document is generated from these) ----

const timestamp = v.pipe(v.string(), v.isoTimestamp());
const count = v.pipe(v.number(), v.integer());

export const EmbedImportStatusSchema = v.object({
  id: v.pipe(v.string(), v.startsWith('imp_')),
  status: v.picklist(IMPORT_STATUSES),
  phase: v.picklist(IMPORT_PHASES),
  fileName: v.string(),
  fileType: v.picklist(FILE_TYPES),
  totalRows: count,
  validRows: count,
  errorRows: count,
  skippedRows: count,
  correctedRows: count,
  removedRows: count,
  columnMapping: v.nullable(v.record(v.string(), v.string())),
  error: v.nullable(v.object({ code: v.string(), message: v.string() })),
  createdAt: timestamp,
  completedAt: v.nullable(timestamp),
});

export const CreatedEmbedImportSchema = v.object({
  importId: v.pipe(v.string(), v.startsWith('imp_')),
  token: v.pipe(v.string(), v.startsWith('ist_')),
  expiresAt: timestamp,
  upload: v.object({
    method: v.literal('PUT'),
    url: v.pipe(v.string(), v.url()),
    headers: v.record(v.string(), v.string()),
    expiresAt: timestamp,
  }),
});

export const EmbedErrorRowsSchema = v.array(ImportErrorRowSchema);

const previewCell = v.nullable(v.union([v.string(), v.number(), v.boolean()]));

/** GET /embed/v1/imports/{id}/preview: each sheet's head with its header row, suggestions and value hints, and the template's columns. */
export const ImportPreviewSchema = v.object({
  phase: v.picklist(IMPORT_PHASES),
  sheetIndex: count,
  sheets: v.array(
    v.object({
      index: count,
      name: v.nullable(v.string()),
      headerRow: count,
      proposedHeaderRow: count,
      firstRows: v.array(v.array(previewCell)),
      headers: v.array(v.string()),
      sampleRows: v.array(v.array(previewCell)),
      suggestedMapping: v.record(v.string(), v.nullable(v.string())),
      confidence: v.record(v.string(), v.number()),
      source: v.record(v.string(), v.nullable(v.picklist(['remembered', 'exact', 'fuzzy']))),
      valueFormats: v.record(
        v.string(),
        v.object({
          date: v.optional(
            v.object({
              order: v.nullable(v.picklist(['DMY', 'MDY'])),
              conflict: v.boolean(),
              example: v.nullable(v.string()),
              readings: v.nullable(v.object({ DMY: v.string(), MDY: v.string() })),
            }),
          ),
          number: v.optional(
            v.object({
              format: v.nullable(v.picklist(NUMBER_FORMATS)),
              conflict: v.boolean(),
              example: v.nullable(v.string()),
              readings: v.nullable(v.object({ point: v.number(), comma: v.number() })),
            }),
          ),
        }),
      ),
    }),
  ),
  columns: v.array(
    v.object({
      key: v.string(),
      name: v.string(),
      type: v.string(),
      required: v.boolean(),
      dateOrder: v.nullable(v.picklist(DATE_ORDERS)),
      numberFormat: v.nullable(v.picklist(NUMBER_FORMATS)),
    }),
  ),
});

const queryInteger = (min: number, max: number) =>
  v.optional(v.pipe(v.number(`must be an integer between ${min} and ${max}`), v.integer(`must be an integer between ${min} and ${max}`), v.minValue(min, `must be an integer between ${min} and ${max}`), v.maxValue(max, `must be an integer between ${min} and ${max}`)));

/** The preview route's parameters: the header row another row of a sheet (default: the import's sheet) would make. */
export const PreviewQuerySchema = v.object({ sheet: queryInteger(0, 255), headerRow: queryInteger(1, MAX_HEADER_ROW) });

export function parsePreviewQuery(query: Record<string, string | undefined>): v.InferOutput<typeof PreviewQuerySchema> {
  const integer = (raw: string | undefined) => (raw === undefined ? undefined : /^[0-9]{1,6}$/.test(raw) ? Number(raw) : Number.NaN);
  const result = v.safeParse(PreviewQuerySchema, { sheet: integer(query.sheet), headerRow: integer(query.headerRow) });
  if (!result.success) {
    const [issue] = result.issues;
    throw badRequest(`Invalid query parameter: ${issuePath(issue.path)} ${issue.message}`);
  }
  return result.output;
}

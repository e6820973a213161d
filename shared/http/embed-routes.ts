// The embed API's route table: what the widget calls from an end user's browser, without an API key.
// Its own function group, with its own pipeline (embed-pipeline.ts): CORS, the template's allowed
// origins, a per-template-and-client rate limit, and the import's status token on the /imports routes.
import * as v from 'valibot';
import type { RouteDefinition } from './route-definition';
import { BrandingSchema } from '../domain/branding';
import { TemplateSchema } from '../domain/templates';
import { PaginationSchema, pageQuerySchema, ROWS_PAGE_DEFAULT, ROWS_PAGE_MAX } from '../domain/pagination';
import { CreateEmbedImportSchema, CreatedEmbedImportSchema, EmbedErrorRowsSchema, EmbedImportStatusSchema, ImportPreviewSchema, PreviewQuerySchema } from '../domain/embed';
import { ConfirmMappingSchema } from '../domain/imports';
import {
  PatchRowsResponseSchema,
  PatchRowsSchema,
  RemoveResponseSchema,
  RemoveSchema,
  ReplaceResponseSchema,
  ReplaceSchema,
  RestoreResponseSchema,
  RestoreSchema,
  RowFiltersSchema,
  RowsPageSchema,
} from '../domain/corrections';

export const EMBED_PREFIX = '/embed/v1';

const TEMPLATE_PATH = `${EMBED_PREFIX}/templates/{id}`;
const IMPORT_PATH = `${EMBED_PREFIX}/imports/{id}`;

export const EmbedTemplateSchema = v.object({
  template: v.pick(TemplateSchema, ['id', 'name', 'description', 'columns', 'allowExtraColumns', 'skipHeaderRows', 'allowPartialImport']),
  branding: BrandingSchema,
});

const OPERATIONS: readonly RouteDefinition[] = [
  {
    method: 'GET',
    path: TEMPLATE_PATH,
    group: 'embed',
    operationId: 'getEmbedTemplate',
    summary: 'What the widget needs to show a template: its columns and settings, and the organization\'s branding',
    description:
      'No API key. Only templates with embedEnabled; any other id (unknown, malformed, not embed-enabled) is the same ' +
      '404. The branding is the effective one for the organization\'s plan, as GET /api/v1/organization/branding shows it.',
    status: 200,
    response: EmbedTemplateSchema,
    errors: [403, 404],
  },
  {
    method: 'POST',
    path: `${TEMPLATE_PATH}/imports`,
    group: 'embed',
    operationId: 'createEmbedImport',
    summary: 'Start an import from the widget: a PENDING import, its status token and a presigned upload URL',
    description:
      'Everything is checked before anything is created (fileSize within the upload limit, a known file type, the ' +
      'content type of that file type, metadata, mapping and sheet as for importctl). PUT the file to upload.url with ' +
      'upload.headers, exactly fileSize bytes, before upload.expiresAt (15 minutes): the URL is valid for this one ' +
      'object, this size and this content type only. Processing starts when the file lands; poll ' +
      'GET /embed/v1/imports/{importId} with `Authorization: Bearer <token>` (valid 24 hours). An import whose file ' +
      'never arrives is closed FAILED with UPLOAD_TIMEOUT (20 minutes after creation).',
    status: 201,
    body: CreateEmbedImportSchema,
    response: CreatedEmbedImportSchema,
    errors: [400, 403, 404],
  },
  {
    method: 'GET',
    path: IMPORT_PATH,
    group: 'embed',
    operationId: 'getEmbedImport',
    summary: 'The status of an import started from the widget (needs its token)',
    description:
      '`Authorization: Bearer <token>` from the create response. A missing, wrong, expired or other import\'s token is ' +
      '401. columnMapping and error are null until the import finishes.',
    status: 200,
    response: EmbedImportStatusSchema,
    errors: [401, 403, 404],
  },
  {
    method: 'GET',
    path: `${IMPORT_PATH}/template`,
    group: 'embed',
    operationId: 'getEmbedImportTemplate',
    summary: 'The template an import runs against (its snapshot) and the organization\'s branding, by the import\'s token',
    description:
      'What a review link\'s page shows the correction step with: the template as the import was created with it, ' +
      'whether or not it is embed-enabled. Needs the import\'s token or its review link\'s.',
    status: 200,
    response: EmbedTemplateSchema,
    errors: [401, 403, 404],
  },
  {
    method: 'GET',
    path: `${IMPORT_PATH}/errors`,
    group: 'embed',
    operationId: 'listEmbedImportErrors',
    summary: 'The invalid rows of a finished import started from the widget: row number and, per bad cell, column, value and message',
    description: 'Needs the import\'s token. 409 IMPORT_NOT_FINISHED while PENDING; 410 ROWS_EXPIRED after the retention period.',
    status: 200,
    query: pageQuerySchema(ROWS_PAGE_MAX, ROWS_PAGE_DEFAULT),
    response: v.object({ data: EmbedErrorRowsSchema, pagination: PaginationSchema }),
    errors: [400, 401, 403, 404, 409, 410],
  },
  {
    method: 'GET',
    path: `${IMPORT_PATH}/preview`,
    group: 'embed',
    operationId: 'getEmbedImportPreview',
    summary: 'The head of the file of an import started with review: each sheet\'s headers and first rows, with suggested matches',
    description:
      'Needs the import\'s token. For CSV/TSV one sheet (name null); for XLSX/XLS every sheet (at most 50). Per header: ' +
      'suggestedMapping (a column key or null), confidence (0 to 1) and source (remembered: the mapping confirmed before ' +
      'for the same headers; exact; fuzzy; or null). 409 PREVIEW_NOT_READY until the file was read (and for an import ' +
      'started without review); the preview stays readable after the import finished.',
    status: 200,
    query: PreviewQuerySchema,
    response: ImportPreviewSchema,
    errors: [401, 403, 404, 409],
  },
  {
    method: 'POST',
    path: `${IMPORT_PATH}/mapping`,
    group: 'embed',
    operationId: 'confirmEmbedImportMapping',
    summary: 'Confirm the column mapping of an import waiting for it: processing starts with exactly that sheet and mapping',
    description:
      'Needs the import\'s token. `mapping` names headers of the chosen sheet (default: the one of the import) with a ' +
      'column key or null; headers left out stay unmapped. 400 VALIDATION_ERROR names every problem (unknown headers or ' +
      'column keys, a column mapped from two headers, required columns unmapped); 409 IMPORT_NOT_AWAITING_MAPPING when ' +
      'the import is not in AWAITING_MAPPING (a second, different confirmation; a finished import). The same ' +
      'confirmation sent again is accepted. The mapping is remembered for the template and these headers.',
    status: 202,
    body: ConfirmMappingSchema,
    response: v.object({ success: v.boolean(), message: v.string() }),
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'GET',
    path: `${IMPORT_PATH}/rows`,
    group: 'embed',
    operationId: 'listEmbedImportRows',
    summary: 'The rows of an import in its correction step, as they are now: each mapped cell\'s text and the errors',
    description:
      'Needs the import\'s token. filter: all (every row not removed), errors, valid, removed; column=KEY keeps the rows ' +
      'with an error in that column. Rows in file order; `row` is the file\'s row number (what PATCH, remove and restore ' +
      'name). counts: total (data rows of the file), valid, errors, removed, corrected. 409 IMPORT_NOT_VALIDATED before ' +
      'validation ended (and for an import that finished without a correction step); after the import finished it ' +
      'answers the final state, read-only, until its rows expire (410 ROWS_EXPIRED after the retention period).',
    status: 200,
    query: v.object({ ...pageQuerySchema(ROWS_PAGE_MAX, ROWS_PAGE_DEFAULT).entries, ...RowFiltersSchema.entries }),
    response: RowsPageSchema,
    errors: [400, 401, 403, 404, 409, 410],
  },
  {
    method: 'PATCH',
    path: `${IMPORT_PATH}/rows`,
    group: 'embed',
    operationId: 'correctEmbedImportRows',
    summary: 'Correct cells: each changed row is validated again with every rule of the template, unique across all rows',
    description:
      'Needs the import\'s token. 1 to 1000 changes { row, values: { key: text or null } }. Answers the changed rows and ' +
      'every other row whose errors changed because of them (the other of two duplicates). A value another row already ' +
      'holds in a unique column is that rule\'s error for the row that took it last. 400 VALIDATION_ERROR names unknown ' +
      'rows and column keys; 409 IMPORT_NOT_AWAITING_CORRECTIONS outside the correction step. Sending the same changes ' +
      'again changes nothing.',
    status: 200,
    body: PatchRowsSchema,
    response: PatchRowsResponseSchema,
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'POST',
    path: `${IMPORT_PATH}/rows/replace`,
    group: 'embed',
    operationId: 'replaceInEmbedImportRows',
    summary: 'Find & replace in one column, over every row or the rows in error; every changed row validated again',
    description:
      'Needs the import\'s token. match: cell (the whole cell equals find; an empty find matches empty cells) or ' +
      'contains (every occurrence); caseSensitive (default false); filter: all or errors. Removed rows are left as they are. ' +
      '`changes` lists each changed cell ({ row, from, to }) when there are at most 1,000: what one PATCH needs to undo it.',
    status: 200,
    body: ReplaceSchema,
    response: ReplaceResponseSchema,
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'POST',
    path: `${IMPORT_PATH}/rows/remove`,
    group: 'embed',
    operationId: 'removeEmbedImportRows',
    summary: 'Remove rows (by row number, or every row in error): removed rows are not delivered',
    description: 'Needs the import\'s token. { rows: [n, ...] } (at most 10,000) or { filter: "errors" }. Undone by restore.',
    status: 200,
    body: RemoveSchema,
    response: RemoveResponseSchema,
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'POST',
    path: `${IMPORT_PATH}/rows/restore`,
    group: 'embed',
    operationId: 'restoreEmbedImportRows',
    summary: 'Restore removed rows; a restored row claims its unique values after every other row',
    description: 'Needs the import\'s token. { rows: [n, ...] } (at most 10,000).',
    status: 200,
    body: RestoreSchema,
    response: RestoreResponseSchema,
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'POST',
    path: `${IMPORT_PATH}/submit`,
    group: 'embed',
    operationId: 'submitEmbedImport',
    summary: 'Submit the corrected rows: the import finishes with every row neither removed nor in error',
    description:
      'Needs the import\'s token. Rows still in error: with allowPartialImport they are dropped (errorRows); without it ' +
      '409 ERRORS_REMAIN and nothing changes. Submitting again is 202 and changes nothing. 409 ' +
      'IMPORT_NOT_AWAITING_CORRECTIONS for an import that is not in its correction step.',
    status: 202,
    response: v.object({ success: v.boolean(), message: v.string() }),
    errors: [401, 403, 404, 409],
  },
];

/** The correction step's operations: rate-limited on their own (domain/rate-limits.ts CORRECTION_RATE_LIMITS). */
export const CORRECTION_OPERATIONS: ReadonlySet<string> = new Set([
  'listEmbedImportRows',
  'correctEmbedImportRows',
  'replaceInEmbedImportRows',
  'removeEmbedImportRows',
  'restoreEmbedImportRows',
  'submitEmbedImport',
]);

/**
 * What a review link may reach (domain/api-imports.ts): its import's status, template and correction
 * step; not the mapping review, which API imports never wait in.
 */
export const REVIEW_LINK_OPERATIONS: ReadonlySet<string> = new Set([...CORRECTION_OPERATIONS, 'getEmbedImport', 'getEmbedImportTemplate', 'listEmbedImportErrors']);

/** Browsers send a CORS preflight before each of these requests (Authorization and JSON bodies are not "simple"). */
const PREFLIGHTS: readonly RouteDefinition[] = [...new Set(OPERATIONS.map((route) => route.path))].map((path) => ({
  method: 'OPTIONS',
  path,
  group: 'embed',
  operationId: 'preflight',
  summary: 'CORS preflight',
  status: 204,
  response: v.null(),
  errors: [403, 404],
}));

export const EMBED_ROUTES: readonly RouteDefinition[] = [...OPERATIONS, ...PREFLIGHTS];

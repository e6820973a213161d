// The embed API's route table: what the widget calls from an end user's browser, without an API key.
// Its own function group, with its own pipeline (embed-pipeline.ts): CORS, the template's allowed
// origins, a per-template-and-client rate limit, and the import's status token on the /imports routes.
import * as v from 'valibot';
import type { RouteDefinition } from './route-definition';
import { BrandingSchema } from '../domain/branding';
import { TemplateSchema } from '../domain/templates';
import { PaginationSchema, pageQuerySchema, ROWS_PAGE_DEFAULT, ROWS_PAGE_MAX } from '../domain/pagination';
import { CreateEmbedImportSchema, CreatedEmbedImportSchema, EmbedErrorRowsSchema, EmbedImportStatusSchema, ImportPreviewSchema } from '../domain/embed';
import { ConfirmMappingSchema } from '../domain/imports';

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
];

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

// The embed API's route table: what the widget calls from an end user's browser, without an API key.
// Its own function group, with its own pipeline (embed-pipeline.ts): CORS, the template's allowed
// origins, a per-template-and-client rate limit, and the import's status token on the /imports routes.
import * as v from 'valibot';
import type { RouteDefinition } from './routes';
import { BrandingSchema } from '../domain/branding';
import { TemplateSchema } from '../domain/templates';
import { PaginationSchema, pageQuerySchema, ROWS_PAGE_DEFAULT, ROWS_PAGE_MAX } from '../domain/pagination';
import { CreateEmbedImportSchema, CreatedEmbedImportSchema, EmbedErrorRowsSchema, EmbedImportStatusSchema } from '../domain/embed';

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

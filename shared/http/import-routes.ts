// The imports function's routes (the API-key API): reads, and the webhook resend. routes.ts joins every table.
import * as v from 'valibot';
import { HookCallSchema, RowMessagesSchema } from '../domain/validation-hook';
import { CorrectionsListSchema } from '../domain/corrections';
import {
  IMPORT_LIST_FILTERS,
  ImportDetailSchema,
  ImportErrorRowSchema,
  ImportListItemSchema,
  WebhookAttemptSchema,
} from '../domain/imports';
import { pageQuerySchema, PaginationSchema, ROWS_PAGE_DEFAULT, ROWS_PAGE_MAX } from '../domain/pagination';
import { SuccessMessageSchema, type RouteDefinition } from './route-definition';
import { CreateApiImportSchema, CreatedApiImportSchema, CreateReviewLinkSchema, ReviewLinkSchema } from '../domain/api-imports';

const importIdParam = '{id}';

/**
 * A server's routes, not a person's: the dashboard mirrors the others for its members (dashboard-routes.ts)
 * and imports a file through the widget.
 */
export const API_KEY_ONLY_OPERATIONS: ReadonlySet<string> = new Set(['createImport', 'createReviewLink', 'deleteReviewLink']);

export const IMPORT_ROUTES: readonly RouteDefinition[] = [
  {
    method: 'POST',
    path: '/api/v1/imports',
    group: 'imports',
    operationId: 'createImport',
    summary: 'Start an import of a file from your server: answers where to PUT the file',
    description:
      'The file is then sent with one PUT to upload.url, with upload.headers, within upload.expiresAt; its arrival starts ' +
      'processing, and the import ends as any other (import.completed or import.failed to the webhook; the rows route). ' +
      'fileSize is the exact byte count (it is signed into the URL). columnMapping (header -> column key) is the whole ' +
      'mapping: headers not in it are not mapped (kept as extra columns when the template allows them); a required ' +
      'column left unmapped fails the import with UNMAPPED_REQUIRED_COLUMN. Without it headers are mapped as the ' +
      'widget\'s review proposes (the template\'s remembered mappings, then exact and close names). review: true keeps ' +
      'rows in error for corrections: the import waits in AWAITING_CORRECTIONS and POST .../review-link opens them to a ' +
      'person. Counts against the write rate limit; the template need not be embed-enabled. 404 for an unknown template.',
    status: 201,
    body: CreateApiImportSchema,
    response: CreatedApiImportSchema,
    errors: [400, 404],
  },
  {
    method: 'GET',
    path: '/api/v1/imports',
    group: 'imports',
    operationId: 'listImports',
    summary: 'List imports, newest first, optionally filtered by template, status and creation time',
    description:
      'Filters combine; totals are exact. A templateId that matches nothing (a deleted template keeps its imports ' +
      'listed under its id) gives an empty list; a status other than PENDING, COMPLETED or FAILED is 400. from and to ' +
      '(both included, either may be left out) are days (yyyy-mm-dd: from the start of from, to the end of to, UTC) or ' +
      'date-times with a time zone; a malformed one, or to before from, is 400.',
    status: 200,
    query: v.object({ ...pageQuerySchema().entries, ...IMPORT_LIST_FILTERS }),
    response: v.object({ data: v.array(ImportListItemSchema), pagination: PaginationSchema }),
    errors: [400],
  },
  {
    method: 'GET',
    path: `/api/v1/imports/${importIdParam}`,
    group: 'imports',
    operationId: 'getImport',
    summary: 'Get one import with its template snapshot, column mapping and error',
    description:
      'Every field is present; fields without a value yet are null (completedAt, columnMapping, error and sheet ' +
      'while PENDING; webhookStatus until the import finishes; webhookDeliveredAt until delivered).',
    status: 200,
    response: ImportDetailSchema,
    errors: [404],
  },
  {
    method: 'GET',
    path: `/api/v1/imports/${importIdParam}/rows`,
    group: 'imports',
    operationId: 'listImportRows',
    summary: 'Page through the valid rows of a COMPLETED import, in file order, typed',
    description:
      '409 IMPORT_NOT_FINISHED while PENDING; 409 IMPORT_FAILED for a FAILED import (it delivers no rows); ' +
      '410 ROWS_EXPIRED once the retention period has passed; 400 when a page of very wide rows would exceed ' +
      'the 5 MB response limit (the message says which limit fits).',
    status: 200,
    query: pageQuerySchema(ROWS_PAGE_MAX, ROWS_PAGE_DEFAULT),
    response: v.object({
      data: v.array(v.record(v.string(), v.unknown())),
      pagination: PaginationSchema,
      /** The validation hook's warnings on rows of this page: `index` is the row's position in `data`. */
      messages: v.optional(v.array(RowMessagesSchema)),
    }),
    errors: [400, 404, 409, 410],
  },
  {
    method: 'GET',
    path: `/api/v1/imports/${importIdParam}/errors`,
    group: 'imports',
    operationId: 'listImportErrors',
    summary: 'Page through the invalid rows of a finished import: row number and, per bad cell, column, value and message',
    description: '409 IMPORT_NOT_FINISHED while PENDING; 410 ROWS_EXPIRED once the retention period has passed.',
    status: 200,
    query: pageQuerySchema(ROWS_PAGE_MAX, ROWS_PAGE_DEFAULT),
    response: v.object({ data: v.array(ImportErrorRowSchema), pagination: PaginationSchema }),
    errors: [400, 404, 409, 410],
  },
  {
    method: 'GET',
    path: `/api/v1/imports/${importIdParam}/corrections`,
    group: 'imports',
    operationId: 'listImportCorrections',
    summary: 'Every change the end user made in the widget\'s correction step, in order, with the original values',
    description:
      'A cell: { row, column, from, to, at } (from: the value before this change; the file\'s for a first change). A ' +
      'removal or restore: { row, removed: true|false, at }. Rows are the file\'s row numbers. An import without a ' +
      'correction step lists none. The changes hold the end user\'s values: they are deleted with the import\'s rows ' +
      '(410 ROWS_EXPIRED after the retention period).',
    status: 200,
    query: pageQuerySchema(ROWS_PAGE_MAX, ROWS_PAGE_DEFAULT),
    response: CorrectionsListSchema,
    errors: [400, 404, 410],
  },
  {
    method: 'GET',
    path: `/api/v1/imports/${importIdParam}/hook-calls`,
    group: 'imports',
    operationId: 'listHookCalls',
    summary: 'The validation hook calls of an import, in the order they were made',
    description:
      'One entry per HTTP attempt: when, mode (import: during processing; correction: a change in the correction ' +
      'step), batch, rows sent, attempt (1 to 3), the HTTP status (null when no complete answer came), ok, latency, ' +
      'the error (timeout, 5xx, malformed answer, ...) and how many parts of the answer were ignored (rows not sent, ' +
      'stale revisions, unknown columns). An import whose template has no hook lists none.',
    status: 200,
    response: v.object({ data: v.array(HookCallSchema) }),
    errors: [404],
  },
  {
    method: 'GET',
    path: `/api/v1/imports/${importIdParam}/webhook-attempts`,
    group: 'imports',
    operationId: 'listWebhookAttempts',
    summary: 'The webhook attempts of an import, by delivery and attempt',
    description:
      'Each attempt: delivery (1, then +1 per resend), attempt number, start time, duration, the HTTP status or ' +
      'the kind of error (timeout, connection, dns, forbidden_address, invalid_url, not_configured) and at most ' +
      '1 KB of the response body.',
    status: 200,
    response: v.object({ data: v.array(WebhookAttemptSchema) }),
    errors: [404],
  },
  {
    method: 'POST',
    path: `/api/v1/imports/${importIdParam}/review-link`,
    group: 'imports',
    operationId: 'createReviewLink',
    summary: 'Open a review link: a page where someone without an account corrects the import\'s rows in error',
    description:
      'For imports created here with review: true, while PENDING. The url opens the widget\'s correction step for this ' +
      'import alone, with the organization\'s branding; submitting there finishes the import (import.completed). The ' +
      'link is the credential: share it only with the person who should fix the rows. It works until expiresAt ' +
      '(expiresInSeconds, 60 to 604800, default 86400) or until a new link or DELETE closes it. 409 ' +
      'IMPORT_NOT_AWAITING_CORRECTIONS for an import created without review or already finished.',
    status: 201,
    body: CreateReviewLinkSchema,
    response: ReviewLinkSchema,
    errors: [400, 404, 409],
  },
  {
    method: 'DELETE',
    path: `/api/v1/imports/${importIdParam}/review-link`,
    group: 'imports',
    operationId: 'deleteReviewLink',
    summary: 'Close the import\'s review link: it stops working at once',
    status: 200,
    response: SuccessMessageSchema,
    errors: [404],
  },
  {
    method: 'POST',
    path: `/api/v1/imports/${importIdParam}/webhook/resend`,
    group: 'imports',
    operationId: 'resendWebhook',
    summary: 'Deliver the import\'s event again, to the organization\'s current webhook URL',
    description:
      'Starts a new delivery (new webhook-id, attempts from 1 on the same schedule) once the previous one ended ' +
      '(DELIVERED, FAILED or NOT_CONFIGURED). 400 while a delivery is in progress, while the import is PENDING, ' +
      'or when the organization has no webhook URL.',
    status: 202,
    response: v.object({ success: v.boolean(), message: v.string(), delivery: v.pipe(v.number(), v.integer()) }),
    errors: [400, 404],
  },
];

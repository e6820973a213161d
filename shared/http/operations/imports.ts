// The imports operations of the API-key API (/api/v1), shared with the dashboard API, which runs the
// same ones for a member's organization after its role check (functions/dashboard/handler.ts).
import type { Operation } from '../pipeline';
import * as v from 'valibot';
import { pagination, pageQuerySchema, parsePageRequest, ROWS_PAGE_DEFAULT, ROWS_PAGE_MAX } from '../../domain/pagination';
import { isId } from '../../domain/ids';
import { IMPORT_STATUSES, parseCreatedRange, toImportDetail, toImportListItem, type ImportStatus } from '../../domain/imports';
import { badRequest, notFound } from '../../domain/errors';
import { msg } from '../../domain/validation';
import * as imports from '../../data/imports';
import { storedRowsPage } from '../../imports/stored-rows';
import { listAttempts } from '../../data/webhooks';
import { listHookCalls } from '../../data/hook-calls';
import { resendWebhook } from '../../webhooks/resend';
import { correctionsPage } from '../../corrections/history';
import { parseBody } from '../../domain/validation';
import { CreateApiImportSchema, CreateReviewLinkSchema, REVIEW_LINK_DEFAULT_SECONDS } from '../../domain/api-imports';
import { uploadContentType } from '../../domain/embed';
import { createImport } from '../../imports/create-import';
import { presignUpload } from '../../imports/upload-url';
import { closeReviewLink, openReviewLink } from '../../imports/review-link';

const rowsPageQuery = pageQuerySchema(ROWS_PAGE_MAX, ROWS_PAGE_DEFAULT);
const statusParam = v.picklist(IMPORT_STATUSES);

/** Malformed ids are answered like unknown ones, without a database read. */
function importId(pathParameters: Record<string, string | undefined>): string {
  const id = pathParameters.id ?? '';
  if (!isId('imp', id)) throw notFound('Import');
  return id;
}

function statusFilter(raw: string | undefined): ImportStatus | undefined {
  if (raw === undefined) return undefined;
  if (!v.is(statusParam, raw)) throw badRequest(`Invalid query parameter: status ${msg.oneOf(IMPORT_STATUSES)}`);
  return raw;
}

export const importOperations: Record<string, Operation> = {
  createImport: async ({ principal, body }) => {
    const { templateId, contentType, columnMapping, review, ...input } = parseBody(CreateApiImportSchema, body);
    if (!isId('tpl', templateId)) throw notFound('Template');
    const { record, uploadKey } = await createImport(principal.organizationId, templateId, { ...input, mapping: columnMapping, review: false }, {
      source: 'api',
      mappingRule: columnMapping ? 'exact' : 'suggested',
      corrections: review === true,
      mappingField: 'columnMapping',
    });
    const upload = await presignUpload(uploadKey, record.fileSize, uploadContentType(record.fileType, contentType));
    return { status: 201, body: { importId: record.id, status: record.status, phase: record.phase, upload } };
  },

  createReviewLink: async ({ principal, pathParameters, body }) => {
    const id = importId(pathParameters);
    const { expiresInSeconds = REVIEW_LINK_DEFAULT_SECONDS } = parseBody(CreateReviewLinkSchema, body ?? {});
    return { status: 201, body: await openReviewLink(principal.organizationId, id, expiresInSeconds) };
  },

  deleteReviewLink: async ({ principal, pathParameters }) => {
    await closeReviewLink(principal.organizationId, importId(pathParameters));
    return { status: 200, body: { success: true, message: 'Review link closed' } };
  },

  listImports: async ({ principal, query }) => {
    const pageRequest = parsePageRequest(query);
    const status = statusFilter(query.status);
    const created = parseCreatedRange(query);
    const templateId = query.templateId;
    // A template id that cannot exist matches nothing: an empty list, as for an unknown one.
    if (templateId !== undefined && !isId('tpl', templateId)) {
      return { status: 200, body: { data: [], pagination: pagination(pageRequest, 0) } };
    }
    const page = await imports.listImports(principal.organizationId, { templateId, status }, pageRequest, created);
    return { status: 200, body: { data: page.imports.map(toImportListItem), pagination: pagination(pageRequest, page.total) } };
  },

  getImport: async ({ principal, pathParameters }) => {
    const items = await imports.getImportItems(principal.organizationId, importId(pathParameters));
    if (!items) throw notFound('Import');
    return { status: 200, body: toImportDetail(items.record, items.snapshot, items.result) };
  },

  listImportRows: async ({ principal, pathParameters, query }) => {
    const id = importId(pathParameters);
    const pageRequest = parsePageRequest(query, rowsPageQuery);
    const { rows, total, notes } = await storedRowsPage(principal.organizationId, id, 'valid', pageRequest);
    return { status: 200, body: { data: rows, pagination: pagination(pageRequest, total), ...(notes && { messages: notes }) } };
  },

  listImportErrors: async ({ principal, pathParameters, query }) => {
    const id = importId(pathParameters);
    const pageRequest = parsePageRequest(query, rowsPageQuery);
    const { rows, total } = await storedRowsPage(principal.organizationId, id, 'errors', pageRequest);
    return { status: 200, body: { data: rows, pagination: pagination(pageRequest, total) } };
  },

  listImportCorrections: async ({ principal, pathParameters, query }) => ({
    status: 200,
    body: await correctionsPage(principal.organizationId, importId(pathParameters), parsePageRequest(query, rowsPageQuery)),
  }),

  listWebhookAttempts: async ({ principal, pathParameters }) => {
    const id = importId(pathParameters);
    const record = await imports.getImportRecord(principal.organizationId, id);
    if (!record) throw notFound('Import');
    return { status: 200, body: { data: await listAttempts(principal.organizationId, id, record) } };
  },

  listHookCalls: async ({ principal, pathParameters }) => {
    const id = importId(pathParameters);
    const record = await imports.getImportRecord(principal.organizationId, id);
    if (!record) throw notFound('Import');
    return { status: 200, body: { data: await listHookCalls(principal.organizationId, id) } };
  },

  resendWebhook: async ({ principal, pathParameters }) => {
    const { delivery } = await resendWebhook(principal.organizationId, importId(pathParameters));
    return { status: 202, body: { success: true, message: `Webhook delivery ${delivery} queued`, delivery } };
  },
};

// Lambda for the imports endpoint group (reads, and the webhook resend): parse, call, map to HTTP.
import * as v from 'valibot';
import { apiHandler } from '../../shared/http/pipeline';
import { IMPORT_ROUTES } from '../../shared/http/import-routes';
import { pagination, pageQuerySchema, parsePageRequest, ROWS_PAGE_DEFAULT, ROWS_PAGE_MAX } from '../../shared/domain/pagination';
import { isId } from '../../shared/domain/ids';
import { IMPORT_STATUSES, toImportDetail, toImportListItem, type ImportStatus } from '../../shared/domain/imports';
import { badRequest, notFound } from '../../shared/domain/errors';
import { msg } from '../../shared/domain/validation';
import * as imports from '../../shared/data/imports';
import { storedRowsPage } from '../../shared/imports/stored-rows';
import { listAttempts } from '../../shared/data/webhooks';
import { resendWebhook } from '../../shared/webhooks/resend';
import { correctionsPage } from '../../shared/corrections/history';

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

export const handler = apiHandler(IMPORT_ROUTES, {
  listImports: async ({ principal, query }) => {
    const pageRequest = parsePageRequest(query);
    const status = statusFilter(query.status);
    const templateId = query.templateId;
    // A template id that cannot exist matches nothing: an empty list, as for an unknown one.
    if (templateId !== undefined && !isId('tpl', templateId)) {
      return { status: 200, body: { data: [], pagination: pagination(pageRequest, 0) } };
    }
    const page = await imports.listImports(principal.organizationId, { templateId, status }, pageRequest);
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
    const { rows, total } = await storedRowsPage(principal.organizationId, id, 'valid', pageRequest);
    return { status: 200, body: { data: rows, pagination: pagination(pageRequest, total) } };
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

  resendWebhook: async ({ principal, pathParameters }) => {
    const { delivery } = await resendWebhook(principal.organizationId, importId(pathParameters));
    return { status: 202, body: { success: true, message: `Webhook delivery ${delivery} queued`, delivery } };
  },
});

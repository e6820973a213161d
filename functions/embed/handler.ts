// Lambda for the embed endpoint group (the widget's API, no API key): parse, call, map to HTTP.
// Access (template, token, origin, rate limit) is settled by the embed pipeline before these run.
import { embedHandler } from '../../shared/http/embed-pipeline';
import { config } from '../../shared/config';
import { parseBody } from '../../shared/domain/validation';
import { effectiveBranding } from '../../shared/domain/branding';
import {
  CreateEmbedImportSchema,
  embedTokenExpiresAt,
  newImportToken,
  toEmbedImportStatus,
  uploadContentType,
} from '../../shared/domain/embed';
import { pagination, pageQuerySchema, parsePageRequest, ROWS_PAGE_DEFAULT, ROWS_PAGE_MAX } from '../../shared/domain/pagination';
import { notFound } from '../../shared/domain/errors';
import { getTemplate } from '../../shared/data/templates';
import { getOrganization } from '../../shared/data/organizations';
import { getStoredBranding } from '../../shared/data/branding';
import { getImportItems, getImportRecordAndResult, getImportResult } from '../../shared/data/imports';
import { createImport } from '../../shared/imports/create-import';
import { presignUpload } from '../../shared/imports/upload-url';
import { storedRowsPage } from '../../shared/imports/stored-rows';
import { confirmMapping, previewWithSuggestions } from '../../shared/imports/review';
import { ConfirmMappingSchema, finishedResult } from '../../shared/domain/imports';
import { parsePreviewQuery } from '../../shared/domain/embed';
import { parseRowFilters, PatchRowsSchema, RemoveSchema, ReplaceSchema, RestoreSchema } from '../../shared/domain/corrections';
import { rowsPage } from '../../shared/corrections/rows-page';
import { editRows } from '../../shared/corrections/edit';
import { removeRows, replaceInColumn, restoreRows } from '../../shared/corrections/bulk';
import { submitCorrections } from '../../shared/corrections/lifecycle';

const rowsPageQuery = pageQuerySchema(ROWS_PAGE_MAX, ROWS_PAGE_DEFAULT);

function dashboardOrigin(): string | undefined {
  try {
    return new URL(config().dashboardUrl).origin;
  } catch {
    return undefined;
  }
}

export const handler = embedHandler({
  getEmbedTemplate: async ({ access }) => {
    const [template, organization, branding] = await Promise.all([
      getTemplate(access.organizationId, access.templateId),
      getOrganization(access.organizationId),
      getStoredBranding(access.organizationId),
    ]);
    if (!organization) throw notFound('Template');
    const { id, name, description, columns, allowExtraColumns, skipHeaderRows, allowPartialImport } = template;
    return {
      status: 200,
      body: {
        template: { id, name, description, columns, allowExtraColumns, skipHeaderRows, allowPartialImport },
        branding: effectiveBranding(branding, organization.plan),
      },
    };
  },

  getEmbedImportTemplate: async ({ access }) => {
    const [items, organization, branding] = await Promise.all([
      getImportItems(access.organizationId, access.importId!),
      getOrganization(access.organizationId),
      getStoredBranding(access.organizationId),
    ]);
    if (!items || !organization) throw notFound('Import');
    const { template, settings } = items.snapshot;
    const { allowExtraColumns, skipHeaderRows, allowPartialImport } = settings;
    return {
      status: 200,
      body: {
        template: { id: template.id, name: template.name, description: null, columns: template.columns, allowExtraColumns, skipHeaderRows, allowPartialImport },
        branding: effectiveBranding(branding, organization.plan),
      },
    };
  },

  createEmbedImport: async ({ access, body, origin }) => {
    const { contentType, ...input } = parseBody(CreateEmbedImportSchema, body);
    const { token, tokenHash } = newImportToken('status', access.organizationId);
    // The dashboard's "Import a file" is the widget on the dashboard's own origin.
    const source = origin !== undefined && origin === dashboardOrigin() ? 'dashboard' : 'widget';
    const { record, uploadKey } = await createImport(access.organizationId, access.templateId, input, { source, embedTokenHash: tokenHash });
    const expiresAt = embedTokenExpiresAt(record.createdAt);
    const upload = await presignUpload(uploadKey, record.fileSize, uploadContentType(record.fileType, contentType));
    return { status: 201, body: { importId: record.id, token, expiresAt, upload } };
  },

  getEmbedImport: async ({ access }) => {
    // The token check has just read the record (strongly): a PENDING import, most polls, needs nothing
    // more, a finished one only its result. Tokens of the earlier form read both here.
    const { record } = access;
    if (record) {
      const result = record.status === 'PENDING' ? undefined : await getImportResult(access.organizationId, record.id);
      return { status: 200, body: toEmbedImportStatus(record, finishedResult(record, result)) };
    }
    const found = await getImportRecordAndResult(access.organizationId, access.importId!);
    if (!found) throw notFound('Import');
    return { status: 200, body: toEmbedImportStatus(found.record, found.result) };
  },

  getEmbedImportPreview: async ({ access, query }) => ({
    status: 200,
    body: await previewWithSuggestions(access.organizationId, access.importId!, parsePreviewQuery(query)),
  }),

  confirmEmbedImportMapping: async ({ access, body }) => {
    await confirmMapping(access.organizationId, access.importId!, parseBody(ConfirmMappingSchema, body));
    return { status: 202, body: { success: true, message: 'Mapping confirmed: processing started' } };
  },

  listEmbedImportErrors: async ({ access, query }) => {
    const pageRequest = parsePageRequest(query, rowsPageQuery);
    const { rows, total } = await storedRowsPage(access.organizationId, access.importId!, 'errors', pageRequest);
    return { status: 200, body: { data: rows, pagination: pagination(pageRequest, total) } };
  },

  listEmbedImportRows: async ({ access, query }) => {
    const pageRequest = parsePageRequest(query, rowsPageQuery);
    const filters = parseRowFilters(query);
    return { status: 200, body: await rowsPage(access.organizationId, access.importId!, filters, pageRequest, access.record) };
  },

  correctEmbedImportRows: async ({ access, body }) => ({
    status: 200,
    body: await editRows(access.organizationId, access.importId!, parseBody(PatchRowsSchema, body), access.record),
  }),

  replaceInEmbedImportRows: async ({ access, body }) => ({
    status: 200,
    body: await replaceInColumn(access.organizationId, access.importId!, parseBody(ReplaceSchema, body), access.record),
  }),

  removeEmbedImportRows: async ({ access, body }) => ({
    status: 200,
    body: await removeRows(access.organizationId, access.importId!, parseBody(RemoveSchema, body), access.record),
  }),

  restoreEmbedImportRows: async ({ access, body }) => ({
    status: 200,
    body: await restoreRows(access.organizationId, access.importId!, parseBody(RestoreSchema, body), access.record),
  }),

  submitEmbedImport: async ({ access }) => {
    await submitCorrections(access.organizationId, access.importId!);
    return { status: 202, body: { success: true, message: 'Submitted: the import finishes with the corrected rows' } };
  },
});

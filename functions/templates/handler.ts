// Lambda for the templates endpoint group: parse, call the data layer, map to HTTP.
import { apiHandler } from '../../shared/http/pipeline';
import { TEMPLATE_ROUTES } from '../../shared/http/template-routes';
import { parseBody } from '../../shared/domain/validation';
import { toTemplateListItem } from '../../shared/domain/templates';
import { assertColumnRules, CreateTemplateSchema, UpdateTemplateSchema } from '../../shared/domain/template-input';
import { pagination, parsePageRequest } from '../../shared/domain/pagination';
import { isId } from '../../shared/domain/ids';
import { notFound } from '../../shared/domain/errors';
import * as templates from '../../shared/data/templates';

/** Malformed ids are answered like unknown ones, without a database read. */
function templateId(pathParameters: Record<string, string | undefined>): string {
  const id = pathParameters.id ?? '';
  if (!isId('tpl', id)) throw notFound('Template');
  return id;
}

export const handler = apiHandler(TEMPLATE_ROUTES, {
  listTemplates: async ({ principal, query }) => {
    const pageRequest = parsePageRequest(query);
    const { templates: page, total } = await templates.listTemplates(principal.organizationId, pageRequest);
    return { status: 200, body: { data: page.map(toTemplateListItem), pagination: pagination(pageRequest, total) } };
  },

  createTemplate: async ({ principal, body }) => {
    const input = parseBody(CreateTemplateSchema, body);
    assertColumnRules(input.columns);
    const created = await templates.insertTemplate(principal.organizationId, templates.templateFromInput(input));
    return { status: 201, body: created };
  },

  getTemplate: async ({ principal, pathParameters }) => ({
    status: 200,
    body: await templates.getTemplate(principal.organizationId, templateId(pathParameters)),
  }),

  updateTemplate: async ({ principal, pathParameters, body }) => {
    const id = templateId(pathParameters);
    const patch = parseBody(UpdateTemplateSchema, body);
    if (patch.columns) assertColumnRules(patch.columns);
    return { status: 200, body: await templates.updateTemplate(principal.organizationId, id, patch) };
  },

  duplicateTemplate: async ({ principal, pathParameters }) => ({
    status: 201,
    body: await templates.duplicateTemplate(principal.organizationId, templateId(pathParameters)),
  }),

  deleteTemplate: async ({ principal, pathParameters }) => {
    await templates.deleteTemplate(principal.organizationId, templateId(pathParameters));
    return { status: 200, body: { success: true, message: 'Template deleted' } };
  },
});

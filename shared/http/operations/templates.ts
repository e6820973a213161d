// The templates operations of the API-key API (/api/v1), shared with the dashboard API, which runs the
// same ones for a member's organization after its role check (functions/dashboard/handler.ts).
import type { Operation } from '../pipeline';
import { parseBody } from '../../domain/validation';
import { toTemplateListItem } from '../../domain/templates';
import { assertColumnRules, assertHookColumns, CreateTemplateSchema, UpdateTemplateSchema } from '../../domain/template-input';
import { HookTestSchema, normalizeHook, type ValidationHookInput } from '../../domain/validation-hook';
import { testHookBatch } from '../../hooks/test-batch';
import { webhookUrlProblem } from '../../domain/webhook-url';
import { config } from '../../config';
import { ensureWebhookSecret } from '../../webhooks/secrets';
import { pagination, parsePageRequest } from '../../domain/pagination';
import { isId } from '../../domain/ids';
import { ApiError, notFound, validationError } from '../../domain/errors';
import * as templates from '../../data/templates';

/** Malformed ids are answered like unknown ones, without a database read. */
function templateId(pathParameters: Record<string, string | undefined>): string {
  const id = pathParameters.id ?? '';
  if (!isId('tpl', id)) throw notFound('Template');
  return id;
}

/** A hook's URL follows the webhook address policy of this stage (checked again at every connection). */
function assertHookUrl(hook: ValidationHookInput | undefined): void {
  if (!hook) return;
  const problem = webhookUrlProblem(hook.url, config().webhookAllowPrivate);
  if (problem) throw validationError(`Validation error: validationHook.url ${problem.replace(/^webhook URL /, '')}`);
}

/** Setting a hook gives an organization without a webhook secret its secret, answered this once. */
async function withNewSecret<T extends object>(organizationId: string, hook: ValidationHookInput | undefined, template: T) {
  const webhookSecret = hook ? await ensureWebhookSecret(organizationId) : undefined;
  return webhookSecret ? { ...template, webhookSecret } : template;
}

export const templateOperations: Record<string, Operation> = {
  listTemplates: async ({ principal, query }) => {
    const pageRequest = parsePageRequest(query);
    const { templates: page, total } = await templates.listTemplates(principal.organizationId, pageRequest);
    return { status: 200, body: { data: page.map(toTemplateListItem), pagination: pagination(pageRequest, total) } };
  },

  createTemplate: async ({ principal, body }) => {
    const input = parseBody(CreateTemplateSchema, body);
    await assertColumnRules(input.columns);
    assertHookUrl(input.validationHook);
    assertHookColumns(input.columns, input.validationHook?.columns);
    const created = await templates.insertTemplate(principal.organizationId, templates.templateFromInput(input));
    return { status: 201, body: await withNewSecret(principal.organizationId, input.validationHook, created) };
  },

  getTemplate: async ({ principal, pathParameters }) => ({
    status: 200,
    body: await templates.getTemplate(principal.organizationId, templateId(pathParameters)),
  }),

  updateTemplate: async ({ principal, pathParameters, body }) => {
    const id = templateId(pathParameters);
    const patch = parseBody(UpdateTemplateSchema, body);
    if (patch.columns) await assertColumnRules(patch.columns);
    assertHookUrl(patch.validationHook);
    if (patch.validationHook?.columns) {
      assertHookColumns(patch.columns ?? (await templates.getTemplate(principal.organizationId, id)).columns, patch.validationHook.columns);
    }
    const updated = await templates.updateTemplate(principal.organizationId, id, patch);
    return { status: 200, body: await withNewSecret(principal.organizationId, patch.validationHook, updated) };
  },

  duplicateTemplate: async ({ principal, pathParameters }) => ({
    status: 201,
    body: await templates.duplicateTemplate(principal.organizationId, templateId(pathParameters)),
  }),

  testValidationHook: async ({ principal, pathParameters, body }) => {
    const id = templateId(pathParameters);
    const input = parseBody(HookTestSchema, body);
    assertHookUrl(input.validationHook);
    const template = await templates.getTemplate(principal.organizationId, id);
    const hook = normalizeHook(input.validationHook) ?? template.validationHook;
    if (!hook) throw new ApiError(409, 'VALIDATION_HOOK_NOT_CONFIGURED', `Template ${id} has no validation hook: set validationHook first, or give one to test`);
    assertHookColumns(template.columns, hook.columns);
    const rows = input.rows.map(({ values }, i) => ({ row: i + 1, cells: template.columns.map((column) => values[column.key] ?? null) }));
    return { status: 200, body: await testHookBatch(principal.organizationId, template, hook, rows) };
  },

  deleteTemplate: async ({ principal, pathParameters }) => {
    await templates.deleteTemplate(principal.organizationId, templateId(pathParameters));
    return { status: 200, body: { success: true, message: 'Template deleted' } };
  },
};

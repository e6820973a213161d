// The templates function's routes (the API-key API): this group's table only, so that no other
// function loads the template request schemas (RE2 among them). routes.ts joins every table.
import * as v from 'valibot';
import { CreateTemplateSchema, UpdateTemplateSchema } from '../domain/template-input';
import { HookTestResultSchema, HookTestSchema } from '../domain/validation-hook';
import { TemplateListItemSchema, TemplateSchema, TemplateWithSecretSchema } from '../domain/templates';
import { pageQuerySchema, PaginationSchema } from '../domain/pagination';
import { SuccessMessageSchema, type RouteDefinition } from './route-definition';

const templateIdParam = '{id}';

export const TEMPLATE_ROUTES: readonly RouteDefinition[] = [
  {
    method: 'GET',
    path: '/api/v1/templates',
    group: 'templates',
    operationId: 'listTemplates',
    summary: 'List templates, newest first',
    status: 200,
    query: pageQuerySchema(),
    response: v.object({ data: v.array(TemplateListItemSchema), pagination: PaginationSchema }),
    errors: [400],
  },
  {
    method: 'POST',
    path: '/api/v1/templates',
    group: 'templates',
    operationId: 'createTemplate',
    summary: 'Create a template',
    status: 201,
    body: CreateTemplateSchema,
    response: TemplateWithSecretSchema,
    errors: [400],
  },
  {
    method: 'GET',
    path: `/api/v1/templates/${templateIdParam}`,
    group: 'templates',
    operationId: 'getTemplate',
    summary: 'Get one template',
    status: 200,
    response: TemplateSchema,
    errors: [404],
  },
  {
    method: 'PATCH',
    path: `/api/v1/templates/${templateIdParam}`,
    group: 'templates',
    operationId: 'updateTemplate',
    summary: 'Update a template (only the fields sent change)',
    status: 200,
    body: UpdateTemplateSchema,
    response: TemplateWithSecretSchema,
    errors: [400, 404],
  },
  {
    method: 'POST',
    path: `/api/v1/templates/${templateIdParam}/duplicate`,
    group: 'templates',
    operationId: 'duplicateTemplate',
    summary: 'Copy a template under the name "<name> (Copy)"',
    status: 201,
    response: TemplateSchema,
    errors: [404],
  },
  {
    method: 'POST',
    path: `/api/v1/templates/${templateIdParam}/hook-test`,
    group: 'templates',
    operationId: 'testValidationHook',
    summary: 'Send a test batch to the template\'s validation hook',
    description:
      'The rows (cell texts by column key) go through the template\'s own checks, then to the hook with mode "test", ' +
      'signed as every call, once (no retries) and not recorded. `validationHook` tests a setting before it is saved. ' +
      'Answers the HTTP status, latency, the answer as it came, and each row as the end user would see it. 409 ' +
      'VALIDATION_HOOK_NOT_CONFIGURED when the template has no hook and none is given.',
    status: 200,
    body: HookTestSchema,
    response: HookTestResultSchema,
    errors: [400, 404, 409],
  },
  {
    method: 'DELETE',
    path: `/api/v1/templates/${templateIdParam}`,
    group: 'templates',
    operationId: 'deleteTemplate',
    summary: 'Delete a template (its imports remain)',
    status: 200,
    response: SuccessMessageSchema,
    errors: [404],
  },
];

// The route table: the single list of API routes. The CDK stack builds API Gateway routes and one
// Lambda per group from it, the local gateway dispatches with it, the OpenAPI document is written from it.
import * as v from 'valibot';
import {
  CreateTemplateSchema,
  TemplateListItemSchema,
  TemplateSchema,
  UpdateTemplateSchema,
} from '../domain/templates';
import { pageQuerySchema, PaginationSchema } from '../domain/pagination';
import { BrandingSchema, UpdateBrandingSchema } from '../domain/branding';
import {
  IMPORT_LIST_FILTERS,
  ImportDetailSchema,
  ImportErrorRowSchema,
  ImportListItemSchema,
  WebhookAttemptSchema,
} from '../domain/imports';
import { ROWS_PAGE_DEFAULT, ROWS_PAGE_MAX } from '../domain/pagination';
import { EMBED_ROUTES } from './embed-routes';
import { FUNCTION_GROUPS, routeKey, type FunctionGroup, type HttpMethod, type RouteDefinition } from './route-definition';

export { FUNCTION_GROUPS, routeKey, type FunctionGroup, type HttpMethod, type RouteDefinition };

export const SuccessMessageSchema = v.object({ success: v.boolean(), message: v.string() });

const templateIdParam = '{id}';
const importIdParam = '{id}';

const API_ROUTES: readonly RouteDefinition[] = [
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
    response: TemplateSchema,
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
    response: TemplateSchema,
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
    method: 'DELETE',
    path: `/api/v1/templates/${templateIdParam}`,
    group: 'templates',
    operationId: 'deleteTemplate',
    summary: 'Delete a template (its imports remain)',
    status: 200,
    response: SuccessMessageSchema,
    errors: [404],
  },
  {
    method: 'GET',
    path: '/api/v1/imports',
    group: 'imports',
    operationId: 'listImports',
    summary: 'List imports, newest first, optionally filtered by template and status',
    description:
      'Filters combine; totals are exact. A templateId that matches nothing (a deleted template keeps its imports ' +
      'listed under its id) gives an empty list; a status other than PENDING, COMPLETED or FAILED is 400.',
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
    response: v.object({ data: v.array(v.record(v.string(), v.unknown())), pagination: PaginationSchema }),
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
  {
    method: 'GET',
    path: '/api/v1/organization/branding',
    group: 'branding',
    operationId: 'getBranding',
    summary: 'Read the branding settings of the widget',
    description:
      'Every field of SPEC 2.6. Fields the current plan may not change show their defaults (stored values ' +
      'are kept and come back after an upgrade): on free, only primaryColor, secondaryColor and logoUrl.',
    status: 200,
    response: BrandingSchema,
    errors: [],
  },
  {
    method: 'PUT',
    path: '/api/v1/organization/branding',
    group: 'branding',
    operationId: 'updateBranding',
    summary: 'Update branding settings (only the fields sent change)',
    description:
      'Shape and values are checked first (400), then the plan (403 PLAN_UPGRADE_REQUIRED naming the fields ' +
      'and the lowest plan that allows them). Free may change primaryColor, secondaryColor and logoUrl; ' +
      'everything else (showPoweredBy, customCss included) needs starter or higher. All or nothing.',
    status: 200,
    body: UpdateBrandingSchema,
    response: SuccessMessageSchema,
    errors: [400, 403],
  },
];

/** Every route: the API's (API key) and the embed API's (the widget's, embed-routes.ts). */
export const ROUTES: readonly RouteDefinition[] = [...API_ROUTES, ...EMBED_ROUTES];

export function routesOf(group: FunctionGroup): RouteDefinition[] {
  return ROUTES.filter((route) => route.group === group);
}

// The branding function's routes (the API-key API). routes.ts joins every table.
import { BrandingSchema, UpdateBrandingSchema } from '../domain/branding';
import { SuccessMessageSchema, type RouteDefinition } from './route-definition';

export const BRANDING_ROUTES: readonly RouteDefinition[] = [
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

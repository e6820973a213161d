// The route table: every API route, joined from the tables of the function groups (template-routes.ts,
// import-routes.ts, branding-routes.ts, embed-routes.ts, dashboard-routes.ts; each function loads only its own). The CDK
// stack builds API Gateway routes and one Lambda per group from it, the local gateway dispatches with
// it, the OpenAPI document is written from it.
import { TEMPLATE_ROUTES } from './template-routes';
import { IMPORT_ROUTES } from './import-routes';
import { BRANDING_ROUTES } from './branding-routes';
import { EMBED_ROUTES } from './embed-routes';
import { DASHBOARD_ROUTES } from './dashboard-routes';
import { FUNCTION_GROUPS, meteredOperation, routeKey, type FunctionGroup, type HttpMethod, type RouteDefinition } from './route-definition';

export { FUNCTION_GROUPS, meteredOperation, routeKey, type FunctionGroup, type HttpMethod, type RouteDefinition };

/** Every route: the API's (API key), the embed API's (the widget's) and the dashboard API's (a signed-in person). */
export const ROUTES: readonly RouteDefinition[] = [
  ...TEMPLATE_ROUTES,
  ...IMPORT_ROUTES,
  ...BRANDING_ROUTES,
  ...EMBED_ROUTES,
  ...DASHBOARD_ROUTES,
];

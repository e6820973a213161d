// What a route is: the shape the route tables of the function groups are written in (one table per
// group: template-routes.ts, import-routes.ts, branding-routes.ts, embed-routes.ts), and the groups.
// Every table imports it; routes.ts joins them.
//
// Who may call a route is part of its definition: `authorizer: 'jwt'` marks the organization's own API
// (/dashboard/v1, a signed-in person): API Gateway's JWT authorizer checks the token before the function
// runs (CDK), and the local gateway does the same checks (scripts/local/jwt-authorizer.ts). Without it a
// route authenticates in its function (an API key, or the embed API's token and origin checks).
import * as v from 'valibot';

/** One Lambda function per endpoint group. */
export const FUNCTION_GROUPS = ['templates', 'imports', 'branding', 'embed', 'dashboard'] as const;
export type FunctionGroup = (typeof FUNCTION_GROUPS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'OPTIONS';

export interface RouteDefinition {
  method: HttpMethod;
  /** API Gateway path syntax: /api/v1/templates/{id} */
  path: string;
  group: FunctionGroup;
  operationId: string;
  summary: string;
  description?: string;
  status: number;
  query?: v.GenericSchema;
  body?: v.GenericSchema;
  response: v.GenericSchema;
  /** 'jwt': a signed-in user's access token, checked by the gateway's JWT authorizer before the function runs. */
  authorizer?: 'jwt';
  /** Error statuses this route can answer besides 401/429/500, for the API reference. */
  errors: number[];
}

/**
 * The scopes a route with `authorizer: 'jwt'` requires (at least one): access tokens carry `scope`, ID
 * tokens do not, so an ID token is refused (403 from the gateway). CDK and the local gateway both use it.
 */
export const JWT_ROUTE_SCOPES: readonly string[] = ['openid'];

export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>) => `${route.method} ${route.path}`;

/**
 * Groups whose requests are metered and watched as one operation, not one per route: the dashboard
 * API is people clicking (low, mixed traffic); a cost alarm and graph line per route would cost ~$0.90
 * a month each (9 metrics an alarm) for 30 routes and overflow the operations dashboard's graphs.
 */
export const OBSERVED_AS_ONE: Partial<Record<FunctionGroup, string>> = { dashboard: 'dashboard' };

/** The `operation` a route's requests are metered under (metrics, cost alarms, `importctl cost`). */
export const meteredOperation = (route: Pick<RouteDefinition, 'group' | 'operationId'>) => OBSERVED_AS_ONE[route.group] ?? route.operationId;

export const SuccessMessageSchema = v.object({ success: v.boolean(), message: v.string() });

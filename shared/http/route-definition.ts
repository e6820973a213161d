// What a route is: the shape both route tables (routes.ts for the API, embed-routes.ts for the embed
// API) are written in, and the function groups they are served by. Both tables import it; routes.ts
// joins them.
import type * as v from 'valibot';

/** One Lambda function per endpoint group. */
export const FUNCTION_GROUPS = ['templates', 'imports', 'branding', 'embed'] as const;
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
  /** Error statuses this route can answer besides 401/429/500, for the API reference. */
  errors: number[];
}

export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>) => `${route.method} ${route.path}`;

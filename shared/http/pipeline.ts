// Builds an endpoint group's Lambda handler: the middleware stack plus dispatch by route key.
// Operations receive a typed request and return { status, body }; they never format errors or headers.
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { jsonBody, responses, type ApiContext, type ApiEvent, type ApiMiddleware, type ApiResult } from './middleware';
import { authenticate } from './authenticate';
import { meteredOperation, routeKey, type RouteDefinition } from './route-definition';
import { notFound } from '../domain/errors';
import { observed } from './observed';
import { idempotency } from './idempotency';
import type { Principal } from '../domain/rate-limits';
import type { SignedInUser } from '../domain/users';

export interface OperationRequest {
  /** The API key's organization (groups authenticated by API key). */
  principal: Principal;
  /** The signed-in person (the dashboard group). */
  user: SignedInUser;
  pathParameters: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  body: unknown;
}

export interface OperationResult {
  status: number;
  body: unknown;
}

export type Operation = (request: OperationRequest) => Promise<OperationResult>;

/** What Lambda (and the local gateway) invokes: the pipeline adds `context.api` itself. */
export type LambdaApiHandler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

/**
 * The handler of one endpoint group: `routes` is its table (template-routes.ts, ...), not every route.
 * `caller` authenticates and counts the rate limit: the API key by default, the signed-in user on the dashboard.
 */
export function apiHandler(
  routes: readonly RouteDefinition[],
  operations: Record<string, Operation>,
  caller: ApiMiddleware = authenticate(),
): LambdaApiHandler {
  const { group } = routes[0];
  const byRouteKey = new Map<string, Operation>();
  const operationIds = new Map<string, string>();
  for (const route of routes) {
    const operation = operations[route.operationId];
    if (!operation) throw new Error(`No operation ${route.operationId} in group ${group}`);
    byRouteKey.set(routeKey(route), operation);
    operationIds.set(routeKey(route), meteredOperation(route));
  }
  const handler = middy<ApiEvent, ApiResult, Error, ApiContext>()
    .use(responses())
    .use(caller)
    .use(jsonBody())
    .use(idempotency())
    .handler(async (event, context) => {
      if (context.api.replay) return context.api.replay;
      const operation = byRouteKey.get(event.routeKey);
      if (!operation) throw notFound('Route');
      const { status, body } = await operation({
        principal: context.api.principal!,
        user: context.api.user!,
        pathParameters: event.pathParameters ?? {},
        query: event.queryStringParameters ?? {},
        body: context.api.body,
      });
      return { statusCode: status, headers: {}, body: JSON.stringify(body) };
    }) as unknown as LambdaApiHandler;
  return observed(group, (key) => operationIds.get(key) ?? 'notFound', handler);
}

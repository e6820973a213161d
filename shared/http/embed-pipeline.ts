// The embed API's handler: the shared response and body middlewares around its own access step.
// No API key: a template route is reached by the template's id (embed-enabled only), an import route
// by the import's status token. Then the template's allowed origins (CORS), then the per-template and
// client-address rate limit. Preflights are answered here and never counted.
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { jsonBody, responses, type ApiContext, type ApiEvent, type ApiResult } from './middleware';
import { ApiError, notFound } from '../domain/errors';
import { routeKey } from './route-definition';
import { CORRECTION_OPERATIONS, EMBED_ROUTES, REVIEW_LINK_OPERATIONS } from './embed-routes';
import { countEmbedRequest, getEmbedTemplate, verifyEmbedToken, type EmbedImportAccess, type EmbedTemplate } from '../data/embed';
import { bucketForMethod, clientAddressKey, CORRECTION_RATE_LIMITS, type RateLimitState } from '../domain/rate-limits';
import { isId } from '../domain/ids';
import { observed } from './observed';

/** What a request may touch: the template's organization and template, and for /imports routes the import. */
export interface EmbedAccess extends EmbedImportAccess {
  importId?: string;
}

export interface EmbedRequest {
  access: EmbedAccess;
  /** The page's origin (the Origin header), lower case; undefined for a request not from a page. */
  origin: string | undefined;
  pathParameters: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  body: unknown;
}

export type EmbedOperation = (request: EmbedRequest) => Promise<{ status: number; body: unknown }>;

const ALLOWED_METHODS = 'GET, POST, PATCH, OPTIONS';
const ALLOWED_HEADERS = 'authorization, content-type';
const EXPOSED_HEADERS = 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, X-Request-Id';
/** Browsers cache a preflight this long (Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;

const BEARER = /^bearer[ ]+([^ ]+)[ ]*$/i;

const embedNotFound = () => notFound('Template');
const invalidToken = () => new ApiError(401, 'UNAUTHORIZED', 'Invalid or missing import token');

/**
 * The template a request is for: by its id on /templates routes, through the import's status token on
 * /imports routes. Undefined for an /imports preflight: it carries no token, and without one nothing
 * finds the import's template (preflightHeaders says why that is safe).
 */
async function resolveAccess(
  event: ApiEvent,
  operationId: string,
  isPreflight: boolean,
  count: (templateId: string) => Promise<RateLimitState>,
): Promise<{ access: EmbedAccess; embed: EmbedTemplate; counted?: Promise<RateLimitState> } | undefined> {
  const id = event.pathParameters?.id ?? '';
  if (event.routeKey.includes('/templates/')) {
    const embed = isId('tpl', id) ? await getEmbedTemplate(id) : undefined;
    if (!embed) throw embedNotFound();
    return { access: { organizationId: embed.organizationId, templateId: id }, embed };
  }
  if (isPreflight) return undefined;
  const token = BEARER.exec(event.headers?.authorization ?? '')?.[1];
  const entry = token && token.length <= 512 && isId('imp', id) ? await verifyEmbedToken(id, token) : undefined;
  if (!entry) throw invalidToken();
  // A review link reaches its import's correction step alone, from any page (the link is the credential,
  // sent as a header, never a cookie), whether or not the template is embed-enabled.
  if (entry.reviewLink) {
    if (!REVIEW_LINK_OPERATIONS.has(operationId)) throw invalidToken();
    return { access: { ...entry, importId: id }, embed: { organizationId: entry.organizationId, templateId: entry.templateId, allowedOrigins: null }, counted: count(entry.templateId) };
  }
  // A valid token names its template: the template's read and the request's count go side by side (the
  // count's 429, if any, is thrown once the answer's CORS headers are known). Only a template id from a
  // valid token is counted, so no request can create counters for ids of its own choosing.
  const counted = count(entry.templateId);
  counted.catch(() => undefined);
  // Disabling embedding closes every embed route of the template, its imports' included.
  const embed = await getEmbedTemplate(entry.templateId);
  if (!embed) throw embedNotFound();
  return { access: { ...entry, importId: id }, embed, counted };
}

/**
 * An /imports preflight lets any page send its request: the request itself then carries the token, and
 * its answer is refused (403 ORIGIN_NOT_ALLOWED) to a page the template does not allow. A preflight only
 * says which methods and headers may be sent; what a page may read is decided on the answer.
 */
function preflightHeaders(origin: string | undefined): Record<string, string> {
  return { 'Access-Control-Allow-Origin': origin ?? '*', Vary: 'Origin' };
}

/** CORS response headers for this origin, or a 403 when the template names its origins and this is not one. */
function corsHeaders(origin: string | undefined, embed: EmbedTemplate): Record<string, string> {
  const common = { 'Access-Control-Expose-Headers': EXPOSED_HEADERS };
  if (!embed.allowedOrigins) return { ...common, 'Access-Control-Allow-Origin': '*' };
  // Requests without an Origin are not from a browser page (a server, curl): CORS does not apply.
  if (origin === undefined) return { Vary: 'Origin' };
  if (!embed.allowedOrigins.includes(origin.toLowerCase())) {
    // The refusal itself is readable by that page (the widget shows why it cannot work there instead of
    // a bare network error); it reveals nothing but the refusal, and no other answer is opened to it.
    throw new ApiError(403, 'ORIGIN_NOT_ALLOWED', 'This page\'s origin may not use this template\'s import widget', {
      'Access-Control-Allow-Origin': origin,
      Vary: 'Origin',
    });
  }
  return { ...common, 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
}

export function embedHandler(operations: Record<string, EmbedOperation>) {
  const byRouteKey = new Map<string, EmbedOperation>();
  const operationIds = new Map<string, string>();
  for (const route of EMBED_ROUTES) {
    operationIds.set(routeKey(route), route.operationId);
    if (route.method === 'OPTIONS') continue;
    const operation = operations[route.operationId];
    if (!operation) throw new Error(`No operation ${route.operationId} in group embed`);
    byRouteKey.set(routeKey(route), operation);
  }
  const handler = middy<ApiEvent, ApiResult, Error, ApiContext & { embed?: EmbedAccess }>()
    .use(responses())
    .use({
      before: async (request) => {
        const { event, context } = request;
        const method = event.requestContext.http.method.toUpperCase();
        // Until the template is known, errors (404, 401) are readable from any page: they reveal nothing.
        context.api.headers = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED_HEADERS };
        const client = clientAddressKey(event.requestContext.http.sourceIp ?? 'unknown');
        // The correction step's routes count in their own windows (a client key of their own), with their own limits.
        const correcting = CORRECTION_OPERATIONS.has(operationIds.get(event.routeKey) ?? '');
        const count = (templateId: string) =>
          correcting
            ? countEmbedRequest(templateId, `${client}#fix`, bucketForMethod(method), Date.now(), CORRECTION_RATE_LIMITS)
            : countEmbedRequest(templateId, client, bucketForMethod(method));
        const resolved = await resolveAccess(event, operationIds.get(event.routeKey) ?? '', method === 'OPTIONS', count);
        // A refused origin gets only its 403 ORIGIN_NOT_ALLOWED (corsHeaders throws it with its own headers).
        context.api.headers = {};
        context.api.headers = resolved ? corsHeaders(event.headers?.origin, resolved.embed) : preflightHeaders(event.headers?.origin);
        if (method === 'OPTIONS') return;
        const { access, counted } = resolved!;
        context.embed = access;
        context.api.rateLimit = await (counted ?? count(access.templateId));
      },
    })
    .use(jsonBody())
    .handler(async (event, context): Promise<ApiResult> => {
      if (event.requestContext.http.method.toUpperCase() === 'OPTIONS') {
        return {
          statusCode: 204,
          headers: {
            'Access-Control-Allow-Methods': ALLOWED_METHODS,
            'Access-Control-Allow-Headers': ALLOWED_HEADERS,
            'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
          },
          body: '',
        };
      }
      const operation = byRouteKey.get(event.routeKey);
      if (!operation) throw notFound('Route');
      const { status, body } = await operation({
        access: context.embed!,
        origin: event.headers?.origin?.toLowerCase(),
        pathParameters: event.pathParameters ?? {},
        query: event.queryStringParameters ?? {},
        body: context.api.body,
      });
      return { statusCode: status, headers: {}, body: JSON.stringify(body) };
    }) as unknown as (event: ApiEvent, context: Context) => Promise<ApiResult>;
  return observed('embed', (key) => operationIds.get(key) ?? 'notFound', handler);
}

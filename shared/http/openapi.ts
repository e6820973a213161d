// Builds the OpenAPI 3.1 document from the route table and the same valibot schemas that validate
// requests, so the reference cannot drift from behaviour.
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { ROUTES, type RouteDefinition } from './routes';
import { EMBED_RATE_LIMITS, RATE_LIMITS, USER_RATE_LIMITS } from '../domain/rate-limits';
import { ERROR_CODES } from '../domain/errors';
import { isIdempotent } from './idempotency';
import { MAX_BODY_BYTES } from './middleware';

type JsonObject = Record<string, any>;

/** draft-2020-12 is the dialect OpenAPI 3.1 uses; custom checks (RE2, uniqueness) are described in prose. */
function jsonSchema(schema: v.GenericSchema, typeMode: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    errorMode: 'ignore',
    typeMode,
    // Custom schemas (domain/validation.ts jsonObject) carry their own JSON Schema.
    overrideSchema: ({ valibotSchema }) => (valibotSchema as { jsonSchema?: JsonObject }).jsonSchema,
  }) as JsonObject;
  return rest;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>")',
  401: 'UNAUTHORIZED: missing, malformed, unknown or revoked API key',
  403: 'PLAN_UPGRADE_REQUIRED: the organization plan does not allow this change',
  404: 'NOT_FOUND: unknown id, malformed id, or a resource of another organization',
  409: 'IMPORT_NOT_FINISHED (the import is still PENDING) or IMPORT_FAILED (a FAILED import delivers no rows)',
  410: 'ROWS_EXPIRED: the retention period has passed; the import record and its counts remain',
  429: 'RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After',
  500: 'INTERNAL_ERROR: unexpected failure (the message never carries internals)',
};

/** The dashboard API's statuses: 403 is a role, 404 also an organization the caller is not a member of. */
const DASHBOARD_ERROR_DESCRIPTIONS: Record<number, string> = {
  403: 'FORBIDDEN: the caller\'s role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding)',
  404: 'NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike)',
  429: 'RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After',
};

/**
 * What the gateway's JWT authorizer answers before any function runs (API Gateway's own body, which an
 * HTTP API cannot reshape): 401 for a missing or invalid token, 403 for a valid token without the scope.
 */
const gatewayRefusal = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/GatewayError' } } },
});

/** The embed API answers some statuses for other reasons than the API-key routes. */
const EMBED_ERROR_DESCRIPTIONS: Record<number, string> = {
  401: 'UNAUTHORIZED: missing, wrong or expired import token, or the token of another import',
  403: 'ORIGIN_NOT_ALLOWED: the template names its allowed origins and the request\'s Origin is not one of them',
  404: 'NOT_FOUND: unknown or malformed template id, or a template whose embedding is disabled (all answered alike)',
  429: 'RATE_LIMIT_EXCEEDED: this client address used up the template\'s embed window; see Retry-After',
};

const rateLimitHeaders = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
  'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
};

function errorResponse(status: number, descriptions: Record<number, string> | undefined) {
  const headers: JsonObject = { ...rateLimitHeaders };
  if (status === 401) {
    delete headers['X-RateLimit-Limit'];
    delete headers['X-RateLimit-Remaining'];
    delete headers['X-RateLimit-Reset'];
  }
  if (status === 429) headers['Retry-After'] = { $ref: '#/components/headers/Retry-After' };
  return {
    description: descriptions?.[status] ?? ERROR_DESCRIPTIONS[status],
    headers,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
}

/** Every POST of the API-key API takes an Idempotency-Key (http/idempotency.ts). */
const IDEMPOTENCY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    '1 to 255 printable ASCII characters, unique per intended write (a UUID). The same key with the same request within ' +
    '24 hours answers the first answer again (same status and body, with Idempotent-Replayed: true) and does nothing more. ' +
    'Keys are per organization. An error answer is not remembered: the key may be sent again.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};
const IDEMPOTENCY_ERRORS: Record<number, string> = {
  409: 'IDEMPOTENCY_KEY_IN_USE: a request with this Idempotency-Key is still running (retry after Retry-After)',
  422: 'IDEMPOTENCY_KEY_REUSED: this Idempotency-Key was used in the last 24 hours with another request (route or body)',
};

function operation(route: RouteDefinition): JsonObject {
  const parameters: JsonObject[] = [];
  const idempotent = isIdempotent(route.method, route.path);
  if (idempotent) parameters.push(IDEMPOTENCY_PARAMETER);
  for (const match of route.path.matchAll(/\{([^}]+)\}/g)) {
    parameters.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
  }
  if (route.query) {
    const query = jsonSchema(route.query, 'output');
    for (const [name, schema] of Object.entries<JsonObject>(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: false, schema });
    }
  }
  const responses: JsonObject = {
    [route.status]: {
      description: route.summary,
      headers: idempotent ? { ...rateLimitHeaders, 'Idempotent-Replayed': { $ref: '#/components/headers/Idempotent-Replayed' } } : rateLimitHeaders,
      content: { 'application/json': { schema: jsonSchema(route.response, 'output') } },
    },
  };
  const embed = route.group === 'embed';
  const jwt = route.authorizer === 'jwt';
  const descriptions = embed ? EMBED_ERROR_DESCRIPTIONS : jwt ? DASHBOARD_ERROR_DESCRIPTIONS : undefined;
  const statuses = new Set([...route.errors, ...(embed || jwt ? [] : [401]), ...(idempotent ? [409, 422] : []), 429, 500]);
  for (const status of [...statuses].sort()) {
    responses[status] = errorResponse(status, descriptions);
    // A key's own answers; a route that answers the status for its own reason says so in its description.
    if (idempotent && IDEMPOTENCY_ERRORS[status]) {
      const key = IDEMPOTENCY_ERRORS[status];
      (responses[status] as JsonObject).description = route.errors.includes(status) ? `${key}; or the route's own ${status} (see its description)` : key;
    }
  }
  if (jwt) {
    responses[401] = gatewayRefusal('Refused by the gateway\'s JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token');
    // A role's 403 is our error shape; the gateway's (a valid token without the openid scope, e.g. an ID token) is its own.
    responses[403] = responses[403]
      ? {
          ...responses[403],
          description: `${responses[403].description}; or, from the gateway, a valid token without the openid scope (an ID token)`,
          content: { 'application/json': { schema: { oneOf: [{ $ref: '#/components/schemas/Error' }, { $ref: '#/components/schemas/GatewayError' }] } } },
        }
      : gatewayRefusal('Refused by the gateway: a valid token without the openid scope (an ID token)');
  }
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.group],
    // The embed API has no API key: its /imports routes take the import's status token. The dashboard
    // API takes a signed-in person's access token.
    ...(embed ? { security: route.errors.includes(401) ? [{ importToken: [] }] : [] } : {}),
    ...(jwt ? { security: [{ dashboardToken: ['openid'] }] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

export function buildOpenApiDocument(): JsonObject {
  const paths: JsonObject = {};
  // Preflights are described in the embed API's description, not as operations.
  for (const route of ROUTES.filter(({ method }) => method !== 'OPTIONS')) {
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Import Service API',
      version: '1.0.0',
      description: [
        'Templates, import records and branding of the Import Service. Decisions the interface specification',
        'leaves open are documented in docs/api.md. Every request needs `Authorization: Bearer <API key>`.',
        `Rate limits per key, fixed windows aligned to the UTC minute: ${RATE_LIMITS.read} GET/min,`,
        `${RATE_LIMITS.write} POST/PATCH/PUT/DELETE per minute. Request bodies are JSON, at most ${MAX_BODY_BYTES / 1024} KiB.`,
        `The embed API (/embed/v1, tag embed) is what the browser widget calls: no API key, embed-enabled templates only,`,
        `CORS on every route (preflights included; a template may restrict its origins), and its own limits per template`,
        `and client address: ${EMBED_RATE_LIMITS.read} GET/min and ${EMBED_RATE_LIMITS.write} POST/min. See docs/embed.md.`,
        `The dashboard API (/dashboard/v1, tag dashboard) is the organization's own account: a signed-in person's OpenID`,
        `Connect access token (Cognito on AWS, the local provider of npm start), roles per organization, its own limits per`,
        `person: ${USER_RATE_LIMITS.read} GET/min and ${USER_RATE_LIMITS.write} writes/min. See docs/dashboard-api.md.`,
      ].join(' '),
    },
    servers: [{ url: '{baseUrl}', variables: { baseUrl: { default: 'http://127.0.0.1:3000' } } }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key created with importctl' },
        importToken: { type: 'http', scheme: 'bearer', description: 'The status token returned when the widget started the import' },
        dashboardToken: {
          type: 'openIdConnect',
          openIdConnectUrl: '{issuer}/.well-known/openid-configuration',
          description:
            'An access token of the stage\'s OpenID Connect issuer (authorization code + PKCE, client import-service-dashboard locally; ' +
            'the stack outputs CognitoIssuer and UserPoolClientId on AWS), sent as Authorization: Bearer <token>. ' +
            'Locally the issuer is <baseUrl>/oidc.',
        },
      },
      schemas: {
        GatewayError: {
          type: 'object',
          description: 'API Gateway\'s own answer when its JWT authorizer refuses a request (no function ran)',
          required: ['message'],
          properties: { message: { type: 'string', enum: ['Unauthorized', 'Forbidden'] } },
        },
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: {
                  type: 'string',
                  enum: [...ERROR_CODES],
                },
                message: { type: 'string' },
              },
            },
          },
        },
      },
      headers: {
        'X-RateLimit-Limit': { description: 'Limit of the bucket this request counted against', schema: { type: 'integer' } },
        'X-RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
        'X-RateLimit-Reset': { description: 'Unix epoch seconds at which the current window ends', schema: { type: 'integer' } },
        'Retry-After': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
        'X-Request-Id': { description: 'Identifier of this request, for support', schema: { type: 'string' } },
        'Idempotent-Replayed': { description: 'true: this is the stored answer to an earlier request with the same Idempotency-Key', schema: { type: 'string' } },
      },
    },
  };
}

export function renderOpenApiDocument(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}

// The HTTP pipeline's middlewares, written once and applied by every API function (see pipeline.ts).
import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { ApiError, badRequest } from '../domain/errors';
import { errorBody } from './error-body';
import { rateLimitHeaders, type Principal, type RateLimitState } from '../domain/rate-limits';
import { log } from '../observability/logger';
import type { SignedInUser } from '../domain/users';

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2 & { headers: Record<string, string> };

/** What the pipeline learns about a request before the operation runs. */
export interface ApiState {
  principal?: Principal;
  /** The signed-in person of a dashboard request (authenticate-user.ts). */
  user?: SignedInUser;
  rateLimit?: RateLimitState;
  body?: unknown;
  /** Headers every response to this request carries, errors included (the embed API's CORS headers). */
  headers?: Record<string, string>;
  /** The first answer to this request's Idempotency-Key, answered instead of running the operation (idempotency.ts). */
  replay?: ApiResult;
}
export type ApiContext = Context & { api: ApiState };
type ApiRequest = Request<ApiEvent, ApiResult, Error, ApiContext>;
export type ApiMiddleware = MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext>;

export const MAX_BODY_BYTES = 256 * 1024;

const BASE_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

function requestId(event: ApiEvent): string {
  return event.requestContext?.requestId ?? 'unknown';
}

function finalHeaders(request: ApiRequest, extra: Record<string, string> = {}): Record<string, string> {
  const rate = request.context.api?.rateLimit;
  return {
    ...BASE_HEADERS,
    ...(rate ? rateLimitHeaders(rate) : {}),
    ...request.context.api?.headers,
    ...extra,
    'X-Request-Id': requestId(request.event),
  };
}

/**
 * Outermost: every response gets the standard headers, and every error becomes the spec's error body.
 * Errors that are not ApiErrors are logged with their stack and answered with a generic 500 that reveals nothing.
 */
export function responses(): ApiMiddleware {
  return {
    name: 'responses',
    before: (request) => {
      request.context.api = {};
    },
    after: (request) => {
      const response = request.response!;
      response.headers = finalHeaders(request, response.headers);
    },
    onError: (request) => {
      const error = request.error;
      if (error instanceof ApiError) {
        request.response = {
          statusCode: error.status,
          headers: finalHeaders(request, error.headers),
          body: errorBody(error.code, error.message),
        };
        return;
      }
      // The request id and route are on the line (correlation); never the event: its headers hold keys and tokens.
      log.error('Unhandled error', error, { routeKey: request.event.routeKey });
      request.response = {
        statusCode: 500,
        headers: finalHeaders(request),
        body: errorBody('INTERNAL_ERROR', 'Internal server error'),
      };
    },
  };
}

/** JSON bodies only, at most 256 KiB. Runs after auth, so a rejected body still counts as a request. */
export function jsonBody(): ApiMiddleware {
  return {
    name: 'jsonBody',
    before: (request) => {
      const { event } = request;
      if (event.body === undefined || event.body === null || event.body === '') return;
      const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
      if (raw.byteLength > MAX_BODY_BYTES) throw badRequest('Request body must not exceed 256 KiB');
      const contentType = (event.headers?.['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (contentType !== 'application/json') throw badRequest('Content-Type must be application/json');
      try {
        request.context.api.body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw badRequest('Malformed JSON body');
      }
    },
  };
}

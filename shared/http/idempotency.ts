// Idempotency-Key on the API-key API's POSTs (docs/api.md "Idempotent writes"): the same key with the
// same request within 24 hours answers the first answer again and does nothing more; with another
// request it is 422 IDEMPOTENCY_KEY_REUSED; while the first request runs, 409 IDEMPOTENCY_KEY_IN_USE.
// Keys are the organization's (pattern 24 of data/table.ts). An error answer is not remembered: the key
// is released, so the client may send it again (nothing changed, or the error says what did).
import { createHash, randomUUID } from 'node:crypto';
import { ApiError, badRequest } from '../domain/errors';
import { claimIdempotencyKey, releaseIdempotencyKey, storeIdempotentAnswer } from '../data/idempotency';
import type { ApiMiddleware } from './middleware';
import { log } from '../observability/logger';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** 1 to 255 printable ASCII characters (space included). */
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;

/** The routes that take a key: every POST of the API-key API. */
export const isIdempotent = (method: string, path: string) => method.toUpperCase() === 'POST' && path.startsWith('/api/v1/');

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What "the same request" means: the route, the ids in its path, and the body's JSON. */
function fingerprint(routeKey: string, pathParameters: Record<string, string | undefined> | undefined, body: unknown): string {
  return sha256(`${routeKey}\n${JSON.stringify(pathParameters ?? {})}\n${body === undefined ? '' : JSON.stringify(body)}`);
}

interface Held {
  organizationId: string;
  keyHash: string;
  claim: string;
}

/**
 * Runs after authentication and the body's parse (a key needs its organization and the request to
 * compare): a replayed answer is handed to the handler as `context.api.replay`, which returns it
 * instead of running the operation.
 */
export function idempotency(): ApiMiddleware {
  const held = new WeakMap<object, Held>();
  return {
    name: 'idempotency',
    before: async (request) => {
      const { event, context } = request;
      const key = event.headers?.[IDEMPOTENCY_HEADER];
      // The route key (`POST /api/v1/imports/{id}/review-link`), not the raw path, which a named stage would prefix.
      const [method, path] = event.routeKey.split(' ');
      if (key === undefined || !isIdempotent(method, path ?? '') || !context.api.principal) return;
      if (!VALID_KEY.test(key)) throw badRequest('Idempotency-Key must be 1 to 255 printable ASCII characters');
      const { organizationId } = context.api.principal;
      const keyHash = sha256(key);
      const print = fingerprint(event.routeKey, event.pathParameters, context.api.body);
      const claim = randomUUID();
      const found = await claimIdempotencyKey(organizationId, keyHash, print, claim);
      if (found.kind === 'claimed') {
        held.set(request, { organizationId, keyHash, claim });
        return;
      }
      if (found.fingerprint !== print) {
        throw new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request in the last 24 hours: use a new key');
      }
      if (found.kind === 'in-use') {
        throw new ApiError(409, 'IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still running: retry once it has answered', { 'Retry-After': '1' });
      }
      context.api.replay = { statusCode: found.answer.status, headers: { [REPLAYED_HEADER]: 'true' }, body: found.answer.body };
    },
    after: async (request) => {
      const own = held.get(request);
      const response = request.response;
      if (!own || !response) return;
      held.delete(request);
      const stored = await storeIdempotentAnswer(own.organizationId, own.keyHash, own.claim, { status: response.statusCode ?? 200, body: String(response.body ?? '') });
      if (!stored) log.warn('Idempotency claim lost before its answer was stored', { status: response.statusCode });
    },
    onError: async (request) => {
      const own = held.get(request);
      if (!own) return;
      held.delete(request);
      // A failed release leaves the claim to its lease: the error answer is still given.
      await releaseIdempotencyKey(own.organizationId, own.keyHash, own.claim).catch((error) => log.warn('Idempotency key not released', { error: String(error) }));
    },
  };
}

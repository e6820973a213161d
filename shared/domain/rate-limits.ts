// Rate-limit policy: two buckets per API key in fixed 60-second windows aligned to the UTC minute.
// Pure rules and headers; the counting itself is data/rate-limit.ts.

import type { Plan } from './plans';

export type Bucket = 'read' | 'write';

/** Who is calling: resolved from the API key on every request (a plan change applies at once). */
export interface Principal {
  organizationId: string;
  keyId: string;
  plan: Plan;
}

export const RATE_LIMITS: Record<Bucket, number> = { read: 100, write: 30 };

export const WINDOW_SECONDS = 60;

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Unix epoch seconds at which the current window ends. */
  reset: number;
}

/** GET (and HEAD) read; POST, PATCH, PUT and DELETE write. */
export function bucketForMethod(method: string): Bucket {
  const upper = method.toUpperCase();
  return upper === 'GET' || upper === 'HEAD' ? 'read' : 'write';
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(state.limit),
    'X-RateLimit-Remaining': String(state.remaining),
    'X-RateLimit-Reset': String(state.reset),
  };
}

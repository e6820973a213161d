// Rate-limit policy: two buckets per API key in fixed 60-second windows aligned to the UTC minute.
// Pure rules and headers; the counting itself is data/rate-limit.ts.

import type { Plan } from './plans';

export type Bucket = 'read' | 'write';

/**
 * The organization a request acts for and its plan: resolved from the API key on every request (a plan
 * change applies at once), or from a signed-in member's organization on the dashboard API.
 */
export interface Principal {
  organizationId: string;
  plan: Plan;
  /** The API key's id, on /api/v1. */
  keyId?: string;
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

/**
 * The embed API's limits, per template and client address (the widget has no API key): a widget polls
 * an import's status every second or two and starts a handful of imports, so these leave room for a
 * real user and stop a page that loops. They never touch the organization's API-key limits.
 */
export const EMBED_RATE_LIMITS: Record<Bucket, number> = { read: 120, write: 10 };

/**
 * The dashboard API's limits, per signed-in person (across their organizations): a person clicking
 * through the dashboard app never meets them, a runaway script does.
 */
export const USER_RATE_LIMITS: Record<Bucket, number> = { read: 600, write: 120 };

/**
 * The correction step's own limits (rows, submit), counted apart from the rest: an end user scrolling
 * through a grid of thousands of rows reads a page every few hundred milliseconds and saves a cell every
 * second or two, which the limits above would stop within a minute.
 */
export const CORRECTION_RATE_LIMITS: Record<Bucket, number> = { read: 600, write: 240 };

/**
 * Who a client is for the embed limits: its IPv4 address, or the /64 prefix of its IPv6 address (one
 * host usually holds a whole /64, so counting single IPv6 addresses would let it rotate past the limit).
 */
export function clientAddressKey(sourceIp: string): string {
  if (!sourceIp.includes(':')) return sourceIp;
  const mappedV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(sourceIp);
  if (mappedV4) return mappedV4[1];
  const [head, tail = ''] = sourceIp.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * Authentication and rate limiting in one DynamoDB round trip (1 write unit for a key item < 1 KB).
 *
 * Fixed 60-second windows aligned to the UTC minute, one counter per (bucket, minute) stored as the
 * attribute rl_<bucket>_<minute> on the key's own item. The counter name carries the window, so
 * `if_not_exists(counter, 0) + 1` starts every new window at 1 without knowing the old one, and the
 * condition rejects revoked keys and full windows in the same call. The same call removes the
 * previous hour's counters; a counter older than that (left by a key idle for over an hour) is seen in
 * the returned item and pruned by one extra write, so the item can never grow.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import { keys, type Key } from './table';
import { ApiError, unauthorized } from '../domain/errors';
import {
  RATE_LIMITS,
  rateLimitHeaders,
  WINDOW_SECONDS,
  type Bucket,
  type Principal,
  type RateLimitState,
} from '../domain/rate-limits';

/** Previous windows removed by every call; older leftovers are pruned separately. */
const SWEPT_WINDOWS = 60;
const COUNTER_PREFIX = 'rl_';

const counterName = (bucket: Bucket, window: number) => `${COUNTER_PREFIX}${bucket[0]}_${window}`;

function windowOf(nowMs: number): number {
  return Math.floor(nowMs / 1000 / WINDOW_SECONDS);
}

/**
 * The parts of an UpdateItem that count one request in the bucket's current window and remove the
 * previous hour's counters (shared by API keys and the embed API's per-client counters).
 */
export function windowCounter(bucket: Bucket, nowMs: number) {
  const window = windowOf(nowMs);
  const names: Record<string, string> = { '#cur': counterName(bucket, window) };
  const removals: string[] = [];
  for (let back = 1; back <= SWEPT_WINDOWS; back++) {
    names[`#p${back}`] = counterName(bucket, window - back);
    removals.push(`#p${back}`);
  }
  return {
    window,
    /** Unix seconds at which the window ends. */
    reset: (window + 1) * WINDOW_SECONDS,
    names,
    set: '#cur = if_not_exists(#cur, :zero) + :one',
    remove: `REMOVE ${removals.join(', ')}`,
    values: { ':zero': 0, ':one': 1 } as Record<string, unknown>,
    /** The count after this request, read from the returned item. */
    used: (item: Record<string, unknown>) => Number(item[names['#cur']]),
  };
}

/** 429 RATE_LIMIT_EXCEEDED with the window's headers and Retry-After; nothing was counted. */
export function rateLimitExceeded(limit: number, what: string, reset: number, nowMs: number): ApiError {
  const retryAfter = Math.max(1, reset - Math.floor(nowMs / 1000));
  return new ApiError(429, 'RATE_LIMIT_EXCEEDED', `Rate limit of ${limit} ${what} per minute exceeded`, {
    ...rateLimitHeaders({ limit, remaining: 0, reset }),
    'Retry-After': String(retryAfter),
  });
}

/**
 * Authenticate the key (by hash) and count one request against its bucket.
 * Throws 401 for unknown or revoked keys and 429 (with rate-limit headers) when the window is full;
 * neither changes anything.
 */
export async function authenticateAndCount(
  keyHash: string,
  bucket: Bucket,
  nowMs = Date.now(),
): Promise<{ principal: Principal; rateLimit: RateLimitState }> {
  const limit = RATE_LIMITS[bucket];
  const counter = windowCounter(bucket, nowMs);
  try {
    const result = await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: keys.apiKeyByHash(keyHash),
        // lastUsedAt rides on the write every request makes anyway (the dashboard's key list shows it).
        UpdateExpression: `SET ${counter.set}, lastUsedAt = :now ${counter.remove}`,
        ConditionExpression:
          'attribute_exists(pk) AND attribute_not_exists(revokedAt) AND (attribute_not_exists(#cur) OR #cur < :limit)',
        ExpressionAttributeNames: counter.names,
        ExpressionAttributeValues: { ...counter.values, ':limit': limit, ':now': new Date(nowMs).toISOString() },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    const item = result.Attributes ?? {};
    await pruneExpiredCounters(keys.apiKeyByHash(keyHash), item, counter.window);
    return {
      principal: { organizationId: item.organizationId, keyId: item.keyId, plan: item.plan },
      rateLimit: { limit, remaining: Math.max(0, limit - counter.used(item)), reset: counter.reset },
    };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // The document client unmarshalls outputs, not the item an error carries.
    const old = error.Item && unmarshall(error.Item);
    if (!old || old.revokedAt) throw unauthorized();
    throw rateLimitExceeded(limit, `${bucket} requests`, counter.reset, nowMs);
  }
}

/** Counters of windows older than the swept range exist only after an idle hour: remove them once. */
export async function pruneExpiredCounters(key: Key, item: Record<string, unknown>, window: number) {
  const expired = Object.keys(item).filter((name) => {
    if (!name.startsWith(COUNTER_PREFIX)) return false;
    const counterWindow = Number(name.slice(name.lastIndexOf('_') + 1));
    return counterWindow < window - SWEPT_WINDOWS;
  });
  if (expired.length === 0) return;
  const names = Object.fromEntries(expired.map((name, i) => [`#e${i}`, name]));
  await dynamo().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: key,
      UpdateExpression: `REMOVE ${Object.keys(names).join(', ')}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
    }),
  ).catch(() => undefined); // best effort: the next request after idling retries it
}

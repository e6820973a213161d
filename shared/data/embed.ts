// The embed API's items (patterns 13-15 of data/table.ts): the embed-enabled template pointer, the
// status tokens of imports started by the widget, and the per-client rate-limit counters.
import { timingSafeEqual } from 'node:crypto';
import { ConditionalCheckFailedException, GetCommand, PutCommand, UpdateCommand } from '../aws/dynamodb';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import { keys } from './table';
import { rateLimitExceeded, windowCounter } from './rate-limit';
import { TTL_ATTRIBUTE } from '../resources';
import { EMBED_RATE_LIMITS, type Bucket, type RateLimitState } from '../domain/rate-limits';
import { hashApiKey } from '../domain/ids';

const table = () => config().tableName;

/** Pattern 13: where an embed-enabled template lives, and which pages may use it (null: any). */
export interface EmbedTemplate {
  organizationId: string;
  templateId: string;
  allowedOrigins: string[] | null;
}

/** The pointer item of an embed-enabled template (written inside the template's transactions). */
export function embedTemplateItem(embed: EmbedTemplate): Record<string, unknown> {
  return { ...keys.embedTemplate(embed.templateId), ...embed };
}

/** Strongly consistent: disabling embedding takes effect on the very next request. */
export async function getEmbedTemplate(templateId: string): Promise<EmbedTemplate | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.embedTemplate(templateId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return { organizationId: Item.organizationId, templateId, allowedOrigins: Item.allowedOrigins ?? null };
}

/** Pattern 14: an import's status token, by import id; the token itself is never stored. */
export interface EmbedToken {
  organizationId: string;
  templateId: string;
  importId: string;
  expiresAt: string;
}

export async function putEmbedToken(token: string, embed: EmbedToken): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.embedToken(embed.importId),
        ...embed,
        tokenHash: hashApiKey(token),
        // DynamoDB deletes expired items within days, not at once: readers check expiresAt themselves.
        [TTL_ATTRIBUTE]: Math.ceil(Date.parse(embed.expiresAt) / 1000),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The token's import entry without checking a token (CORS preflights carry none). */
export async function getEmbedImport(importId: string): Promise<(EmbedToken & { tokenHash: string }) | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.embedToken(importId), ConsistentRead: true }));
  return Item as (EmbedToken & { tokenHash: string }) | undefined;
}

/** The import's entry when `token` is its unexpired token; undefined for anything else (a wrong, expired or other import's token). */
export async function verifyEmbedToken(importId: string, token: string, nowMs = Date.now()): Promise<EmbedToken | undefined> {
  const entry = await getEmbedImport(importId);
  if (!entry || Date.parse(entry.expiresAt) <= nowMs) return undefined;
  const presented = Buffer.from(hashApiKey(token), 'hex');
  const stored = Buffer.from(entry.tokenHash, 'hex');
  if (presented.length !== stored.length || !timingSafeEqual(presented, stored)) return undefined;
  return { organizationId: entry.organizationId, templateId: entry.templateId, importId, expiresAt: entry.expiresAt };
}

/** An hour after its last request a client's counter item is deleted by TTL. */
const COUNTER_IDLE_SECONDS = 3600;

/**
 * Pattern 15: count one request of `client` against the template's embed limit (one UpdateItem).
 * Throws 429 with the rate-limit headers when the window is full; nothing is counted then.
 */
export async function countEmbedRequest(templateId: string, client: string, bucket: Bucket, nowMs = Date.now()): Promise<RateLimitState> {
  const limit = EMBED_RATE_LIMITS[bucket];
  const counter = windowCounter(bucket, nowMs);
  try {
    const { Attributes = {} } = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.embedRateLimit(templateId, client),
        UpdateExpression: `SET ${counter.set}, #ttl = :ttl ${counter.remove}`,
        ConditionExpression: 'attribute_not_exists(#cur) OR #cur < :limit',
        ExpressionAttributeNames: { ...counter.names, '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ...counter.values, ':limit': limit, ':ttl': counter.reset + COUNTER_IDLE_SECONDS },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return { limit, remaining: Math.max(0, limit - counter.used(Attributes)), reset: counter.reset };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    throw rateLimitExceeded(limit, `embed ${bucket} requests per template and client address`, counter.reset, nowMs);
  }
}

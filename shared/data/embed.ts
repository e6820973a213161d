// The embed API's items (patterns 13-15 of data/table.ts): the embed-enabled template pointer, the
// status tokens of imports started by the widget (checked against their import's record), and the
// per-client rate-limit counters.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import { keys } from './table';
import { rateLimitExceeded, windowCounter } from './rate-limit';
import { TTL_ATTRIBUTE } from '../resources';
import { EMBED_RATE_LIMITS, type Bucket, type RateLimitState } from '../domain/rate-limits';
import { embedTokenExpiresAt, embedTokenMatches, importTokenOrganization } from '../domain/embed';
import type { ImportRecord } from '../domain/imports';
import { getImportRecord } from './imports';

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

/** Who a verified status token lets in, and the import's record when it was read to verify it. */
export interface EmbedImportAccess {
  organizationId: string;
  templateId: string;
  record?: ImportRecord;
  /** Let in by a review link (domain/api-imports.ts), not the widget's status token: the correction routes only. */
  reviewLink?: true;
}

/**
 * The import's access when `token` is its unexpired status token or review link token; undefined for
 * anything else (a wrong, expired, closed or other import's token). The token names its organization,
 * which finds the record holding the token's hash (domain/embed.ts); the record is read strongly, as a
 * status poll needs it.
 */
export async function verifyEmbedToken(importId: string, token: string, nowMs = Date.now()): Promise<EmbedImportAccess | undefined> {
  const named = importTokenOrganization(token);
  if (!named) return verifyTokenItem(importId, token, nowMs);
  const { kind, organizationId } = named;
  const record = await getImportRecord(organizationId, importId);
  if (!record) return undefined;
  // A status token lives 24 hours from the import's creation; a review link until its own expiry.
  const [hash, expiresAt] = kind === 'review'
    ? [record.reviewLink?.hash, record.reviewLink?.expiresAt]
    : [record.embedTokenHash, embedTokenExpiresAt(record.createdAt)];
  if (!expiresAt || !embedTokenMatches(token, hash, expiresAt, nowMs)) return undefined;
  return { organizationId, templateId: record.templateId, record, ...(kind === 'review' && { reviewLink: true as const }) };
}

/**
 * Pattern 14: tokens issued before the record held their hash have an item of their own (by import id,
 * deleted by TTL). They keep working until they expire, 24 hours after the last one was issued.
 */
async function verifyTokenItem(importId: string, token: string, nowMs: number): Promise<EmbedImportAccess | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.embedToken(importId), ConsistentRead: true }));
  if (!Item || !embedTokenMatches(token, Item.tokenHash, Item.expiresAt, nowMs)) return undefined;
  return { organizationId: Item.organizationId, templateId: Item.templateId };
}

/** An hour after its last request a client's counter item is deleted by TTL. */
const COUNTER_IDLE_SECONDS = 3600;

/**
 * Pattern 15: count one request of `client` against the template's embed limit (one UpdateItem).
 * Throws 429 with the rate-limit headers when the window is full; nothing is counted then.
 */
export async function countEmbedRequest(
  templateId: string,
  client: string,
  bucket: Bucket,
  nowMs = Date.now(),
  limits: Record<Bucket, number> = EMBED_RATE_LIMITS,
): Promise<RateLimitState> {
  const limit = limits[bucket];
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

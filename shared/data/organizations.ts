// Organizations and their API keys (admin operations: the dashboard stand-in `importctl` uses these).
// The hot auth item (APIKEY#<hash>) carries a copy of the plan, so a plan change rewrites it in the
// same transaction as the organization: the very next request sees the new plan.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import { keys, listings, withoutKeys } from './table';
import { batchGetInOrder, listingKeys } from './listing';
import { transactWrite } from './writes';
import { setFields } from './expressions';
import { hashApiKey, newApiKey, newId, nowIso } from '../domain/ids';
import type { Plan } from '../domain/plans';
import { membershipItems } from './members';

export interface Organization {
  organizationId: string;
  name: string;
  plan: Plan;
  webhookUrl: string | null;
  webhookSecret: string | null;
  templateCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ApiKeyRecord {
  keyId: string;
  organizationId: string;
  keyHash: string;
  /** Keys made before names and prefixes existed have neither. */
  name?: string;
  /** Its first characters, shown in lists. */
  prefix?: string;
  /** Who made it: a member's user id and email, or the operator (importctl). */
  createdBy?: { id: string; email: string | null };
  createdAt: string;
  revokedAt: string | null;
}

/** What a key's owner may see of it later: enough to recognize it, never enough to use it. */
export const API_KEY_PREFIX_CHARS = 12;

export interface ApiKeyLabel {
  name: string;
  createdBy: { id: string; email: string | null };
}

const TRANSACTION_MAX_ITEMS = 100;

/** Strongly consistent: list pages trust its template count to decide where the list ends. */
export async function getOrganization(organizationId: string): Promise<Organization | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.organization(organizationId), ConsistentRead: true }),
  );
  return Item ? (withoutKeys(Item) as Organization) : undefined;
}

/** The two items of a new key: the hot auth item and the admin record (listing, revoke by id). */
function apiKeyItems(organizationId: string, plan: Plan, now: string, label?: ApiKeyLabel) {
  const apiKey = newApiKey();
  const keyHash = hashApiKey(apiKey);
  const keyId = newId('key');
  const items = [
    { ...keys.apiKeyByHash(keyHash), keyId, organizationId, plan, createdAt: now },
    {
      ...keys.apiKeyById(keyId),
      gsi1pk: listings.apiKeys(organizationId),
      gsi1sk: listings.sortKey(now, keyId),
      keyId,
      organizationId,
      keyHash,
      prefix: apiKey.slice(0, API_KEY_PREFIX_CHARS),
      ...label,
      createdAt: now,
    },
  ];
  return { apiKey, keyId, items };
}

const putNew = (Item: Record<string, unknown>) => ({
  Put: { TableName: config().tableName, Item, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** A new organization's profile item: no webhook, no templates yet. */
function newOrganization(name: string, plan: Plan, now: string): Organization {
  return { organizationId: newId('org'), name, plan, webhookUrl: null, webhookSecret: null, templateCount: 0, createdAt: now, updatedAt: now };
}

export async function createOrganization(name: string, plan: Plan) {
  const now = nowIso();
  const organization = newOrganization(name, plan, now);
  const { organizationId } = organization;
  const key = apiKeyItems(organizationId, plan, now);
  await transactWrite([putNew({ ...keys.organization(organizationId), ...organization }), ...key.items.map(putNew)]);
  return { organizationId, keyId: key.keyId, apiKey: key.apiKey };
}

/**
 * A self-service organization (the dashboard): free plan, no API key yet, the creator its owner
 * (membership pair and ownerCount 1 in the same transaction).
 */
export async function createOwnedOrganization(name: string, owner: { userId: string; email: string }) {
  const now = nowIso();
  const organization = { ...newOrganization(name, 'free', now), ownerCount: 1 };
  const { organizationId } = organization;
  const member = { userId: owner.userId, email: owner.email, role: 'owner' as const, joinedAt: now };
  await transactWrite([putNew({ ...keys.organization(organizationId), ...organization }), ...membershipItems(organizationId, member).map(putNew)]);
  return organization;
}

export async function createApiKey(organization: Organization, label?: ApiKeyLabel) {
  const createdAt = nowIso();
  const key = apiKeyItems(organization.organizationId, organization.plan, createdAt, label);
  await transactWrite(key.items.map(putNew));
  return { keyId: key.keyId, apiKey: key.apiKey, createdAt };
}

/** When each key last authenticated (written by the auth call itself, rate-limit.ts): keyId -> time. */
export async function apiKeysLastUsed(records: ApiKeyRecord[]): Promise<Map<string, string | null>> {
  const items = await batchGetInOrder(records.map((record) => keys.apiKeyByHash(record.keyHash)));
  return new Map(items.map((item) => [item.keyId as string, (item.lastUsedAt as string | undefined) ?? null]));
}

export async function listApiKeys(organizationId: string): Promise<ApiKeyRecord[]> {
  const records = await batchGetInOrder(await listingKeys(listings.apiKeys(organizationId)));
  return records.map((record) => ({ ...(withoutKeys(record) as ApiKeyRecord), revokedAt: record.revokedAt ?? null }));
}

export async function getApiKey(keyId: string): Promise<ApiKeyRecord | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().tableName, Key: keys.apiKeyById(keyId) }));
  return Item ? { ...(withoutKeys(Item) as ApiKeyRecord), revokedAt: Item.revokedAt ?? null } : undefined;
}

/** Revocation marks both items; the auth item's condition rejects the key from the next request on. */
export async function revokeApiKey(record: ApiKeyRecord): Promise<ApiKeyRecord> {
  const revokedAt = record.revokedAt ?? nowIso();
  const revoke = (Key: { pk: string; sk: string }) => ({
    Update: {
      TableName: config().tableName,
      Key,
      UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :now)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': revokedAt },
    },
  });
  await transactWrite([revoke(keys.apiKeyById(record.keyId)), revoke(keys.apiKeyByHash(record.keyHash))]);
  return { ...record, revokedAt };
}

export interface OrganizationChanges {
  name?: string;
  plan?: Plan;
  webhookUrl?: string | null;
  webhookSecret?: string | null;
}

/** Update the organization; a plan change is copied onto every key's auth item in the same transaction. */
export async function updateOrganization(organizationId: string, changes: OrganizationChanges) {
  const organizationUpdate = {
    Update: {
      TableName: config().tableName,
      Key: keys.organization(organizationId),
      ...setFields({ ...changes, updatedAt: nowIso() }),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
  const keyPlanUpdates = changes.plan
    ? (await listApiKeys(organizationId)).map((record) => ({
        Update: {
          TableName: config().tableName,
          Key: keys.apiKeyByHash(record.keyHash),
          UpdateExpression: 'SET #plan = :plan',
          ExpressionAttributeNames: { '#plan': 'plan' },
          ExpressionAttributeValues: { ':plan': changes.plan },
        },
      }))
    : [];
  const [first, ...rest] = chunk([organizationUpdate, ...keyPlanUpdates], TRANSACTION_MAX_ITEMS);
  if (!(await transactWrite(first))) return undefined;
  for (const batch of rest) await transactWrite(batch);
  return getOrganization(organizationId);
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// ---- Webhook secret and URL (pattern 2), for the dashboard (shared/webhooks/secrets.ts) ----

/**
 * A rotated-out secret that still signs (beside the current one) until it expires. A rotation during
 * a rotation keeps only the latest previous secret. Absent on organizations never rotated.
 */
export interface PreviousWebhookSecret {
  previousWebhookSecret?: string | null;
  previousWebhookSecretExpiresAt?: string | null;
}

/** A small conditional UpdateItem of the organization item; false when its condition failed. */
async function updateOrganizationIf(input: Omit<UpdateCommandInput, 'TableName' | 'Key'>, organizationId: string) {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({ TableName: config().tableName, Key: keys.organization(organizationId), ReturnValues: 'ALL_NEW', ...input }),
    );
    return Attributes ? (withoutKeys(Attributes) as Organization & PreviousWebhookSecret) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** A secret is set: the attribute is a string (organizations without one hold null or nothing). */
const HAS_SECRET = 'attribute_exists(pk) AND attribute_type(webhookSecret, :string)';
const HAS_NO_SECRET = 'attribute_exists(pk) AND (attribute_not_exists(webhookSecret) OR attribute_type(webhookSecret, :null))';

/**
 * Make `secret` the organization's webhook secret in one UpdateItem that reads nothing first: the
 * current secret, if there is one, becomes the previous one until `previousExpiresAt` (copied inside the
 * update, so two concurrent rotations never lose a secret that was ever current); without one, any
 * previous secret is dropped. Undefined when there is no such organization.
 */
export async function replaceWebhookSecret(
  organizationId: string,
  secret: string,
  previousExpiresAt: string,
): Promise<{ previousExpiresAt: string | null } | undefined> {
  const now = nowIso();
  // Two rounds: a concurrent change can move the organization between "has a secret" and "has none" once.
  for (let round = 0; round < 2; round++) {
    const rotated = await updateOrganizationIf(
      {
        UpdateExpression:
          'SET previousWebhookSecret = webhookSecret, previousWebhookSecretExpiresAt = :expires, webhookSecret = :secret, updatedAt = :now',
        ConditionExpression: HAS_SECRET,
        ExpressionAttributeValues: { ':secret': secret, ':expires': previousExpiresAt, ':now': now, ':string': 'S' },
      },
      organizationId,
    );
    if (rotated) return { previousExpiresAt };
    const first = await updateOrganizationIf(
      {
        UpdateExpression: 'SET webhookSecret = :secret, updatedAt = :now REMOVE previousWebhookSecret, previousWebhookSecretExpiresAt',
        ConditionExpression: HAS_NO_SECRET,
        ExpressionAttributeValues: { ':secret': secret, ':now': now, ':null': 'NULL' },
      },
      organizationId,
    );
    if (first) return { previousExpiresAt: null };
    if (!(await getOrganization(organizationId))) return undefined;
  }
  throw new Error(`The webhook secret of ${organizationId} kept changing during its rotation`);
}

/** Set `secret` only where the organization has none (one conditional UpdateItem); false when it had one. */
export async function setSecretIfNone(organizationId: string, secret: string): Promise<boolean> {
  const set = await updateOrganizationIf(
    {
      UpdateExpression: 'SET webhookSecret = :secret, updatedAt = :now',
      ConditionExpression: HAS_NO_SECRET,
      ExpressionAttributeValues: { ':secret': secret, ':now': nowIso(), ':null': 'NULL' },
    },
    organizationId,
  );
  return Boolean(set);
}

/**
 * Set (or, with null, remove) the webhook URL in one UpdateItem; an organization without a secret gets
 * `secretIfNone` with it (a URL without a secret cannot be signed for). Removing the URL keeps the secret.
 * Undefined when there is no such organization.
 */
export async function setOrganizationWebhookUrl(
  organizationId: string,
  webhookUrl: string | null,
  secretIfNone: string,
): Promise<{ organization: Organization & PreviousWebhookSecret; secretCreated: boolean } | undefined> {
  const now = nowIso();
  for (let round = 0; round < 2; round++) {
    if (webhookUrl !== null) {
      const withSecret = await updateOrganizationIf(
        {
          UpdateExpression: 'SET webhookUrl = :url, webhookSecret = :secret, updatedAt = :now',
          ConditionExpression: HAS_NO_SECRET,
          ExpressionAttributeValues: { ':url': webhookUrl, ':secret': secretIfNone, ':now': now, ':null': 'NULL' },
        },
        organizationId,
      );
      if (withSecret) return { organization: withSecret, secretCreated: true };
    }
    const updated = await updateOrganizationIf(
      {
        UpdateExpression: 'SET webhookUrl = :url, updatedAt = :now',
        ConditionExpression: webhookUrl === null ? 'attribute_exists(pk)' : HAS_SECRET,
        ExpressionAttributeValues: { ':url': webhookUrl, ':now': now, ...(webhookUrl === null ? {} : { ':string': 'S' }) },
      },
      organizationId,
    );
    if (updated) return { organization: updated, secretCreated: false };
    if (!(await getOrganization(organizationId))) return undefined;
  }
  throw new Error(`The webhook secret of ${organizationId} kept changing while its URL was set`);
}

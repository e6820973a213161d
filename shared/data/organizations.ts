// Organizations and their API keys (admin operations: the dashboard stand-in `importctl` uses these).
// The hot auth item (APIKEY#<hash>) carries a copy of the plan, so a plan change rewrites it in the
// same transaction as the organization: the very next request sees the new plan.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
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
  /** Its first characters, shown in lists (keys made before names and prefixes have neither). */
  name?: string;
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

export async function createOrganization(name: string, plan: Plan) {
  const now = nowIso();
  const organizationId = newId('org');
  const organization: Organization = {
    organizationId,
    name,
    plan,
    webhookUrl: null,
    webhookSecret: null,
    templateCount: 0,
    createdAt: now,
    updatedAt: now,
  };
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
  const organizationId = newId('org');
  const organization: Organization & { ownerCount: number } = {
    organizationId,
    name,
    plan: 'free',
    webhookUrl: null,
    webhookSecret: null,
    templateCount: 0,
    ownerCount: 1,
    createdAt: now,
    updatedAt: now,
  };
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

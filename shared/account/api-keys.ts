// API keys as the dashboard manages them: a key is shown once, at creation; afterwards only its name,
// prefix, creator and last use. Revoking applies on /api/v1 from the next request (rate-limit.ts).
import { notFound } from '../domain/errors';
import { isId } from '../domain/ids';
import { apiKeysLastUsed, createApiKey, getApiKey, listApiKeys, revokeApiKey } from '../data/organizations';
import type { OrganizationAccess } from './access';
import { recordAudit } from './audit';

export async function createKey(access: OrganizationAccess, name: string) {
  const { keyId, apiKey, createdAt } = await createApiKey(access.organization, { name, createdBy: access.actor });
  await recordAudit(access.principal.organizationId, access.actor, 'api_key.created', { type: 'api_key', id: keyId }, { name });
  return { keyId, name, apiKey, createdAt };
}

export async function listKeys(access: OrganizationAccess) {
  const active = (await listApiKeys(access.principal.organizationId)).filter((record) => !record.revokedAt);
  const lastUsed = await apiKeysLastUsed(active);
  return {
    data: active.map((record) => ({
      keyId: record.keyId,
      name: record.name ?? 'API key',
      prefix: record.prefix ?? null,
      createdAt: record.createdAt,
      lastUsedAt: lastUsed.get(record.keyId) ?? null,
      createdBy: record.createdBy ?? null,
    })),
  };
}

/** Another organization's key answers 404 like an unknown one. */
export async function revokeKey(access: OrganizationAccess, keyId: string | undefined) {
  const record = keyId && isId('key', keyId) ? await getApiKey(keyId) : undefined;
  if (!record || record.organizationId !== access.principal.organizationId || record.revokedAt) throw notFound('API key');
  const revoked = await revokeApiKey(record);
  await recordAudit(access.principal.organizationId, access.actor, 'api_key.revoked', { type: 'api_key', id: record.keyId }, {
    name: record.name ?? null,
  });
  return { success: true, message: 'API key revoked', keyId: revoked.keyId, revokedAt: revoked.revokedAt };
}

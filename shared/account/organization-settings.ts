// An organization's own settings as its members see and change them: name and webhook URL (the URL
// rules of importctl's: https, no private addresses except on the local stack), its signing secret and
// its test event.
import { notFound } from '../domain/errors';
import { getOrganization, updateOrganization, type Organization } from '../data/organizations';
import { rotateWebhookSecret, setWebhookUrl } from '../webhooks/secrets';
import { sendTestEvent } from '../webhooks/test-event';
import { requireRole, type OrganizationAccess } from './access';
import { recordAudit } from './audit';

export function showOrganization(organization: Organization) {
  return {
    organizationId: organization.organizationId,
    name: organization.name,
    plan: organization.plan,
    webhookUrl: organization.webhookUrl,
    webhookSecretSet: Boolean(organization.webhookSecret),
    createdAt: organization.createdAt,
    updatedAt: organization.updatedAt,
  };
}

/**
 * Renaming is the organization's managers' (owners, admins); the webhook URL is developers' too. The
 * first URL also makes the signing secret, returned once in this answer (shared/webhooks/secrets.ts).
 */
export async function changeOrganization(access: OrganizationAccess, patch: { name?: string; webhookUrl?: string | null }) {
  if (patch.name !== undefined) requireRole(access.member.role, 'manage');
  const organizationId = access.principal.organizationId;
  // The URL first: its check is the one that can refuse the request (400), and then nothing changed.
  const webhook = patch.webhookUrl === undefined ? undefined : await setWebhookUrl(organizationId, patch.webhookUrl || null);
  // The rename's update answers the organization as it now is (the URL included); without one, read it.
  const updated = patch.name !== undefined ? await updateOrganization(organizationId, { name: patch.name }) : await getOrganization(organizationId);
  if (!updated) throw notFound('Organization');
  await recordAudit(organizationId, access.actor, 'organization.updated', organizationTarget(access), {
    ...(patch.name !== undefined && { name: patch.name }),
    ...(webhook && { webhookUrl: webhook.webhookUrl }),
    ...(webhook?.secretCreated && { signingStarted: true }),
  });
  return { ...showOrganization(updated), ...(webhook?.webhookSecret && { webhookSecret: webhook.webhookSecret }) };
}

/** A new signing secret, shown once; the previous one keeps signing beside it for 24 hours. */
export async function rotateSecret(access: OrganizationAccess) {
  const rotated = await rotateWebhookSecret(access.principal.organizationId);
  await recordAudit(access.principal.organizationId, access.actor, 'webhook.secret_rotated', organizationTarget(access), {
    previousValidUntil: rotated.previousExpiresAt,
  });
  return rotated;
}

/** A signed `webhook.test` event now, to the organization's URL: the attempt's result (never retried). */
export async function testWebhook(access: OrganizationAccess) {
  const result = await sendTestEvent(access.organization);
  await recordAudit(access.principal.organizationId, access.actor, 'webhook.test_sent', organizationTarget(access), {
    webhookUrl: access.organization.webhookUrl,
    delivered: result.delivered,
    statusCode: result.statusCode,
  });
  return result;
}

export const organizationTarget = (access: OrganizationAccess) => ({ type: 'organization', id: access.principal.organizationId });

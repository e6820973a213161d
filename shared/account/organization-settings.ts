// An organization's own settings as its members see and change them: name and webhook URL (the URL
// rules of /api/v1's world: https, no private addresses except on the local stack).
import { ApiError, validationError } from '../domain/errors';
import { newWebhookSecret } from '../domain/ids';
import { webhookUrlProblem } from '../domain/webhook-url';
import { config } from '../config';
import { updateOrganization, type Organization } from '../data/organizations';
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
 * first URL also makes the signing secret, returned once in this answer (as `importctl org update` does).
 */
export async function changeOrganization(access: OrganizationAccess, patch: { name?: string; webhookUrl?: string | null }) {
  if (patch.name !== undefined) requireRole(access.member.role, 'manage');
  let webhookSecret: string | undefined;
  const changes: { name?: string; webhookUrl?: string | null; webhookSecret?: string | null } = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.webhookUrl !== undefined) {
    const url = patch.webhookUrl === '' ? null : patch.webhookUrl;
    if (url !== null) {
      const problem = webhookUrlProblem(url, config().webhookAllowPrivate);
      if (problem) throw validationError(`Validation error: ${problem}`);
    }
    changes.webhookUrl = url;
    if (url !== null && !access.organization.webhookSecret) webhookSecret = changes.webhookSecret = newWebhookSecret();
  }
  const updated = await updateOrganization(access.principal.organizationId, changes);
  if (!updated) throw new ApiError(404, 'NOT_FOUND', 'Organization not found');
  await recordAudit(access.principal.organizationId, access.actor, 'organization.updated', organizationTarget(access), {
    ...(patch.name !== undefined && { name: patch.name }),
    ...(patch.webhookUrl !== undefined && { webhookUrl: changes.webhookUrl }),
    ...(webhookSecret && { signingStarted: true }),
  });
  return { ...showOrganization(updated), ...(webhookSecret && { webhookSecret }) };
}

export const organizationTarget = (access: OrganizationAccess) => ({ type: 'organization', id: access.principal.organizationId });

// The signed-in person and their organizations: who am I, and self-service organizations.
import { createOwnedOrganization } from '../data/organizations';
import { listUserMemberships } from '../data/members';
import type { SignedInUser } from '../domain/users';
import type { Membership } from '../domain/account';
import { recordAudit } from './audit';

export async function me(user: SignedInUser) {
  const memberships = await listUserMemberships(user.userId);
  return {
    user: { id: user.userId, email: user.email },
    memberships: memberships.map(
      (m): Membership => ({ organizationId: m.organizationId, name: m.organization.name, role: m.role, plan: m.organization.plan }),
    ),
  };
}

export async function createOrganization(user: SignedInUser, name: string): Promise<Membership> {
  const organization = await createOwnedOrganization(name, user);
  await recordAudit(organization.organizationId, { id: user.userId, email: user.email }, 'organization.created', {
    type: 'organization',
    id: organization.organizationId,
  }, { name });
  return { organizationId: organization.organizationId, name: organization.name, role: 'owner', plan: organization.plan };
}

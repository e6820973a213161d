// Authorization of the dashboard API, in the domain layer: may this signed-in person do this in this
// organization? Not a member (or an id that cannot exist) answers 404 like an unknown organization, so
// ids of other organizations reveal nothing; a member whose role lacks the permission gets 403.
import { forbidden, notFound } from '../domain/errors';
import { isId } from '../domain/ids';
import { allows, type Permission, type Role } from '../domain/roles';
import type { SignedInUser } from '../domain/users';
import type { Principal } from '../domain/rate-limits';
import { getMember, type Member } from '../data/members';
import { getOrganization, type Organization } from '../data/organizations';

export interface OrganizationAccess {
  organization: Organization;
  member: Member;
  /** What the operations shared with /api/v1 act for. */
  principal: Principal;
  actor: { id: string; email: string };
}

const WHAT_ROLES_MAY: Record<Permission, string> = {
  read: 'members',
  build: 'owners, admins and developers',
  manage: 'owners and admins',
  owners: 'owners',
};

export function requireRole(role: Role, permission: Permission): void {
  if (!allows(role, permission)) throw forbidden(`Only ${WHAT_ROLES_MAY[permission]} of the organization may do this (your role: ${role})`);
}

/** The caller's membership and the organization, read side by side; then the role check. */
export async function organizationAccess(user: SignedInUser, organizationId: string | undefined, permission: Permission): Promise<OrganizationAccess> {
  if (!organizationId || !isId('org', organizationId)) throw notFound('Organization');
  const [member, organization] = await Promise.all([getMember(organizationId, user.userId), getOrganization(organizationId)]);
  if (!member || !organization) throw notFound('Organization');
  requireRole(member.role, permission);
  return {
    organization,
    member,
    principal: { organizationId, plan: organization.plan },
    actor: { id: user.userId, email: user.email },
  };
}

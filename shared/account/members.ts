// Members and invitations. Owners and admins manage members; only an owner makes, unmakes or removes
// an owner; anyone may leave; an organization never loses its last owner (data/members.ts refuses it
// in the same transaction that would do it).
import { ApiError, forbidden, notFound } from '../domain/errors';
import { newId, nowIso } from '../domain/ids';
import type { Role } from '../domain/roles';
import type { SignedInUser } from '../domain/users';
import { changeRole, getMember, listMembers, removeMember, type Member, type MemberChange } from '../data/members';
import { acceptInvitation, getInvitation, listInvitations, putInvitation, revokeInvitation, type Invitation } from '../data/invitations';
import { getOrganization, type Organization } from '../data/organizations';
import { requireRole, type OrganizationAccess } from './access';
import { OPERATOR, recordAudit, type AuditActor } from './audit';
import { acceptUrl, sendInvitation } from './invitation-mail';

export const INVITATION_TTL_DAYS = 7;

const lastOwner = () => new ApiError(409, 'LAST_OWNER', 'An organization needs an owner: make another member owner first');
const alreadyMember = () => new ApiError(409, 'ALREADY_MEMBER', 'That person is already a member of the organization');

export async function members(access: OrganizationAccess) {
  const [data, invitations] = await Promise.all([listMembers(access.principal.organizationId), listInvitations(access.principal.organizationId)]);
  return { data, invitations };
}

export async function invite(access: OrganizationAccess, email: string, role: Role) {
  requireRole(access.member.role, role === 'owner' ? 'owners' : 'manage');
  return sendNewInvitation(access.organization, access.actor, email, role);
}

/**
 * An invitation by the operator (`importctl org invite`): how the people of an organization made with
 * `importctl org create`, which has no members, get their first owner.
 */
export function inviteAsOperator(organization: Pick<Organization, 'organizationId' | 'name'>, email: string, role: Role) {
  return sendNewInvitation(organization, OPERATOR, email, role);
}

async function sendNewInvitation(organization: Pick<Organization, 'organizationId' | 'name'>, inviter: AuditActor, email: string, role: Role) {
  const { organizationId } = organization;
  const existing = await listMembers(organizationId);
  if (existing.some((member) => member.email === email)) throw alreadyMember();
  const createdAt = nowIso();
  const invitation: Invitation = {
    invitationId: newId('inv'),
    organizationId,
    email,
    role,
    invitedBy: inviter,
    createdAt,
    expiresAt: new Date(Date.parse(createdAt) + INVITATION_TTL_DAYS * 86_400_000).toISOString(),
  };
  await putInvitation(invitation);
  const delivery = await sendInvitation(invitation, organization.name);
  await recordAudit(organizationId, inviter, 'invitation.created', { type: 'invitation', id: invitation.invitationId }, { email, role });
  return { ...invitation, acceptUrl: acceptUrl(invitation.invitationId), delivery };
}

/** Withdraw a pending invitation; another organization's (or a used, expired, unknown one) is 404. */
export async function withdraw(access: OrganizationAccess, invitationId: string | undefined) {
  const invitation = invitationId ? await getInvitation(invitationId) : undefined;
  if (!invitation || invitation.organizationId !== access.principal.organizationId) throw notFound('Invitation');
  if (invitation.role === 'owner') requireRole(access.member.role, 'owners');
  if (!(await revokeInvitation(invitation))) throw notFound('Invitation');
  await recordAudit(access.principal.organizationId, access.actor, 'invitation.revoked', { type: 'invitation', id: invitation.invitationId }, {
    email: invitation.email,
    role: invitation.role,
  });
  return { success: true, message: 'Invitation withdrawn' };
}

/**
 * By the signed-in person the invitation was sent to: their token's email must be it and verified. An
 * unknown, expired or used invitation is 404; someone else's is 404 too (an id reveals nothing).
 */
export async function accept(user: SignedInUser, invitationId: string | undefined) {
  const invitation = invitationId ? await getInvitation(invitationId) : undefined;
  if (!invitation || invitation.email !== user.email) throw notFound('Invitation');
  if (!user.emailVerified) throw forbidden('Verify your email address before accepting an invitation');
  const [organization, existing] = await Promise.all([getOrganization(invitation.organizationId), getMember(invitation.organizationId, user.userId)]);
  if (!organization) throw notFound('Invitation');
  if (existing) throw alreadyMember();
  const member: Member = { userId: user.userId, email: user.email, role: invitation.role, joinedAt: nowIso() };
  // Lost to a concurrent accept (or its deletion): used once.
  if (!(await acceptInvitation(invitation, member))) throw notFound('Invitation');
  await recordAudit(invitation.organizationId, { id: user.userId, email: user.email }, 'invitation.accepted', {
    type: 'member',
    id: user.userId,
  }, { role: invitation.role, invitationId: invitation.invitationId });
  return { organizationId: organization.organizationId, name: organization.name, role: member.role, plan: organization.plan };
}

async function target(access: OrganizationAccess, userId: string | undefined): Promise<Member> {
  const member = userId ? await getMember(access.principal.organizationId, userId) : undefined;
  if (!member) throw notFound('Member');
  return member;
}

function settle(change: MemberChange) {
  if (change === 'last-owner') throw lastOwner();
  if (change === 'gone') throw new ApiError(409, 'CONFLICT', 'The member changed meanwhile: reload and try again');
}

export async function setRole(access: OrganizationAccess, userId: string | undefined, role: Role) {
  requireRole(access.member.role, 'manage');
  const member = await target(access, userId);
  if (member.role === 'owner' || role === 'owner') requireRole(access.member.role, 'owners');
  settle(await changeRole(access.principal.organizationId, member, role));
  await recordAudit(access.principal.organizationId, access.actor, 'member.role_changed', { type: 'member', id: member.userId }, {
    email: member.email,
    from: member.role,
    to: role,
  });
  return { ...member, role };
}

/** Managers remove members (owners only by owners); anyone may remove themselves (leave). */
export async function remove(access: OrganizationAccess, userId: string | undefined) {
  const member = await target(access, userId);
  const leaving = member.userId === access.member.userId;
  if (!leaving) {
    requireRole(access.member.role, 'manage');
    if (member.role === 'owner') requireRole(access.member.role, 'owners');
  }
  settle(await removeMember(access.principal.organizationId, member));
  await recordAudit(access.principal.organizationId, access.actor, leaving ? 'member.left' : 'member.removed', {
    type: 'member',
    id: member.userId,
  }, { email: member.email, role: member.role });
  return { success: true, message: leaving ? 'You left the organization' : 'Member removed' };
}

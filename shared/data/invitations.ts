// Pattern 20: invitations. The INVITE# item is found by the id alone (the accept link); the
// organization's copy lists the pending ones with the members. Both expire by TTL with the invitation;
// accepting deletes both in the same transaction that adds the membership, so an invitation is used once.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { queryPrefix } from './listing';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import { TTL_ATTRIBUTE } from '../resources';
import { accountPrefixes, keys, withoutKeys } from './table';
import { transactWrite } from './writes';
import { addMemberWrites, type Member } from './members';
import type { Role } from '../domain/roles';

export interface Invitation {
  invitationId: string;
  organizationId: string;
  email: string;
  role: Role;
  invitedBy: { id: string; email: string | null };
  createdAt: string;
  expiresAt: string;
}

const table = () => config().tableName;
const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export async function putInvitation(invitation: Invitation): Promise<void> {
  const ttl = { [TTL_ATTRIBUTE]: epochSeconds(invitation.expiresAt) };
  await transactWrite(
    [keys.invitation(invitation.invitationId), keys.organizationInvitation(invitation.organizationId, invitation.invitationId)].map(
      (key) => ({ Put: { TableName: table(), Item: { ...key, ...invitation, ...ttl }, ConditionExpression: 'attribute_not_exists(pk)' } }),
    ),
  );
}

/** An invitation still open: TTL deletion lags, so an expired one is treated as gone. */
export async function getInvitation(invitationId: string, nowMs = Date.now()): Promise<Invitation | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.invitation(invitationId), ConsistentRead: true }));
  if (!Item || Date.parse(Item.expiresAt) <= nowMs) return undefined;
  return toInvitation(Item);
}

function toInvitation(item: Record<string, unknown>): Invitation {
  const { [TTL_ATTRIBUTE]: _ttl, ...invitation } = withoutKeys(item);
  return invitation as unknown as Invitation;
}

export async function listInvitations(organizationId: string, nowMs = Date.now()): Promise<Invitation[]> {
  const items = await queryPrefix(keys.organization(organizationId).pk, accountPrefixes.invitations, { consistent: true });
  return items.filter((item) => Date.parse(item.expiresAt) > nowMs).map(toInvitation);
}

const deleteBoth = (invitation: Invitation) =>
  [keys.invitation(invitation.invitationId), keys.organizationInvitation(invitation.organizationId, invitation.invitationId)].map(
    (Key) => ({ Delete: { TableName: table(), Key, ConditionExpression: 'attribute_exists(pk)' } }),
  );

/** Accept: the membership pair (and ownerCount for an owner) and the invitation's deletion, at once. */
export function acceptInvitation(invitation: Invitation, member: Member): Promise<boolean> {
  return transactWrite([...addMemberWrites(invitation.organizationId, member), ...deleteBoth(invitation)]);
}

export function revokeInvitation(invitation: Invitation): Promise<boolean> {
  return transactWrite(deleteBoth(invitation));
}

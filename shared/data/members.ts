// Pattern 19: memberships, each written as a pair (the organization's side and the user's side) in one
// transaction with the organization's ownerCount, so the count of owners is exact and the last owner
// can never be demoted or removed (the condition `ownerCount > 1` refuses it).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetInOrder, queryPrefix } from './listing';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import { accountPrefixes, keys, withoutKeys } from './table';
import { transactWrite } from './writes';
import type { Role } from '../domain/roles';
import type { Plan } from '../domain/plans';

export interface Member {
  userId: string;
  email: string;
  role: Role;
  joinedAt: string;
}

export interface UserMembership {
  organizationId: string;
  role: Role;
  joinedAt: string;
}

const table = () => config().tableName;

/** The caller's membership of an organization: one strongly consistent GetItem (a role change applies at once). */
export async function getMember(organizationId: string, userId: string): Promise<Member | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.organizationMember(organizationId, userId), ConsistentRead: true }),
  );
  return Item ? (withoutKeys(Item) as Member) : undefined;
}

export async function listMembers(organizationId: string): Promise<Member[]> {
  const items = await queryPrefix(keys.organization(organizationId).pk, accountPrefixes.members, { consistent: true });
  return items.map((item) => withoutKeys(item) as Member).sort((a, b) => a.joinedAt.localeCompare(b.joinedAt));
}

/** The organizations a user belongs to, with each one's profile (name, plan). */
export async function listUserMemberships(userId: string): Promise<(UserMembership & { organization: { name: string; plan: Plan } })[]> {
  const memberships = (await queryPrefix(keys.userProfile(userId).pk, accountPrefixes.members, { consistent: true })).map(
    (item) => withoutKeys(item) as UserMembership,
  );
  const profiles = await batchGetInOrder(memberships.map((m) => keys.organization(m.organizationId)));
  const organizations = new Map(profiles.map((item) => [item.organizationId as string, { name: item.name as string, plan: item.plan as Plan }]));
  return memberships
    .filter((m) => organizations.has(m.organizationId))
    .map((m) => ({ ...m, organization: organizations.get(m.organizationId)! }))
    .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt));
}

const put = (Item: Record<string, unknown>, ConditionExpression = 'attribute_not_exists(pk)') => ({
  Put: { TableName: table(), Item, ConditionExpression },
});

/** Both items of a membership. */
export function membershipItems(organizationId: string, member: Member) {
  return [
    { ...keys.organizationMember(organizationId, member.userId), ...member },
    { ...keys.userMembership(member.userId, organizationId), organizationId, role: member.role, joinedAt: member.joinedAt },
  ];
}

/** Add a member (never twice); an owner moves the organization's ownerCount in the same transaction. */
export function addMemberWrites(organizationId: string, member: Member) {
  const writes: any[] = membershipItems(organizationId, member).map((item) => put(item));
  if (member.role === 'owner') writes.push(ownerCountChange(organizationId, +1));
  return writes;
}

function ownerCountChange(organizationId: string, delta: 1 | -1) {
  return {
    Update: {
      TableName: table(),
      Key: keys.organization(organizationId),
      UpdateExpression: 'SET ownerCount = if_not_exists(ownerCount, :zero) + :delta',
      // Removing an owner needs another one left.
      ConditionExpression: delta < 0 ? 'attribute_exists(pk) AND ownerCount > :one' : 'attribute_exists(pk)',
      ExpressionAttributeValues: delta < 0 ? { ':zero': 0, ':delta': delta, ':one': 1 } : { ':zero': 0, ':delta': delta },
    },
  };
}

export type MemberChange = 'changed' | 'gone' | 'last-owner';

/**
 * Change a member's role, conditioned on the role they had when the caller decided (a concurrent change
 * answers 'gone' and the caller reads again). Leaving or taking the owner role moves ownerCount.
 */
export async function changeRole(organizationId: string, member: Member, role: Role): Promise<MemberChange> {
  if (member.role === role) return 'changed';
  const condition = {
    ConditionExpression: '#role = :old',
    ExpressionAttributeNames: { '#role': 'role' },
  };
  const update = (Key: { pk: string; sk: string }) => ({
    Update: {
      TableName: table(),
      Key,
      UpdateExpression: 'SET #role = :role',
      ...condition,
      ExpressionAttributeValues: { ':role': role, ':old': member.role },
    },
  });
  const writes: any[] = [update(keys.organizationMember(organizationId, member.userId)), update(keys.userMembership(member.userId, organizationId))];
  if (member.role === 'owner') writes.push(ownerCountChange(organizationId, -1));
  if (role === 'owner') writes.push(ownerCountChange(organizationId, +1));
  if (await transactWrite(writes)) return 'changed';
  return member.role === 'owner' ? lastOwnerOrGone(organizationId, member) : 'gone';
}

export async function removeMember(organizationId: string, member: Member): Promise<MemberChange> {
  const remove = (Key: { pk: string; sk: string }) => ({
    Delete: {
      TableName: table(),
      Key,
      ConditionExpression: '#role = :old',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':old': member.role },
    },
  });
  const writes: any[] = [remove(keys.organizationMember(organizationId, member.userId)), remove(keys.userMembership(member.userId, organizationId))];
  if (member.role === 'owner') writes.push(ownerCountChange(organizationId, -1));
  if (await transactWrite(writes)) return 'changed';
  return member.role === 'owner' ? lastOwnerOrGone(organizationId, member) : 'gone';
}

/** Which condition failed: the member still an owner means the owner count refused. */
async function lastOwnerOrGone(organizationId: string, member: Member): Promise<MemberChange> {
  const now = await getMember(organizationId, member.userId);
  return now?.role === 'owner' ? 'last-owner' : 'gone';
}

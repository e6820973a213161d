// Branding persistence: one item per organization holding only the fields ever set. A PUT writes just
// its own fields with one UpdateItem, so concurrent PUTs of different fields both survive.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import { keys, withoutKeys } from './table';
import { setFields } from './expressions';
import { nowIso } from '../domain/ids';
import type { Branding, BrandingUpdate } from '../domain/branding';

export async function getStoredBranding(organizationId: string): Promise<Partial<Branding>> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.branding(organizationId), ConsistentRead: true }),
  );
  if (!Item) return {};
  const { updatedAt: _updatedAt, ...stored } = withoutKeys(Item);
  return stored as Partial<Branding>;
}

export async function updateBranding(organizationId: string, update: BrandingUpdate): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: keys.branding(organizationId),
      ...setFields({ ...update, updatedAt: nowIso() }),
    }),
  );
}

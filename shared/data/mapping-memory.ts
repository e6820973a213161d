// Remembered mappings (pattern 16 of data/table.ts): per template and header set, the last mapping an
// end user confirmed, suggested as is to the next preview of the same headers. One small item, its
// expiry pushed 180 days ahead each time it is confirmed.
import { createHash } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import { keys } from './table';
import { batchGetInOrder } from './listing';
import { TTL_ATTRIBUTE } from '../resources';

/** A remembered mapping expires this long after it was last confirmed. */
export const MAPPING_MEMORY_DAYS = 180;

const hashOf = (headerSetKey: string) => createHash('sha256').update(headerSetKey).digest('base64url');

export async function getRememberedMapping(organizationId: string, templateId: string, headerSetKey: string): Promise<Record<string, string | null> | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.mappingMemory(organizationId, templateId, hashOf(headerSetKey)) }),
  );
  // TTL deletes lag: an expired item is not remembered.
  if (!Item || Number(Item[TTL_ATTRIBUTE]) * 1000 < Date.now()) return undefined;
  return Item.mapping as Record<string, string | null>;
}

/** The remembered mappings of several header sets at once (one BatchGetItem per 100), by header set key. */
export async function getRememberedMappings(organizationId: string, templateId: string, headerSetKeys: string[]): Promise<Map<string, Record<string, string | null>>> {
  const unique = [...new Set(headerSetKeys)];
  const itemKeys = unique.map((key) => keys.mappingMemory(organizationId, templateId, hashOf(key)));
  const items = new Map((await batchGetInOrder(itemKeys)).map((item) => [item.sk as string, item]));
  const found = new Map<string, Record<string, string | null>>();
  unique.forEach((key, i) => {
    const item = items.get(itemKeys[i].sk);
    if (item && Number(item[TTL_ATTRIBUTE]) * 1000 >= Date.now()) found.set(key, item.mapping as Record<string, string | null>);
  });
  return found;
}

export async function rememberMapping(organizationId: string, templateId: string, headerSetKey: string, mapping: Record<string, string | null>): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: config().tableName,
      Item: {
        ...keys.mappingMemory(organizationId, templateId, hashOf(headerSetKey)),
        mapping,
        [TTL_ATTRIBUTE]: Math.floor(Date.now() / 1000) + MAPPING_MEMORY_DAYS * 86_400,
      },
    }),
  );
}

// Pattern 24 of data/table.ts: an organization's idempotency keys. The claim is one conditional put
// (it fails while another request holds the key, or once one has answered); the answer is one update
// conditioned on the claim, stored packed so that most answers keep the item within one write unit.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import { keys } from './table';
import { TTL_ATTRIBUTE } from '../resources';
import { packJson, unpackJson } from './packed-json';
import { conditionalDelete, conditionalUpdate } from './writes';

const table = () => config().tableName;

/** How long a key is remembered after its first request (the API's promise: 24 hours). */
export const IDEMPOTENCY_KEY_SECONDS = 24 * 60 * 60;
/**
 * How long a claim holds off a second request when its own request never ends (a function that
 * crashed mid-operation): longer than any API function runs, so a live request is never overtaken.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 120;

export interface StoredAnswer {
  status: number;
  body: string;
}

/** What a claim found: the key was free (now ours), or another request's claim or answer holds it. */
export type Claim =
  | { kind: 'claimed' }
  | { kind: 'in-use'; fingerprint: string }
  | { kind: 'answered'; fingerprint: string; answer: StoredAnswer };

export async function claimIdempotencyKey(
  organizationId: string,
  keyHash: string,
  fingerprint: string,
  claim: string,
  nowMs = Date.now(),
): Promise<Claim> {
  const now = Math.floor(nowMs / 1000);
  try {
    await dynamo().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...keys.idempotencyKey(organizationId, keyHash),
          fingerprint,
          claim,
          leaseUntil: now + IDEMPOTENCY_LEASE_SECONDS,
          [TTL_ATTRIBUTE]: now + IDEMPOTENCY_KEY_SECONDS,
        },
        // Free: never used, remembered past its 24 hours (TTL deletes lazily), or a claim whose request died.
        ConditionExpression: 'attribute_not_exists(pk) OR #ttl < :now OR (attribute_not_exists(answerBr) AND leaseUntil < :now)',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':now': now },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { kind: 'claimed' };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const held = error.Item ? unmarshallHeld(error.Item) : undefined;
    // Deleted between the put and this answer: as in use (the client retries).
    if (!held) return { kind: 'in-use', fingerprint };
    return held.answer ? { kind: 'answered', fingerprint: held.fingerprint, answer: held.answer } : { kind: 'in-use', fingerprint: held.fingerprint };
  }
}

/** The old item a failed condition returns (in DynamoDB's attribute-value form; unmarshalled if a client ever does it). */
function unmarshallHeld(item: Record<string, unknown>): { fingerprint: string; answer?: StoredAnswer } | undefined {
  const value = (name: string, type: 'S' | 'B') => {
    const attribute = item[name];
    return attribute && typeof attribute === 'object' && type in attribute ? (attribute as Record<string, unknown>)[type] : attribute;
  };
  const fingerprint = value('fingerprint', 'S');
  if (typeof fingerprint !== 'string') return undefined;
  const packed = value('answerBr', 'B');
  return { fingerprint, ...(packed instanceof Uint8Array && { answer: unpackJson(packed) as StoredAnswer }) };
}

/** Stores the answer of our claim (false: the claim was lost, which only a lease longer than a request prevents). */
export function storeIdempotentAnswer(organizationId: string, keyHash: string, claim: string, answer: StoredAnswer): Promise<boolean> {
  return conditionalUpdate({
    Key: keys.idempotencyKey(organizationId, keyHash),
    UpdateExpression: 'SET answerBr = :answer REMOVE leaseUntil',
    ConditionExpression: 'claim = :claim',
    ExpressionAttributeValues: { ':answer': packJson(answer), ':claim': claim },
  });
}

/** Lets the key go after an error answer: the same key may be sent again. */
export async function releaseIdempotencyKey(organizationId: string, keyHash: string, claim: string): Promise<void> {
  await conditionalDelete({
    Key: keys.idempotencyKey(organizationId, keyHash),
    ConditionExpression: 'claim = :claim AND attribute_not_exists(answerBr)',
    ExpressionAttributeValues: { ':claim': claim },
  });
}

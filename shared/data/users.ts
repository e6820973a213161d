// Pattern 18: a signed-in person's profile and rate-limit windows, one UpdateItem per dashboard request.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import { keys } from './table';
import { pruneExpiredCounters, rateLimitExceeded, windowCounter } from './rate-limit';
import { USER_RATE_LIMITS, type Bucket, type RateLimitState } from '../domain/rate-limits';
import { nowIso } from '../domain/ids';
import type { SignedInUser } from '../domain/users';

/**
 * Count one request of `user` in the bucket's window and keep their profile (created on the first
 * request: a person exists for the service from the first call their token makes). 429 when full.
 */
export async function countUserRequest(user: SignedInUser, bucket: Bucket, nowMs = Date.now()): Promise<RateLimitState> {
  const limit = USER_RATE_LIMITS[bucket];
  const counter = windowCounter(bucket, nowMs);
  try {
    const { Attributes = {} } = await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: keys.userProfile(user.userId),
        UpdateExpression: `SET ${counter.set}, email = :email, createdAt = if_not_exists(createdAt, :now) ${counter.remove}`,
        ConditionExpression: 'attribute_not_exists(#cur) OR #cur < :limit',
        ExpressionAttributeNames: counter.names,
        ExpressionAttributeValues: { ...counter.values, ':limit': limit, ':email': user.email, ':now': nowIso() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    await pruneExpiredCounters(keys.userProfile(user.userId), Attributes, counter.window);
    return { limit, remaining: Math.max(0, limit - counter.used(Attributes)), reset: counter.reset };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    throw rateLimitExceeded(limit, `${bucket} requests`, counter.reset, nowMs);
  }
}

// Conditional writes whose failed condition means "not found": callers get a value to map to a 404
// instead of catching DynamoDB's exceptions each time.
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchWriteCommandInput,
  type DeleteCommandInput,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import type { Key } from './table';
import { inBatches } from './batches';

/** Run a transaction; returns false when an item's condition failed (the caller decides what that means). */
export async function transactWrite(items: TransactWriteCommandInput['TransactItems']): Promise<boolean> {
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    const conditionFailed =
      error instanceof TransactionCanceledException &&
      (error.CancellationReasons ?? []).some((reason) => reason.Code === 'ConditionalCheckFailed');
    if (conditionFailed) return false;
    throw error;
  }
}

/** True once `write` is done; false when its condition did not hold (the write was skipped). */
async function unlessConditionFails(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** An UpdateItem that is skipped (false) when its condition does not hold. */
export const conditionalUpdate = (input: Omit<UpdateCommandInput, 'TableName'>): Promise<boolean> =>
  unlessConditionFails(dynamo().send(new UpdateCommand({ TableName: config().tableName, ...input })));

/** A DeleteItem that is skipped (false) when its condition does not hold. */
export const conditionalDelete = (input: Omit<DeleteCommandInput, 'TableName'>): Promise<boolean> =>
  unlessConditionFails(dynamo().send(new DeleteCommand({ TableName: config().tableName, ...input })));

/** UpdateItem on an existing item only; returns the new item, or undefined when there is none. */
export async function updateExisting(
  input: Omit<UpdateCommandInput, 'ConditionExpression' | 'ReturnValues'>,
): Promise<Record<string, any> | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({ ...input, ConditionExpression: 'attribute_exists(pk)', ReturnValues: 'ALL_NEW' }),
    );
    return Attributes;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

const BATCH_WRITE_MAX = 25;
type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/**
 * Plain puts and deletes in BatchWriteItem calls (each item billed as its own PutItem or DeleteItem, no
 * transaction); what DynamoDB leaves unprocessed is sent again (batches.ts).
 */
export async function writeBatch({ puts = [], deletes = [] }: { puts?: Record<string, unknown>[]; deletes?: Key[] }): Promise<void> {
  const requests: WriteRequest[] = [...puts.map((Item) => ({ PutRequest: { Item } })), ...deletes.map((Key) => ({ DeleteRequest: { Key } }))];
  await inBatches(requests, BATCH_WRITE_MAX, async (pending) => {
    const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [config().tableName]: pending } }));
    return UnprocessedItems?.[config().tableName] ?? [];
  });
}

const CONFLICT_TRIES = 6;

/**
 * transactWrite for a transaction whose items include a shared counter (pattern 22's usage item): a
 * concurrent transaction on the same item cancels this one (TransactionConflict, which the SDK does not
 * retry), so it is sent again after a jittered pause (about 40 ms, doubling each time), up to 6 times in all. Only for transactions
 * whose conditions make a repeat harmless.
 */
export async function transactWriteRetryingConflicts(items: TransactWriteCommandInput['TransactItems']): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transactWrite(items);
    } catch (error) {
      const conflict =
        error instanceof TransactionCanceledException && (error.CancellationReasons ?? []).some((reason) => reason.Code === 'TransactionConflict');
      if (!conflict || attempt >= CONFLICT_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * (0.5 + Math.random())));
    }
  }
}

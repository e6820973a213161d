// Conditional writes whose failed condition means "not found": callers get a value to map to a 404
// instead of catching DynamoDB's exceptions each time.
import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '../aws/dynamodb';
import { dynamo } from '../aws/clients';

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

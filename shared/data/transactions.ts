// Transactions whose failed condition means "not found": map DynamoDB's cancellation to a 404.
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
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

// DynamoDB capacity accounting shared by the bench modules: which commands read or write, and how to
// add up the ConsumedCapacity a call returns (ReturnConsumedCapacity TOTAL).
import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';

const READ_COMMANDS = new Set(['GetItemCommand', 'BatchGetItemCommand', 'QueryCommand', 'ScanCommand', 'TransactGetItemsCommand']);
const WRITE_COMMANDS = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
]);

/** 'read', 'write', or undefined for a command that consumes no capacity (e.g. DescribeTable). */
export function capacityKind(commandName: string): 'read' | 'write' | undefined {
  return READ_COMMANDS.has(commandName) ? 'read' : WRITE_COMMANDS.has(commandName) ? 'write' : undefined;
}

export interface CapacityMeter {
  rcu: number;
  wcu: number;
  /** Calls that returned no ConsumedCapacity (errors such as a failed condition never carry it). */
  unreported: number;
}

export function addCapacity(meter: CapacityMeter, kind: 'read' | 'write', consumed: ConsumedCapacity | ConsumedCapacity[] | undefined) {
  if (!consumed) {
    meter.unreported++;
    return;
  }
  for (const entry of Array.isArray(consumed) ? consumed : [consumed]) {
    // DynamoDB Local fills only CapacityUnits, so the operation tells read from write units.
    if (entry.ReadCapacityUnits !== undefined || entry.WriteCapacityUnits !== undefined) {
      meter.rcu += entry.ReadCapacityUnits ?? 0;
      meter.wcu += entry.WriteCapacityUnits ?? 0;
    } else if (kind === 'read') meter.rcu += entry.CapacityUnits ?? 0;
    else meter.wcu += entry.CapacityUnits ?? 0;
  }
}

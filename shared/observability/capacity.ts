// DynamoDB capacity accounting shared by the bench modules: which commands read or write, how to add
// up the ConsumedCapacity a call returns (ReturnConsumedCapacity TOTAL), and what AWS bills for the
// transactions DynamoDB Local under-reports.
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

export type TransactItem = { Put?: { Item: Record<string, unknown> }; Update?: unknown; Delete?: unknown; ConditionCheck?: unknown };

/**
 * DynamoDB's item size (attribute names plus values, documented rules; numbers approximated) of a
 * document-client item: at the initialize step the input is not marshalled yet.
 */
export function itemBytes(item: Record<string, unknown>): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(item)) bytes += Buffer.byteLength(name) + valueBytes(value);
  return bytes;
}

function valueBytes(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') return Math.ceil(String(Math.abs(value)).replace(/e.*$|\./g, '').replace(/^0+/, '').length / 2) + 1;
  if (value instanceof Uint8Array) return value.byteLength;
  if (Array.isArray(value)) return 3 + value.reduce((total: number, element) => total + 1 + valueBytes(element), 0);
  if (value instanceof Set) return [...value].reduce((total: number, element) => total + valueBytes(element), 0);
  return 3 + Object.entries(value as object).reduce((total, [name, element]) => total + 1 + Buffer.byteLength(name) + valueBytes(element), 0);
}

/**
 * What AWS bills for one TransactWriteItems: 2 WCU per started KB of each item. Puts are sized from
 * the item; updates and deletes (the import record, its pointers, counters) count one KB each: the
 * engine benchmark checks that the finished record item is under 1 KB (recordItemBytes).
 */
export function transactionWcuModel(items: TransactItem[]): number {
  return items.reduce((total, item) => total + 2 * Math.max(1, Math.ceil((item.Put ? itemBytes(item.Put.Item) : 1) / 1024)), 0);
}

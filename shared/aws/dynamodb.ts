// DynamoDB as the service uses it, in the document client's shapes: items are plain values (numbers,
// strings, booleans, null, Uint8Array, lists, maps, sets) marshalled to and from DynamoDB's JSON
// protocol as @aws-sdk/lib-dynamodb does with removeUndefinedValues (undefined in maps, lists and sets
// is left out). Numbers beyond +-2^53 are refused on the way in and come back as BigInt, as there.
import { randomUUID } from 'node:crypto';
import { AwsClient, AwsError, Command, type ResponseMetadata } from './client';

export type NativeItem = Record<string, any>;
type Names = Record<string, string>;
type Values = Record<string, unknown>;
type ReturnValue = 'NONE' | 'ALL_OLD' | 'UPDATED_OLD' | 'ALL_NEW' | 'UPDATED_NEW';

export interface ConsumedCapacity {
  TableName?: string;
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
}

interface Common {
  ReturnConsumedCapacity?: 'INDEXES' | 'TOTAL' | 'NONE';
}

interface Conditional {
  ConditionExpression?: string;
  ExpressionAttributeNames?: Names;
  ExpressionAttributeValues?: Values;
  ReturnValuesOnConditionCheckFailure?: 'ALL_OLD' | 'NONE';
}

interface Output {
  $metadata: ResponseMetadata;
  ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[];
}

export interface GetCommandInput extends Common {
  TableName: string;
  Key: NativeItem;
  ConsistentRead?: boolean;
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Names;
}

export interface PutCommandInput extends Common, Conditional {
  TableName: string;
  Item: NativeItem;
  ReturnValues?: ReturnValue;
}

export interface UpdateCommandInput extends Common, Conditional {
  TableName: string;
  Key: NativeItem;
  UpdateExpression?: string;
  ReturnValues?: ReturnValue;
}

export interface QueryCommandInput extends Common {
  TableName: string;
  IndexName?: string;
  KeyConditionExpression?: string;
  FilterExpression?: string;
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Names;
  ExpressionAttributeValues?: Values;
  ScanIndexForward?: boolean;
  ConsistentRead?: boolean;
  Limit?: number;
  Select?: 'ALL_ATTRIBUTES' | 'ALL_PROJECTED_ATTRIBUTES' | 'SPECIFIC_ATTRIBUTES' | 'COUNT';
  ExclusiveStartKey?: NativeItem;
}

type KeysAndAttributes = { Keys: NativeItem[]; ConsistentRead?: boolean; ProjectionExpression?: string; ExpressionAttributeNames?: Names };

export interface BatchGetCommandInput extends Common {
  RequestItems: Record<string, KeysAndAttributes>;
}

/** One write of a BatchWriteItem: a plain put or delete (no condition). */
export type WriteRequest = { PutRequest: { Item: NativeItem } } | { DeleteRequest: { Key: NativeItem } };

export interface BatchWriteCommandInput extends Common {
  RequestItems: Record<string, WriteRequest[]>;
}

type Keyed = Conditional & { TableName: string; Key: NativeItem };

export interface TransactWriteCommandInput extends Common {
  TransactItems: {
    Put?: Omit<PutCommandInput, 'ReturnValues' | 'ReturnConsumedCapacity'>;
    Update?: Keyed & { UpdateExpression: string };
    Delete?: Keyed;
    ConditionCheck?: Keyed & { ConditionExpression: string };
  }[];
  ClientRequestToken?: string;
}

export class GetCommand extends Command<GetCommandInput, Output & { Item?: NativeItem }> {
  readonly operation = 'GetItem';
}
export class PutCommand extends Command<PutCommandInput, Output & { Attributes?: NativeItem }> {
  readonly operation = 'PutItem';
}
export class UpdateCommand extends Command<UpdateCommandInput, Output & { Attributes?: NativeItem }> {
  readonly operation = 'UpdateItem';
}
export class QueryCommand extends Command<QueryCommandInput, Output & { Items?: NativeItem[]; LastEvaluatedKey?: NativeItem; Count?: number }> {
  readonly operation = 'Query';
}
export class BatchGetCommand extends Command<
  BatchGetCommandInput,
  Output & { Responses?: Record<string, NativeItem[]>; UnprocessedKeys?: Record<string, KeysAndAttributes> }
> {
  readonly operation = 'BatchGetItem';
}
export class BatchWriteCommand extends Command<BatchWriteCommandInput, Output & { UnprocessedItems?: Record<string, WriteRequest[]> }> {
  readonly operation = 'BatchWriteItem';
}
export class TransactWriteCommand extends Command<TransactWriteCommandInput, Output> {
  readonly operation = 'TransactWriteItems';
}

/** The failed condition; `Item` is the item as it was when ReturnValuesOnConditionCheckFailure asked for it. */
export class ConditionalCheckFailedException extends AwsError {
  declare Item?: NativeItem;
}

/** A transaction refused; one reason per item, in order (Code 'None' for the items that were fine). */
export class TransactionCanceledException extends AwsError {
  declare CancellationReasons?: { Code?: string; Message?: string; Item?: NativeItem }[];
}

const ERRORS: Record<string, typeof AwsError> = { ConditionalCheckFailedException, TransactionCanceledException };

export class DynamoDBClient extends AwsClient {
  send<Input, Result>(command: Command<Input, Result>): Promise<Result> {
    return this.call(command, async (input) => {
      try {
        const wire = marshallInput(input as NativeItem);
        // As the SDK does: a transaction retried after a lost answer (a broken connection, a 500) is then
        // answered as the one that already committed, instead of failing the conditions it set itself.
        if (command.operation === 'TransactWriteItems') wire.ClientRequestToken ??= randomUUID();
        const output = await this.json(`DynamoDB_20120810.${command.operation}`, wire, ERRORS);
        return unmarshallOutput(output) as Result;
      } catch (error) {
        unmarshallError(error);
        throw error;
      }
    });
  }
}

// ---- Marshalling ----

type AttributeValue = Record<string, unknown>;

const mapValues = <T, U>(record: Record<string, T>, f: (value: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, f(value)]));

const isKept = (value: unknown) => value !== undefined && typeof value !== 'function';

function numberAttribute(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`Special numeric value ${value} is not allowed`);
  if (Math.abs(value) > Number.MAX_SAFE_INTEGER) throw new Error(`Number ${value} is beyond Number.MAX_SAFE_INTEGER: it would lose precision`);
  return String(value);
}

const isBinary = (value: unknown): value is ArrayBufferView | ArrayBuffer => ArrayBuffer.isView(value) || value instanceof ArrayBuffer;
const base64 = (value: ArrayBufferView | ArrayBuffer) =>
  (ArrayBuffer.isView(value) ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : Buffer.from(value)).toString('base64');

export function toAttribute(value: unknown): AttributeValue {
  if (value === null) return { NULL: true };
  if (typeof value === 'string') return { S: value };
  if (typeof value === 'number') return { N: numberAttribute(value) };
  if (typeof value === 'bigint') return { N: value.toString() };
  if (typeof value === 'boolean') return { BOOL: value };
  if (isBinary(value)) return { B: base64(value) };
  if (Array.isArray(value)) return { L: value.filter(isKept).map(toAttribute) };
  if (value instanceof Set) return setAttribute([...value].filter(isKept));
  if (value instanceof Map) return { M: marshallMap(Object.fromEntries(value)) };
  if (typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))) return { M: marshallMap(value as NativeItem) };
  throw new Error(`Unsupported type passed: ${String(value)}`);
}

function setAttribute(members: unknown[]): AttributeValue {
  if (members.length === 0) throw new Error('Pass a non-empty set');
  const [first] = members;
  if (typeof first === 'number') return { NS: members.map((member) => numberAttribute(member as number)) };
  if (typeof first === 'bigint') return { NS: members.map(String) };
  if (typeof first === 'string') return { SS: members };
  if (isBinary(first)) return { BS: members.map((member) => base64(member as ArrayBuffer)) };
  throw new Error('Only Number Set (NS), Binary Set (BS) or String Set (SS) are allowed.');
}

export const marshallMap = (item: NativeItem): Record<string, AttributeValue> =>
  Object.fromEntries(Object.entries(item).flatMap(([key, value]) => (isKept(value) ? [[key, toAttribute(value)]] : [])));

function fromNumber(text: string): number | bigint {
  const value = Number(text);
  if (!Number.isFinite(value) || Math.abs(value) <= Number.MAX_SAFE_INTEGER) return value;
  try {
    return BigInt(text);
  } catch {
    throw new Error(`${text} can't be converted to BigInt`);
  }
}

const fromBinary = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

export function fromAttribute(attribute: AttributeValue): unknown {
  const [[type, value]] = Object.entries(attribute) as [string, any][];
  switch (type) {
    case 'NULL': return null;
    case 'BOOL': return Boolean(value);
    case 'S': return value;
    case 'N': return fromNumber(value);
    case 'B': return fromBinary(value);
    case 'L': return (value as AttributeValue[]).map(fromAttribute);
    case 'M': return unmarshallMap(value);
    case 'SS': return new Set(value);
    case 'NS': return new Set((value as string[]).map(fromNumber));
    case 'BS': return new Set((value as string[]).map(fromBinary));
    default: throw new Error(`Unsupported type passed: ${type}`);
  }
}

export const unmarshallMap = (item: Record<string, AttributeValue>): NativeItem => mapValues(item, fromAttribute);

/** The document fields of every operation's input, wherever they sit. */
function marshallInput(input: NativeItem): NativeItem {
  const wire: NativeItem = { ...input };
  for (const field of ['Key', 'Item', 'ExpressionAttributeValues', 'ExclusiveStartKey']) if (input[field]) wire[field] = marshallMap(input[field]);
  if (input.RequestItems) wire.RequestItems = mapValues(input.RequestItems as NativeItem, (request) => (Array.isArray(request) ? request.map(marshallWrite) : { ...request, Keys: request.Keys.map(marshallMap) }));
  if (input.TransactItems) wire.TransactItems = (input.TransactItems as NativeItem[]).map((item) => mapValues(item, marshallInput));
  return wire;
}

const marshallWrite = (request: NativeItem) =>
  request.PutRequest ? { PutRequest: { Item: marshallMap(request.PutRequest.Item) } } : { DeleteRequest: { Key: marshallMap(request.DeleteRequest.Key) } };
const unmarshallWrite = (request: NativeItem) =>
  request.PutRequest ? { PutRequest: { Item: unmarshallMap(request.PutRequest.Item) } } : { DeleteRequest: { Key: unmarshallMap(request.DeleteRequest.Key) } };

function unmarshallOutput(output: NativeItem): NativeItem {
  const native: NativeItem = { ...output };
  for (const field of ['Item', 'Attributes', 'LastEvaluatedKey']) if (output[field]) native[field] = unmarshallMap(output[field]);
  if (output.Items) native.Items = output.Items.map(unmarshallMap);
  if (output.Responses) native.Responses = mapValues(output.Responses as NativeItem, (items) => items.map(unmarshallMap));
  if (output.UnprocessedItems) native.UnprocessedItems = mapValues(output.UnprocessedItems as NativeItem, (requests) => requests.map(unmarshallWrite));
  if (output.UnprocessedKeys) native.UnprocessedKeys = mapValues(output.UnprocessedKeys as NativeItem, (request) => ({ ...request, Keys: request.Keys.map(unmarshallMap) }));
  return native;
}

function unmarshallError(caught: unknown): void {
  if (!(caught instanceof AwsError)) return;
  const error = caught as AwsError & NativeItem;
  if (error.Item) error.Item = unmarshallMap(error.Item);
  for (const reason of error.CancellationReasons ?? []) if (reason.Item) reason.Item = unmarshallMap(reason.Item);
}

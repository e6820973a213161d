// The SDK clients as the service builds them (shared/aws/clients.ts), against the local emulators: the
// document shapes, error names and retries the data modules rely on.
import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { dynamo } from '../shared/aws/clients';
import { s3 } from '../shared/aws/s3';
import { isMissingObject } from '../shared/aws/missing-object';
import { config } from '../shared/config';

describe('DynamoDB client (DynamoDB Local)', () => {
  const key = () => ({ pk: `AWSCLIENTS#${randomUUID()}`, sk: 'item' });

  it('stores and reads back the document shapes the data modules use', async () => {
    // Prepare
    const Key = key();
    const item = {
      ...Key,
      text: 'é', count: 42, ratio: -0.5, flag: false, nothing: null, skipped: undefined,
      packed: new Uint8Array([0, 1, 254, 255]),
      list: [1, 'two', undefined, { three: 3 }],
      map: { nested: { deep: true }, gone: undefined },
      names: new Set(['a', 'b']),
      numbers: new Set([1, 2.5]),
    };
    // Act
    await dynamo().send(new PutCommand({ TableName: config().tableName, Item: item }));
    const { Item, $metadata } = await dynamo().send(new GetCommand({ TableName: config().tableName, Key, ConsistentRead: true }));
    // Assess
    expect($metadata.httpStatusCode).toBe(200);
    const { skipped: _skipped, ...stored } = item;
    expect(Item).toEqual({ ...stored, list: [1, 'two', { three: 3 }], map: { nested: { deep: true } } });
    expect(Item!.packed).toBeInstanceOf(Uint8Array);
  });

  it('refuses numbers that would lose precision, as the document client does', async () => {
    await expect(dynamo().send(new PutCommand({ TableName: config().tableName, Item: { ...key(), n: 2 ** 60 } }))).rejects.toThrow(
      /MAX_SAFE_INTEGER/,
    );
  });

  it('throws ConditionalCheckFailedException with the old item when asked for it', async () => {
    const Key = key();
    await dynamo().send(new PutCommand({ TableName: config().tableName, Item: { ...Key, version: 1 } }));
    const failing = dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key,
        UpdateExpression: 'SET version = :next',
        ConditionExpression: 'version = :expected',
        ExpressionAttributeValues: { ':next': 3, ':expected': 2 },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    const error = await failing.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConditionalCheckFailedException);
    expect(error).toMatchObject({ name: 'ConditionalCheckFailedException', $metadata: { httpStatusCode: 400 } });
    // The document client unmarshalls outputs, not an error's item: the caller does (shared/data/rate-limit.ts).
    expect(unmarshall((error as ConditionalCheckFailedException).Item!)).toEqual({ ...Key, version: 1 });
  });

  it('retries a transaction whose answer was lost as the one that committed (ClientRequestToken)', async () => {
    // A proxy that passes every request on to DynamoDB Local but turns the first answer into a 500, as a
    // dropped answer after the commit would look.
    let answered = 0;
    const proxy = createServer((request, response) => {
      const target = new URL(config().dynamoEndpoint!);
      const upstream = httpRequest(
        { host: target.hostname, port: target.port, path: request.url, method: request.method, headers: request.headers },
        (answer) => {
          if (answered++ === 0) {
            answer.resume();
            response.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' }).end('{"__type":"InternalServerError"}');
          } else {
            response.writeHead(answer.statusCode!, answer.headers);
            answer.pipe(response);
          }
        },
      );
      request.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = proxy.address() as AddressInfo;
      const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: config().region, endpoint: `http://127.0.0.1:${port}` }));
      const Key = key();
      await client.send(
        new TransactWriteCommand({
          TransactItems: [{ Put: { TableName: config().tableName, Item: { ...Key, n: 1 }, ConditionExpression: 'attribute_not_exists(pk)' } }],
        }),
      );
      expect(answered).toBe(2);
      const { Item } = await dynamo().send(new GetCommand({ TableName: config().tableName, Key, ConsistentRead: true }));
      expect(Item).toEqual({ ...Key, n: 1 });
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});

describe('S3 client (the emulator)', () => {
  const Bucket = () => config().bucketName;

  it('keeps the stored encoding, reads ranges, and names a missing object as S3 does', async () => {
    const Key = `aws-clients-test/${randomUUID()}`;
    await s3().send(new PutObjectCommand({ Bucket: Bucket(), Key, Body: 'hello world', ContentType: 'text/plain', ContentEncoding: 'identity' }));
    const range = await s3().send(new GetObjectCommand({ Bucket: Bucket(), Key, Range: 'bytes=6-10' }));
    expect(range).toMatchObject({ ContentRange: 'bytes 6-10/11', ContentLength: 5, ContentType: 'text/plain', $metadata: { httpStatusCode: 206 } });
    expect(await range.Body!.transformToString()).toBe('world');
    const head = await s3().send(new HeadObjectCommand({ Bucket: Bucket(), Key }));
    expect(head.ContentLength).toBe(11);
    expect(head.LastModified).toBeInstanceOf(Date);
    await s3().send(new DeleteObjectCommand({ Bucket: Bucket(), Key }));

    const get = await s3().send(new GetObjectCommand({ Bucket: Bucket(), Key })).catch((error: unknown) => error);
    expect(get).toMatchObject({ name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
    const missingHead = await s3().send(new HeadObjectCommand({ Bucket: Bucket(), Key })).catch((error: unknown) => error);
    expect(missingHead).toMatchObject({ name: 'NotFound', $metadata: { httpStatusCode: 404 } });
    expect([get, missingHead].every(isMissingObject)).toBe(true);
  });
});

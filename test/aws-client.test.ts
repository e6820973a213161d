// The service's own AWS clients (shared/aws): the signer against AWS's published SigV4 vectors, and the
// DynamoDB and S3 clients against the local emulators, where the document shapes and error names the
// data modules rely on must come out as the SDK gave them.
import { randomUUID } from 'node:crypto';
import { presignUrl, sha256Hex, signRequest, type SigningScope } from '../shared/aws/sigv4';
import { dynamo, s3 } from '../shared/aws/clients';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ConditionalCheckFailedException,
  DynamoDBClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '../shared/aws/dynamodb';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '../shared/aws/s3';
import { isMissingObject } from '../shared/aws/missing-object';
import { config } from '../shared/config';

/** The AWS SigV4 test suite's credentials and time (get-vanilla and its siblings). */
const SUITE: SigningScope = {
  service: 'service',
  region: 'us-east-1',
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
  date: new Date('2015-08-30T12:36:00Z'),
};
/** The S3 documentation's examples (sig-v4-header-based-auth, sigv4-query-string-auth). */
const S3_DOCS: SigningScope = {
  service: 's3',
  region: 'us-east-1',
  credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
  date: new Date('2013-05-24T00:00:00Z'),
};
const EMPTY_HASH = sha256Hex('');

describe('SigV4', () => {
  it.each([
    ['get-vanilla', 'GET', '/', '5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31'],
    ['post-vanilla', 'POST', '/', '5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b'],
    ['get-vanilla-query-order-key-case', 'GET', '/?Param2=value2&Param1=value1', 'b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500'],
  ])('signs the test suite request %s', (_name, method, path, signature) => {
    const headers = signRequest({ method, url: new URL(`https://example.amazonaws.com${path}`), headers: {}, payloadHash: EMPTY_HASH }, SUITE);
    expect(headers).toEqual({
      'x-amz-date': '20150830T123600Z',
      authorization: `AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=${signature}`,
    });
  });

  it('signs the S3 documentation\'s GET Object with a range', () => {
    const url = new URL('https://examplebucket.s3.amazonaws.com/test.txt');
    const headers = signRequest({ method: 'GET', url, headers: { range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_HASH }, payloadHash: EMPTY_HASH }, S3_DOCS);
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('presigns the S3 documentation\'s URL', () => {
    const url = presignUrl({ method: 'GET', url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'), headers: {} }, S3_DOCS, 86400);
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z' +
        '&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('adds the session token and signs it', () => {
    const scope = { ...SUITE, credentials: { ...SUITE.credentials, sessionToken: 'token' } };
    const headers = signRequest({ method: 'GET', url: new URL('https://example.amazonaws.com/'), headers: {}, payloadHash: EMPTY_HASH }, scope);
    expect(headers['x-amz-security-token']).toBe('token');
    expect(headers.authorization).toContain('SignedHeaders=host;x-amz-date;x-amz-security-token,');
  });
});

describe('DynamoDB client (DynamoDB Local)', () => {
  const key = () => ({ pk: `AWSCLIENT#${randomUUID()}`, sk: 'item' });

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
    expect(error).toMatchObject({ name: 'ConditionalCheckFailedException', Item: { ...Key, version: 1 }, $metadata: { httpStatusCode: 400 } });
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
      const client = new DynamoDBClient({ service: 'dynamodb', region: config().region, endpoint: `http://127.0.0.1:${port}` });
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
    const Key = `aws-client-test/${randomUUID()}`;
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

// The service's real AWS calls against a server that verifies every request's SigV4 signature: moto in
// server mode with IAM authentication on (test/support/moto.ts). The emulators of the local stack take
// any signature; here a request signed with the wrong secret is refused, so what passes was signed right.
//
// moto lets exactly IAM_SETUP_CALLS requests through unchecked (the IAM calls that make the suite's user,
// its policy and its access key); from the next one on, every request's signature is checked, which the
// first tests prove. Then the service's own functions (shared/data, shared/imports, shared/aws,
// scripts/s3-multipart.ts) run against moto with the user's key, as on Lambda: DynamoDB conditional
// writes and transactions cancelled with reasons, Query paging, BatchGet; SQS sends with a delay,
// receive, visibility, delete; S3 put, get, ranged get, head of a missing key, multipart.
//
// What moto cannot check is checked against the local S3 front (test/upload-front.test.ts): presigned
// PUTs (moto answers 500 without an Authorization header) and keys holding + & = ! ' ( ) * % or
// non-ASCII characters (moto re-encodes the path before checking, so it refuses them for every client).
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import {
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  DeleteMessageCommand,
  ListQueuesCommand,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { GetObjectCommand, HeadObjectCommand, ListBucketsCommand, ListMultipartUploadsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { IAMClient, ListUsersCommand } from '@aws-sdk/client-iam';
import {
  createSignedUser,
  findMotoServer,
  IAM_SETUP_CALLS,
  keepErrorBodies,
  MOTO_REGION,
  startMoto,
  type AccessKey,
  type MotoServer,
} from './support/moto';
import { createQueuesAndBucket, createTable } from '../scripts/local/resources';
import { namesForStage } from '../shared/resources';
import { config } from '../shared/config';
import * as clients from '../shared/aws/clients';
import { sqs as serviceSqs } from '../shared/aws/sqs';
import { s3 as serviceS3 } from '../shared/aws/s3';
import { sendDueAt } from '../shared/aws/delayed-messages';
import { createOrganization, getApiKey, getOrganization, revokeApiKey } from '../shared/data/organizations';
import { transactWrite, updateExisting, writeBatch } from '../shared/data/writes';
import { batchGetInOrder, matchingPointerSortKeys, pointerSortKeys } from '../shared/data/listing';
import { importPointers, keys, listings } from '../shared/data/table';
import { insertTemplate, listTemplates, templateFromInput } from '../shared/data/templates';
import { authenticateAndCount } from '../shared/data/rate-limit';
import { getImportItems } from '../shared/data/imports';
import { ChunkWriter, readRowLines, RowsExpired } from '../shared/data/row-chunks';
import { createImport } from '../shared/imports/create-import';
import { handleDeadline, uploadDeadline } from '../shared/imports/deadlines';
import { readFilePreview } from '../shared/imports/preview';
import { DEFAULT_LIMITS } from '../shared/engine/limits';
import { hashApiKey } from '../shared/domain/ids';
import { RATE_LIMITS } from '../shared/domain/rate-limits';
import { uploadInParts } from '../scripts/s3-multipart';
import { scratchDir } from './support/scratch';

jest.setTimeout(60_000);

const moto = findMotoServer();
const describeWithMoto = 'missing' in moto ? describe.skip : describe;
if ('missing' in moto) {
  process.stderr.write(`aws-signatures: moto_server not found (${moto.missing}): the SigV4-checked suite is SKIPPED, not passed\n`);
}

/** The same secret with one character changed: as close to right as a wrong secret gets. */
const almost = (secret: string) => `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;

const SIGNATURE_DOES_NOT_MATCH = '<Code>SignatureDoesNotMatch</Code>';

describeWithMoto(`AWS calls against moto with SigV4 checked after ${IAM_SETUP_CALLS} unchecked IAM calls`, () => {
  let server: MotoServer;
  let key: AccessKey;
  const made: { destroy(): void }[] = [];

  /** SDK clients of the suite itself (never the service's): one attempt, so a refusal is seen as it is. */
  function sdk<T extends { destroy(): void }>(Client: new (config: any) => T, credentials: AccessKey, extra: Record<string, unknown> = {}): T {
    const client = new Client({ endpoint: server.url, region: MOTO_REGION, credentials, maxAttempts: 1, ...extra });
    made.push(client);
    return client;
  }
  const s3Client = (credentials: AccessKey) => sdk(S3Client, credentials, { forcePathStyle: true });

  beforeAll(async () => {
    if ('missing' in moto) return;
    server = await startMoto(moto, IAM_SETUP_CALLS);
    const user = await createSignedUser(server.url, 'import-service-tests');
    // Exactly the unchecked requests moto was started with: not one spare for an unsigned call.
    expect(user.requests).toBe(IAM_SETUP_CALLS);
    key = { accessKeyId: user.accessKeyId, secretAccessKey: user.secretAccessKey };
  }, 60_000);

  afterAll(async () => {
    for (const client of made) client.destroy();
    await server?.stop();
  });

  it(`refuses request ${IAM_SETUP_CALLS + 1}, the first after the unchecked ones, signed with a wrong secret; takes the user's key`, async () => {
    const wrong = sdk(DynamoDBClient, { ...key, secretAccessKey: almost(key.secretAccessKey) });
    const refusals = keepErrorBodies(wrong);
    await expect(wrong.send(new ListTablesCommand({}))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    expect(refusals).toEqual([expect.stringContaining(SIGNATURE_DOES_NOT_MATCH)]);
    await expect(sdk(DynamoDBClient, key).send(new ListTablesCommand({}))).resolves.toMatchObject({ TableNames: [] });
  });

  it('checks the signature of every service the service calls: a wrong secret or an unknown key is refused by DynamoDB, SQS, S3', async () => {
    const wrongSecret = { ...key, secretAccessKey: almost(key.secretAccessKey) };
    const unknownKey = { ...key, accessKeyId: 'AKIAUNKNOWNUNKNOWN00' };
    for (const [credentials, code] of [[wrongSecret, 'SignatureDoesNotMatch'], [unknownKey, 'InvalidClientTokenId']] as const) {
      const dynamo = sdk(DynamoDBClient, credentials);
      const sqs = sdk(SQSClient, credentials);
      const refusals = [keepErrorBodies(dynamo), keepErrorBodies(sqs)];
      await expect(dynamo.send(new ListTablesCommand({}))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
      await expect(sqs.send(new ListQueuesCommand({}))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
      expect(refusals).toEqual([[expect.stringContaining(`<Code>${code}</Code>`)], [expect.stringContaining(`<Code>${code}</Code>`)]]);
    }
    await expect(s3Client(wrongSecret).send(new ListBucketsCommand({}))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(s3Client(unknownKey).send(new ListBucketsCommand({}))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    await expect(sdk(SQSClient, key).send(new ListQueuesCommand({}))).resolves.toMatchObject({ $metadata: { httpStatusCode: 200 } });
    await expect(s3Client(key).send(new ListBucketsCommand({}))).resolves.toMatchObject({ $metadata: { httpStatusCode: 200 } });
  });

  it("checks the user's policy as well: IAM, which it does not allow, is refused even correctly signed", async () => {
    await expect(sdk(IAMClient, key).send(new ListUsersCommand({}))).rejects.toMatchObject({ name: 'AccessDenied' });
    await expect(sdk(IAMClient, { ...key, secretAccessKey: almost(key.secretAccessKey) }).send(new ListUsersCommand({}))).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
  });

  describe("the service's own calls, signed with the user's key", () => {
    const names = namesForStage('moto');
    let queues: Awaited<ReturnType<typeof createQueuesAndBucket>>;
    let sqs: SQSClient;
    let s3: S3Client;
    /** Calls the service's clients made (command name, and the input fields a test looks at). */
    let calls: { command: string; input: Record<string, any> }[] = [];
    /** The service's metric lines go here, not into the local stack's file (which other suites read). */
    const metricsDir = scratchDir('aws-signatures');

    beforeAll(async () => {
      // The same table, queues and bucket as the local stack, from the same definitions, signed with the key.
      await createTable(server.url, names.tableName, key);
      queues = await createQueuesAndBucket(server.url, names, { importsVisibilityTimeoutSeconds: 960 }, key);
      sqs = sdk(SQSClient, key);
      s3 = s3Client(key);
      // The service's configuration is read once, at its first use: none happened yet in this file.
      Object.assign(process.env, {
        AWS_REGION: MOTO_REGION,
        AWS_ACCESS_KEY_ID: key.accessKeyId,
        AWS_SECRET_ACCESS_KEY: key.secretAccessKey,
        DYNAMODB_ENDPOINT: server.url,
        SQS_ENDPOINT: server.url,
        S3_ENDPOINT: server.url,
        S3_PUBLIC_ENDPOINT: server.url,
        TABLE_NAME: names.tableName,
        BUCKET_NAME: names.bucketName,
        IMPORTS_QUEUE_URL: queues.importsQueueUrl,
        WEBHOOK_QUEUE_URL: queues.webhookQueueUrl,
        UPLOAD_DEADLINE_SECONDS: '10',
        ROW_CHUNK_TARGET_BYTES: '16384',
        METRICS_FILE: join(metricsDir, 'metrics.log'),
      });
      delete process.env.AWS_SESSION_TOKEN;
      expect(config()).toMatchObject({ dynamoEndpoint: server.url, sqsEndpoint: server.url, s3Endpoint: server.url, tableName: names.tableName });
      for (const client of [clients.dynamo(), serviceS3(), serviceSqs()] as { middlewareStack: any }[]) {
        client.middlewareStack.add(
          (next: any, context: { commandName: string }) => async (args: { input: Record<string, any> }) => {
            calls.push({ command: context.commandName, input: args.input });
            return next(args);
          },
          { step: 'initialize', name: 'recordServiceCalls' },
        );
      }
    }, 60_000);

    beforeEach(() => {
      calls = [];
    });

    const commands = () => calls.map((call) => call.command);

    /** Messages of a queue, received now (or within `waitSeconds`), kept invisible `visibility` seconds. */
    async function receive(queueUrl: string, waitSeconds = 0, visibility = 30) {
      const { Messages = [] } = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: queueUrl,
          WaitTimeSeconds: waitSeconds,
          VisibilityTimeout: visibility,
          MaxNumberOfMessages: 10,
          MessageSystemAttributeNames: ['ApproximateReceiveCount'],
        }),
      );
      return Messages;
    }

    it('DynamoDB: transactions cancelled with reasons and conditional writes (organizations, writes.ts, the rate limit)', async () => {
      const org = await createOrganization('Signed', 'free');
      expect(commands()).toEqual(['TransactWriteItemsCommand']);
      expect(await getOrganization(org.organizationId)).toMatchObject({ name: 'Signed', plan: 'free', templateCount: 0 });

      // A condition failing on one item cancels the whole transaction: transactWrite reads the reasons.
      const extra = { pk: `SIGNED#${randomUUID()}`, sk: 'extra' };
      const again = { Put: { TableName: names.tableName, Item: { ...keys.organization(org.organizationId) }, ConditionExpression: 'attribute_not_exists(pk)' } };
      expect(await transactWrite([{ Put: { TableName: names.tableName, Item: extra } }, again])).toBe(false);
      expect(await batchGetInOrder([extra], true)).toEqual([]);
      // Any other refusal of a transaction is no "condition failed": two writes of one item throw.
      await expect(transactWrite([{ Put: { TableName: names.tableName, Item: extra } }, { Delete: { TableName: names.tableName, Key: extra } }])).rejects.toThrow();

      expect(await updateExisting({ TableName: names.tableName, Key: { pk: `SIGNED#${randomUUID()}`, sk: 'none' }, UpdateExpression: 'SET x = :x', ExpressionAttributeValues: { ':x': 1 } })).toBeUndefined();
      expect(
        await updateExisting({ TableName: names.tableName, Key: keys.organization(org.organizationId), UpdateExpression: 'SET #n = :n', ExpressionAttributeNames: { '#n': 'name' }, ExpressionAttributeValues: { ':n': 'Renamed' } }),
      ).toMatchObject({ name: 'Renamed', organizationId: org.organizationId });

      // The rate limit: one conditional UpdateItem per request; the full window's refusal returns the old item.
      const keyHash = hashApiKey(org.apiKey);
      const now = Date.now();
      for (let used = 1; used <= RATE_LIMITS.write; used++) {
        const { rateLimit } = await authenticateAndCount(keyHash, 'write', now);
        expect(rateLimit.remaining).toBe(RATE_LIMITS.write - used);
      }
      await expect(authenticateAndCount(keyHash, 'write', now)).rejects.toMatchObject({ status: 429, code: 'RATE_LIMIT_EXCEEDED' });
      await expect(authenticateAndCount(hashApiKey('isk_unknown'), 'read', now)).rejects.toMatchObject({ status: 401 });
      await revokeApiKey((await getApiKey(org.keyId))!);
      await expect(authenticateAndCount(keyHash, 'read', now)).rejects.toMatchObject({ status: 401 });
    });

    it('DynamoDB: Query paging and BatchGet (template pages on the KEYS_ONLY index, open pointers found page after page, 150 items in order)', async () => {
      const { organizationId } = await createOrganization('Pages', 'free');
      const created = [];
      for (let i = 0; i < 25; i++) {
        created.push(await insertTemplate(organizationId, templateFromInput({ name: `T${i}`, columns: [{ key: 'email', name: 'Email', type: 'email' }] })));
      }
      // Newest first as the index sorts them: by creation time, then id (two in one millisecond: random order).
      const newestFirst = created.map((template) => listings.sortKey(template.createdAt, template.id)).sort().reverse().map((sk) => sk.split('#')[1]);
      calls = [];
      const page2 = await listTemplates(organizationId, { page: 2, limit: 10 });
      expect(page2.total).toBe(25);
      expect(page2.templates.map((template) => template.id)).toEqual(newestFirst.slice(10, 20));
      expect(commands()).toEqual(['GetItemCommand', 'QueryCommand', 'QueryCommand']);
      expect(calls[1].input).toMatchObject({ IndexName: 'gsi1', Limit: 20, ScanIndexForward: false });
      // The page's templates and counters: one range of the organization's partition.
      expect(calls[2].input).toMatchObject({ KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to' });
      expect((await listTemplates(organizationId, { page: 3, limit: 10 })).templates.map((template) => template.id)).toEqual(newestFirst.slice(20));

      // 150 pointers, the three oldest open: the filtered Query reads 40, then 80, then the rest, each
      // page from the last one's LastEvaluatedKey.
      const partition = importPointers.partition(organizationId, {});
      const pointers = Array.from({ length: 150 }, (_, i) => {
        const sk = listings.sortKey(new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), `imp_${String(i).padStart(3, '0')}`);
        return i < 3 ? { pk: partition, sk, open: 'tpl_old' } : { pk: partition, sk };
      });
      await writeBatch({ puts: pointers });
      calls = [];
      const open = await matchingPointerSortKeys(partition, { expression: '#open = :t', names: { '#open': 'open' }, values: { ':t': 'tpl_old' } }, 3);
      expect(open).toEqual([pointers[2].sk, pointers[1].sk, pointers[0].sk]);
      expect(calls.map((call) => [call.input.Limit, call.input.ExclusiveStartKey?.sk])).toEqual([
        [40, undefined],
        [80, pointers[110].sk],
        [160, pointers[30].sk],
      ]);
      expect(await pointerSortKeys(partition, 145)).toEqual(pointers.slice(0, 5).map((pointer) => pointer.sk).reverse());

      // BatchGet: 100 keys a call, in the order asked, a missing item skipped.
      const missing = { pk: partition, sk: 'missing' };
      calls = [];
      const fetched = await batchGetInOrder([...pointers.slice(0, 120), missing, ...pointers.slice(120)].map(({ pk, sk }) => ({ pk, sk })).reverse(), true);
      expect(fetched).toEqual([...pointers].reverse());
      expect(commands()).toEqual(['BatchGetItemCommand', 'BatchGetItemCommand']);
    });

    it('S3: row chunks put gzip and read back, a missing chunk is RowsExpired', async () => {
      const writer = new ChunkWriter('org_signed', 'imp_rows', 'valid');
      const rows = Array.from({ length: 3500 }, (_, i) => ({ row: i + 3, email: `user${i}@example.com`, note: 'x'.repeat(i % 50) }));
      for (const row of rows) {
        writer.add(JSON.stringify(row));
        await writer.drain();
      }
      await writer.close();
      expect(writer.starts).toEqual([0, 1000, 2000, 3000]); // at least 1,000 rows of at least ROW_CHUNK_TARGET_BYTES
      const puts = calls.filter((call) => call.command === 'PutObjectCommand');
      expect(puts.length).toBe(writer.starts.length);
      expect(puts[0].input).toMatchObject({ ContentEncoding: 'gzip', ContentType: 'application/x-ndjson' });

      // Across a chunk boundary: two GETs.
      calls = [];
      expect(await readRowLines('org_signed', 'imp_rows', 'valid', 1950, 100, 1024 * 1024, false, writer.starts)).toEqual(rows.slice(1950, 2050));
      expect(calls.map((call) => call.input.Key)).toEqual(['rows/org_signed/imp_rows/valid/000001.ndjson', 'rows/org_signed/imp_rows/valid/000002.ndjson']);
      await expect(readRowLines('org_signed', 'imp_none', 'valid', 0, 10, 1024 * 1024)).rejects.toBeInstanceOf(RowsExpired);
    });

    it("S3: ranged GETs of one object version (the mapping review's preview of a CSV)", async () => {
      const long = (i: number) => `${i}${'x'.repeat(10_000)}`;
      const csv = ['email,comment', ...Array.from({ length: 12 }, (_, i) => `user${i}@example.com,${long(i)}`)].join('\n');
      const key = `uploads/org_signed/imp_preview`;
      const { ETag } = await s3.send(new PutObjectCommand({ Bucket: names.bucketName, Key: key, Body: csv, ContentType: 'text/csv' }));
      calls = [];
      const preview = await readFilePreview(key, 'csv', { skipHeaderRows: 1, limits: DEFAULT_LIMITS });
      expect(preview.sheets[0].headers).toEqual(['email', 'comment']);
      expect(preview.sheets[0].sampleRows).toHaveLength(10);
      expect(preview.sheets[0].sampleRows[9]).toEqual(['user9@example.com', long(9).slice(0, 200)]);
      expect(calls.map((call) => [call.command, call.input.Range, call.input.IfMatch])).toEqual([
        ['GetObjectCommand', 'bytes=0-65535', undefined],
        ['GetObjectCommand', `bytes=65536-${csv.length - 1}`, ETag],
      ]);
    });

    it('S3 head of a missing key and of a present one, SQS sends with a delay (upload deadlines)', async () => {
      const { organizationId } = await createOrganization('Deadlines', 'free');
      const template = await insertTemplate(organizationId, templateFromInput({ name: 'Contacts', columns: [{ key: 'email', name: 'Email', type: 'email' }] }));
      const input = { fileName: 'contacts.csv', fileSize: 20 };

      // No file: the deadline finds none (HeadObject 404) and closes the import, announced on the webhook queue.
      const never = await createImport(organizationId, template.id, input);
      const neverDue = uploadDeadline(organizationId, never.record.id, never.record.createdAt, template.id);
      calls = [];
      expect(await handleDeadline(neverDue, Date.parse(neverDue.dueAt) + 1)).toBe('closed');
      expect(calls.find((call) => call.command === 'HeadObjectCommand')?.input).toEqual({ Bucket: names.bucketName, Key: never.uploadKey });
      expect((await getImportItems(organizationId, never.record.id))?.record).toMatchObject({ status: 'FAILED', error: { code: 'UPLOAD_TIMEOUT' } });
      const [announced] = await receive(queues.webhookQueueUrl, 5);
      expect(JSON.parse(announced.Body!)).toEqual({ organizationId, importId: never.record.id, delivery: 1, attempt: 1 });
      await sqs.send(new DeleteMessageCommand({ QueueUrl: queues.webhookQueueUrl, ReceiptHandle: announced.ReceiptHandle }));

      // A file: the deadline heads it and queues the processing deadline, delayed as far as SQS allows.
      const uploaded = await createImport(organizationId, template.id, input);
      await s3.send(new PutObjectCommand({ Bucket: names.bucketName, Key: uploaded.uploadKey, Body: 'email\na@example.com\n', ContentType: 'text/csv' }));
      const uploadedDue = uploadDeadline(organizationId, uploaded.record.id, uploaded.record.createdAt, template.id);
      calls = [];
      expect(await handleDeadline(uploadedDue, Date.parse(uploadedDue.dueAt) + 1)).toBe('processing-deadline-set');
      expect(calls.filter((call) => call.command === 'SendMessageCommand').map((call) => call.input.DelaySeconds)).toEqual([900]);
    });

    it('SQS: a message sent with a delay arrives after it; receive, visibility change, receive again, delete', async () => {
      const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: 'import-service-moto-delays' }));
      const sentAt = Date.now();
      await sendDueAt(QueueUrl!, 'due in 2 s', new Date(sentAt + 2000).toISOString(), sentAt);
      expect(calls.map((call) => call.input.DelaySeconds)).toEqual([2]);
      expect(await receive(QueueUrl!)).toEqual([]);
      const [first] = await receive(QueueUrl!, 10, 60);
      expect(first.Body).toBe('due in 2 s');
      expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1500);
      expect(await receive(QueueUrl!)).toEqual([]); // invisible for 60 s
      await sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl, ReceiptHandle: first.ReceiptHandle, VisibilityTimeout: 0 }));
      const [second] = await receive(QueueUrl!);
      expect(second).toMatchObject({ MessageId: first.MessageId, Attributes: { ApproximateReceiveCount: '2' } });
      await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: second.ReceiptHandle }));
      expect(await receive(QueueUrl!, 1)).toEqual([]);
    });

    it('S3 multipart (scripts/s3-multipart.ts): two parts read back whole and across the boundary; a failed upload is aborted', async () => {
      const part1 = Buffer.alloc(5 * 1024 * 1024, 1);
      const part2 = Buffer.from('the second and last part');
      const key = 'multipart/large file.bin';
      const { ETag } = await uploadInParts(serviceS3(), { Bucket: names.bucketName, Key: key, ContentType: 'application/octet-stream' }, [part1, part2]);
      expect(ETag).toMatch(/-2"$/);
      expect(commands()).toEqual(['CreateMultipartUploadCommand', 'UploadPartCommand', 'UploadPartCommand', 'CompleteMultipartUploadCommand']);
      const head = await s3.send(new HeadObjectCommand({ Bucket: names.bucketName, Key: key }));
      expect(head).toMatchObject({ ContentLength: part1.length + part2.length, ETag });
      const across = await s3.send(new GetObjectCommand({ Bucket: names.bucketName, Key: key, Range: `bytes=${part1.length - 3}-${part1.length + 2}` }));
      expect(Buffer.from(await across.Body!.transformToByteArray())).toEqual(Buffer.concat([part1.subarray(-3), part2.subarray(0, 3)]));

      const failing = 'multipart/failing.bin';
      async function* partsThatFail() {
        yield part1;
        throw new Error('the source failed');
      }
      await expect(uploadInParts(serviceS3(), { Bucket: names.bucketName, Key: failing }, partsThatFail())).rejects.toThrow('the source failed');
      expect(commands().slice(-1)).toEqual(['AbortMultipartUploadCommand']);
      const { Uploads = [] } = await s3.send(new ListMultipartUploadsCommand({ Bucket: names.bucketName }));
      expect(Uploads.filter((upload) => upload.Key === failing)).toEqual([]);
    });

    it("refuses the service's own clients when their secret is wrong (fresh modules, the environment's key)", async () => {
      type Modules = {
        organizations: typeof import('../shared/data/organizations');
        messages: typeof import('../shared/aws/delayed-messages');
        rows: typeof import('../shared/data/row-chunks');
      };
      let fresh!: Modules;
      jest.isolateModules(() => {
        fresh = {
          organizations: require('../shared/data/organizations'),
          messages: require('../shared/aws/delayed-messages'),
          rows: require('../shared/data/row-chunks'),
        };
      });
      const right = process.env.AWS_SECRET_ACCESS_KEY;
      process.env.AWS_SECRET_ACCESS_KEY = almost(key.secretAccessKey);
      // The fresh modules load the S3 client's module on demand (objects.ts loadS3), from this file's
      // registry: its client is made again here, with the wrong secret, and again after the test.
      clients.destroyClients();
      try {
        await expect(fresh.organizations.getOrganization('org_any')).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
        await expect(fresh.messages.sendDueAt(queues.webhookQueueUrl, 'refused', undefined)).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
        const writer = new fresh.rows.ChunkWriter('org_signed', 'imp_refused', 'valid');
        writer.add('{}');
        await expect(writer.close()).rejects.toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 } });
        // A refused GET is an error, not rows that expired (isMissingObject takes only a missing key's answers).
        await expect(fresh.rows.readRowLines('org_signed', 'imp_refused', 'valid', 0, 10, 1024 * 1024)).rejects.toMatchObject({
          name: 'SignatureDoesNotMatch',
        });
      } finally {
        process.env.AWS_SECRET_ACCESS_KEY = right;
        clients.destroyClients();
      }
      // The same calls from this file's modules (the right secret) are taken.
      await expect(getOrganization('org_any')).resolves.toBeUndefined();
    });
  });
});

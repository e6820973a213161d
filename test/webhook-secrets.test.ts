// Webhook secret rotation and the test event, against the local stack: the organization item in
// DynamoDB Local, real imports delivered by the stack's webhook worker to a receiver on 127.0.0.1, and
// signatures checked with node:crypto and the public standardwebhooks library.
import { createHmac } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { dynamo } from '../shared/aws/clients';
import { config } from '../shared/config';
import { keys } from '../shared/data/table';
import { getImportRecord } from '../shared/data/imports';
import { getOrganization, updateOrganization } from '../shared/data/organizations';
import { newWebhookSecret } from '../shared/domain/ids';
import { ApiError } from '../shared/domain/errors';
import { rotateWebhookSecret, setWebhookUrl } from '../shared/webhooks/secrets';
import { sendTestEvent, testEventTimeoutMs } from '../shared/webhooks/test-event';
import { contactsTemplate, newOrganization } from './support/api';
import { csv, runImport, until } from './support/imports';
import { startReceiver, type Received } from './support/receiver';

jest.setTimeout(90_000);

const started: Awaited<ReturnType<typeof startReceiver>>[] = [];
afterAll(() => Promise.all(started.map((receiver) => receiver.stop())));
async function receiver(...args: Parameters<typeof startReceiver>) {
  const hook = await startReceiver(...args);
  started.push(hook);
  return hook;
}

const serviceSignature = (secret: string, body: Buffer) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

function standardHeaders(request: Received) {
  return {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  };
}

/** Whether the standardwebhooks library accepts the request with this secret. */
const verifies = (request: Received, secret: string) => {
  try {
    new Webhook(secret).verify(request.body.toString('utf8'), standardHeaders(request));
    return true;
  } catch {
    return false;
  }
};

async function organizationWithSecret(url: string | null = null) {
  const org = await newOrganization();
  const secret = newWebhookSecret();
  await updateOrganization(org.organizationId, { webhookUrl: url, webhookSecret: secret });
  return { ...org, secret };
}

/** Moves the previous secret's expiry (what 24 hours passing does). */
async function expirePrevious(organizationId: string, expiresAt = new Date(Date.now() - 1000).toISOString()) {
  await dynamo().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: keys.organization(organizationId),
      UpdateExpression: 'SET previousWebhookSecretExpiresAt = :at',
      ExpressionAttributeValues: { ':at': expiresAt },
    }),
  );
}

describe('rotateWebhookSecret', () => {
  it('keeps the current secret as the previous one for 24 hours; a second rotation keeps only the latest previous', async () => {
    // Prepare
    const { organizationId, secret } = await organizationWithSecret();
    // Act
    const before = Date.now();
    const first = await rotateWebhookSecret(organizationId);
    // Assess
    expect(first.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(first.webhookSecret).not.toBe(secret);
    const expires = Date.parse(first.previousExpiresAt!);
    expect(expires).toBeGreaterThanOrEqual(before + 24 * 3600_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    expect(await getOrganization(organizationId)).toMatchObject({
      webhookSecret: first.webhookSecret,
      previousWebhookSecret: secret,
      previousWebhookSecretExpiresAt: first.previousExpiresAt,
    });

    const second = await rotateWebhookSecret(organizationId);
    expect(await getOrganization(organizationId)).toMatchObject({
      webhookSecret: second.webhookSecret,
      previousWebhookSecret: first.webhookSecret,
      previousWebhookSecretExpiresAt: second.previousExpiresAt,
    });
  });

  it('an organization without a secret gets its first one, with no previous', async () => {
    const { organizationId } = await newOrganization();
    const rotated = await rotateWebhookSecret(organizationId);
    expect(rotated.previousExpiresAt).toBeNull();
    const organization = await getOrganization(organizationId);
    expect(organization?.webhookSecret).toBe(rotated.webhookSecret);
    expect(organization).not.toHaveProperty('previousWebhookSecret');
  });

  it('two concurrent rotations: the secret that was current in between is the previous one', async () => {
    const { organizationId, secret } = await organizationWithSecret();
    const [a, b] = await Promise.all([rotateWebhookSecret(organizationId), rotateWebhookSecret(organizationId)]);
    const organization = (await getOrganization(organizationId)) as any;
    const [last, other] = organization.webhookSecret === a.webhookSecret ? [a, b] : [b, a];
    expect(organization.webhookSecret).toBe(last.webhookSecret);
    expect(organization.previousWebhookSecret).toBe(other.webhookSecret);
    expect(organization.previousWebhookSecret).not.toBe(secret);
  });

  it('an unknown organization is a 404', async () => {
    await expect(rotateWebhookSecret('org_01JZZZZZZZZZZZZZZZZZZZZZZZ')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('setWebhookUrl', () => {
  it('creates a secret with the first URL (returned once), keeps it afterwards and when the URL is removed', async () => {
    const { organizationId } = await newOrganization();
    const first = await setWebhookUrl(organizationId, 'http://127.0.0.1:9/a');
    expect(first).toEqual({ webhookUrl: 'http://127.0.0.1:9/a', secretCreated: true, webhookSecret: expect.stringMatching(/^whsec_/) });
    const second = await setWebhookUrl(organizationId, 'http://127.0.0.1:9/b');
    expect(second).toEqual({ webhookUrl: 'http://127.0.0.1:9/b', secretCreated: false, webhookSecret: null });
    const removed = await setWebhookUrl(organizationId, null);
    expect(removed).toEqual({ webhookUrl: null, secretCreated: false, webhookSecret: null });
    expect(await getOrganization(organizationId)).toMatchObject({ webhookUrl: null, webhookSecret: first.webhookSecret });
  });

  it('refuses a URL the address policy refuses, and an unknown organization', async () => {
    const { organizationId } = await newOrganization();
    await expect(setWebhookUrl(organizationId, 'ftp://127.0.0.1/x')).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    await expect(setWebhookUrl('org_01JZZZZZZZZZZZZZZZZZZZZZZZ', 'http://127.0.0.1:9/a')).rejects.toMatchObject({ status: 404 });
    expect((await getOrganization(organizationId))?.webhookSecret).toBeNull();
  });
});

describe('a delivery during a rotation', () => {
  it('verifies with the old and the new secret for 24 hours, then only with the new one', async () => {
    // Prepare: an organization delivering to a receiver, its secret rotated.
    const hook = await receiver([]);
    const { organizationId, secret: old, api } = await organizationWithSecret(hook.url);
    const templateId = (await api.post('/api/v1/templates', contactsTemplate())).body.id as string;
    const { webhookSecret: rotated } = await rotateWebhookSecret(organizationId);
    const file = csv(['email', 'age'], [['a@example.com', '1']]);

    // Act: an import finishes inside the window.
    const inside = await runImport(organizationId, templateId, file);
    await until(() => getImportRecord(organizationId, inside.id), (r) => r?.webhookStatus === 'DELIVERED');

    // Assess: both signatures, in both schemes.
    const [during] = hook.received;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifies(during, rotated)).toBe(true);
    expect(verifies(during, old)).toBe(true);
    expect(verifies(during, newWebhookSecret())).toBe(false);
    expect(during.headers['x-service-signature']).toBe(serviceSignature(rotated, during.body));
    expect(during.headers['x-service-signature-previous']).toBe(serviceSignature(old, during.body));

    // Act: the previous secret expired; another import.
    await expirePrevious(organizationId);
    const after = await runImport(organizationId, templateId, file);
    await until(() => getImportRecord(organizationId, after.id), (r) => r?.webhookStatus === 'DELIVERED');

    // Assess: the new secret only.
    const later = hook.received[1];
    expect(JSON.parse(later.body.toString('utf8')).importId).toBe(after.id);
    expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifies(later, rotated)).toBe(true);
    expect(verifies(later, old)).toBe(false);
    expect(later.headers['x-service-signature']).toBe(serviceSignature(rotated, later.body));
    expect(later.headers).not.toHaveProperty('x-service-signature-previous');
  });
});

describe('sendTestEvent', () => {
  it('POSTs a signed webhook.test event now and reports the answer', async () => {
    const hook = await receiver([]);
    const { organizationId, secret } = await organizationWithSecret(hook.url);
    const result = await sendTestEvent((await getOrganization(organizationId))!);

    expect(result).toEqual({
      delivered: true,
      statusCode: 200,
      errorKind: null,
      error: null,
      latencyMs: expect.any(Number),
      responseExcerpt: 'answer 1',
      webhookId: expect.stringMatching(/^msg_test_[0-9A-Z]{26}$/),
      sentAt: expect.any(String),
    });
    expect(hook.received).toHaveLength(1);
    const [request] = hook.received;
    expect(request.headers['webhook-id']).toBe(result.webhookId);
    expect(request.headers['x-service-signature']).toBe(serviceSignature(secret, request.body));
    const event = new Webhook(secret).verify(request.body.toString('utf8'), standardHeaders(request));
    expect(event).toEqual({ event: 'webhook.test', timestamp: result.sentAt, organizationId, message: expect.any(String) });
    expect(Object.keys(JSON.parse(request.body.toString('utf8'))).slice(0, 2)).toEqual(['event', 'timestamp']);
  });

  it('during a rotation it carries both signatures too', async () => {
    const hook = await receiver([]);
    const { organizationId, secret: old } = await organizationWithSecret(hook.url);
    const { webhookSecret } = await rotateWebhookSecret(organizationId);
    await sendTestEvent((await getOrganization(organizationId))!);
    expect(verifies(hook.received[0], webhookSecret)).toBe(true);
    expect(verifies(hook.received[0], old)).toBe(true);
  });

  it('a receiver answering 500 is reported, not thrown', async () => {
    const hook = await receiver([500]);
    const { organizationId } = await organizationWithSecret(hook.url);
    const result = await sendTestEvent((await getOrganization(organizationId))!);
    expect(result).toMatchObject({ delivered: false, statusCode: 500, errorKind: null, error: null, responseExcerpt: 'answer 1' });
  });

  it('a receiver that never answers: a timeout within the webhook timeout (capped at 8 s), as a result', async () => {
    const hook = await receiver(['hang']);
    const { organizationId } = await organizationWithSecret(hook.url);
    const started = Date.now();
    const result = await sendTestEvent((await getOrganization(organizationId))!);
    // The suite runs with WEBHOOK_TIMEOUT_MS=2000, under the 8 s cap.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result).toMatchObject({ delivered: false, statusCode: null, errorKind: 'timeout', error: expect.stringMatching(/2000 ms/), responseExcerpt: '' });
  });

  it('waits at most 8 s for a receiver even where deliveries wait 30 s', () => {
    expect(testEventTimeoutMs(30_000)).toBe(8_000);
    expect(testEventTimeoutMs(2_000)).toBe(2_000);
  });

  it('an unreachable receiver: a connection error, as a result', async () => {
    const closed = await startReceiver([]);
    await closed.stop();
    const { organizationId } = await organizationWithSecret(closed.url);
    const result = await sendTestEvent((await getOrganization(organizationId))!);
    expect(result).toMatchObject({ delivered: false, statusCode: null, errorKind: 'connection', error: expect.any(String) });
  });

  it('no webhook URL: 409 WEBHOOK_NOT_CONFIGURED', async () => {
    const { organizationId } = await organizationWithSecret(null);
    const attempt = sendTestEvent((await getOrganization(organizationId))!);
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    await expect(attempt).rejects.toMatchObject({ status: 409, code: 'WEBHOOK_NOT_CONFIGURED' });
  });
});

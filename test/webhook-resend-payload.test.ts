// A resend reuses the first delivery's stored payload with its own timestamp: the same bytes a fresh
// render would give, nothing rendered or stored by the worker (local stack, real receiver).
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '../shared/aws/s3';
import { config } from '../shared/config';
import { getImportItems, getImportRecord } from '../shared/data/imports';
import { objectKeys } from '../shared/data/objects';
import { updateOrganization } from '../shared/data/organizations';
import { newWebhookSecret } from '../shared/domain/ids';
import { parseWebhookMessage } from '../shared/webhooks/messages';
import { renderPayload, withTimestamp } from '../shared/webhooks/payload';
import { contactsTemplate, newOrganization } from './support/api';
import { csv, runImport } from './support/imports';
import { startReceiver } from './support/receiver';

jest.setTimeout(60_000);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('a resend sends the first payload re-timed: byte-identical to a fresh render, no payload of its own stored', async () => {
  // Prepare
  const hook = await startReceiver([], 200);
  try {
    const org = await newOrganization();
    await updateOrganization(org.organizationId, { webhookUrl: hook.url, webhookSecret: newWebhookSecret() });
    const templateId = (await org.api.post('/api/v1/templates', contactsTemplate())).body.id as string;
    const record = await runImport(org.organizationId, templateId, csv(['email', 'age'], [['a@example.com', '1']]));
    await until(() => getImportRecord(org.organizationId, record.id), (r) => r?.webhookStatus === 'DELIVERED');

    // Act
    expect((await org.api.post(`/api/v1/imports/${record.id}/webhook/resend`)).status).toBe(202);
    const resent = await until(() => getImportRecord(org.organizationId, record.id), (r) => r?.webhookDelivery === 2 && r.webhookStatus === 'DELIVERED');

    // Assess
    expect(hook.received).toHaveLength(2);
    const [first, second] = hook.received.map((request) => request.body);
    const items = (await getImportItems(org.organizationId, record.id))!;
    expect(second.equals(await renderPayload(org.organizationId, items, resent!.webhookDeliveryStartedAt!))).toBe(true);
    const { timestamp: firstTime, ...firstRest } = JSON.parse(first.toString('utf8'));
    const { timestamp: secondTime, ...secondRest } = JSON.parse(second.toString('utf8'));
    expect(firstTime).toBe(resent!.completedAt);
    expect(secondTime).toBe(resent!.webhookDeliveryStartedAt);
    expect(secondRest).toEqual(firstRest);
    const own = s3().send(new GetObjectCommand({ Bucket: config().bucketName, Key: objectKeys.webhookPayload(org.organizationId, record.id, 2) }));
    await expect(own).rejects.toMatchObject({ name: 'NoSuchKey' });
  } finally {
    await hook.stop();
  }
});

it('re-times only bodies that start as rendered, and reads payloadDelivery only as the first delivery of a resend', () => {
  const body = Buffer.from('{"event":"import.failed","timestamp":"2026-01-01T00:00:00.000Z","importId":"imp_1"}');
  expect(withTimestamp(body, '2026-02-02T10:11:12.131Z')!.toString()).toBe('{"event":"import.failed","timestamp":"2026-02-02T10:11:12.131Z","importId":"imp_1"}');
  expect(withTimestamp(Buffer.from('{"timestamp":"2026-01-01T00:00:00.000Z","event":"import.failed"}'), '2026-02-02T10:11:12.131Z')).toBeUndefined();
  expect(withTimestamp(body, '2026-02-02')).toBeUndefined();
  const message = { organizationId: 'org_1', importId: 'imp_1', delivery: 2, attempt: 3 };
  expect(parseWebhookMessage(JSON.stringify({ ...message, payloadDelivery: 1 }))).toEqual({ ...message, payloadDelivery: 1, dueAt: undefined });
  expect(parseWebhookMessage(JSON.stringify({ ...message, delivery: 1, payloadDelivery: 1 }))).toBeUndefined();
  expect(parseWebhookMessage(JSON.stringify({ ...message, payloadDelivery: 2 }))).toBeUndefined();
  expect(parseWebhookMessage(JSON.stringify(message))).toEqual({ ...message, dueAt: undefined });
});

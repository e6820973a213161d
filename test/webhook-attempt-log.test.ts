// The attempt log as the API returns it, whatever holds its entries: the record (the current delivery's
// entries, written by the update that counts each attempt), items (ended deliveries, answers too long for
// the record) and records written before the log rode on the record (a receipt of the last attempt).
// Local stack (schedule scaled to 1,2,3,4,5 s by the test set-up), real receivers on 127.0.0.1.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/clients';
import { config } from '../shared/config';
import { getImportRecord } from '../shared/data/imports';
import { updateOrganization } from '../shared/data/organizations';
import { keys } from '../shared/data/table';
import { RECORD_EXCERPT_BYTES, type AttemptRecord } from '../shared/data/webhooks';
import { newWebhookSecret } from '../shared/domain/ids';
import { sendWebhookMessage, withPayload, parseWebhookMessage } from '../shared/webhooks/messages';
import { contactsTemplate, newOrganization } from './support/api';
import { csv, runImport, until } from './support/imports';

jest.setTimeout(120_000);

const GOOD = csv(['email', 'age'], [['a@example.com', '1']]);

/** A receiver answering each request with the next [status, body] of the script, then 200 "ok". */
async function scriptedReceiver(script: [number, string][]) {
  let count = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const [status, body] = script[count++] ?? [200, 'ok'];
      response.writeHead(status, { 'Content-Type': 'text/plain' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    requests: () => count,
    stop: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

const record = (organizationId: string, importId: string) => getImportRecord(organizationId, importId) as Promise<AttemptRecord | undefined>;
const brief = (entries: { delivery: number; attempt: number; status: number | null; errorKind: string | null; responseExcerpt: string }[]) =>
  entries.map(({ delivery, attempt, status, errorKind, responseExcerpt }) => [delivery, attempt, status, errorKind, responseExcerpt]);

it('reads the same across deliveries: entries on the record, a long answer and an ended delivery as items', async () => {
  // Prepare
  const long = 'x'.repeat(300);
  const hook = await scriptedReceiver([[500, long], [200, 'ok'], [204, '']]);
  try {
    const org = await newOrganization();
    await updateOrganization(org.organizationId, { webhookUrl: hook.url, webhookSecret: newWebhookSecret() });
    const templateId = (await org.api.post('/api/v1/templates', contactsTemplate())).body.id as string;
    const imported = await runImport(org.organizationId, templateId, GOOD);
    const path = `/api/v1/imports/${imported.id}/webhook-attempts`;

    // Act: a failed attempt with a long answer, a delivered one, then a resend
    const first = await until(() => record(org.organizationId, imported.id), (r) => r?.webhookStatus === 'DELIVERED');
    const beforeResend = (await org.api.get(path)).body.data;
    expect((await org.api.post(`/api/v1/imports/${imported.id}/webhook/resend`)).status).toBe(202);
    const second = await until(() => record(org.organizationId, imported.id), (r) => r?.webhookDelivery === 2 && r.webhookStatus === 'DELIVERED');
    const afterResend = (await org.api.get(path)).body.data;

    // Assess
    expect(brief(beforeResend)).toEqual([
      [1, 1, 500, null, long],
      [1, 2, 200, null, 'ok'],
    ]);
    // The record holds the current delivery's entries only, and no long answer.
    expect(first!.webhookLog!.map(([delivery, attempt, , , status, , excerpt]) => [delivery, attempt, status, excerpt])).toEqual([
      [1, 1, 500, null],
      [1, 2, 200, 'ok'],
    ]);
    expect(second!.webhookLog!.map(([delivery, attempt]) => [delivery, attempt])).toEqual([[2, 1]]);
    expect(afterResend.slice(0, 2)).toEqual(beforeResend);
    expect(brief(afterResend)).toEqual([
      [1, 1, 500, null, long],
      [1, 2, 200, null, 'ok'],
      [2, 1, 204, null, ''],
    ]);
    expect(Object.keys(afterResend[2])).toEqual(['delivery', 'attempt', 'startedAt', 'durationMs', 'status', 'errorKind', 'responseExcerpt']);
    expect(hook.requests()).toBe(3);
  } finally {
    await hook.stop();
  }
});

it('delivers a record counted before the log rode on the record: its lost entry rewritten from the receipt', async () => {
  // Prepare: an import whose record the old worker left at attempt 1 of 6 (RETRYING, the receipt of
  // attempt 1, its log entry's write lost), and the old attempt-2 message, which names the import only.
  const hook = await scriptedReceiver([]);
  try {
    const org = await newOrganization();
    const templateId = (await org.api.post('/api/v1/templates', contactsTemplate())).body.id as string;
    const imported = await runImport(org.organizationId, templateId, GOOD);
    expect(imported.webhookStatus).toBe('NOT_CONFIGURED');
    // The processor's own import-finished message (skipped: not configured) goes out after the finish.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await updateOrganization(org.organizationId, { webhookUrl: hook.url, webhookSecret: newWebhookSecret() });
    await dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: keys.importRecord(org.organizationId, imported.id),
        UpdateExpression: 'SET webhookDelivery = :one, webhookAttempts = :one, webhookStatus = :retrying, webhookNextAttemptAt = :now, webhookLastAttempt = :receipt',
        ExpressionAttributeValues: { ':one': 1, ':retrying': 'RETRYING', ':now': new Date().toISOString(), ':receipt': ['2026-01-01T00:00:00.000Z', 12, 503, null] },
      }),
    );

    // Act: the redelivered message of attempt 1 (it finds its attempt counted: the entry, then attempt 2)
    await sendWebhookMessage({ organizationId: org.organizationId, importId: imported.id, delivery: 1, attempt: 1 });
    const delivered = await until(() => record(org.organizationId, imported.id), (r) => r?.webhookStatus === 'DELIVERED');

    // Assess
    expect(delivered!.webhookAttempts).toBe(2);
    expect(delivered!.webhookLastAttempt).toBeUndefined();
    expect(brief((await org.api.get(`/api/v1/imports/${imported.id}/webhook-attempts`)).body.data)).toEqual([
      [1, 1, 503, null, ''],
      [1, 2, 200, null, 'ok'],
    ]);
    expect(hook.requests()).toBe(1);
  } finally {
    await hook.stop();
  }
});

it('carries a payload only when the whole message fits one SQS billing chunk and the bytes survive as text', () => {
  const message = { organizationId: 'org_1', importId: 'imp_1', delivery: 1, attempt: 1 };
  const small = Buffer.from('{"event":"import.completed","note":"café ☕"}', 'utf8');
  const carried = withPayload(message, small);
  expect(Buffer.from(parseWebhookMessage(JSON.stringify(carried))!.payload!, 'utf8').equals(small)).toBe(true);
  expect(withPayload(message, Buffer.from(`"${'y'.repeat(64 * 1024 - 20)}"`))).toBe(message);
  expect(withPayload(message, Buffer.from([0x22, 0xff, 0x22]))).toBe(message);
  expect(withPayload(message, Buffer.from('"\uffff"', 'utf8'))).toBe(message);
  expect(RECORD_EXCERPT_BYTES).toBeLessThan(300);
});

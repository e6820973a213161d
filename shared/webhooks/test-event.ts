// The test event: one signed `webhook.test` POST to the organization's webhook URL, made now, while the
// dashboard's request waits for it, through the same HTTP delivery as every webhook (address policy,
// pinned connection, 1 KB excerpt) and signed like one (both secrets during a rotation). It is not
// queued, not retried, not in any import's attempt log and not counted as usage.
import type { Organization, PreviousWebhookSecret } from '../data/organizations';
import { config } from '../config';
import { newId } from '../domain/ids';
import { webhookNotConfigured } from '../domain/errors';
import { TEST_EVENT_TIMEOUT_MS, type WebhookTestResult } from '../domain/webhook-settings';
import { deliver, type Resolver } from './http-delivery';
import { signingSecrets } from './secrets';
import { signedHeaders } from './signing';

export const TEST_EVENT = 'webhook.test';

/** The test event's wait: the webhook timeout (30 s deployed), capped for the waiting API request. */
export const testEventTimeoutMs = (webhookTimeoutMs: number) => Math.min(webhookTimeoutMs, TEST_EVENT_TIMEOUT_MS);

/**
 * The body: `event` and `timestamp` first and `organizationId`, as in the import events (payload.ts),
 * so a receiver that routes on `event` sees it; no importId (there is no import), and a `message`.
 */
export function testEventBody(organizationId: string, timestamp: string): Buffer {
  const body = {
    event: TEST_EVENT,
    timestamp,
    organizationId,
    message: 'A test event sent from the dashboard: if you can read this, your endpoint receives and can verify our webhooks.',
  };
  return Buffer.from(JSON.stringify(body), 'utf8');
}

/**
 * Send the test event now. 409 WEBHOOK_NOT_CONFIGURED when the organization has no URL (or no secret).
 * Never throws for what the receiver does: a non-2xx answer, a timeout (at most 8 s, or the webhook
 * timeout when shorter) or a refused address are a result with `delivered: false`.
 */
export async function sendTestEvent(
  organization: Pick<Organization, 'organizationId' | 'webhookUrl' | 'webhookSecret'> & PreviousWebhookSecret,
  options: { resolver?: Resolver } = {},
): Promise<WebhookTestResult> {
  const sent = new Date();
  const secrets = signingSecrets(organization, sent.getTime());
  if (!organization.webhookUrl || !secrets) throw webhookNotConfigured();
  const { webhookTimeoutMs, webhookAllowPrivate } = config();
  const sentAt = sent.toISOString();
  const webhookId = newId('msg_test', sent.getTime());
  const body = testEventBody(organization.organizationId, sentAt);
  const result = await deliver({
    url: organization.webhookUrl,
    body,
    headers: signedHeaders({ ...secrets, webhookId, timestampSeconds: Math.floor(sent.getTime() / 1000), body }),
    timeoutMs: testEventTimeoutMs(webhookTimeoutMs),
    allowPrivate: webhookAllowPrivate,
    resolver: options.resolver,
  });
  const answered = result.status !== null;
  return {
    delivered: answered && result.status! >= 200 && result.status! < 300,
    statusCode: result.status,
    errorKind: result.errorKind,
    error: answered ? null : result.excerpt,
    latencyMs: result.durationMs,
    responseExcerpt: answered ? result.excerpt : '',
    webhookId,
    sentAt,
  };
}

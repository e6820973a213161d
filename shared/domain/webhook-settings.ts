// The organization's webhook settings as the dashboard API changes them: the URL, the secret's
// rotation and the test event (valibot: request and answer shapes for validation and the OpenAPI
// document alike). The rules live in shared/webhooks/secrets.ts and shared/webhooks/test-event.ts.
import * as v from 'valibot';
import { msg } from './validation';

export const WEBHOOK_URL_MAX = 2048;
/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_VALID_MS = 24 * 60 * 60 * 1000;
/**
 * A test event waits for the receiver at most this long: an API request waits for it, and an API
 * function's time limit is 10 s (lib/api-function.ts), which must leave room for the rest of the request.
 */
export const TEST_EVENT_TIMEOUT_MS = 8_000;

/** The body that sets the webhook URL: the URL, or null to stop sending webhooks (the secret is kept). */
export const SetWebhookUrlSchema = v.strictObject({
  url: v.nullable(v.pipe(v.string(msg.string), v.trim(), v.minLength(1, msg.minChars(1)), v.maxLength(WEBHOOK_URL_MAX, msg.maxChars(WEBHOOK_URL_MAX)))),
});

/** The answer of setting the URL: the secret only when this change created it (shown once). */
export const WebhookUrlSetSchema = v.object({
  webhookUrl: v.nullable(v.string()),
  secretCreated: v.boolean(),
  webhookSecret: v.nullable(v.string()),
});
export type WebhookUrlSet = v.InferOutput<typeof WebhookUrlSetSchema>;

/** The answer of a rotation: the new secret (shown once) and until when the previous one still signs. */
export const WebhookSecretRotatedSchema = v.object({
  webhookSecret: v.string(),
  previousExpiresAt: v.nullable(v.string()),
});
export type WebhookSecretRotated = v.InferOutput<typeof WebhookSecretRotatedSchema>;

/** The answer of a test event: what the receiver did with the one attempt (never queued, never retried). */
export const WebhookTestResultSchema = v.object({
  delivered: v.boolean(),
  statusCode: v.nullable(v.number()),
  errorKind: v.nullable(v.picklist(['timeout', 'connection', 'dns', 'forbidden_address', 'invalid_url'])),
  error: v.nullable(v.string()),
  latencyMs: v.number(),
  responseExcerpt: v.string(),
  webhookId: v.string(),
  sentAt: v.string(),
});
export type WebhookTestResult = v.InferOutput<typeof WebhookTestResultSchema>;

// Webhook signatures. Every attempt carries two independent signatures over the exact body bytes
// that are sent (the body is rendered once per delivery and never re-serialized):
// - X-Service-Signature: `sha256=` + lowercase hex HMAC-SHA256(body), keyed with the whole secret
//   string as UTF-8 (SPEC 6.3);
// - Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature): `v1,` + base64
//   HMAC-SHA256 of `<id>.<timestamp>.<body>`, keyed as that standard says: the base64-decoded bytes
//   after `whsec_`, so its public libraries verify it. A secret not of that form (an operator-chosen
//   one) is keyed with its UTF-8 bytes.
import { createHmac } from 'node:crypto';

const WHSEC_PREFIX = 'whsec_';

/** webhook-id values are sent as a header and signed as text: visible ASCII, no spaces or control characters. */
const HEADER_SAFE = /^[\x21-\x7e]+$/;

function assertSecret(secret: string): void {
  if (typeof secret !== 'string' || secret.length === 0) throw new TypeError('Webhook secret must be a non-empty string');
}

function assertBody(body: Buffer): void {
  if (!Buffer.isBuffer(body)) throw new TypeError('Webhook body must be a Buffer of the exact bytes sent');
}

/** Standard base64 (`A-Z a-z 0-9 + /`), `=` padding optional but correct when present. */
function isBase64(text: string): boolean {
  const match = /^([A-Za-z0-9+/]+)(={0,2})$/.exec(text);
  if (!match) return false;
  const [, digits, padding] = match;
  if (digits.length % 4 === 1) return false;
  return padding.length === 0 || (digits.length + padding.length) % 4 === 0;
}

/**
 * The HMAC key of the Standard Webhooks signature: the bytes that `whsec_<base64>` encodes (as the
 * standard's libraries decode it: padding optional, trailing bits ignored), otherwise the secret's
 * UTF-8 bytes.
 */
export function standardWebhooksKey(secret: string): Buffer {
  assertSecret(secret);
  if (secret.startsWith(WHSEC_PREFIX)) {
    const encoded = secret.slice(WHSEC_PREFIX.length);
    if (isBase64(encoded)) return Buffer.from(encoded, 'base64');
  }
  return Buffer.from(secret, 'utf8');
}

/** `sha256=` + lowercase hex HMAC-SHA256 of the raw body, keyed with the whole secret string (UTF-8). */
export function serviceSignature(secret: string, body: Buffer): string {
  assertSecret(secret);
  assertBody(body);
  return `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex')}`;
}

/** `v1,` + base64 HMAC-SHA256 of `${webhookId}.${timestampSeconds}.${body}` (body as its exact bytes). */
export function standardWebhooksSignature(secret: string, webhookId: string, timestampSeconds: number, body: Buffer): string {
  assertBody(body);
  if (typeof webhookId !== 'string' || !HEADER_SAFE.test(webhookId)) {
    throw new TypeError('webhook-id must be non-empty visible ASCII without spaces');
  }
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new TypeError('webhook-timestamp must be a non-negative integer number of seconds');
  }
  const hmac = createHmac('sha256', standardWebhooksKey(secret));
  hmac.update(`${webhookId}.${timestampSeconds}.`, 'utf8');
  hmac.update(body);
  return `v1,${hmac.digest('base64')}`;
}

/**
 * Headers for one attempt: Content-Type, X-Service-Signature, webhook-id, webhook-timestamp,
 * webhook-signature. While a rotated secret is still valid (`previousSecret`), the request is signed with
 * both, so a receiver verifies with whichever it holds: webhook-signature lists both signatures, the
 * current one first, space-delimited as Standard Webhooks specifies (its libraries accept any entry);
 * X-Service-Signature keeps its one value (SPEC 6.3: receivers compare the whole value), by the current
 * secret, and X-Service-Signature-Previous carries the previous secret's.
 */
export function signedHeaders(input: {
  secret: string;
  previousSecret?: string | null;
  webhookId: string;
  timestampSeconds: number;
  body: Buffer;
}): Record<string, string> {
  const { secret, previousSecret, webhookId, timestampSeconds, body } = input;
  const signature = standardWebhooksSignature(secret, webhookId, timestampSeconds, body);
  if (!previousSecret || previousSecret === secret) {
    return {
      'Content-Type': 'application/json',
      'X-Service-Signature': serviceSignature(secret, body),
      'webhook-id': webhookId,
      'webhook-timestamp': String(timestampSeconds),
      'webhook-signature': signature,
    };
  }
  return {
    'Content-Type': 'application/json',
    'X-Service-Signature': serviceSignature(secret, body),
    'X-Service-Signature-Previous': serviceSignature(previousSecret, body),
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `${signature} ${standardWebhooksSignature(previousSecret, webhookId, timestampSeconds, body)}`,
  };
}

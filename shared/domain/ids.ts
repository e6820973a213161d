// Identifiers: prefix + 26 Crockford base32 characters (48-bit millisecond time + 80 random bits),
// so ids sort by creation time and a malformed id can be rejected without touching the database.
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BODY = '[0-9A-HJKMNP-TV-Z]{26}';

/** msg_test: the webhook-id of a test event (shared/webhooks/test-event.ts); inv: an invitation. */
export type IdPrefix = 'tpl' | 'imp' | 'org' | 'key' | 'inv' | 'msg_test';

export function newId(prefix: IdPrefix, now = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const random = randomBytes(10);
  let bits = 0;
  let value = 0;
  let tail = '';
  for (const byte of random) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      tail += ALPHABET[(value >>> bits) & 31];
    }
  }
  return `${prefix}_${time}${tail}`;
}

const patterns = new Map<IdPrefix, RegExp>();

export function isId(prefix: IdPrefix, value: string): boolean {
  let pattern = patterns.get(prefix);
  if (!pattern) {
    pattern = new RegExp(`^${prefix}_${BODY}$`);
    patterns.set(prefix, pattern);
  }
  return pattern.test(value);
}

/** API keys: 32 random bytes; only their SHA-256 is stored (high entropy makes a plain hash sufficient). */
export function newApiKey(): string {
  return `isk_${randomBytes(32).toString('base64url')}`;
}

export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}

/** Webhook secrets in the Standard Webhooks form: whsec_ + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function nowIso(): string {
  return new Date().toISOString();
}

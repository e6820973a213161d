// Webhook signatures: X-Service-Signature recomputed independently with node:crypto, and the
// Standard Webhooks headers verified with the public `standardwebhooks` package. Pure in-process.
import { createHmac } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { newWebhookSecret } from '../shared/domain/ids';
import {
  serviceSignature,
  signedHeaders,
  standardWebhooksKey,
  standardWebhooksSignature,
} from '../shared/webhooks/signing';

const nowSeconds = () => Math.floor(Date.now() / 1000);

function hexHmac(key: string | Buffer, data: Buffer): string {
  return createHmac('sha256', key).update(data).digest('hex');
}

function attempt(secret: string, body: Buffer, timestampSeconds = nowSeconds(), webhookId = 'msg_imp_01JTEST_1') {
  return { body, headers: signedHeaders({ secret, webhookId, timestampSeconds, body }) };
}

const payload = Buffer.from(
  JSON.stringify({ event: 'import.completed', importId: 'imp_01JTEST', data: { columns: ['email'], rows: [{ email: 'a@b.co' }] } }),
  'utf8',
);

describe('signedHeaders', () => {
  it('returns exactly the five headers of an attempt', () => {
    const timestampSeconds = 1_750_000_000;
    const headers = signedHeaders({ secret: 'whsec_c2VjcmV0', webhookId: 'msg_imp_X_1', timestampSeconds, body: payload });
    expect(Object.keys(headers).sort()).toEqual(
      ['Content-Type', 'X-Service-Signature', 'webhook-id', 'webhook-signature', 'webhook-timestamp'].sort(),
    );
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['webhook-id']).toBe('msg_imp_X_1');
    expect(headers['webhook-timestamp']).toBe('1750000000');
    expect(headers['X-Service-Signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });

  it('is deterministic; a new attempt time changes only webhook-timestamp and webhook-signature', () => {
    const secret = newWebhookSecret();
    const first = signedHeaders({ secret, webhookId: 'msg_a_1', timestampSeconds: 1000, body: payload });
    expect(signedHeaders({ secret, webhookId: 'msg_a_1', timestampSeconds: 1000, body: payload })).toEqual(first);
    const later = signedHeaders({ secret, webhookId: 'msg_a_1', timestampSeconds: 1060, body: payload });
    expect(later['X-Service-Signature']).toBe(first['X-Service-Signature']);
    expect(later['webhook-id']).toBe(first['webhook-id']);
    expect(later['webhook-signature']).not.toBe(first['webhook-signature']);
  });

  it('rejects inputs that cannot be sent as headers', () => {
    const base = { secret: 'whsec_c2VjcmV0', webhookId: 'msg_1', timestampSeconds: 1000, body: payload };
    expect(() => signedHeaders({ ...base, secret: '' })).toThrow(TypeError);
    expect(() => signedHeaders({ ...base, webhookId: '' })).toThrow(TypeError);
    expect(() => signedHeaders({ ...base, webhookId: 'msg\r\nX-Evil: 1' })).toThrow(TypeError);
    expect(() => signedHeaders({ ...base, timestampSeconds: 1.5 })).toThrow(TypeError);
    expect(() => signedHeaders({ ...base, timestampSeconds: -1 })).toThrow(TypeError);
    expect(() => signedHeaders({ ...base, body: 'text' as unknown as Buffer })).toThrow(TypeError);
  });
});

describe('X-Service-Signature', () => {
  it('is sha256= + lowercase hex HMAC-SHA256 of the raw body keyed with the whole secret string', () => {
    const secret = newWebhookSecret();
    const { headers } = attempt(secret, payload);
    expect(headers['X-Service-Signature']).toBe(`sha256=${hexHmac(secret, payload)}`);
    expect(serviceSignature(secret, payload)).toBe(headers['X-Service-Signature']);
    // The whole string, prefix included: not the decoded whsec_ bytes.
    expect(headers['X-Service-Signature']).not.toBe(`sha256=${hexHmac(standardWebhooksKey(secret), payload)}`);
  });

  it('is computed over the exact bytes, not re-serialized JSON', () => {
    const secret = 'plain-secret';
    const spaced = Buffer.from('{ "b": 1,\n  "a": [1.0, 2] }', 'utf8');
    const reserialized = Buffer.from(JSON.stringify(JSON.parse(spaced.toString('utf8'))), 'utf8');
    expect(serviceSignature(secret, spaced)).toBe(`sha256=${hexHmac(secret, spaced)}`);
    expect(serviceSignature(secret, spaced)).not.toBe(serviceSignature(secret, reserialized));
  });

  it('keys a non-ASCII secret with its UTF-8 bytes', () => {
    const secret = 'clé-🔑';
    expect(serviceSignature(secret, payload)).toBe(`sha256=${hexHmac(Buffer.from(secret, 'utf8'), payload)}`);
    expect(serviceSignature(secret, payload)).not.toBe(`sha256=${hexHmac(Buffer.from(secret, 'latin1'), payload)}`);
  });
});

describe('Standard Webhooks headers', () => {
  it('matches the Standard Webhooks reference vector', () => {
    expect(
      standardWebhooksSignature(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        Buffer.from('{"test": 2432232314}', 'utf8'),
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('verify with the standardwebhooks package for a generated whsec_ secret', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const { body, headers } = attempt(secret, payload);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(payload.toString('utf8')));
    // Receivers often see lower-cased header names (Node's http does): still verifies.
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    expect(() => new Webhook(secret).verify(body, lower)).not.toThrow();
    // And the package's own signer agrees byte for byte.
    const ts = Number(headers['webhook-timestamp']);
    expect(new Webhook(secret).sign(headers['webhook-id'], new Date(ts * 1000), body)).toBe(headers['webhook-signature']);
  });

  it('fails verification for a tampered body', () => {
    const secret = newWebhookSecret();
    const { body, headers } = attempt(secret, payload);
    const tampered = Buffer.from(body.toString('utf8').replace('a@b.co', 'x@b.co'), 'utf8');
    expect(() => new Webhook(secret).verify(tampered, headers)).toThrow(WebhookVerificationError);
    const extraSpace = Buffer.concat([body, Buffer.from(' ')]);
    expect(() => new Webhook(secret).verify(extraSpace, headers)).toThrow(WebhookVerificationError);
  });

  it('fails verification for a tampered timestamp or id, and for a replay older than 5 minutes', () => {
    const secret = newWebhookSecret();
    const { body, headers } = attempt(secret, payload);
    const shifted = { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) };
    expect(() => new Webhook(secret).verify(body, shifted)).toThrow('No matching signature found');
    const otherId = { ...headers, 'webhook-id': 'msg_imp_01JTEST_2' };
    expect(() => new Webhook(secret).verify(body, otherId)).toThrow('No matching signature found');
    const old = attempt(secret, payload, nowSeconds() - 6 * 60);
    expect(() => new Webhook(secret).verify(old.body, old.headers)).toThrow('Message timestamp too old');
  });

  it('fails verification with another secret', () => {
    const { body, headers } = attempt(newWebhookSecret(), payload);
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
  });

  it('keys the signature with the base64-decoded bytes after whsec_', () => {
    const raw = Buffer.from('0123456789abcdef0123456789abcdef', 'utf8');
    const secret = `whsec_${raw.toString('base64')}`;
    expect(standardWebhooksKey(secret)).toEqual(raw);
    const ts = 1_700_000_000;
    const expected = createHmac('sha256', raw).update(Buffer.concat([Buffer.from(`msg_1.${ts}.`), payload])).digest('base64');
    expect(standardWebhooksSignature(secret, 'msg_1', ts, payload)).toBe(`v1,${expected}`);
  });

  it('signs with the UTF-8 bytes of a secret not of the whsec_ form (verified with the raw key)', () => {
    for (const secret of ['my-own-secret', 'clé-🔑 secrète', 'whsec_not base64!', 'whsec_', 'whsec_c2Vj-mV0', 'whsec_c2VjcmV0M']) {
      const { body, headers } = attempt(secret, payload);
      expect(standardWebhooksKey(secret)).toEqual(Buffer.from(secret, 'utf8'));
      expect(() => new Webhook(new Uint8Array(Buffer.from(secret, 'utf8')), { format: 'raw' }).verify(body, headers)).not.toThrow();
    }
    // With {format: 'raw'} the package turns a string into Latin-1 char codes, so an ASCII secret may
    // also be passed as text; a non-ASCII one must be passed as its UTF-8 bytes.
    const ascii = attempt('my-own-secret', payload);
    expect(() => new Webhook('my-own-secret', { format: 'raw' }).verify(ascii.body, ascii.headers)).not.toThrow();
    const nonAscii = attempt('clé-🔑', payload);
    expect(() => new Webhook('clé-🔑', { format: 'raw' }).verify(nonAscii.body, nonAscii.headers)).toThrow(WebhookVerificationError);
  });

  it('decodes whsec_ secrets as the standardwebhooks package does (padding optional, trailing bits ignored)', () => {
    const ts = 1_700_000_000;
    for (const [secret, bytes] of [
      ['whsec_c2VjcmV0', 'secret'],
      ['whsec_c2VjcmV0MQ==', 'secret1'],
      ['whsec_c2VjcmV0MQ', 'secret1'],
      ['whsec_c2VjcmV0MTI=', 'secret12'],
      ['whsec_c2VjcmV0MTI', 'secret12'],
      ['whsec_AB==', '\0'],
      ['whsec_+/+/', '\xfb\xff\xbf'],
    ] as const) {
      expect(standardWebhooksKey(secret)).toEqual(Buffer.from(bytes, 'latin1'));
      expect(standardWebhooksSignature(secret, 'msg_1', ts, payload)).toBe(new Webhook(secret).sign('msg_1', new Date(ts * 1000), payload));
    }
    // Wrong padding is not base64: the whole string's UTF-8 bytes.
    expect(standardWebhooksKey('whsec_c2VjcmV0=')).toEqual(Buffer.from('whsec_c2VjcmV0=', 'utf8'));
    expect(standardWebhooksKey('whsec_c2VjcmV0MQ=')).toEqual(Buffer.from('whsec_c2VjcmV0MQ=', 'utf8'));
  });
});

describe('non-ASCII bodies', () => {
  const text = JSON.stringify({ event: 'import.completed', data: { rows: [{ name: 'Zoë Éclair', note: 'café ☕ 🎉🚀' }] } });
  const body = Buffer.from(text, 'utf8');

  it('sign over the UTF-8 bytes (X-Service-Signature)', () => {
    expect(body.length).toBeGreaterThan(text.length);
    const secret = newWebhookSecret();
    const { headers } = attempt(secret, body);
    expect(headers['X-Service-Signature']).toBe(`sha256=${hexHmac(secret, body)}`);
    const utf16 = Buffer.from(text, 'utf16le');
    expect(headers['X-Service-Signature']).not.toBe(`sha256=${hexHmac(secret, utf16)}`);
  });

  it('sign over the UTF-8 bytes (Standard Webhooks), verifiable from bytes or from the decoded text', () => {
    const secret = newWebhookSecret();
    const { headers } = attempt(secret, body);
    const key = standardWebhooksKey(secret);
    const signed = Buffer.concat([Buffer.from(`${headers['webhook-id']}.${headers['webhook-timestamp']}.`), body]);
    expect(headers['webhook-signature']).toBe(`v1,${createHmac('sha256', key).update(signed).digest('base64')}`);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(text));
    expect(new Webhook(secret).verify(text, headers)).toEqual(JSON.parse(text));
  });
});

describe('signedHeaders during a rotation', () => {
  it('signs with both secrets: two webhook-signature entries (current first) and X-Service-Signature-Previous', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const timestampSeconds = nowSeconds();
    const headers = signedHeaders({ secret: current, previousSecret: previous, webhookId: 'msg_r_1', timestampSeconds, body: payload });
    const [first, second] = headers['webhook-signature'].split(' ');
    expect(first).toBe(standardWebhooksSignature(current, 'msg_r_1', timestampSeconds, payload));
    expect(second).toBe(standardWebhooksSignature(previous, 'msg_r_1', timestampSeconds, payload));
    expect(headers['X-Service-Signature']).toBe(serviceSignature(current, payload));
    expect(headers['X-Service-Signature-Previous']).toBe(serviceSignature(previous, payload));
    for (const secret of [current, previous]) expect(new Webhook(secret).verify(payload.toString('utf8'), headers)).toBeTruthy();
    expect(() => new Webhook(newWebhookSecret()).verify(payload.toString('utf8'), headers)).toThrow(WebhookVerificationError);
  });

  it('without a previous secret (or the same one) the five headers of an attempt, unchanged', () => {
    const secret = newWebhookSecret();
    const base = { secret, webhookId: 'msg_r_1', timestampSeconds: 1000, body: payload };
    expect(signedHeaders({ ...base, previousSecret: null })).toEqual(signedHeaders(base));
    expect(signedHeaders({ ...base, previousSecret: secret })).toEqual(signedHeaders(base));
  });
});

// AWS Signature Version 4 with node:crypto: the Authorization header of a request, or the query of a
// presigned URL (https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html).
import { createHash, createHmac, createSecretKey, type KeyObject } from 'node:crypto';

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface SigningScope {
  service: string;
  region: string;
  credentials: Credentials;
  date: Date;
}

export interface SignableRequest {
  method: string;
  url: URL;
  /** Lower-case names; all of them are signed, with the URL's host. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body, or UNSIGNED-PAYLOAD. */
  payloadHash: string;
}

export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const ALGORITHM = 'AWS4-HMAC-SHA256';

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ (and '/' when asked) escaped. */
export function uriEncode(value: string, keepSlash = false): string {
  const encoded = encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return keepSlash ? encoded.replace(/%2F/g, '/') : encoded;
}

const amzDate = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** Sorted by name then value, each encoded once. */
function canonicalQuery(params: URLSearchParams): string {
  return [...params]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** Derived signing keys by secret, day, region and service: a function signs for up to three services. */
const signingKeys = new Map<string, KeyObject>();
const SIGNING_KEYS_KEPT = 8;

/** Signing keys change once a day per secret, region and service: derived once, then kept. */
function signingKey(scope: SigningScope, day: string): KeyObject {
  const id = `${scope.credentials.secretAccessKey}|${day}|${scope.region}|${scope.service}`;
  let key = signingKeys.get(id);
  if (!key) {
    const dateKey = hmac(`AWS4${scope.credentials.secretAccessKey}`, day);
    // A KeyObject: createHmac takes it as it is, where a Buffer key is converted on every signature.
    key = createSecretKey(hmac(hmac(hmac(dateKey, scope.region), scope.service), 'aws4_request'));
    // Yesterday's keys and rotated credentials' keys are never asked for again.
    if (signingKeys.size >= SIGNING_KEYS_KEPT) signingKeys.clear();
    signingKeys.set(id, key);
  }
  return key;
}

/** The signature of `request` (path as given: it must already be URI-encoded, as S3 signs it) and the names signed. */
function signature(request: SignableRequest, scope: SigningScope) {
  const headers: Record<string, string> = { host: request.url.host, ...request.headers };
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method,
    request.url.pathname || '/',
    canonicalQuery(request.url.searchParams),
    ...names.map((name) => `${name}:${headers[name].trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const time = amzDate(scope.date);
  const day = time.slice(0, 8);
  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`;
  const stringToSign = [ALGORITHM, time, credentialScope, sha256Hex(canonicalRequest)].join('\n');
  const value = createHmac('sha256', signingKey(scope, day)).update(stringToSign).digest('hex');
  return { value, signedHeaders, credentialScope };
}

/** The headers to send: `request.headers` plus x-amz-date, the session token and Authorization. */
export function signRequest(request: SignableRequest, scope: SigningScope): Record<string, string> {
  const headers: Record<string, string> = { ...request.headers, 'x-amz-date': amzDate(scope.date) };
  if (scope.credentials.sessionToken) headers['x-amz-security-token'] = scope.credentials.sessionToken;
  const signed = signature({ ...request, headers }, scope);
  const authorization = `${ALGORITHM} Credential=${scope.credentials.accessKeyId}/${signed.credentialScope}, SignedHeaders=${signed.signedHeaders}, Signature=${signed.value}`;
  return { ...headers, authorization };
}

/**
 * A presigned URL (query signing, UNSIGNED-PAYLOAD as S3 takes it): `request.headers` are signed, so
 * the request made with the URL must carry them exactly.
 */
export function presignUrl(request: Omit<SignableRequest, 'payloadHash'>, scope: SigningScope, expiresIn: number): string {
  const url = new URL(request.url);
  const time = amzDate(scope.date);
  const names = ['host', ...Object.keys(request.headers)].sort().join(';');
  url.searchParams.set('X-Amz-Algorithm', ALGORITHM);
  url.searchParams.set('X-Amz-Credential', `${scope.credentials.accessKeyId}/${time.slice(0, 8)}/${scope.region}/${scope.service}/aws4_request`);
  url.searchParams.set('X-Amz-Date', time);
  url.searchParams.set('X-Amz-Expires', String(expiresIn));
  if (scope.credentials.sessionToken) url.searchParams.set('X-Amz-Security-Token', scope.credentials.sessionToken);
  url.searchParams.set('X-Amz-SignedHeaders', names);
  const signed = signature({ ...request, url, payloadHash: UNSIGNED_PAYLOAD }, scope);
  // URLSearchParams writes spaces as '+' and leaves some characters bare: the query is written as signed.
  url.search = `${canonicalQuery(url.searchParams)}&X-Amz-Signature=${signed.value}`;
  return url.toString();
}

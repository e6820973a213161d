// The local stand-in for what Amazon S3 does in front of a presigned PUT URL. The SQS/S3 emulator
// (fauxqs) verifies no signatures and answers no CORS, so without this an upload that AWS would
// refuse (expired URL, another size, type or key) would succeed locally. Mounted by the gateway under
// UPLOAD_FRONT_PREFIX: answers CORS from the bucket's rule, verifies the SigV4 query signature as S3
// does, then streams the body to the emulator.
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '@smithy/core/checksum';
import { escapeUri } from '@smithy/core/protocols';
import { S3Client } from '@aws-sdk/client-s3';
import { PART_BYTES, uploadInParts } from '../s3-multipart';
import { UPLOAD_CORS } from '../../shared/resources';

export const UPLOAD_FRONT_PREFIX = '/local-s3';

export interface UploadFrontOptions {
  /** The emulator's S3 endpoint, e.g. http://127.0.0.1:45678 (path-style: /<bucket>/<key>). */
  s3Endpoint: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  now?: () => number; // ms, for tests
}

/** The bucket's CORS rule, widened from its literal types so that any request value can be looked up in it. */
const CORS: Record<'allowedMethods' | 'allowedOrigins' | 'allowedHeaders' | 'exposedHeaders', readonly string[]> & {
  maxAgeSeconds: number;
} = UPLOAD_CORS;
const VARY = 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method';
/** S3's longest presigned URL lifetime: one week. */
const MAX_EXPIRES_SECONDS = 604_800;
const AUTH_PARAMS = [
  'X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature',
];

/** An error S3 would answer, in its XML shape; the checks throw it, so each reads as one line. */
class S3Error extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

const internalError = () => new S3Error(500, 'InternalError', 'We encountered an internal error. Please try again.');
const parametersError = (message: string) => new S3Error(400, 'AuthorizationQueryParametersError', message);
const corsDenied = () => new S3Error(403, 'AccessForbidden',
  'CORSResponse: This CORS request is not allowed. This is usually because the evalution of Origin, request method / ' +
  "Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource's CORS spec.");
const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** CORS origins and headers may hold a '*' wildcard; S3 compares them case-insensitively. */
function matches(pattern: string, value: string): boolean {
  const source = pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${source}$`, 'i').test(value);
}

/** The Access-Control-Allow-Origin S3 answers: '*' for a '*' rule, else the matching origin itself. */
function allowedOrigin(origin: string | undefined): string | undefined {
  const pattern = origin === undefined ? undefined : CORS.allowedOrigins.find((candidate) => matches(candidate, origin));
  return pattern === '*' ? '*' : pattern && origin;
}

/** CORS headers of an actual request: S3 adds them to every answer, errors included, so a browser can read it. */
function corsHeaders(request: IncomingMessage): OutgoingHttpHeaders {
  const origin = allowedOrigin(request.headers.origin);
  if (!origin || !CORS.allowedMethods.includes(request.method ?? '')) return {};
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': CORS.exposedHeaders.join(', '), Vary: VARY };
}

function sendError(response: ServerResponse, error: S3Error, headers: OutgoingHttpHeaders) {
  if (response.headersSent || response.destroyed) return;
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  response.writeHead(error.status, { ...headers, 'Content-Type': 'application/xml', 'x-amz-request-id': requestId });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${error.code}</Code>` +
    `<Message>${escapeXml(error.message)}</Message><RequestId>${requestId}</RequestId></Error>`);
}

/** A preflight needs no signature: S3 answers it from the CORS rule alone. */
function preflight(request: IncomingMessage, response: ServerResponse) {
  const method = request.headers['access-control-request-method'];
  if (!request.headers.origin || !method) {
    throw new S3Error(400, 'BadRequest', 'Insufficient information. Origin request header needed.');
  }
  const requested = (request.headers['access-control-request-headers'] ?? '').split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const origin = allowedOrigin(request.headers.origin);
  const headersAllowed = requested.every((name) => CORS.allowedHeaders.some((pattern) => matches(pattern, name)));
  if (!origin || !CORS.allowedMethods.includes(method) || !headersAllowed) throw corsDenied();
  response.writeHead(200, {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': CORS.allowedMethods.join(', '),
    ...(requested.length > 0 && { 'Access-Control-Allow-Headers': requested.join(', ') }),
    'Access-Control-Expose-Headers': CORS.exposedHeaders.join(', '),
    'Access-Control-Max-Age': String(CORS.maxAgeSeconds),
    Vary: VARY,
  });
  response.end();
}

/** S3 signs the path URI-encoded once: it decodes the path it received and encodes each segment again. */
function canonicalPath(path: string): string {
  try {
    return path.split('/').map((segment) => escapeUri(decodeURIComponent(segment))).join('/');
  } catch {
    throw new S3Error(400, 'InvalidURI', "Couldn't parse the specified URI.");
  }
}

/** Checks a presigned request as S3 does; throws the error S3 would answer. */
async function verify(request: IncomingMessage, path: string, search: string, signer: SignatureV4, options: UploadFrontOptions) {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(search)) query[name] = name in query ? [query[name], value].flat() : value;
  if (AUTH_PARAMS.every((name) => !(name in query))) throw new S3Error(403, 'AccessDenied', 'Access Denied');
  const values = AUTH_PARAMS.map((name) => query[name]);
  if (!values.every((value): value is string => typeof value === 'string')) {
    throw parametersError(`Query-string authentication version 4 requires the ${AUTH_PARAMS.join(', ')} parameters.`);
  }
  const [algorithm, credential, date, expires, signedHeaders, signature] = values;
  if (algorithm !== 'AWS4-HMAC-SHA256') throw parametersError('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  const [accessKeyId, , region, , terminator, ...rest] = credential.split('/');
  if (terminator !== 'aws4_request' || rest.length > 0) throw parametersError('Error parsing the X-Amz-Credential parameter');
  if (accessKeyId !== options.credentials.accessKeyId) {
    throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  if (region !== options.region) {
    throw parametersError(`Error parsing the X-Amz-Credential parameter; the region '${region}' is wrong; expecting '${options.region}'`);
  }
  const dateParts = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(date)?.slice(1).map(Number);
  if (!dateParts) throw parametersError(`X-Amz-Date must be in the ISO8601 Long Format "yyyyMMdd'T'HHmmss'Z'"`);
  const [year, month, day, hour, minute, second] = dateParts;
  const signedAt = Date.UTC(year, month - 1, day, hour, minute, second);
  const expiresIn = /^\d+$/.test(expires) ? Number(expires) : NaN;
  if (Number.isNaN(expiresIn)) throw parametersError('X-Amz-Expires should be a number');
  if (expiresIn > MAX_EXPIRES_SECONDS) {
    throw parametersError(`X-Amz-Expires must be less than a week (in seconds) that is; ${MAX_EXPIRES_SECONDS}`);
  }
  if ((options.now ?? Date.now)() > signedAt + expiresIn * 1000) throw new S3Error(403, 'AccessDenied', 'Request has expired');

  // Sign again what was received. The signed headers (content-length and content-type among them) are
  // this request's, so another size or type gives another signature; the credential scope is rebuilt
  // from X-Amz-Date and our region, so another scope does too.
  const names = signedHeaders.split(';');
  const headers = Object.fromEntries(
    names.flatMap((name) => (request.headers[name] === undefined ? [] : [[name, String(request.headers[name])]])),
  );
  const { 'X-Amz-Signature': _given, ...unsignedQuery } = query;
  const resigned = await signer.presign(
    {
      method: request.method ?? 'PUT',
      protocol: 'http:',
      hostname: request.headers.host ?? '', // only the signed Host header enters the canonical request
      path: canonicalPath(path),
      query: unsignedQuery,
      headers,
      body: request, // a stream body makes SignatureV4 use UNSIGNED-PAYLOAD, as S3 does for every presigned URL
    },
    // signableHeaders: as the service passes it, so content-type is signed; unhoistable: signed x-amz-* stay headers.
    { signingDate: new Date(signedAt), expiresIn, signableHeaders: new Set(names), unhoistableHeaders: new Set(names) },
  );
  const given = Buffer.from(signature);
  const computed = Buffer.from(String(resigned.query?.['X-Amz-Signature']));
  if (given.length !== computed.length || !timingSafeEqual(given, computed)) {
    throw new S3Error(403, 'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.');
  }
}

/** Streams the verified body to the emulator and relays its answer; resolves when the exchange is over. */
function forward(request: IncomingMessage, response: ServerResponse, origin: string, path: string, cors: OutgoingHttpHeaders) {
  return new Promise<void>((resolve) => {
    response.on('close', resolve);
    const contentType = request.headers['content-type'];
    const headers = { 'Content-Length': request.headers['content-length'], ...(contentType && { 'Content-Type': contentType }) };
    const upstream = httpRequest(origin, { method: 'PUT', path, headers }, (reply) => {
      const relayed = ['etag', 'content-type'].flatMap((name) => (reply.headers[name] ? [[name, reply.headers[name]]] : []));
      response.writeHead(reply.statusCode ?? 502, { ...Object.fromEntries(relayed), ...cors });
      pipeline(reply, response, () => undefined);
    });
    // A client gone mid-body must not leave a shorter object: the forward request is cut before its
    // declared Content-Length, and the emulator stores nothing for it (the test checks both).
    request.on('close', () => {
      if (!request.complete) upstream.destroy();
    });
    upstream.on('error', (error) => {
      if (response.headersSent) return void response.destroy();
      if (response.destroyed) return; // the client went away: nobody to answer
      console.error('Local S3 front: the emulator request failed', error);
      request.unpipe(upstream).resume(); // drain the body so the client reads the answer
      sendError(response, internalError(), cors);
    });
    request.pipe(upstream);
  });
}

/**
 * The emulator accepts request bodies up to 11 MiB, S3 a single PUT up to 5 GB. A larger body is
 * streamed to the emulator as a multipart upload of PART_BYTES parts (memory holds one part), completed
 * only once the whole declared body arrived: a client gone mid-body leaves no object, as with S3.
 */
async function forwardInParts(request: IncomingMessage, response: ServerResponse, s3: S3Client, objectPath: string, cors: OutgoingHttpHeaders) {
  const [, Bucket, ...keyParts] = objectPath.split('/');
  const declared = Number(request.headers['content-length']);
  const contentType = request.headers['content-type'];
  let received = 0;
  async function* parts() {
    let buffered: Buffer[] = [];
    let bufferedBytes = 0;
    for await (const chunk of request as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > declared) break;
      buffered.push(chunk);
      bufferedBytes += chunk.length;
      if (bufferedBytes >= PART_BYTES) {
        yield Buffer.concat(buffered);
        buffered = [];
        bufferedBytes = 0;
      }
    }
    if (received !== declared || !request.complete) throw new Error('the client sent another size than its Content-Length, or went away');
    if (bufferedBytes > 0) yield Buffer.concat(buffered);
  }
  try {
    const target = { Bucket, Key: decodeURIComponent(keyParts.join('/')), ...(contentType && { ContentType: contentType }) };
    const { ETag } = await uploadInParts(s3, target, parts());
    response.writeHead(200, { ...(ETag && { ETag }), ...cors });
    response.end();
  } catch (error) {
    if (received === declared) throw error;
    request.destroy(); // what S3 does with a body that stopped short: nothing is stored, nobody left to answer
  }
}

/** Returns a request handler; the gateway calls it for every request whose path starts with UPLOAD_FRONT_PREFIX + '/'. */
export function createUploadFront(options: UploadFrontOptions): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  // As the S3 presigner configures it: the path is signed as given, not encoded a second time as other
  // services require, and no checksum of the body is added.
  const signer = new SignatureV4({
    service: 's3',
    region: options.region,
    credentials: options.credentials,
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const endpoint = new URL(options.s3Endpoint);
  const s3 = new S3Client({ endpoint: options.s3Endpoint, region: options.region, credentials: options.credentials, forcePathStyle: true });
  const basePath = endpoint.pathname.replace(/\/$/, '');
  return async (request, response) => {
    const cors = corsHeaders(request);
    try {
      const [path, search = ''] = (request.url ?? '/').split(/\?(.*)/s);
      if (request.method === 'OPTIONS') return preflight(request, response);
      if (request.method !== 'PUT') {
        throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
      }
      if (request.headers['content-length'] === undefined) {
        throw new S3Error(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
      }
      await verify(request, path, search, signer, options);
      // The emulator is path-style too: the bucket and key follow the prefix, still encoded as received
      // (a string, not a URL, which would resolve a key's '..' segments).
      const objectPath = path.slice(UPLOAD_FRONT_PREFIX.length);
      if (Number(request.headers['content-length']) > PART_BYTES) await forwardInParts(request, response, s3, objectPath, cors);
      else await forward(request, response, endpoint.origin, basePath + objectPath, cors);
    } catch (error) {
      if (!(error instanceof S3Error)) console.error('Local S3 front: request failed', error);
      sendError(response, error instanceof S3Error ? error : internalError(), cors);
    }
  };
}

// One webhook HTTP attempt: POST the signed body to the organization's URL over node:http(s), connecting
// only to an address that passed the address policy, and turn every outcome into a DeliveryResult.
// fetch is not used because it cannot pin the connection to the address that was checked: resolving
// twice (once to check, once to connect) would let a DNS-rebinding name pass the check with a public
// address and then connect to 169.254.169.254.
import type * as Http from 'node:http';
import type * as Https from 'node:https';
import { createRequire } from 'node:module';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { checkWebhookUrl, isPrivateAddress } from '../domain/webhook-url';

/**
 * node:http and node:https through require, not an ESM import: Node builds the ESM namespace of a
 * builtin by reading every export, and node:http's lazy `WebSocket` and friends then load undici, ~30 ms
 * of every cold start of a function that delivers webhooks or calls validation hooks (npm run
 * bench:cold-start). jest runs this file as CommonJS (a real require); tsx and the Lambda bundle run it as
 * ESM (the bundle's banner defines require through createRequire), as engine/readers/xls.ts does.
 */
const requireBuiltin = typeof require === 'function' ? require : createRequire(import.meta.url);
const http = requireBuiltin('node:http') as typeof Http;
const https = requireBuiltin('node:https') as typeof Https;

export type Resolver = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export interface DeliveryRequest {
  url: string;
  body: Buffer;
  headers: Record<string, string>;
  /** Budget for the whole attempt: name resolution, connect, response headers and the capped body. */
  timeoutMs: number;
  /** Local stack only: allow loopback/private receivers (and plain http). */
  allowPrivate: boolean;
  /** default: dns.promises.lookup(host, { all: true }) */
  resolver?: Resolver;
  /**
   * Keep the answer's body up to this many bytes (validation hooks read their answer); without it only
   * the excerpt is read. A longer body stops the download and is reported as `bodyTooLarge`.
   */
  maxResponseBytes?: number;
}

export type DeliveryErrorKind = 'timeout' | 'connection' | 'dns' | 'forbidden_address' | 'invalid_url';

/** Exactly one of status and errorKind is non-null: a status means a complete answer was received. */
export interface DeliveryResult {
  status: number | null;
  errorKind: DeliveryErrorKind | null;
  durationMs: number;
  /** at most 1 KB of the response body (UTF-8, cut on a character boundary), or the error's description */
  excerpt: string;
  /** the address actually connected to (or attempted, when the connection failed); null before that */
  address: string | null;
  /** With maxResponseBytes: the whole body when it fit. */
  body?: Buffer;
  bodyTooLarge?: boolean;
}

const EXCERPT_BYTES = 1024;

const defaultResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/** The first `max` bytes as text, never splitting a character, and at most `max` UTF-8 bytes long. */
export function utf8Excerpt(bytes: Buffer, max = EXCERPT_BYTES): string {
  // stream: true holds back a character whose bytes are cut off at the end instead of emitting U+FFFD.
  const text = new TextDecoder().decode(bytes.subarray(0, max), { stream: true });
  if (Buffer.byteLength(text) <= max) return text;
  // Invalid bytes decode to U+FFFD (3 bytes each), which can push a binary body over the cap.
  let out = '';
  let size = 0;
  for (const char of text) {
    size += Buffer.byteLength(char);
    if (size > max) break;
    out += char;
  }
  return out;
}

class Deadline {
  private readonly end: number;
  constructor(readonly ms: number) {
    this.end = performance.now() + ms;
  }
  remaining(): number {
    return Math.max(0, this.end - performance.now());
  }
}

type Resolution = { address: string; family: 4 | 6 } | { errorKind: DeliveryErrorKind; excerpt: string };

/** The address a delivery to `host` would connect to, or why none (exposed so tests never leave loopback). */
export function resolveTarget(host: string, options: Pick<DeliveryRequest, 'resolver' | 'allowPrivate' | 'timeoutMs'>): Promise<Resolution> {
  return resolveOnce(host, options, new Deadline(options.timeoutMs));
}

/** Resolves once and judges every address: one forbidden address refuses the name (a rebinding name can
 * otherwise be answered differently later, and which address a client picks is not under our control). */
async function resolveOnce(
  host: string,
  request: Pick<DeliveryRequest, 'resolver' | 'allowPrivate'>,
  deadline: Deadline,
): Promise<Resolution> {
  const literal = isIP(host);
  if (literal !== 0) return { address: host, family: literal === 6 ? 6 : 4 }; // already judged with the URL
  const resolver = request.resolver ?? defaultResolver;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), deadline.remaining());
  });
  let answer: Awaited<ReturnType<Resolver>> | 'timeout';
  try {
    answer = await Promise.race([Promise.resolve().then(() => resolver(host)), timedOut]);
  } catch (error) {
    return { errorKind: 'dns', excerpt: `cannot resolve ${host}: ${describe(error)}` };
  } finally {
    clearTimeout(timer);
  }
  if (answer === 'timeout') return { errorKind: 'timeout', excerpt: `resolving ${host} took longer than ${deadline.ms} ms` };
  if (!Array.isArray(answer) || answer.length === 0) return { errorKind: 'dns', excerpt: `${host} has no addresses` };
  const invalid = answer.find((entry) => isIP(entry?.address) === 0);
  if (invalid) return { errorKind: 'dns', excerpt: `${host} resolved to an invalid address` };
  if (!request.allowPrivate) {
    const forbidden = answer.find((entry) => isPrivateAddress(entry.address));
    if (forbidden) {
      return { errorKind: 'forbidden_address', excerpt: `${host} resolves to ${forbidden.address}, a private, loopback or reserved address` };
    }
  }
  // The first address, in the resolver's order; no fallback to the others, an unreachable receiver is
  // retried later anyway.
  const address = answer[0].address;
  return { address, family: isIP(address) === 6 ? 6 : 4 };
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0]);
  if (!(error instanceof Error)) return String(error);
  return error.message || String((error as NodeJS.ErrnoException).code ?? error.name);
}

/** Caller headers, minus the ones this module owns (Host and Content-Length must match what is sent). */
function requestHeaders(request: DeliveryRequest, host: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    if (lower !== 'host' && lower !== 'content-length' && lower !== 'transfer-encoding') headers[name] = value;
  }
  headers['Host'] = host;
  headers['Content-Length'] = String(request.body.length);
  return headers;
}

/** One POST attempt. Never throws: every failure, including a refused URL, is a DeliveryResult. */
export async function deliver(request: DeliveryRequest): Promise<DeliveryResult> {
  const started = performance.now();
  const deadline = new Deadline(request.timeoutMs);
  const result = (fields: Omit<DeliveryResult, 'durationMs'>): DeliveryResult => ({
    ...fields,
    durationMs: Math.round(performance.now() - started),
  });

  const checked = checkWebhookUrl(request.url, request.allowPrivate);
  if (!checked.ok) return result({ status: null, errorKind: checked.kind, excerpt: checked.reason, address: null });
  const url = checked.url;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');

  const resolved = await resolveOnce(host, request, deadline);
  if ('errorKind' in resolved) return result({ status: null, errorKind: resolved.errorKind, excerpt: resolved.excerpt, address: null });

  const outcome = await post(url, host, resolved, request, deadline);
  return result(outcome);
}

function post(
  url: URL,
  host: string,
  pinned: { address: string; family: 4 | 6 },
  request: DeliveryRequest,
  deadline: Deadline,
): Promise<Omit<DeliveryResult, 'durationMs'>> {
  return new Promise((settle) => {
    let connectedTo: string | null = null;
    let status: number | null = null;
    let req: Http.ClientRequest | undefined;
    let res: Http.IncomingMessage | undefined;
    let done = false;

    const finish = (outcome: Omit<DeliveryResult, 'durationMs' | 'address'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // Destroying the response stops the download of anything past the excerpt; the socket is not
      // pooled (agent: false), so nothing is lost.
      res?.destroy();
      req?.destroy();
      settle({ ...outcome, address: connectedTo ?? pinned.address });
    };

    const timer = setTimeout(() => {
      const after = status === null ? '' : ` (status ${status} received, body incomplete)`;
      finish({ status: null, errorKind: 'timeout', excerpt: `no complete response within ${deadline.ms} ms${after}` });
    }, deadline.remaining());

    // Name lookups for this request answer with the checked address only, so the connection goes where
    // the policy looked, while `hostname` stays the name for the Host header, SNI and the certificate
    // check. Node asks with { all: true } when it races address families, and without it otherwise.
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
      else callback(null, pinned.address, pinned.family);
    };

    const secure = url.protocol === 'https:';
    const options: Https.RequestOptions = {
      method: 'POST',
      hostname: host,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      headers: requestHeaders(request, url.host),
      lookup,
      // SNI carries a name, never an IP literal (TLS forbids it; Node warns).
      servername: secure && isIP(host) === 0 ? host : undefined,
      // agent: false - a fresh connection per attempt, closed afterwards. A keep-alive agent would save a
      // handshake for repeated deliveries to one host, but: pooled sockets are keyed by host:port, not by
      // the pinned address, so reuse would bypass this attempt's resolution; the worker's deliveries go
      // to many hosts, minutes to hours apart (retry schedule), so hits would be rare; Lambda freezes
      // between invocations and idle pooled sockets come back reset (spurious ECONNRESET); and we
      // destroy responses after 1 KB, which makes their sockets unusable for reuse anyway.
      agent: false,
    };

    try {
      req = (secure ? https : http).request(options);
    } catch (error) {
      // Invalid header names/values are rejected synchronously; report instead of throwing.
      finish({ status: null, errorKind: 'connection', excerpt: `request not sent: ${describe(error)}` });
      return;
    }

    req.on('socket', (socket: Socket) => {
      const remember = () => {
        connectedTo = socket.remoteAddress ?? pinned.address;
      };
      if (socket.remoteAddress) remember();
      else socket.once('connect', remember);
    });
    req.on('error', (error) => finish({ status: null, errorKind: 'connection', excerpt: describe(error) }));
    req.on('response', (response) => {
      res = response;
      status = response.statusCode ?? null;
      const chunks: Buffer[] = [];
      let size = 0;
      const keep = request.maxResponseBytes;
      const complete = () => {
        const bytes = Buffer.concat(chunks);
        const kept = keep === undefined ? {} : size > keep ? { bodyTooLarge: true } : { body: bytes };
        finish({ status, errorKind: null, excerpt: utf8Excerpt(bytes), ...kept });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // One byte past the cap tells utf8Excerpt whether the last character was cut.
        if (size > (keep ?? EXCERPT_BYTES)) complete();
      });
      response.on('end', complete);
      // The status line and headers arrived; a body cut off by the receiver still counts as an answer.
      response.on('error', complete);
      response.on('close', complete);
    });
    req.end(request.body);
  });
}

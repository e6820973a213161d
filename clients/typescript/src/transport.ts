// The client's fetch: retries what is safe to send again, with backoff.
// - 429: always (the service did nothing), after Retry-After.
// - 5xx, 409 IDEMPOTENCY_KEY_IN_USE and a connection that failed or dropped: for idempotent calls only,
//   GET, PUT, DELETE and every POST, which carries an Idempotency-Key made once per call (the retries
//   send the same one, so the service does the write once). PATCH is not retried on these.
import { ImportServiceError } from './errors.js';

export interface RetryOptions {
  /** Attempts in all, the first included (default 5; 1 turns retries off). */
  attempts?: number;
  /** The first backoff (default 250 ms), doubled per retry with full jitter, at most `maxDelayMs`. */
  baseDelayMs?: number;
  /** The longest wait between attempts (default 10 s; a longer Retry-After is waited in full up to 60 s). */
  maxDelayMs?: number;
}

const DEFAULTS = { attempts: 5, baseDelayMs: 250, maxDelayMs: 10_000 };
const RETRY_AFTER_CAP_MS = 60_000;

const sleep = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });

function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.min(RETRY_AFTER_CAP_MS, Math.max(0, seconds * 1000));
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.min(RETRY_AFTER_CAP_MS, Math.max(0, at - Date.now()));
}

async function isKeyInUse(response: Response): Promise<boolean> {
  if (response.status !== 409) return false;
  const body = (await response.clone().json().catch(() => undefined)) as { error?: { code?: string } } | undefined;
  return body?.error?.code === 'IDEMPOTENCY_KEY_IN_USE';
}

export function retryingFetch(base: typeof fetch, options: RetryOptions = {}): (request: Request) => Promise<Response> {
  const { attempts, baseDelayMs, maxDelayMs } = { ...DEFAULTS, ...options };
  const backoff = (retry: number) => Math.random() * Math.min(maxDelayMs, baseDelayMs * 2 ** retry);
  return async (request) => {
    const method = request.method.toUpperCase();
    if (method === 'POST' && !request.headers.has('idempotency-key')) request.headers.set('idempotency-key', crypto.randomUUID());
    const idempotent = method !== 'PATCH';
    // The body is read once per send: each attempt sends a copy of the original.
    const body = request.body ? await request.arrayBuffer() : undefined;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      let response: Response;
      try {
        response = await base(new Request(request, body === undefined ? {} : { body }));
      } catch (error) {
        if (request.signal.aborted) throw error;
        if (last || !idempotent) {
          throw new ImportServiceError(0, 'NETWORK_ERROR', `No answer from the service: ${(error as Error).message}`, undefined, { cause: error });
        }
        await sleep(backoff(attempt), request.signal);
        continue;
      }
      const again = response.status === 429 || (idempotent && (response.status >= 500 || (await isKeyInUse(response))));
      if (!again || last) return response;
      // Let the unread answer go before waiting.
      await response.body?.cancel().catch(() => undefined);
      await sleep(retryAfterMs(response) ?? backoff(attempt), request.signal);
    }
  };
}

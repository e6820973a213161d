// The dashboard's API client: openapi-fetch over the types generated from docs/openapi.json, with the
// access token on every request. A 401 renews the token once and repeats the request; if renewal is
// not possible the person signs in again and comes back to the same page.
import createClient, { type Middleware } from 'openapi-fetch';
import type { Auth } from '../auth/oidc';
import type { paths } from './schema';

export type Api = ReturnType<typeof createApi>;

/** An answer in the API's error shape (SPEC's { error: { code, message, details } }), or the gateway's. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  /**
   * Where a VALIDATION_ERROR is: its message is "Validation error: <path> <what is wrong>" (DECISIONS.md),
   * e.g. { field: "columns[2].key", problem: "is required" }, for the form to show at that field.
   */
  get field(): { field: string; problem: string } | undefined {
    const match = this.code === 'VALIDATION_ERROR' ? /^Validation error: (\S+) (.+)$/.exec(this.message) : null;
    return match && match[1] !== 'body' ? { field: match[1], problem: match[2] } : undefined;
  }
}

export function createApi(baseUrl: string, auth: Auth) {
  const retried = new WeakSet<Request>();
  const bodies = new WeakMap<Request, ArrayBuffer | null>();
  const authorize: Middleware = {
    async onRequest({ request }) {
      const token = auth.accessToken;
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      // Kept to repeat the request after a renewal (a Request's body can be read once).
      bodies.set(request, request.body ? await request.clone().arrayBuffer() : null);
      return request;
    },
    async onResponse({ request, response }) {
      if (response.status !== 401 || retried.has(request)) return response;
      if (!(await auth.renew())) {
        await auth.signIn(location.pathname + location.search);
        return response;
      }
      const again = new Request(request, { body: bodies.get(request) ?? undefined });
      retried.add(again);
      again.headers.set('Authorization', `Bearer ${auth.accessToken}`);
      return fetch(again);
    },
  };
  const client = createClient<paths>({ baseUrl });
  client.use(authorize);
  return client;
}

interface Result<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a successful answer, or throws an ApiError the pages show in place. */
export function unwrap<T>({ data, error, response }: Result<T>): T {
  if (response.ok) return data as T;
  // The gateway's own refusals are { message } (GatewayError), the API's { error: { code, message } }.
  const body = error as { error?: { code?: string; message?: string }; message?: string } | undefined;
  throw new ApiError(response.status, body?.error?.code ?? `HTTP_${response.status}`, body?.error?.message ?? body?.message ?? response.statusText);
}

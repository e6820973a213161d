// Test helpers: an HTTP client for the local gateway and organizations created through the data
// layer that importctl uses.
import { createOrganization, updateOrganization } from '../../shared/data/organizations';
import type { Plan } from '../../shared/domain/plans';

export const baseUrl = () => process.env.TEST_BASE_URL!;

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export async function call<T = any>(
  method: string,
  path: string,
  options: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${baseUrl()}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

export function client(key: string) {
  return {
    get: <T = any>(path: string) => call<T>('GET', path, { key }),
    post: <T = any>(path: string, body?: unknown) => call<T>('POST', path, { key, body }),
    patch: <T = any>(path: string, body?: unknown) => call<T>('PATCH', path, { key, body }),
    put: <T = any>(path: string, body?: unknown) => call<T>('PUT', path, { key, body }),
    delete: <T = any>(path: string) => call<T>('DELETE', path, { key }),
  };
}

export async function newOrganization(plan: Plan = 'free') {
  const created = await createOrganization(`Test org ${Math.random().toString(36).slice(2, 8)}`, plan);
  return { ...created, api: client(created.apiKey) };
}

export { updateOrganization };

export const contactsTemplate = (overrides: Record<string, unknown> = {}) => ({
  name: 'Contacts',
  description: 'CRM contacts',
  columns: [
    {
      key: 'email',
      name: 'Email',
      type: 'email',
      required: true,
      validations: [{ type: 'unique', value: true, message: 'Email already listed' }],
      suggestedMappings: ['e-mail', 'mail'],
    },
    { key: 'age', name: 'Age', type: 'number', validations: [{ type: 'min', value: 0 }, { type: 'max', value: 150 }] },
  ],
  ...overrides,
});

/** Wait until the current rate-limit window has at least `seconds` left, so a burst stays in one window. */
export async function freshWindow(seconds = 20): Promise<void> {
  const left = 60 - (Date.now() / 1000) % 60;
  if (left < seconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 50));
}

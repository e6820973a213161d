// The client: typed calls for every /api/v1 route over the generated types (openapi-fetch), with the
// service's error shape as ImportServiceError, page iterators, importFile, and the retrying transport.
import createFetchClient from 'openapi-fetch';
import type { paths } from './schema.js';
import { errorOf, ImportServiceError } from './errors.js';
import { retryingFetch, type RetryOptions } from './transport.js';
import { openFile, putFile, type FileInput } from './upload.js';

export interface ClientOptions {
  /** The service's address, e.g. https://api.example.com (no /api/v1). */
  baseUrl: string;
  /** An API key of the organization (Bearer). */
  apiKey: string;
  /** Retries of 429, 5xx and dropped connections (transport.ts); `{ attempts: 1 }` turns them off. */
  retry?: RetryOptions;
  /** Another fetch (a proxy agent, a test double); default globalThis.fetch. */
  fetch?: typeof fetch;
}

/** Per call: an Idempotency-Key of your own (one is made for every POST otherwise), and an AbortSignal. */
export interface CallOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
}

type Result<T> = { data?: T; error?: unknown; response: Response };

async function unwrap<T>(pending: Promise<Result<T>>): Promise<T> {
  const { data, error, response } = await pending;
  if (!response.ok || error !== undefined) throw await errorOf(response, error);
  return data as T;
}

/** Pages of a page-numbered list, item by item, until the last page. */
async function* pages<T>(fetchPage: (page: number) => Promise<{ data: T[]; pagination: { page: number; totalPages: number } }>): AsyncGenerator<T> {
  for (let page = 1; ; page++) {
    const { data, pagination } = await fetchPage(page);
    yield* data;
    if (page >= pagination.totalPages || data.length === 0) return;
  }
}

const headersOf = (options?: CallOptions) => (options?.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : undefined);

type CreateImportBody = paths['/api/v1/imports']['post']['requestBody']['content']['application/json'];

export type ImportFileOptions = FileInput &
  Omit<CreateImportBody, 'fileName' | 'fileSize'> & {
    /** Wait until the import ends (or waits for corrections, with review: true) and return its detail. */
    wait?: boolean;
    /** Upload progress: bytes sent of the file's size. */
    onProgress?: (sent: number, total: number) => void;
    /** How long `wait` waits (default 30 minutes). */
    timeoutMs?: number;
    idempotencyKey?: string;
    signal?: AbortSignal;
  };

export interface WaitOptions {
  timeoutMs?: number;
  /** Stop also at AWAITING_CORRECTIONS (an import created with review: true whose rows wait for a person). Default true. */
  untilCorrections?: boolean;
  signal?: AbortSignal;
}

export function createClient(options: ClientOptions) {
  const baseFetch = options.fetch ?? globalThis.fetch;
  const api = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${options.apiKey}` },
    fetch: retryingFetch(baseFetch, options.retry),
  });
  const id = (value: string) => ({ path: { id: value } });

  const templates = {
    list: (query: { page?: number; limit?: number } = {}, call?: CallOptions) =>
      unwrap(api.GET('/api/v1/templates', { params: { query }, signal: call?.signal })),
    /** Every template, page by page. */
    all: (limit = 100) => pages((page) => templates.list({ page, limit })),
    get: (templateId: string, call?: CallOptions) => unwrap(api.GET('/api/v1/templates/{id}', { params: id(templateId), signal: call?.signal })),
    create: (body: paths['/api/v1/templates']['post']['requestBody']['content']['application/json'], call?: CallOptions) =>
      unwrap(api.POST('/api/v1/templates', { body, headers: headersOf(call), signal: call?.signal })),
    update: (templateId: string, body: paths['/api/v1/templates/{id}']['patch']['requestBody']['content']['application/json'], call?: CallOptions) =>
      unwrap(api.PATCH('/api/v1/templates/{id}', { params: id(templateId), body, signal: call?.signal })),
    delete: (templateId: string, call?: CallOptions) => unwrap(api.DELETE('/api/v1/templates/{id}', { params: id(templateId), signal: call?.signal })),
    /** A copy named "<name> (Copy)". */
    duplicate: (templateId: string, call?: CallOptions) =>
      unwrap(api.POST('/api/v1/templates/{id}/duplicate', { params: id(templateId), headers: headersOf(call), signal: call?.signal })),
    testHook: (templateId: string, body: paths['/api/v1/templates/{id}/hook-test']['post']['requestBody']['content']['application/json'], call?: CallOptions) =>
      unwrap(api.POST('/api/v1/templates/{id}/hook-test', { params: id(templateId), body, headers: headersOf(call), signal: call?.signal })),
  };

  type ImportQuery = NonNullable<paths['/api/v1/imports']['get']['parameters']['query']>;
  type RowsQuery = { page?: number; limit?: number };

  const imports = {
    /** Starts an import: upload the file to `upload.url` yourself (or use importFile). */
    create: (body: CreateImportBody, call?: CallOptions) => unwrap(api.POST('/api/v1/imports', { body, headers: headersOf(call), signal: call?.signal })),
    list: (query: ImportQuery = {}, call?: CallOptions) => unwrap(api.GET('/api/v1/imports', { params: { query }, signal: call?.signal })),
    /** Every import matching the filters, newest first, page by page. */
    all: (query: Omit<ImportQuery, 'page'> = {}) => pages((page) => imports.list({ ...query, page, limit: query.limit ?? 100 })),
    get: (importId: string, call?: CallOptions) => unwrap(api.GET('/api/v1/imports/{id}', { params: id(importId), signal: call?.signal })),
    rowsPage: (importId: string, query: RowsQuery = {}, call?: CallOptions) =>
      unwrap(api.GET('/api/v1/imports/{id}/rows', { params: { ...id(importId), query }, signal: call?.signal })),
    /** Every valid row of a COMPLETED import, in file order, 1,000 a request. */
    rows: (importId: string, { limit = 1000 }: { limit?: number } = {}) => pages((page) => imports.rowsPage(importId, { page, limit })),
    errorsPage: (importId: string, query: RowsQuery = {}, call?: CallOptions) =>
      unwrap(api.GET('/api/v1/imports/{id}/errors', { params: { ...id(importId), query }, signal: call?.signal })),
    /** Every row in error of a finished import: row number and, per bad cell, column, value and message. */
    errors: (importId: string, { limit = 1000 }: { limit?: number } = {}) => pages((page) => imports.errorsPage(importId, { page, limit })),
    correctionsPage: (importId: string, query: RowsQuery = {}, call?: CallOptions) =>
      unwrap(api.GET('/api/v1/imports/{id}/corrections', { params: { ...id(importId), query }, signal: call?.signal })),
    /** Every change the end user made in the correction step, in order. */
    corrections: (importId: string, { limit = 1000 }: { limit?: number } = {}) => pages((page) => imports.correctionsPage(importId, { page, limit })),
    hookCalls: (importId: string, call?: CallOptions) => unwrap(api.GET('/api/v1/imports/{id}/hook-calls', { params: id(importId), signal: call?.signal })),
    webhookAttempts: (importId: string, call?: CallOptions) =>
      unwrap(api.GET('/api/v1/imports/{id}/webhook-attempts', { params: id(importId), signal: call?.signal })),
    resendWebhook: (importId: string, call?: CallOptions) =>
      unwrap(api.POST('/api/v1/imports/{id}/webhook/resend', { params: id(importId), headers: headersOf(call), signal: call?.signal })),
    /** A link that opens the correction step of an import created with review: true, for someone with no account. */
    createReviewLink: (importId: string, body: { expiresInSeconds?: number } = {}, call?: CallOptions) =>
      unwrap(api.POST('/api/v1/imports/{id}/review-link', { params: id(importId), body, headers: headersOf(call), signal: call?.signal })),
    deleteReviewLink: (importId: string, call?: CallOptions) =>
      unwrap(api.DELETE('/api/v1/imports/{id}/review-link', { params: id(importId), signal: call?.signal })),

    /** Polls the import (0.5 s growing to 5 s) until it is COMPLETED or FAILED, or waits for corrections. */
    async wait(importId: string, { timeoutMs = 30 * 60_000, untilCorrections = true, signal }: WaitOptions = {}) {
      const deadline = Date.now() + timeoutMs;
      for (let delay = 500; ; delay = Math.min(5000, delay * 1.5)) {
        const detail = await imports.get(importId, { signal });
        if (detail.status !== 'PENDING' || (untilCorrections && detail.phase === 'AWAITING_CORRECTIONS')) return detail;
        if (Date.now() + delay > deadline) throw new ImportServiceError(0, 'WAIT_TIMEOUT', `Import ${importId} is still ${detail.phase} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    },

    /**
     * Imports a file from your server: creates the import, uploads the file (with progress) and, with
     * `wait`, resolves with the finished import's detail; otherwise with the created import.
     */
    async importFile(options: ImportFileOptions) {
      const { wait, onProgress, timeoutMs, idempotencyKey, signal, file: _file, path: _path, stream: _stream, fileName: _name, fileSize: _size, ...fields } =
        options as ImportFileOptions & { file?: unknown; path?: unknown; stream?: unknown; fileName?: string; fileSize?: number };
      const opened = await openFile(options);
      const created = await imports.create({ ...(fields as Omit<CreateImportBody, 'fileName' | 'fileSize'>), fileName: opened.fileName, fileSize: opened.fileSize }, { idempotencyKey, signal });
      await putFile(baseFetch, created.upload, opened, { onProgress, signal });
      if (!wait) return { importId: created.importId, import: undefined };
      return { importId: created.importId, import: await imports.wait(created.importId, { timeoutMs, signal }) };
    },
  };

  const branding = {
    get: (call?: CallOptions) => unwrap(api.GET('/api/v1/organization/branding', { signal: call?.signal })),
    update: (body: paths['/api/v1/organization/branding']['put']['requestBody']['content']['application/json'], call?: CallOptions) =>
      unwrap(api.PUT('/api/v1/organization/branding', { body, signal: call?.signal })),
  };

  return { templates, imports, branding };
}

export type ImportServiceClient = ReturnType<typeof createClient>;
export type ImportDetail = Awaited<ReturnType<ImportServiceClient['imports']['get']>>;
export type ImportListItem = Awaited<ReturnType<ImportServiceClient['imports']['list']>>['data'][number];
export type Template = Awaited<ReturnType<ImportServiceClient['templates']['get']>>;
export type CreatedImport = Awaited<ReturnType<ImportServiceClient['imports']['create']>>;

// Types of hook.mjs, for the TypeScript test that imports it (the example itself stays plain JavaScript).
import type { Server } from 'node:http';

export interface HookColumns {
  /** The column checked against the known customers; '' or null skips the check. */
  customer?: string | null;
  /** The column normalized to E.164; '' or null skips it. */
  phone?: string | null;
  /** The column warned about for free-mail domains; '' or null skips it. */
  email?: string | null;
}

export interface HookRequestRow {
  row: number;
  revision: number;
  values: Record<string, unknown>;
  errors: { column: string; message: string }[];
}

export interface HookRequest {
  type: 'rows.validate';
  importId: string;
  templateId: string;
  mode: 'import' | 'correction' | 'test';
  batch: { index: number; of: number | null };
  rows: HookRequestRow[];
  user?: unknown;
  metadata?: unknown;
}

export interface HookMessage {
  column: string;
  level: 'error' | 'warning' | 'info';
  message: string;
  code?: string;
  suggestion?: string;
}

export interface HookAnswer {
  rows: { row: number; revision: number; values?: Record<string, string | null>; messages?: HookMessage[] }[];
}

export interface ValidateOptions {
  customers: readonly string[] | ReadonlySet<string>;
  columns?: HookColumns;
  freeMailDomains?: readonly string[];
}

export type HookLogEntry =
  | {
      status: 200;
      importId: string;
      mode: HookRequest['mode'];
      batch: HookRequest['batch'];
      rows: number;
      errors: number;
      warnings: number;
      valuesChanged: number;
      ms: number;
    }
  | { status: number; reason: string; ms: number };

export interface HookServerOptions extends ValidateOptions {
  /** The organization's webhook secret, whsec_... */
  secret: string;
  /** Held before each answer, to stand in for a slow hook in benchmarks. */
  delayMs?: number;
  log?: (entry: HookLogEntry) => void;
}

export const DEFAULT_COLUMNS: Readonly<{ customer: string; phone: string; email: string }>;
export const FREE_MAIL_DOMAINS: readonly string[];
export function loadCustomers(file: string): string[];
export function normalizePhone(text: string): string | null;
export function validateRows(body: HookRequest, options: ValidateOptions): HookAnswer;
export function createHookServer(options: HookServerOptions): Server;

// Validation hooks (docs/validation-hooks.md): a template's own HTTPS endpoint that checks and fixes rows
// during an import. This module is the contract: the template's setting as requests give it and as it
// is stored, what the service sends, what it accepts back, and the policy's numbers. The calls are
// shared/hooks/.
import * as v from 'valibot';
import { msg } from './validation';

export const HOOK_LIMITS = {
  url: 2048,
  batchSize: { min: 1, max: 5000, default: 1000 },
  timeoutMs: { min: 1000, max: 20000, default: 8000 },
  /** An answer larger than this is ignored (the rows count as accepted, with a logged reason). */
  answerBytes: 5 * 1024 * 1024,
  messageChars: 1000,
  codeChars: 100,
  suggestionChars: 10_000,
  /** Messages kept per row: a hook that answers thousands for one row cannot bloat the row's storage. */
  messagesPerRow: 50,
} as const;

/** Waits before the second and third tries of a call that timed out, got a 5xx, no connection or garbage. */
export const HOOK_RETRY_DELAYS_MS = [1000, 4000] as const;

export const HOOK_FAILURE_POLICIES = ['fail', 'accept'] as const;
export const MESSAGE_LEVELS = ['error', 'warning', 'info'] as const;
export type MessageLevel = (typeof MESSAGE_LEVELS)[number];

export interface ValidationHook {
  url: string;
  /** The column keys sent to the hook; null: every column. */
  columns: string[] | null;
  batchSize: number;
  timeoutMs: number;
  onFailure: (typeof HOOK_FAILURE_POLICIES)[number];
}

const between = (min: number, max: number) =>
  v.pipe(v.number(msg.number), v.integer(msg.integer), v.minValue(min, msg.between(min, max)), v.maxValue(max, msg.between(min, max)));

/** What a request may say (the URL's address policy depends on the stage: checked by the operation). */
export const ValidationHookInputSchema = v.nullable(
  v.strictObject(
    {
      url: v.pipe(v.string(msg.string), v.minLength(1, msg.minChars(1)), v.maxLength(HOOK_LIMITS.url, msg.maxChars(HOOK_LIMITS.url))),
      columns: v.optional(
        v.nullable(v.pipe(v.array(v.pipe(v.string(msg.string), v.minLength(1, msg.minChars(1))), msg.array), v.minLength(1, msg.minItems(1)), v.maxLength(500, msg.maxItems(500)))),
      ),
      batchSize: v.optional(between(HOOK_LIMITS.batchSize.min, HOOK_LIMITS.batchSize.max)),
      timeoutMs: v.optional(between(HOOK_LIMITS.timeoutMs.min, HOOK_LIMITS.timeoutMs.max)),
      onFailure: v.optional(v.picklist(HOOK_FAILURE_POLICIES, msg.oneOf(HOOK_FAILURE_POLICIES))),
    },
    msg.object,
  ),
);
export type ValidationHookInput = v.InferOutput<typeof ValidationHookInputSchema>;

/** The setting as stored and answered: every field present. */
export function normalizeHook(input: ValidationHookInput | undefined): ValidationHook | null {
  if (!input) return null;
  return {
    url: input.url,
    columns: input.columns ? [...new Set(input.columns)] : null,
    batchSize: input.batchSize ?? HOOK_LIMITS.batchSize.default,
    timeoutMs: input.timeoutMs ?? HOOK_LIMITS.timeoutMs.default,
    onFailure: input.onFailure ?? 'fail',
  };
}

export const ValidationHookSchema = v.nullable(
  v.object({
    url: v.string(),
    columns: v.nullable(v.array(v.string())),
    batchSize: v.pipe(v.number(), v.integer()),
    timeoutMs: v.pipe(v.number(), v.integer()),
    onFailure: v.picklist(HOOK_FAILURE_POLICIES),
  }),
);

// ---- The exchange ----

/** A message a hook attached to a cell, as stored with the row and shown to the end user. */
export interface HookMessage {
  column: string;
  level: MessageLevel;
  message: string;
  code?: string;
  suggestion?: string;
}

export const HookMessageSchema = v.object({
  column: v.string(),
  level: v.picklist(MESSAGE_LEVELS),
  message: v.string(),
  code: v.optional(v.string()),
  suggestion: v.optional(v.string()),
});

/** A valid row's warnings where rows are delivered (the rows route, the webhook): `index` is its place in the rows. */
export const RowMessagesSchema = v.object({
  index: v.pipe(v.number(), v.integer()),
  row: v.pipe(v.number(), v.integer()),
  messages: v.array(HookMessageSchema),
});

/** One row of a request: the configured columns' values (typed, or the text of a cell that failed its type). */
export interface HookRequestRow {
  row: number;
  revision: number;
  values: Record<string, unknown>;
  errors: { column: string; message: string }[];
}

export interface HookRequestBody {
  type: 'rows.validate';
  importId: string;
  templateId: string;
  mode: 'import' | 'correction' | 'test';
  batch: { index: number; of: number | null };
  rows: HookRequestRow[];
  user: unknown;
  metadata: unknown;
}

/**
 * The answer: loose where being strict would fail a whole batch for one odd row (unknown fields are
 * ignored), strict where a wrong type means the hook is broken (a malformed answer is a failed call).
 */
export const HookAnswerSchema = v.object({
  rows: v.array(
    v.object({
      row: v.pipe(v.number(), v.integer()),
      revision: v.optional(v.nullable(v.pipe(v.number(), v.integer()))),
      values: v.optional(v.nullable(v.record(v.string(), v.nullable(v.string())))),
      messages: v.optional(
        v.nullable(
          v.array(
            v.object({
              column: v.string(),
              level: v.picklist(MESSAGE_LEVELS),
              message: v.pipe(v.string(), v.minLength(1)),
              code: v.optional(v.nullable(v.string())),
              suggestion: v.optional(v.nullable(v.string())),
            }),
          ),
        ),
      ),
    }),
  ),
});
export type HookAnswer = v.InferOutput<typeof HookAnswerSchema>;

// ---- What the import records ----

export const HOOK_STATUSES = ['ok', 'skipped', 'failed'] as const;

/** The import's `hook` summary: the calls of its processing and its corrections. */
export interface HookSummary {
  status: (typeof HOOK_STATUSES)[number];
  /** Why the rows went through unchecked (onFailure "accept") or the import failed. */
  reason?: string;
  calls: number;
  failedCalls: number;
  rows: number;
  /** Time spent waiting on the hook, all calls added up. */
  ms: number;
}

export const HookSummarySchema = v.nullable(
  v.object({
    status: v.picklist(HOOK_STATUSES),
    reason: v.optional(v.string()),
    calls: v.pipe(v.number(), v.integer()),
    failedCalls: v.pipe(v.number(), v.integer()),
    rows: v.pipe(v.number(), v.integer()),
    ms: v.pipe(v.number(), v.integer()),
  }),
);

/** One HTTP attempt, as the hook-calls route lists it. */
export interface HookCall {
  at: string;
  mode: HookRequestBody['mode'];
  batch: number;
  rows: number;
  attempt: number;
  /** The HTTP status, or null when no complete answer came. */
  status: number | null;
  ok: boolean;
  latencyMs: number;
  error: string | null;
  /** Answers the service set aside (unknown rows or columns, stale revisions), counted. */
  ignored: number;
}

export const HookCallSchema = v.object({
  at: v.pipe(v.string(), v.isoTimestamp()),
  mode: v.picklist(['import', 'correction', 'test']),
  batch: v.pipe(v.number(), v.integer()),
  rows: v.pipe(v.number(), v.integer()),
  attempt: v.pipe(v.number(), v.integer()),
  status: v.nullable(v.pipe(v.number(), v.integer())),
  ok: v.boolean(),
  latencyMs: v.pipe(v.number(), v.integer()),
  error: v.nullable(v.string()),
  ignored: v.pipe(v.number(), v.integer()),
});

// ---- Per template: calls, failures and a latency histogram on its counters item (TPL#<id>#STATS) ----

/** Upper bounds of the latency buckets; a call slower than the last counts in the last. */
export const LATENCY_BUCKETS_MS = [25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 20000] as const;

/** The counters a set of attempts adds to the template's counters item (flat names: ADD works on them). */
export function hookStatsDeltas(attempts: readonly Pick<HookCall, 'ok' | 'latencyMs'>[]): Record<string, number> {
  const deltas: Record<string, number> = {};
  if (!attempts.length) return deltas;
  deltas.hookCalls = attempts.length;
  deltas.hookFailedCalls = attempts.filter((attempt) => !attempt.ok).length;
  for (const { latencyMs } of attempts) {
    const bound = LATENCY_BUCKETS_MS.find((limit) => latencyMs <= limit) ?? LATENCY_BUCKETS_MS.at(-1)!;
    deltas[`hookLe${bound}`] = (deltas[`hookLe${bound}`] ?? 0) + 1;
  }
  return deltas;
}

export interface HookStats {
  calls: number;
  failedCalls: number;
  /** The bucket bound under which 95% of the calls answered (an upper bound of the true p95). */
  p95LatencyMs: number;
}

export function hookStatsOf(item: Record<string, unknown> | undefined): HookStats | null {
  const calls = Number(item?.hookCalls ?? 0);
  if (!item || calls === 0) return null;
  let seen = 0;
  let p95 = LATENCY_BUCKETS_MS.at(-1)!;
  for (const bound of LATENCY_BUCKETS_MS) {
    seen += Number(item[`hookLe${bound}`] ?? 0);
    if (seen >= calls * 0.95) {
      p95 = bound;
      break;
    }
  }
  return { calls, failedCalls: Number(item.hookFailedCalls ?? 0), p95LatencyMs: p95 };
}

export const HookStatsSchema = v.nullable(
  v.object({ calls: v.pipe(v.number(), v.integer()), failedCalls: v.pipe(v.number(), v.integer()), p95LatencyMs: v.pipe(v.number(), v.integer()) }),
);

// ---- A test batch (the template builder, importctl hook test) ----

export const HOOK_TEST_MAX_ROWS = 100;

export const HookTestSchema = v.strictObject(
  {
    rows: v.pipe(
      v.array(v.strictObject({ values: v.record(v.string(), v.nullable(v.pipe(v.string(msg.string), v.maxLength(10_000, msg.maxChars(10_000))))) }, msg.object), msg.array),
      v.minLength(1, msg.minItems(1)),
      v.maxLength(HOOK_TEST_MAX_ROWS, msg.maxItems(HOOK_TEST_MAX_ROWS)),
    ),
    validationHook: v.optional(ValidationHookInputSchema),
  },
  msg.object,
);

const TestErrorSchema = v.object({
  column: v.string(),
  value: v.nullable(v.string()),
  message: v.string(),
  level: v.literal('error'),
  code: v.optional(v.string()),
  suggestion: v.optional(v.string()),
});

export const HookTestResultSchema = v.object({
  ok: v.boolean(),
  error: v.nullable(v.string()),
  status: v.nullable(v.pipe(v.number(), v.integer())),
  latencyMs: v.pipe(v.number(), v.integer()),
  answer: v.unknown(),
  rows: v.array(
    v.object({
      row: v.pipe(v.number(), v.integer()),
      values: v.record(v.string(), v.nullable(v.string())),
      errors: v.array(TestErrorSchema),
      messages: v.array(HookMessageSchema),
      changed: v.record(v.string(), v.nullable(v.string())),
    }),
  ),
});

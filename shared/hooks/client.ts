// One call to a template's validation hook: the batch's body rendered once, signed like a webhook for
// every attempt (the organization's secret, the previous one too during a rotation), POSTed through the
// webhook delivery path (the address policy checked at connect time, a time box per attempt), retried
// by the documented policy (HOOK_RETRY_DELAYS_MS: a timeout, 5xx, no connection or a malformed answer;
// never a 4xx or a refused address), and every attempt recorded (data/hook-calls.ts).
import * as v from 'valibot';
import { config } from '../config';
import { getOrganization, type Organization, type PreviousWebhookSecret } from '../data/organizations';
import { recordHookCalls } from '../data/hook-calls';
import { nowIso } from '../domain/ids';
import {
  HOOK_LIMITS,
  HOOK_RETRY_DELAYS_MS,
  HookAnswerSchema,
  type HookAnswer,
  type HookCall,
  type HookRequestBody,
  type HookRequestRow,
  type HookSummary,
  type ValidationHook,
} from '../domain/validation-hook';
import { deliver, type DeliveryResult } from '../webhooks/http-delivery';
import { signedHeaders } from '../webhooks/signing';
import { signingSecrets } from '../webhooks/secrets';
import { log } from '../observability/logger';
import { countMetric } from '../observability/observe';
import { METRIC } from '../observability/metrics';
import { readAnswer, type ReadAnswer } from './answer';

/** What every call of one import (or one test) shares. */
export interface HookContext {
  organizationId: string;
  importId: string;
  templateId: string;
  hook: ValidationHook;
  mode: HookRequestBody['mode'];
  user: unknown;
  metadata: unknown;
  /** Whether to record the attempts (a test batch of the template builder has no import to record them on). */
  record?: boolean;
  /** Read once per context: the secrets an import's calls are signed with. */
  organization?: Promise<(Organization & PreviousWebhookSecret) | undefined>;
  /** Waits between tries; tests and the bench may shorten them, production uses the documented ones. */
  retryDelaysMs?: readonly number[];
  /**
   * When the calls must be over (ms since the epoch): an API request has to answer within its function's
   * timeout, so its calls share one budget; each attempt's time box shrinks to what is left, and no retry
   * starts that could not finish. Processing has none (the processor's 15 minutes are the deadline's).
   */
  deadline?: number;
  /** Which columns an answer may set values of (those sent) and put messages on (the template's). */
  columns: { values: ReadonlySet<string>; messages: ReadonlySet<string> };
}

/** The hook could not be asked (every try failed, or a failure that is not retried): the policy decides. */
export class HookFailed extends Error {
  override name = 'HookFailed';
  constructor(
    message: string,
    readonly attempts: HookCall[],
  ) {
    super(message);
  }
}

/** The calls one import's processing, or one correction request, made: its summary's counts and each attempt. */
export class HookTally {
  readonly counts: Omit<HookSummary, 'status'> = { calls: 0, failedCalls: 0, rows: 0, ms: 0 };
  /** Every attempt's outcome and latency: the template's counters (hookStatsDeltas). */
  readonly attempts: Pick<HookCall, 'ok' | 'latencyMs'>[] = [];

  add(attempts: readonly HookCall[], rows: number): void {
    for (const { ok, latencyMs } of attempts) {
      this.attempts.push({ ok, latencyMs });
      this.counts.failedCalls += ok ? 0 : 1;
      this.counts.ms += latencyMs;
    }
    this.counts.calls += attempts.length;
    this.counts.rows += rows;
  }
}

export interface CallOutcome extends ReadAnswer {
  /** The answer as it came (the template builder's test batch shows it); undefined when set aside. */
  answer: HookAnswer | undefined;
  /** Why the whole answer was set aside (too large): every row counts as accepted. */
  setAside?: string;
  attempts: HookCall[];
}

type Try = { retry: boolean; error: string } | { answer: HookAnswer | undefined; setAside?: string };

/** What one attempt's result means under the policy. */
function judge(result: DeliveryResult): Try {
  if (result.status === null) {
    const refused = result.errorKind === 'forbidden_address' || result.errorKind === 'invalid_url';
    return { retry: !refused, error: `${result.errorKind}: ${result.excerpt}` };
  }
  if (result.status >= 400 && result.status < 500) return { retry: false, error: `HTTP ${result.status}: ${result.excerpt.slice(0, 300)}` };
  if (result.status < 200 || result.status >= 300) return { retry: true, error: `HTTP ${result.status}: ${result.excerpt.slice(0, 300)}` };
  if (result.bodyTooLarge) return { answer: undefined, setAside: `the answer is larger than ${HOOK_LIMITS.answerBytes} bytes` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(result.body!.toString('utf8'));
  } catch {
    return { retry: true, error: `malformed answer: not JSON (${result.excerpt.slice(0, 100)})` };
  }
  const checked = v.safeParse(HookAnswerSchema, parsed);
  if (!checked.success) {
    const issue = checked.issues[0];
    const path = (issue.path ?? []).map((step) => String(step.key)).join('.');
    return { retry: true, error: `malformed answer: ${path || 'body'} ${issue.message}` };
  }
  return { answer: checked.output };
}

/** An attempt needs at least this long to be worth making. */
const MIN_ATTEMPT_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Send one batch. `revision`: the rows' newest revision, so that `webhook-id` is the same for every try
 * of one batch at one revision and a receiver can recognise a retried batch.
 */
export async function callHook(ctx: HookContext, batch: HookRequestBody['batch'], rows: HookRequestRow[], revision: number): Promise<CallOutcome> {
  const body: HookRequestBody = {
    type: 'rows.validate',
    importId: ctx.importId,
    templateId: ctx.templateId,
    mode: ctx.mode,
    batch,
    rows,
    user: ctx.user ?? null,
    metadata: ctx.metadata ?? {},
  };
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  const webhookId = `hook_${ctx.importId}_${revision}_${batch.index}`;
  ctx.organization ??= getOrganization(ctx.organizationId);
  const delays = ctx.retryDelaysMs ?? HOOK_RETRY_DELAYS_MS;
  const attempts: HookCall[] = [];
  let outcome: CallOutcome | undefined;
  let lastError = '';
  for (let attempt = 1; attempt <= delays.length + 1; attempt++) {
    const left = ctx.deadline === undefined ? Infinity : ctx.deadline - Date.now();
    if (left < MIN_ATTEMPT_MS) {
      lastError ||= 'no time left in this request for a call';
      break;
    }
    const at = nowIso();
    const secrets = signingSecrets((await ctx.organization) ?? { webhookSecret: null }, Date.now());
    const result: DeliveryResult = secrets
      ? await deliver({
          url: ctx.hook.url,
          body: bytes,
          headers: signedHeaders({ ...secrets, webhookId, timestampSeconds: Math.floor(Date.now() / 1000), body: bytes }),
          timeoutMs: Math.min(ctx.hook.timeoutMs, left),
          allowPrivate: config().webhookAllowPrivate,
          maxResponseBytes: HOOK_LIMITS.answerBytes,
        })
      : { status: null, errorKind: 'invalid_url', durationMs: 0, excerpt: 'the organization has no webhook secret to sign with', address: null };
    const verdict = judge(result);
    const failed = 'error' in verdict;
    attempts.push({
      at,
      mode: ctx.mode,
      batch: batch.index,
      rows: rows.length,
      attempt,
      status: result.status,
      ok: !failed,
      latencyMs: result.durationMs,
      error: failed ? verdict.error : (verdict.setAside ?? null),
      ignored: 0,
    });
    if (!failed) {
      const read = verdict.answer ? readAnswer(verdict.answer, rows, ctx.columns, ctx.importId) : { verdicts: new Map(), ignored: 0 };
      attempts[attempts.length - 1].ignored = read.ignored;
      outcome = { ...read, answer: verdict.answer, ...(verdict.setAside ? { setAside: verdict.setAside } : {}), attempts };
      if (verdict.setAside) log.warn('Validation hook answer set aside', { importId: ctx.importId, batch: batch.index, reason: verdict.setAside });
      break;
    }
    lastError = verdict.error;
    if (!verdict.retry || attempt > delays.length) break;
    if (ctx.deadline !== undefined && ctx.deadline - Date.now() - delays[attempt - 1] < MIN_ATTEMPT_MS) {
      lastError += ` (no retry: the request's ${Math.round((ctx.deadline - Date.now()) / 1000)} s left would not hold one)`;
      break;
    }
    await sleep(delays[attempt - 1]);
  }
  countMetric(METRIC.hookCalls, attempts.length);
  countMetric(METRIC.hookFailedCalls, attempts.filter((attempt) => !attempt.ok).length);
  countMetric(METRIC.hookRows, rows.length);
  countMetric(METRIC.hookWaitMs, attempts.reduce((sum, attempt) => sum + attempt.latencyMs, 0));
  if (ctx.record !== false) await recordHookCalls(ctx.organizationId, ctx.importId, attempts);
  if (!outcome) {
    log.warn('Validation hook failed', { importId: ctx.importId, batch: batch.index, attempts: attempts.length, error: lastError });
    throw new HookFailed(`The validation hook failed after ${attempts.length} attempt${attempts.length > 1 ? 's' : ''}: ${lastError}`, attempts);
  }
  return outcome;
}

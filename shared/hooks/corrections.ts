// The validation hook in the correction step: every row a change touches (a PATCH, a find & replace, a
// restore) is sent as it will be, in `mode: "correction"` with the change's version as its revision,
// before the change is committed; the hook's values and messages become part of that same change. A
// hook that fails: "fail" answers 502 VALIDATION_HOOK_FAILED and the change is not made; "accept" lets
// the rows through unchecked and records why on the import.
import { ApiError } from '../domain/errors';
import { hookStatsDeltas, type HookMessage } from '../domain/validation-hook';
import { addHookCalls, countTemplateHookCalls } from '../data/imports';
import { addHookUsage } from '../data/usage';
import { checkRow } from '../engine/engine';
import type { Rules, Texts } from '../corrections/rules';
import type { ImportItems } from '../data/imports';
import { callHook, HookFailed, HookTally } from './client';
import { requestRow, sentColumns, HOOK_CALLS_IN_FLIGHT } from './stage';
import { BoundedWrites } from '../data/bounded-writes';

/**
 * What one correction request may spend on the hook, all its calls together: the embed and dashboard
 * functions answer within 29 s (API Gateway's limit is 30 s), and the change itself needs a moment.
 */
export const CORRECTION_BUDGET_MS = 24_000;

export interface ChangedRow {
  index: number;
  /** The file row number. */
  row: number;
  /** The row's texts as the change leaves them. */
  texts: Texts;
}

/** The hook's verdict on a changed row: cells it replaced (column index -> text) and its messages now. */
export interface CorrectionVerdict {
  values: Map<number, string | null>;
  messages: HookMessage[];
}

/**
 * Ask the hook about the changed rows. Undefined when the import has no hook, or the rows went through
 * unchecked ("accept" after a failure); otherwise a verdict for every row (empty: accepted as it is).
 */
export async function checkChangedRows(
  organizationId: string,
  items: Pick<ImportItems, 'record' | 'snapshot'>,
  rules: Rules,
  rows: ChangedRow[],
  revision: number,
): Promise<Map<number, CorrectionVerdict> | undefined> {
  const hook = items.snapshot.hook;
  if (!hook || rows.length === 0) return undefined;
  const sent = sentColumns(rules.columns, hook.columns);
  const ctx = {
    deadline: Date.now() + CORRECTION_BUDGET_MS,
    organizationId,
    importId: items.record.id,
    templateId: items.snapshot.template.id,
    hook,
    mode: 'correction' as const,
    user: items.snapshot.user,
    metadata: items.record.metadata,
    columns: { values: new Set(sent.map((j) => rules.keys[j])), messages: new Set(rules.keys) },
  };
  const verdicts = new Map<number, CorrectionVerdict>();
  const tally = new HookTally();
  let failure: HookFailed | undefined;
  const batches = Math.ceil(rows.length / hook.batchSize);
  const calls = new BoundedWrites(HOOK_CALLS_IN_FLIGHT);
  for (let index = 0; index < batches; index++) {
    const batch = rows.slice(index * hook.batchSize, (index + 1) * hook.batchSize);
    await calls.add(async () => {
      try {
        const sentRows = batch.map(({ row, texts }) => requestRow(checkRow(row, texts, [], rules.checks, rules.keys), sent, rules.keys, revision));
        const outcome = await callHook(ctx, { index, of: batches }, sentRows, revision);
        tally.add(outcome.attempts, batch.length);
        for (const changed of batch) {
          const verdict = outcome.verdicts.get(changed.row);
          verdicts.set(changed.index, {
            values: new Map([...(verdict?.values ?? [])].map(([key, text]) => [rules.keys.indexOf(key), text])),
            messages: verdict?.messages ?? [],
          });
        }
      } catch (error) {
        if (!(error instanceof HookFailed)) throw error;
        tally.add(error.attempts, batch.length);
        failure ??= error;
      }
    });
  }
  await calls.done();
  const skipped = failure && hook.onFailure === 'accept' ? failure.message : undefined;
  // Counters for the import's summary and the template's metrics, side by side (not a transaction: they
  // count calls already made and logged, and a lost increment must not cost every PATCH a transaction).
  await Promise.all([
    addHookCalls(organizationId, items.record.id, tally.counts, skipped),
    countTemplateHookCalls(organizationId, items.snapshot.template.id, hookStatsDeltas(tally.attempts)),
    addHookUsage(organizationId, { hookCalls: tally.counts.calls, hookRows: tally.counts.rows, hookMs: Math.round(tally.counts.ms) }),
  ]);
  if (failure && hook.onFailure === 'fail') {
    throw new ApiError(502, 'VALIDATION_HOOK_FAILED', `${failure.message}. Nothing was changed: try again in a moment.`);
  }
  if (failure) return undefined;
  return verdicts;
}

// The validation hook during processing: a row stage of the engine (engine.ts) that gathers checked
// rows into batches of the hook's batchSize, keeps a few calls in flight while the engine reads on, and
// hands the rows back in file order with the hook's verdict applied: replaced cells checked again by the
// template's own rules, the hook's errors as row errors, its warnings kept with the row. Memory is the
// batches in flight, never the file. A failed call follows the template's onFailure: "fail" ends the
// import (VALIDATION_HOOK_FAILED), "accept" lets the rest through unchecked and says why.
import type { Column } from '../domain/templates';
import type { HookRequestRow, HookSummary } from '../domain/validation-hook';
import { compileColumn, cellText, Invalid } from '../engine/columns';
import type { FormatState } from '../engine/column-formats';
import { shownValue, type CheckedRow, type RowStage } from '../engine/engine';
import { RowStageFailure } from '../engine/types';
import { callHook, HookFailed, HookTally, type CallOutcome, type HookContext } from './client';
import type { RowVerdict } from './answer';

/**
 * Calls in flight at once. Measured with bench/validation-hooks.ts (a hook answering in ~5 ms, 1,000-row
 * batches): 1 leaves the engine waiting on every call, 4 hides the hook's latency behind reading the
 * file, more only adds memory (every batch in flight is held).
 */
export const HOOK_CALLS_IN_FLIGHT = 4;

interface Pending {
  rows: CheckedRow[];
  settled: boolean;
  done: Promise<void>;
  /** Anything but the hook's own failure (the call log's write): thrown where the rows are taken. */
  error?: unknown;
}

/** The request row of a checked row: the hook's columns, typed, or the cell's text where it failed its type. */
export function requestRow(row: CheckedRow, sent: readonly number[], keys: readonly string[], revision: number): HookRequestRow {
  const values: Record<string, unknown> = {};
  for (const j of sent) values[keys[j]] = row.values[j] !== undefined ? row.values[j] : cellText(row.cells[j]) || null;
  return { row: row.row, revision, values, errors: (row.errors ?? []).map(({ column, message }) => ({ column, message })) };
}

/** The columns a hook is sent: its configured ones that the template still has, else all. */
export function sentColumns(columns: readonly Column[], configured: readonly string[] | null): number[] {
  const all = columns.map((_, j) => j);
  if (!configured) return all;
  const wanted = new Set(configured);
  return all.filter((j) => wanted.has(columns[j].key));
}

export class HookStage implements RowStage {
  private batch: CheckedRow[] = [];
  private readonly pending: Pending[] = [];
  private nextIndex = 0;
  private readonly checks: ((cell: string | null) => unknown)[];
  private readonly keys: string[];
  private readonly sent: number[];
  private skipped: string | undefined;
  private failure: HookFailed | undefined;
  private status: Pick<HookSummary, 'status' | 'reason'> = { status: 'ok' };
  readonly tally = new HookTally();
  /** The last call's attempts and answer as they came (a test batch shows them). */
  last: Pick<CallOutcome, 'answer' | 'attempts'> | undefined;

  /** Some row is in error: an import that fails at its first error row has no use for more calls. */
  private sawError = false;

  /**
   * `stopAtFirstError`: the import fails at its first row in error (no partial import, no correction
   * step), so once one is seen the remaining rows are not sent: their answers could change nothing.
   */
  private readonly stopAtFirstError: boolean;
  private readonly inFlight: number;

  /** One context for every call: it caches the organization (its secrets) read by the first. */
  private readonly ctx: HookContext;

  constructor(
    context: Omit<HookContext, 'columns'>,
    columns: Column[],
    options: { stopAtFirstError?: boolean; inFlight?: number; formats?: FormatState[] } = {},
  ) {
    this.stopAtFirstError = options.stopAtFirstError ?? false;
    this.inFlight = options.inFlight ?? HOOK_CALLS_IN_FLIGHT;
    // The engine's own format states: a value the hook replaces is read as the column's others are.
    this.checks = columns.map((column, i) => compileColumn(column, { withUnique: false, ...(options.formats && { format: options.formats[i] }) }).check);
    this.keys = columns.map((column) => column.key);
    this.sent = sentColumns(columns, context.hook.columns);
    this.ctx = { ...context, columns: { values: new Set(this.sent.map((j) => this.keys[j])), messages: new Set(this.keys) } };
  }

  push(row: CheckedRow): void {
    // A full batch leaves when the next row arrives: the file's last batch is sent by flush, which knows it is the last (batch.of).
    if (this.batch.length >= this.ctx.hook.batchSize) this.launch(false);
    if (row.errors) this.sawError = true;
    this.batch.push(row);
  }

  async ready(): Promise<CheckedRow[]> {
    const out: CheckedRow[] = [];
    while (this.pending.length > 0 && (this.pending[0].settled || this.pending.length > this.inFlight)) {
      out.push(...(await this.take()));
    }
    return out;
  }

  async flush(): Promise<CheckedRow[]> {
    if (this.batch.length) this.launch(true);
    const out: CheckedRow[] = [];
    while (this.pending.length) out.push(...(await this.take()));
    return out;
  }

  private async take(): Promise<CheckedRow[]> {
    const first = this.pending.shift()!;
    await first.done;
    if (first.error) throw first.error;
    if (this.failure && this.ctx.hook.onFailure === 'fail') {
      this.status = { status: 'failed', reason: this.failure.message };
      throw new RowStageFailure('VALIDATION_HOOK_FAILED', this.failure.message);
    }
    return first.rows;
  }

  private launch(last: boolean): void {
    const rows = this.batch;
    this.batch = [];
    const index = this.nextIndex++;
    const pending: Pending = { rows, settled: false, done: Promise.resolve() };
    // After a failure under "accept" the hook is not asked again: the rest goes through unchecked.
    if (this.skipped !== undefined || this.failure || (this.stopAtFirstError && this.sawError)) {
      pending.settled = true;
    } else {
      pending.done = this.call(rows, { index, of: last ? index + 1 : null })
        .catch((error: unknown) => {
          pending.error = error;
        })
        .finally(() => {
          pending.settled = true;
        });
    }
    this.pending.push(pending);
  }

  private async call(rows: CheckedRow[], batch: { index: number; of: number | null }): Promise<void> {
    let outcome: CallOutcome;
    try {
      outcome = await callHook(this.ctx, batch, rows.map((row) => requestRow(row, this.sent, this.keys, 0)), 0);
    } catch (error) {
      if (!(error instanceof HookFailed)) throw error;
      this.tally.add(error.attempts, rows.length);
      this.last = { answer: undefined, attempts: error.attempts };
      this.failure ??= error;
      if (this.ctx.hook.onFailure === 'accept') {
        this.skipped ??= error.message;
        this.status = { status: 'skipped', reason: error.message };
      }
      return;
    }
    this.tally.add(outcome.attempts, rows.length);
    this.last = outcome;
    for (const row of rows) {
      const verdict = outcome.verdicts.get(row.row);
      if (verdict) this.apply(row, verdict);
    }
  }

  /** The import's hook summary: how the calls went, and their counts. */
  get summary(): HookSummary {
    return { ...this.status, ...this.tally.counts };
  }

  /** The verdict on one row: replaced cells checked again (recorded as the hook's), the hook's errors added. */
  private apply(row: CheckedRow, verdict: RowVerdict): void {
    const changed: Record<string, string | null> = {};
    for (const [key, text] of verdict.values) {
      const j = this.keys.indexOf(key);
      const before = cellText(row.cells[j]) || null;
      if (before === text) continue;
      changed[key] = before;
      row.cells[j] = text;
      const outcome = this.checks[j](text);
      row.errors = row.errors?.filter((error) => error.column !== key);
      if (outcome instanceof Invalid) {
        (row.errors ??= []).push({ column: key, value: shownValue(text), message: outcome.message });
        row.values[j] = undefined;
      } else row.values[j] = outcome;
    }
    for (const message of verdict.messages) {
      if (message.level !== 'error') continue;
      const j = this.keys.indexOf(message.column);
      (row.errors ??= []).push({
        column: message.column,
        value: shownValue(row.cells[j]),
        message: message.message,
        level: 'error',
        ...(message.code ? { code: message.code } : {}),
        ...(message.suggestion !== undefined ? { suggestion: message.suggestion } : {}),
      });
    }
    if (row.errors?.length === 0) delete row.errors;
    if (row.errors) this.sawError = true;
    const hasChanges = Object.keys(changed).length > 0;
    if (verdict.messages.length || hasChanges) {
      row.hook = { ...(verdict.messages.length ? { messages: verdict.messages } : {}), ...(hasChanges ? { changed } : {}) };
    }
  }
}

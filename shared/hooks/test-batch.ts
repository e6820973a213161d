// "Send a test batch": rows an admin typed (the template builder) or the head of a file (importctl hook
// test) go through the template's own checks and then its validation hook, by the same stage an import
// uses, with `mode: "test"`, without retries and without recording anything; the answer comes back as it
// came and as the end user would see it.
import type { Template } from '../domain/templates';
import type { ValidationHook } from '../domain/validation-hook';
import { compileColumn, loadPatterns } from '../engine/columns';
import { checkRow, type CheckedRow } from '../engine/engine';
import type { TypedCell } from '../engine/types';
import { RowStageFailure } from '../engine/types';
import { HookStage } from './stage';

/** The templates function answers within 10 s: a test batch's one attempt gets at most 8. */
const TEST_BUDGET_MS = 8000;

export interface TestRow {
  /** The row number shown (the file's for importctl; 1, 2, ... for typed rows). */
  row: number;
  cells: TypedCell[];
}

export async function testHookBatch(organizationId: string, template: Template, hook: ValidationHook, rows: TestRow[]) {
  await loadPatterns(template.columns);
  const checks = template.columns.map((column) => compileColumn(column, { withUnique: false }).check);
  const stage = new HookStage(
    { organizationId, importId: 'test', templateId: template.id, hook: { ...hook, onFailure: 'fail' }, mode: 'test', user: null, metadata: {}, record: false, retryDelaysMs: [], deadline: Date.now() + TEST_BUDGET_MS },
    template.columns,
  );
  const keys = template.columns.map((column) => column.key);
  for (const { row, cells } of rows.slice(0, hook.batchSize)) stage.push(checkRow(row, [...cells], [], checks, keys));
  let checked: CheckedRow[] = [];
  let error: string | null = null;
  try {
    checked = await stage.flush();
  } catch (failure) {
    if (!(failure instanceof RowStageFailure)) throw failure;
    error = failure.message;
  }
  const attempt = stage.last?.attempts.at(-1);
  return {
    ok: error === null,
    error,
    status: attempt?.status ?? null,
    latencyMs: attempt?.latencyMs ?? 0,
    answer: stage.last?.answer ?? null,
    rows: checked.map(({ row, cells, errors, hook: note }) => ({
      row,
      values: Object.fromEntries(template.columns.map((column, j) => [column.key, cells[j] === null || cells[j] === undefined ? null : String(cells[j])])),
      errors: (errors ?? []).map((cellError) => ({ ...cellError, level: 'error' as const })),
      messages: (note?.messages ?? []).filter((message) => message.level !== 'error'),
      changed: note?.changed ?? {},
    })),
  };
}

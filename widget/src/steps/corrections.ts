// The correction step ("Review your data"): an import waiting in AWAITING_CORRECTIONS shows its rows in
// a grid (grid/grid.ts) to fix in place; a view of all rows, the rows with errors, or one column's;
// find and replace; rows selected and removed, or every row with errors; the last changes undone; then
// "Import n rows" and the processing and result steps. Loaded lazily, with its own strings: the first
// load does not carry it (docs/widget.md, Size).
import { ApiFailure, type Column, type CorrectionRow, type RowCounts, type RowsPage } from '../api';
import type { WidgetContext } from '../context';
import { h, replace } from '../dom';
import { Grid } from '../grid/grid';
import { RowWindow, type RowView } from '../grid/rows';
import { translateCorrection, type CorrectionKey } from '../i18n/corrections';
import { awaitResult, importRequest, poll } from '../run';
import { button, section } from '../ui';
import { describe } from './problem';

/** Rows a remove, restore or PATCH sends at most. */
const BATCH = 1000;
/** Changes the undo keeps. */
const UNDO_DEPTH = 50;

type Undo =
  | { kind: 'edit'; row: number; key: string; before: string | null }
  /** A find and replace: each changed cell's old value (the service lists them when at most BATCH). */
  | { kind: 'replace'; key: string; cells: { row: number; before: string | null }[] }
  | { kind: 'remove'; rows: number[] }
  /** "Remove all rows with errors": the rows that were removed before it stay removed. */
  | { kind: 'removeErrors'; before: Set<number> };

interface Corrections {
  rows: RowWindow;
  selected: Set<number>;
  undo: Undo[];
  /** Drawn again on a change of locale; these follow the current drawing. */
  grid?: Grid;
  refresh: () => void;
  alert?: HTMLElement;
}

export async function showCorrections(ctx: WidgetContext) {
  const signal = ctx.signal;
  const rows = new RowWindow((query) => importRequest<RowsPage>(ctx, 'GET', `/rows${query}`, signal));
  const state: Corrections = { rows, selected: new Set(), undo: [], refresh: () => undefined };
  try {
    await rows.open({ filter: 'errors' });
    if (rows.total === 0) await rows.open({ filter: 'all' });
  } catch (error) {
    return ctx.fail(error, () => ctx.corrections());
  }
  rows.onChange = () => {
    state.grid?.schedule();
    state.refresh();
  };
  rows.onError = (error) => report(ctx, state, error);
  ctx.show('corrections', () => drawCorrections(ctx, state));
}

function drawCorrections(ctx: WidgetContext, state: Corrections) {
  const { rows, selected } = state;
  const tc = (key: CorrectionKey, params?: Record<string, string | number>) => translateCorrection(ctx.locale, key, params);
  const columns = rows.columns;
  const act = (work: () => Promise<void>) => () => void work().catch((error) => report(ctx, state, error));

  const grid = new Grid({
    rows,
    columns,
    selected,
    labelledBy: 'iw-h-corrections',
    describedBy: 'iw-grid-help',
    text: {
      select: tc('select'),
      row: ctx.t('row'),
      loading: tc('loadingRows'),
      noRows: tc('noRows'),
      columnName: (column) => (column.required ? ctx.t('requiredField', { name: column.name }) : column.name),
      selectRow: (row) => tc('selectRow', { row }),
      editCell: (column, row) => tc('editCell', { column: column.name, row }),
      note: (level, message) => tc(level === 'error' ? 'noteError' : level === 'warning' ? 'noteWarning' : 'noteInfo', { message }),
      suggested: (value) => tc('suggested', { value }),
      apply: tc('apply'),
      applyValue: (value) => tc('applyValue', { value }),
      noNotes: tc('noNotes'),
    },
    save: (row, column, value) => void saveCell(ctx, state, row, column, value).catch((error) => report(ctx, state, error)),
    onSelect: () => state.refresh(),
    onUndo: act(() => undo(ctx, state)),
  });
  state.grid = grid;

  // The view: all rows, the rows with errors, or one column's errors.
  const show = h('select', {
    id: 'iw-show',
    onchange: act(async () => {
      const [filter, column] = show.value.split(':');
      await rows.open({ filter: filter as RowView['filter'], column: column || undefined });
      grid.reset();
      state.refresh();
    }),
  });
  const undoButton = button(tc('undo'), act(() => undo(ctx, state)), 'secondary');
  const removeSelected = button('', act(() => removeRows(ctx, state)), 'secondary');
  const removeErrors = button(tc('removeErrors'), act(() => removeErrorRows(ctx, state)), 'secondary');
  const live = h('p', { class: 'iw-hint', role: 'status', 'aria-live': 'polite' });
  const alert = h('div', { class: 'iw-alert', role: 'alert', part: 'alert' });
  state.alert = alert;
  const why = h('p', { class: 'iw-hint', id: 'iw-import-why' });
  const submit = button('', act(() => submitCorrections(ctx, state, submit)), 'primary', { 'aria-describedby': 'iw-import-why' });

  state.refresh = () => {
    const { counts, view } = rows;
    const value = `${view.filter}:${view.column ?? ''}`;
    replace(show,
      h('option', { value: 'all:' }, tc('allRows', { n: view.filter === 'all' ? rows.total : counts.total - counts.removed })),
      h('option', { value: 'errors:' }, tc('errorRowsFilter', { n: counts.errors })),
      columns.map((column) => h('option', { value: `errors:${column.key}` }, tc('columnErrors', { name: column.name }))));
    show.value = value;
    // Set only when it changes: a live region set again may be read again.
    const said = tc('liveCounts', { shown: rows.total, errors: counts.errors, removed: counts.removed });
    if (live.textContent !== said) live.textContent = said;
    removeSelected.textContent = tc('removeSelected', { n: selected.size });
    removeSelected.disabled = selected.size === 0;
    removeErrors.disabled = counts.errors === 0;
    undoButton.disabled = state.undo.length === 0;
    const blocked = counts.errors > 0 && !rows.allowPartialImport;
    submit.textContent = tc('importRows', { n: counts.valid });
    submit.disabled = blocked || counts.valid === 0;
    why.textContent = counts.errors === 0 ? '' : blocked ? tc('fixFirst', { n: counts.errors }) : tc('willSkip', { n: counts.errors });
  };
  state.refresh();
  queueMicrotask(() => grid.render());

  return section('corrections',
    tc('correctionsHeading'),
    h('p', {}, tc('correctionsText')),
    h('div', { class: 'iw-tools' },
      h('div', { class: 'iw-field' }, h('label', { for: 'iw-show' }, tc('show')), show),
      undoButton, removeSelected, removeErrors),
    drawReplace(ctx, state, columns, tc),
    h('p', { class: 'iw-hint', id: 'iw-grid-help' }, tc('gridHelp')),
    grid.element,
    grid.notes,
    live,
    alert,
    h('div', { class: 'iw-actions' }, submit, ctx.reviewLink ? null : button(ctx.t('chooseAnother'), () => ctx.choose(), 'secondary')),
    why,
  );
}

/**
 * Find and replace in one column: POST rows/replace. Undone like edits when the service lists the cells
 * it changed (at most BATCH); a larger one cannot be undone, nor the changes before it.
 */
function drawReplace(ctx: WidgetContext, state: Corrections, columns: Column[], tc: (key: CorrectionKey, params?: Record<string, string | number>) => string) {
  const field = (id: string, label: string, control: HTMLElement) => h('div', { class: 'iw-field' }, h('label', { for: id }, label), control);
  const column = h('select', { id: 'iw-r-col' }, columns.map((c) => h('option', { value: c.key }, c.name)));
  const find = h('input', { id: 'iw-r-find', type: 'text' });
  const replaceWith = h('input', { id: 'iw-r-with', type: 'text' });
  const match = h('select', { id: 'iw-r-match' }, h('option', { value: 'cell' }, tc('matchWhole')), h('option', { value: 'contains' }, tc('matchPart')));
  const caseSensitive = h('input', { id: 'iw-r-case', type: 'checkbox' });
  const onlyErrors = h('input', { id: 'iw-r-errors', type: 'checkbox' });
  const check = (box: HTMLInputElement, label: string) => h('div', { class: 'iw-check' }, box, h('label', { for: box.id }, label));
  const run = () => void (async () => {
    const key = column.value;
    const result = await importRequest<{ changedRows: number; counts: RowCounts; changes?: { row: number; from: string | null }[] }>(ctx, 'POST', '/rows/replace', ctx.signal, {
      column: key,
      find: find.value,
      replace: replaceWith.value,
      match: match.value,
      caseSensitive: caseSensitive.checked,
      filter: onlyErrors.checked ? 'errors' : 'all',
    });
    if (result.changes) {
      if (result.changes.length) pushUndo(state, { kind: 'replace', key, cells: result.changes.map(({ row, from }) => ({ row, before: from })) });
    } else {
      // Too many cells to undo: the edits before it cannot be undone over it either.
      state.undo.length = 0;
    }
    state.rows.setCounts(result.counts);
    state.rows.reload();
    ctx.announce(tc('replaced', { n: result.changedRows }));
  })().catch((error) => report(ctx, state, error));
  return h('details', { class: 'iw-replace' },
    h('summary', {}, tc('findReplace')),
    h('div', { class: 'iw-tools' },
      field('iw-r-col', ctx.t('column'), column),
      field('iw-r-find', tc('find'), find),
      field('iw-r-with', tc('replaceWith'), replaceWith),
      field('iw-r-match', tc('matchLabel'), match),
      check(caseSensitive, tc('matchCase')),
      check(onlyErrors, tc('onlyErrors')),
      button(tc('replaceAll'), run, 'secondary')),
    h('p', { class: 'iw-hint' }, tc('replaceNoUndo')));
}

/**
 * One cell saved (an edit, or a suggestion applied): shown at once, then the rows the service re-validated
 * (the cell's, e.g. its duplicate's, with the validation hook's messages and any value it replaced). A
 * refusal (e.g. 502 VALIDATION_HOOK_FAILED: nothing changed) puts the row back as it was.
 */
async function saveCell(ctx: WidgetContext, state: Corrections, row: CorrectionRow, column: Column, value: string | null) {
  const before = row.values[column.key] ?? null;
  state.rows.update([{ ...row, values: { ...row.values, [column.key]: value } }], state.rows.counts);
  try {
    await patch(ctx, state, [{ row: row.row, values: { [column.key]: value } }]);
  } catch (error) {
    state.rows.update([row], state.rows.counts);
    throw error;
  }
  pushUndo(state, { kind: 'edit', row: row.row, key: column.key, before });
  // A failure said before (e.g. the validation hook was down) is over.
  if (state.alert) state.alert.textContent = '';
  ctx.announce(translateCorrection(ctx.locale, 'saved'));
}

async function patch(ctx: WidgetContext, state: Corrections, changes: { row: number; values: Record<string, string | null> }[]) {
  const result = await importRequest<{ data: CorrectionRow[]; counts: RowCounts }>(ctx, 'PATCH', '/rows', ctx.signal, { changes });
  state.rows.update(result.data, result.counts);
}

function pushUndo(state: Corrections, entry: Undo) {
  state.undo.push(entry);
  if (state.undo.length > UNDO_DEPTH) state.undo.shift();
  state.refresh();
}

async function removeRows(ctx: WidgetContext, state: Corrections) {
  const rows = [...state.selected];
  let removed = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const result = await importRequest<{ removedRows: number; counts: RowCounts }>(ctx, 'POST', '/rows/remove', ctx.signal, { rows: rows.slice(i, i + BATCH) });
    removed += result.removedRows;
    state.rows.setCounts(result.counts);
  }
  state.selected.clear();
  pushUndo(state, { kind: 'remove', rows });
  state.rows.reload();
  ctx.announce(translateCorrection(ctx.locale, 'removedRows', { n: removed }));
}

async function removeErrorRows(ctx: WidgetContext, state: Corrections) {
  // Usually none were removed before; otherwise their numbers are kept, so an undo restores only these.
  const before = new Set(state.rows.counts.removed > 0 ? await removedRows(ctx) : []);
  const result = await importRequest<{ removedRows: number; counts: RowCounts }>(ctx, 'POST', '/rows/remove', ctx.signal, { filter: 'errors' });
  state.rows.setCounts(result.counts);
  state.selected.clear();
  pushUndo(state, { kind: 'removeErrors', before });
  state.rows.reload();
  ctx.announce(translateCorrection(ctx.locale, 'removedRows', { n: result.removedRows }));
}

/** The numbers of the removed rows, a thousand a request. */
async function removedRows(ctx: WidgetContext): Promise<number[]> {
  const numbers: number[] = [];
  for (let page = 1, pages = 1; page <= pages; page++) {
    const result = await importRequest<RowsPage>(ctx, 'GET', `/rows?filter=removed&page=${page}&limit=${BATCH}`, ctx.signal);
    pages = result.pagination.totalPages;
    numbers.push(...result.data.map((row) => row.row));
  }
  return numbers;
}

async function restore(ctx: WidgetContext, state: Corrections, rows: number[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const result = await importRequest<{ restoredRows: number; counts: RowCounts }>(ctx, 'POST', '/rows/restore', ctx.signal, { rows: rows.slice(i, i + BATCH) });
    state.rows.setCounts(result.counts);
  }
  state.rows.reload();
}

/** The last change undone: a cell's old value sent back, removed rows restored. */
async function undo(ctx: WidgetContext, state: Corrections) {
  const entry = state.undo.pop();
  if (!entry) return;
  try {
    if (entry.kind === 'edit') await patch(ctx, state, [{ row: entry.row, values: { [entry.key]: entry.before } }]);
    else if (entry.kind === 'replace') await patch(ctx, state, entry.cells.map(({ row, before }) => ({ row, values: { [entry.key]: before } })));
    else if (entry.kind === 'remove') await restore(ctx, state, entry.rows);
    else await restore(ctx, state, (await removedRows(ctx)).filter((row) => !entry.before.has(row)));
  } catch (error) {
    state.undo.push(entry);
    throw error;
  }
  state.refresh();
  ctx.announce(translateCorrection(ctx.locale, 'undone'));
}

async function submitCorrections(ctx: WidgetContext, state: Corrections, submit: HTMLButtonElement) {
  submit.disabled = true;
  try {
    await importRequest(ctx, 'POST', '/submit', ctx.signal);
  } catch (error) {
    state.refresh();
    throw error;
  }
  await awaitResult(ctx, ctx.signal, false);
}

/**
 * A failed request of the step: said in its alert, the grid stays. An import no longer waiting for
 * corrections (its deadline passed) goes to its result.
 */
function report(ctx: WidgetContext, state: Corrections, error: unknown) {
  if (error instanceof ApiFailure && error.kind === 'aborted') return;
  if (error instanceof ApiFailure && error.code === 'IMPORT_NOT_AWAITING_CORRECTIONS') {
    void poll(ctx, () => true, ctx.signal).then((status) => {
      if (status.status !== 'PENDING') ctx.result(status);
      else void awaitResult(ctx, ctx.signal, false);
    }, (inner) => ctx.fail(inner));
    return;
  }
  if (error instanceof ApiFailure && error.code === 'ERRORS_REMAIN') state.rows.reload();
  if (state.alert) state.alert.textContent = describe(ctx, error).join(' ');
}

// The review's two questions about the file itself (docs/values.md): which row holds the column names
// (the service proposes one; the end user may pick another), and, for a date or number column whose
// sample values read two ways (03/08/2024, 1,234), how to read them. Each answer is a radio group:
// arrow keys move within it, Tab leaves it.
import type { PreviewSheet, ValueHints } from '../api';
import type { WidgetContext } from '../context';
import { h } from '../dom';

/** A first-rows cell as the picker shows it: its first characters. */
const CELL_CHARS = 24;
/** Cells shown per row in the picker. */
const CELLS_SHOWN = 5;

function cellText(cell: unknown): string {
  const text = cell === null || cell === undefined ? '' : String(cell).trim();
  return text.length > CELL_CHARS ? `${text.slice(0, CELL_CHARS - 1)}…` : text;
}

/**
 * What became of a pick: 'taken' (the mapping now reads that row), 'failed' (it still reads the row it
 * read before), or 'superseded' (a later pick answered for it).
 */
export type HeaderPickOutcome = 'taken' | 'failed' | 'superseded';

/**
 * The header row picker: the sheet's first non-blank rows, the current header row checked. Picking
 * another calls `pick` (which loads that row's headers); the picker stays as it is, focus with it, and
 * goes back to the row in use when a pick fails.
 * Open when the service proposed a row other than the first (a title above the header), folded otherwise.
 */
export function headerRowPicker(ctx: WidgetContext, sheet: PreviewSheet, pick: (row: number) => Promise<HeaderPickOutcome>): HTMLElement | null {
  if (sheet.headerRow === 0) return null;
  const rows = sheet.firstRows
    .map((cells, index) => ({ row: index + 1, cells: cells.map(cellText).filter((text) => text !== '') }))
    .filter(({ cells }) => cells.length > 0);
  if (rows.length === 0) return null;
  let inUse = sheet.headerRow;
  const summary = h('summary', {}, ctx.t('headerRowSummary', { n: inUse }));
  /** Checks `row`; focus, when it is in the group, moves with the check (a radio group's focus is its checked radio). */
  const show = (row: number) => {
    summary.textContent = ctx.t('headerRowSummary', { n: row });
    const radio = list.querySelector<HTMLInputElement>(`input[value="${row}"]`);
    if (!radio) return;
    radio.checked = true;
    const focused = (list.getRootNode() as Document | ShadowRoot).activeElement;
    if (focused && focused !== radio && list.contains(focused)) radio.focus();
  };
  const options = rows.map(({ row, cells }) => {
    const id = `iw-hr-${row}`;
    const shown = cells.slice(0, CELLS_SHOWN).join(' · ') + (cells.length > CELLS_SHOWN ? ' …' : '');
    return h('div', { class: 'iw-hrow', 'data-row': row },
      h('input', {
        type: 'radio', name: 'iw-header-row', id, value: String(row), checked: row === inUse,
        onchange: async () => {
          show(row);
          const outcome = await pick(row);
          if (outcome === 'taken') inUse = row;
          else if (outcome === 'failed') show(inUse);
        },
      }),
      h('label', { for: id }, h('span', { class: 'iw-hrow-n' }, ctx.t('rowN', { n: row })), h('span', { class: 'iw-hrow-cells' }, shown)));
  });
  const list = h('div', { class: 'iw-hrow-list' }, options);
  return h('details', { class: 'iw-hrows', part: 'header-row', open: sheet.proposedHeaderRow !== 1 },
    summary,
    h('fieldset', {},
      h('legend', {}, ctx.t('headerRowLegend')),
      h('p', { class: 'iw-hint' }, ctx.t('headerRowHint')),
      list));
}

type DateOrder = 'DMY' | 'MDY';
type DecimalMark = 'point' | 'comma';

/** The widget locale's own day/month order and decimal mark: the answer proposed when the file does not tell. */
function localeDefaults(locale: string): { order: DateOrder; mark: DecimalMark } {
  const parts = new Intl.DateTimeFormat(locale, { dateStyle: 'short' }).formatToParts(0).map((part) => part.type);
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
  return { order: parts.indexOf('day') < parts.indexOf('month') ? 'DMY' : 'MDY', mark: decimal === ',' ? 'comma' : 'point' };
}

/** A question: a date or number column mapped from a header whose samples read two ways. */
interface Question {
  key: string;
  name: string;
  hints: ValueHints;
  kind: 'date' | 'number';
}

/** The questions the current mapping raises: columns the template leaves open whose header's samples need an answer. */
export function questionsOf(ctx: WidgetContext, sheet: PreviewSheet): Question[] {
  const { preview, mapping } = ctx.current!;
  const questions: Question[] = [];
  for (const column of preview!.columns) {
    const header = Object.keys(mapping).find((candidate) => mapping[candidate] === column.key);
    const hints = header === undefined ? undefined : sheet.valueFormats?.[header];
    if (!hints) continue;
    if (column.type === 'date' && !column.dateOrder && hints.date?.readings && (hints.date.order === null || hints.date.conflict)) {
      questions.push({ key: column.key, name: column.name, hints, kind: 'date' });
    }
    if (column.type === 'number' && !column.numberFormat && hints.number?.readings && (hints.number.format === null || hints.number.conflict)) {
      questions.push({ key: column.key, name: column.name, hints, kind: 'number' });
    }
  }
  return questions;
}

/**
 * The questions of the current mapping, each answer preset (the file's own, else the locale's) and kept
 * in `current.formats`; answers for columns no longer asked are dropped.
 */
export function formatQuestions(ctx: WidgetContext, sheet: PreviewSheet): HTMLElement | null {
  const current = ctx.current!;
  const questions = questionsOf(ctx, sheet);
  for (const key of Object.keys(current.formats)) if (!questions.some((question) => question.key === key)) delete current.formats[key];
  if (questions.length === 0) return null;
  const defaults = localeDefaults(ctx.locale);
  const longDate = new Intl.DateTimeFormat(ctx.locale, { dateStyle: 'long', timeZone: 'UTC' });
  // Without grouping: 1234 must not read like 1.234 in a language that groups with a dot.
  const number = new Intl.NumberFormat(ctx.locale, { maximumFractionDigits: 10, useGrouping: false });
  const groups = questions.map((question, q) => {
    const choice = (current.formats[question.key] ??= question.kind === 'date'
      ? { dateOrder: question.hints.date!.order ?? defaults.order }
      : { numberFormat: question.hints.number!.format ?? defaults.mark });
    const option = (value: string, text: string, checked: boolean, set: () => void) => {
      const id = `iw-fmt-${q}-${value}`;
      return h('div', { class: 'iw-choice' },
        h('input', { type: 'radio', name: `iw-fmt-${q}`, id, value, checked, onchange: set }),
        h('label', { for: id }, text));
    };
    if (question.kind === 'date') {
      const { example, readings, conflict } = question.hints.date!;
      const when = (iso: string) => longDate.format(new Date(`${iso}T00:00:00Z`));
      return h('fieldset', { class: 'iw-format', 'data-column': question.key },
        h('legend', {}, ctx.t(conflict ? 'datesConflict' : 'datesQuestion', { name: question.name })),
        option('DMY', ctx.t('dayFirst', { example: example!, date: when(readings!.DMY) }), choice.dateOrder === 'DMY', () => (choice.dateOrder = 'DMY')),
        option('MDY', ctx.t('monthFirst', { example: example!, date: when(readings!.MDY) }), choice.dateOrder === 'MDY', () => (choice.dateOrder = 'MDY')));
    }
    const { example, readings, conflict } = question.hints.number!;
    return h('fieldset', { class: 'iw-format', 'data-column': question.key },
      h('legend', {}, ctx.t(conflict ? 'numbersConflict' : 'numbersQuestion', { name: question.name })),
      option('comma', ctx.t('decimalComma', { example: example!, number: number.format(readings!.comma) }), choice.numberFormat === 'comma', () => (choice.numberFormat = 'comma')),
      option('point', ctx.t('decimalPoint', { example: example!, number: number.format(readings!.point) }), choice.numberFormat === 'point', () => (choice.numberFormat = 'point')));
  });
  return h('div', { class: 'iw-formats', part: 'value-formats' }, h('h3', {}, ctx.t('formatsHeading')), h('p', { class: 'iw-hint' }, ctx.t('formatsHint')), groups);
}

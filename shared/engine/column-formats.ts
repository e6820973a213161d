// How a date or number column's values are read (docs/values.md): the day/month order of its numeric
// dates and the decimal mark of its numbers are decided per column, from the whole column, never per
// value. The template may fix them (dateOrder, numberFormat), the end user may choose in the mapping
// review; otherwise the file decides: a value only one reading fits (13/01/2024, 4,5) settles its
// column, a column showing both kinds is in conflict, and a column with nothing but ambiguous values
// (03/08/2024, 1,234) stays open: those values are row errors saying so, never a guess.
import type { Column, DateOrder, NumberFormat } from '../domain/templates';
import { dateEvidence, dateReadings } from './values/dates';
import { isPlainNumber, numberEvidence, numberReadings } from './values/numbers';

/** What decided a column's format, as the import records it. */
export type FormatSource = 'template' | 'user' | 'file';

/** One column's recorded format (the import's `columnFormats`). */
export interface ColumnFormat {
  dateOrder?: DateOrder;
  numberFormat?: NumberFormat;
  decidedBy: FormatSource;
  /** The file showed both orders (both decimal marks): the values that need one are row errors. */
  conflict?: true;
}

/** The end user's choices in the mapping review, per column key. */
export type ChosenFormats = Record<string, { dateOrder?: DateOrder; numberFormat?: NumberFormat }>;

/**
 * How the checks of one column read its values right now. The engine changes it once, when the file has
 * decided (the checks read it at every cell, so the change needs no recompiling and keeps unique sets).
 */
export interface FormatState {
  dateOrder: DateOrder | null;
  numberFormat: NumberFormat | null;
  /** Set when the column shows both kinds: the error of every value that needs the column's format. */
  conflict: string | null;
  /** Where the order or mark came from; undefined while the file has not decided. */
  decidedBy?: FormatSource;
}

/** A column's starting state: the end user's choice, else the template's, else open. */
export function initialFormatState(column: Column, chosen?: ChosenFormats[string], recorded?: ColumnFormat): FormatState {
  if (recorded) {
    const conflict = recorded.conflict ? conflictMessage(column, null, null) : null;
    return { dateOrder: recorded.dateOrder ?? null, numberFormat: recorded.numberFormat ?? null, conflict, decidedBy: recorded.decidedBy };
  }
  if (column.type === 'date') {
    if (chosen?.dateOrder) return { dateOrder: chosen.dateOrder, numberFormat: null, conflict: null, decidedBy: 'user' };
    if (column.dateOrder) return { dateOrder: column.dateOrder, numberFormat: null, conflict: null, decidedBy: 'template' };
  }
  if (column.type === 'number') {
    if (chosen?.numberFormat) return { dateOrder: null, numberFormat: chosen.numberFormat, conflict: null, decidedBy: 'user' };
    if (column.numberFormat) return { dateOrder: null, numberFormat: column.numberFormat, conflict: null, decidedBy: 'template' };
  }
  return { dateOrder: null, numberFormat: null, conflict: null };
}

/** Whether the file may still decide this column (a date or number column nothing has fixed). */
export const isOpen = (column: Column, state: FormatState) =>
  (column.type === 'date' || column.type === 'number') && state.decidedBy === undefined;

interface Sighting {
  row: number;
  text: string;
}

/**
 * What one open column's values say, counted as the file is read: the first value of each kind (for
 * the conflict's message) and whether any value needs the decision at all.
 */
export class ColumnEvidence {
  /** DMY or point. */
  first: Sighting | null = null;
  /** MDY or comma. */
  second: Sighting | null = null;
  ambiguous: Sighting | null = null;

  constructor(readonly column: Pick<Column, 'type' | 'currency'>) {}

  /**
   * Whether a text cell (trimmed, not empty) is a value whose reading depends on the column's decision
   * (the file must be read to its end before such a value is typed). Numbers as programs write them and
   * ISO dates, most values, answer on the fast path.
   */
  needsDecision(text: string): boolean {
    if (this.column.type === 'date') return dateEvidence(text) !== 'none';
    return !isPlainNumber(text) && numberEvidence(text, { currency: this.column.currency === true }) !== 'none';
  }

  /** Count one text cell (trimmed, not empty); true when it needs the column's decision. */
  see(row: number, text: string): boolean {
    if (this.column.type === 'date') {
      const evidence = dateEvidence(text);
      if (evidence === 'none') return false;
      this.note(evidence === 'DMY' ? 'first' : evidence === 'MDY' ? 'second' : 'ambiguous', row, text);
      return true;
    }
    const evidence = numberEvidence(text, { currency: this.column.currency === true });
    if (evidence === 'none') return false;
    this.note(evidence === 'point' ? 'first' : evidence === 'comma' ? 'second' : 'ambiguous', row, text);
    // 1.5 as a program writes it tells the column's mark, but is always read as it is.
    return evidence !== 'point' || !isPlainNumber(text);
  }

  private note(kind: 'first' | 'second' | 'ambiguous', row: number, text: string) {
    this[kind] ??= { row, text };
  }

  /** The column's state once the whole file was seen. */
  decide(): FormatState {
    const { first, second } = this;
    const date = this.column.type === 'date';
    if (first && second) {
      return { dateOrder: null, numberFormat: null, conflict: conflictMessage(this.column, first, second), decidedBy: 'file' };
    }
    if (!first && !second) return { dateOrder: null, numberFormat: null, conflict: null };
    if (date) return { dateOrder: first ? 'DMY' : 'MDY', numberFormat: null, conflict: null, decidedBy: 'file' };
    return { dateOrder: null, numberFormat: first ? 'point' : 'comma', conflict: null, decidedBy: 'file' };
  }
}

function conflictMessage(column: Pick<Column, 'type'>, first: Sighting | null, second: Sighting | null): string {
  const seen = (sighting: Sighting | null) => (sighting ? ` (row ${sighting.row}: ${sighting.text.slice(0, 40)})` : '');
  return column.type === 'date'
    ? `this column mixes day/month/year dates${seen(first)} and month/day/year dates${seen(second)}, so the order of its dates cannot be told`
    : `this column mixes numbers with a decimal point${seen(first)} and with a decimal comma${seen(second)}, so its numbers cannot be read with certainty`;
}

/** The import's `columnFormats`: every column whose format was fixed or decided. */
export function recordedFormats(columns: readonly Column[], states: readonly FormatState[]): Record<string, ColumnFormat> {
  const recorded: Record<string, ColumnFormat> = {};
  columns.forEach((column, index) => {
    const state = states[index];
    if (!state.decidedBy) return;
    recorded[column.key] = {
      ...(state.dateOrder && { dateOrder: state.dateOrder }),
      ...(state.numberFormat && { numberFormat: state.numberFormat }),
      decidedBy: state.decidedBy,
      ...(state.conflict && { conflict: true as const }),
    };
  });
  return recorded;
}

/** What a header's sample values say about their dates (the mapping review asks when it cannot tell). */
export interface DateHint {
  order: 'DMY' | 'MDY' | null;
  conflict: boolean;
  /** A sample value that reads two ways, and both its readings. */
  example: string | null;
  readings: { DMY: string; MDY: string } | null;
}

export interface NumberHint {
  format: NumberFormat | null;
  conflict: boolean;
  example: string | null;
  readings: { point: number; comma: number } | null;
}

/** The hints of one header's sample texts: only the kinds some value needs a decision for, as a column of them would be decided. */
export function valueHints(texts: readonly string[]): { date?: DateHint; number?: NumberHint } {
  const dates = new ColumnEvidence({ type: 'date' });
  // Currency allowed here: a hint is about the marks, whether the column takes the symbol is its own rule.
  const numbers = new ColumnEvidence({ type: 'number', currency: true });
  let datesNeeded = false;
  let numbersNeeded = false;
  texts.forEach((text, row) => {
    if (dates.see(row, text)) datesNeeded = true;
    if (numbers.see(row, text)) numbersNeeded = true;
  });
  const hints: { date?: DateHint; number?: NumberHint } = {};
  if (datesNeeded) {
    const decided = dates.decide();
    const example = dates.ambiguous?.text ?? null;
    hints.date = {
      order: decided.dateOrder as DateHint['order'],
      conflict: decided.conflict !== null,
      example,
      readings: example ? dateReadings(example) : null,
    };
  }
  if (numbersNeeded) {
    const decided = numbers.decide();
    const example = numbers.ambiguous?.text ?? null;
    hints.number = { format: decided.numberFormat, conflict: decided.conflict !== null, example, readings: example ? numberReadings(example) : null };
  }
  return hints;
}

// The template's rules as the corrections apply them, on cell texts: the engine's own column checks
// (compileColumn, without its unique set: uniqueness is decided across the whole import by claims,
// below), and how a row's state is kept in a few bits.
//
// Unique, with corrections: a value of a unique column may be held by several rows; the holder that
// claimed it first keeps it, the others are duplicates (the rule's error). The file's own cells claim
// in file order (claim 0: the engine's "appears in an earlier row"); a cell the end user edits, or a
// row restored after a removal, claims at the version of that change, after every earlier claim. So a
// correction that duplicates another row's value gets the error, and correcting or removing the holder
// hands the value to the next claimant, whose error clears. Only cells that pass every other check of
// their column take part, as in the engine; removed rows hold nothing.
import type { Column } from '../domain/templates';
import type { RowFilter } from '../domain/corrections';
import { compileColumn, duplicateMessage, Invalid, uniqueKey, uniqueRuleOf } from '../engine/columns';
import { initialFormatState, type ColumnFormat, type FormatState } from '../engine/column-formats';
import { murmur3x86_128 } from '../engine/unique-set';
import type { HookMessage } from '../domain/validation-hook';

/** Rows per segment: a segment's status is one item, its source texts one object. */
export const SEGMENT_ROWS = 1000;

/** A row's cells as texts, one per template column in order (null: empty). */
export type Texts = (string | null)[];

export interface Rules {
  columns: Column[];
  keys: string[];
  checks: ((cell: string | null) => unknown)[];
  /** The indexes of the unique columns. */
  uniqueColumns: number[];
  duplicateMessages: string[];
  /** Status bytes per row: bit 0 removed, bit 1 + j column j in error. */
  width: number;
}

/**
 * `formats`: how the import read each date and number column (the engine's states while it runs, the
 * recorded columnFormats after): an edited value is read as the column's others were.
 */
export function compileRules(columns: Column[], formats?: readonly FormatState[]): Rules {
  return {
    columns,
    keys: columns.map((column) => column.key),
    checks: columns.map((column, j) => compileColumn(column, { withUnique: false, ...(formats && { format: formats[j] }) }).check),
    uniqueColumns: columns.flatMap((column, j) => (uniqueRuleOf(column) ? [j] : [])),
    duplicateMessages: columns.map(duplicateMessage),
    width: Math.ceil((columns.length + 1) / 8),
  };
}

/** The format states of an import's recorded columnFormats (the correction workspace's META). */
export function recordedStates(columns: readonly Column[], recorded: Record<string, ColumnFormat> | undefined): FormatState[] {
  return columns.map((column) => initialFormatState(column, undefined, recorded?.[column.key]));
}

/** The text a cell of the file is checked as: what the engine's cellText makes of it, null when empty. */
export function sourceText(cell: string | number | boolean | null): string | null {
  if (cell === null) return null;
  const text = typeof cell === 'string' ? cell : String(cell);
  return text === '' ? null : text;
}

/** A cell's typed value (null when empty), or an Invalid with the column's message. */
export function checkCell(rules: Rules, column: number, text: string | null): unknown {
  return rules.checks[column](text);
}

/** The key a participating unique cell claims (its typed value's canonical text), or undefined. */
export function claimKey(rules: Rules, column: number, text: string | null): string | undefined {
  const value = checkCell(rules, column, text);
  return value === null || value instanceof Invalid ? undefined : uniqueKey(value);
}

/** 64 bits of the value's MurmurHash3 digest: what the unique index and the claim items are keyed by. */
export function valueDigest(key: string): [number, number] {
  const out = new Uint32Array(4);
  murmur3x86_128(key, out);
  return [out[0], out[1]];
}

export const digestHex = ([d0, d1]: [number, number]) => d0.toString(16).padStart(8, '0') + d1.toString(16).padStart(8, '0');

/** The status bits of a run of rows (a segment). */
export class StatusBits {
  constructor(
    readonly width: number,
    readonly bytes: Uint8Array,
  ) {}

  static empty(width: number, rows: number): StatusBits {
    return new StatusBits(width, new Uint8Array(width * rows));
  }

  get rows(): number {
    return this.bytes.length / this.width;
  }

  removed(row: number): boolean {
    return (this.bytes[row * this.width] & 1) === 1;
  }

  setRemoved(row: number, on: boolean): void {
    this.setBit(row, 0, on);
  }

  columnError(row: number, column: number): boolean {
    const bit = column + 1;
    return (this.bytes[row * this.width + (bit >> 3)] & (1 << (bit & 7))) !== 0;
  }

  setColumnError(row: number, column: number, on: boolean): void {
    this.setBit(row, column + 1, on);
  }

  /** Some column of the row is in error (removed or not). */
  inError(row: number): boolean {
    const start = row * this.width;
    if ((this.bytes[start] & 0xfe) !== 0) return true;
    for (let i = 1; i < this.width; i++) if (this.bytes[start + i] !== 0) return true;
    return false;
  }

  /** Copy one row's bits from another status (same width). */
  copyRow(row: number, from: StatusBits, fromRow: number): void {
    this.bytes.set(from.bytes.subarray(fromRow * this.width, (fromRow + 1) * this.width), row * this.width);
  }

  isZero(): boolean {
    return this.bytes.every((byte) => byte === 0);
  }

  private setBit(row: number, bit: number, on: boolean): void {
    const at = row * this.width + (bit >> 3);
    if (on) this.bytes[at] |= 1 << (bit & 7);
    else this.bytes[at] &= ~(1 << (bit & 7));
  }
}

/** Which rows a filter keeps: by status, and `column` keeps rows with an error in that column. */
export function matchesFilter(status: StatusBits, row: number, filter: RowFilter, column: number | undefined): boolean {
  const removed = status.removed(row);
  if (filter === 'removed') return removed && (column === undefined || status.columnError(row, column));
  if (removed) return false;
  if (column !== undefined) return status.columnError(row, column) && filter !== 'valid';
  if (filter === 'all') return true;
  return status.inError(row) === (filter === 'errors');
}

/** A cell's error as the routes answer it: the template's rule, or the validation hook's (level, code, suggestion). */
export type RowError = { column: string; message: string; level: 'error'; code?: string; suggestion?: string };

/**
 * The messages of a row's cells in error: the column's check, the validation hook's errors on the
 * column, or (a cell that passes both) the duplicate.
 */
export function rowErrors(rules: Rules, status: StatusBits, row: number, values: Texts, messages?: readonly HookMessage[]): RowError[] {
  const errors: RowError[] = [];
  for (let j = 0; j < rules.keys.length; j++) {
    if (!status.columnError(row, j)) continue;
    const column = rules.keys[j];
    const outcome = checkCell(rules, j, values[j]);
    if (outcome instanceof Invalid) errors.push({ column, message: outcome.message, level: 'error' });
    const fromHook = (messages ?? []).filter((message) => message.level === 'error' && message.column === column);
    for (const { message, code, suggestion } of fromHook) {
      errors.push({ column, message, level: 'error', ...(code ? { code } : {}), ...(suggestion !== undefined ? { suggestion } : {}) });
    }
    if (!(outcome instanceof Invalid) && !fromHook.length) errors.push({ column, message: rules.duplicateMessages[j], level: 'error' });
  }
  return errors;
}

/**
 * Set a row's bits for the checks of its own cells and the validation hook's errors on them
 * (duplicates are decided by the claims).
 */
export function setCheckedBits(rules: Rules, status: StatusBits, row: number, values: Texts, messages?: readonly HookMessage[]): void {
  for (let j = 0; j < rules.keys.length; j++) {
    status.setColumnError(row, j, checkCell(rules, j, values[j]) instanceof Invalid || hookError(rules, j, messages));
  }
}

/** Whether the hook put an error on column j of the row (a unique column's bit keeps it besides the duplicate). */
export function hookError(rules: Rules, column: number, messages: readonly HookMessage[] | undefined): boolean {
  return Boolean(messages?.some((message) => message.level === 'error' && message.column === rules.keys[column]));
}

// Cell typing and validation rules, compiled once per template column: each cell becomes its typed
// value (DECISIONS "Import processing": numbers, booleans, YYYY-MM-DD dates, trimmed strings) or an
// Invalid carrying the message (the rule's custom message when it has one).
import { loadRe2, re2 } from '../domain/regex';
import type { Column } from '../domain/templates';
import { STORED_NUMBER_MAGNITUDE_MESSAGE, STORED_NUMBER_RANGE_MESSAGE, storedNumberProblem } from '../domain/numbers';
import type { RawCell } from './types';
import { DigestSet } from './unique-set';
import { dateEvidence, isPlainIsoDate, readDate, type DateFailure } from './values/dates';
import { isPlainNumber, numberEvidence, readNumber, type NumberFailure } from './values/numbers';
import { initialFormatState, type FormatState } from './column-formats';

/** A cell that failed; preallocated per message so a bad cell costs no allocation. */
export class Invalid {
  constructor(readonly message: string) {}
}

/** Typed value, null for an empty cell, or Invalid. */
export type CellOutcome = unknown;
export type CellCheck = (cell: RawCell) => CellOutcome;

const EMAIL = /^[^\s@]{1,64}@[^\s@.][^\s@]*\.[^\s@.]{2,}$/;
const PHONE = /^\+?[0-9 ().\-/]+(?:\s*(?:x|ext\.?|#)\s*[0-9]{1,6})?$/i;
const BOOLEANS = new Map<string, boolean>([
  ['true', true], ['yes', true], ['1', true], ['y', true],
  ['false', false], ['no', false], ['0', false], ['n', false],
]);

/** The text of a cell as a string column would deliver it: trimmed; numbers in their natural form (34, not 34.0). */
export function cellText(cell: RawCell): string {
  if (cell === null) return '';
  if (typeof cell === 'string') return cell.trim();
  // A formatted spreadsheet number (ShownNumber) is the text it shows.
  return String(cell);
}

/** `text` cut to at most `chars` UTF-16 units, never ending on half of a surrogate pair. */
export function cutChars(text: string, chars: number): string {
  if (text.length <= chars) return text;
  const cut = text.slice(0, chars);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** Digits of a phone number before any extension (x, ext., #). */
function phoneDigits(text: string): number {
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) digits++;
    else if (code === 120 || code === 88 || code === 101 || code === 69 || code === 35) break; // x X e E #
  }
  return digits;
}

function codePointLength(text: string): number {
  let surrogates = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xdc00 && code <= 0xdfff) surrogates++;
  }
  return text.length - surrogates;
}

type TypeParser = (cell: RawCell, text: string) => CellOutcome;

const ORDER_NAMES = { DMY: 'day/month/year', MDY: 'month/day/year', YMD: 'year/month/day' } as const;
const MARK_NAMES = { point: 'a decimal point (1,234.56)', comma: 'a decimal comma (1.234,56)' } as const;

/** The error of each way a date can fail, per order (preallocated: a bad cell costs no allocation). */
function dateFailures(): Record<DateFailure, Invalid> & { order: Record<string, Invalid> } {
  return {
    'not-a-date': new Invalid('must be a date (such as 2024-12-31, 31.12.2024, 12/31/2024 or 15 Jan 2024)'),
    'needs-order': new Invalid(
      'could be day/month/year or month/day/year, and no other date in this column tells which: the end user or the template must say',
    ),
    'not-in-order': new Invalid('must be a date'),
    'two-digit-year': new Invalid('has a two-digit year: write the year in full (such as 2024)'),
    order: Object.fromEntries(
      Object.entries(ORDER_NAMES).map(([order, name]) => [order, new Invalid(`is not a ${name} date, the order of the dates in this column`)]),
    ),
  };
}

function numberFailures(): Record<NumberFailure, Invalid> & { mark: Record<string, Invalid> } {
  return {
    'not-a-number': new Invalid('must be a number'),
    'needs-format': new Invalid(
      'could be read with a decimal point or a decimal comma (1,234 is 1234 or 1.234), and no other number in this column tells which: the end user or the template must say',
    ),
    'not-in-format': new Invalid('must be a number'),
    percent: new Invalid('is a percentage: this column takes plain numbers (write 12.5% as 12.5 or 0.125)'),
    currency: new Invalid('has a currency symbol or code, which this column does not take'),
    mark: Object.fromEntries(
      Object.entries(MARK_NAMES).map(([mark, name]) => [mark, new Invalid(`does not use ${name}, the decimal mark of the numbers in this column`)]),
    ),
  };
}

/**
 * Parsers per column type: `text` is cellText(cell), never empty here. `format` is read at every cell
 * of a date or number column: the engine decides it once the file has shown what it needs.
 */
function typeParser(column: Column, format: FormatState): TypeParser {
  const invalid = (message: string) => new Invalid(message);
  const conflicts = new Map<string, Invalid>();
  const conflictError = () => {
    let error = conflicts.get(format.conflict!);
    if (!error) conflicts.set(format.conflict!, (error = new Invalid(format.conflict!)));
    return error;
  };
  switch (column.type) {
    case 'string':
      return (_cell, text) => text;
    case 'number': {
      const failures = numberFailures();
      const currency = column.currency === true;
      const unstorable = new Map([STORED_NUMBER_RANGE_MESSAGE, STORED_NUMBER_MAGNITUDE_MESSAGE].map((text) => [text, invalid(text)]));
      return (cell, text) => {
        if (typeof cell === 'boolean') return failures['not-a-number'];
        let value: number;
        // Numbers as programs write them (1234.5) come first: read as they are unless the column's mark is a comma.
        if (typeof cell === 'number') value = cell;
        else if (format.numberFormat !== 'comma' && isPlainNumber(text)) value = Number(text);
        else {
          if (format.conflict && numberEvidence(text, { currency }) !== 'none') return conflictError();
          const read = readNumber(text, { format: format.numberFormat, currency });
          if (typeof read !== 'number') {
            return read === 'not-in-format' && format.numberFormat ? failures.mark[format.numberFormat] : failures[read];
          }
          value = read;
        }
        const problem = storedNumberProblem(value);
        return problem ? unstorable.get(problem)! : value;
      };
    }
    case 'boolean': {
      const notBoolean = invalid('must be a boolean (true/false, yes/no, y/n, 1/0)');
      return (cell, text) => {
        if (typeof cell === 'boolean') return cell;
        const value = BOOLEANS.get(text.toLowerCase());
        return value === undefined ? notBoolean : value;
      };
    }
    case 'date': {
      const failures = dateFailures();
      const twoDigitYears = column.twoDigitYears === true;
      return (cell, text) => {
        if (typeof cell !== 'string') return failures['not-a-date'];
        // What spreadsheets' date cells and most exports give: no regex, no allocation.
        if (isPlainIsoDate(text)) return text;
        if (format.conflict && dateEvidence(text) !== 'none') return conflictError();
        const read = readDate(text, { order: format.dateOrder, twoDigitYears });
        // A date starts with its year's digit, a failure's code with a letter.
        if (read.charCodeAt(0) <= 57) return read;
        return read === 'not-in-order' && format.dateOrder ? failures.order[format.dateOrder] : failures[read as DateFailure];
      };
    }
    case 'email': {
      const notEmail = invalid('must be an email address');
      return (_cell, text) => (text.length <= 254 && EMAIL.test(text) ? text : notEmail);
    }
    case 'url': {
      const notUrl = invalid('must be an absolute http or https URL');
      return (_cell, text) => {
        if (!/^https?:\/\//i.test(text)) return notUrl;
        const parsed = URL.parse(text);
        return parsed && parsed.hostname ? text : notUrl;
      };
    }
    case 'phone': {
      const notPhone = invalid('must be a phone number');
      return (_cell, text) => {
        if (!PHONE.test(text)) return notPhone;
        const digits = phoneDigits(text);
        return digits >= 5 && digits <= 20 ? text : notPhone;
      };
    }
  }
}

type Rule = Column['validations'][number];
type RuleCheck = (value: unknown, text: string) => Invalid | undefined;

function ruleCheck(rule: Rule, column: Column): RuleCheck | undefined {
  const fail = (fallback: string) => new Invalid(rule.message ?? fallback);
  switch (rule.type) {
    case 'minLength': {
      const min = rule.value as number;
      const error = fail(`must be at least ${min} characters`);
      return (_value, text) => (codePointLength(text) < min ? error : undefined);
    }
    case 'maxLength': {
      const max = rule.value as number;
      const error = fail(`must be at most ${max} characters`);
      return (_value, text) => (text.length > max && codePointLength(text) > max ? error : undefined);
    }
    case 'min': {
      const min = rule.value as number;
      const error = fail(`must be at least ${min}`);
      return (value) => ((value as number) < min ? error : undefined);
    }
    case 'max': {
      const max = rule.value as number;
      const error = fail(`must be at most ${max}`);
      return (value) => ((value as number) > max ? error : undefined);
    }
    case 'regex': {
      // Template patterns compile in RE2 only (linear time), checked when the template was saved.
      const pattern = re2().compile(rule.value as string);
      const error = fail(`must match the pattern ${rule.value as string}`);
      return (_value, text) => (pattern.test(text) ? undefined : error);
    }
    case 'enum': {
      const allowed = rule.value as (string | number)[];
      const error = fail(`must be one of: ${allowed.join(', ')}`);
      if (column.type === 'number') {
        const numbers = new Set(allowed.map(Number));
        return (value) => (numbers.has(value as number) ? undefined : error);
      }
      const texts = new Set(allowed.map(String));
      return (_value, text) => (texts.has(text) ? undefined : error);
    }
    case 'unique':
      return undefined; // whole-file state: see compileColumn
  }
}

/** Canonical text of a typed value for `unique`: the type is part of it, so 1 and "1" never collide. */
/** Load RE2 when a column has a regex rule: compileColumn then compiles it synchronously (domain/regex.ts). */
export async function loadPatterns(columns: readonly Column[]): Promise<void> {
  if (columns.some((column) => column.validations.some((rule) => rule.type === 'regex'))) await loadRe2();
}

export function uniqueKey(value: unknown): string {
  return typeof value === 'string' ? `s${value}` : `${typeof value}:${String(value)}`;
}

export interface CompiledColumn {
  key: string;
  check: CellCheck;
}

/** The `unique` rule of a column, if it has one. */
export const uniqueRuleOf = (column: Column) => column.validations.find((rule) => rule.type === 'unique' && rule.value === true);

/** The error of a duplicate in a unique column: the rule's own message or this. */
export const duplicateMessage = (column: Column) => uniqueRuleOf(column)?.message ?? 'must be unique: this value appears in an earlier row';

/**
 * One column's check: empty -> null (or "is required"), then the type, then every rule in order, then
 * unique (across the cells this check has seen; `withUnique: false` leaves unique to the caller: the
 * corrections, which hold the whole import's values elsewhere).
 */
export function compileColumn(column: Column, { withUnique = true, format = initialFormatState(column) }: { withUnique?: boolean; format?: FormatState } = {}): CompiledColumn {
  const parse = typeParser(column, format);
  const rules = column.validations.map((rule) => ruleCheck(rule, column)).filter((check) => check !== undefined);
  const uniqueRule = withUnique ? uniqueRuleOf(column) : undefined;
  const seen = uniqueRule ? new DigestSet() : undefined;
  const duplicate = new Invalid(duplicateMessage(column));
  const required = new Invalid('is required');
  return {
    key: column.key,
    check: (cell) => {
      const text = cellText(cell);
      if (text === '') return column.required ? required : null;
      const value = parse(cell, text);
      if (value instanceof Invalid) return value;
      const typedText = typeof value === 'string' ? value : text;
      for (const rule of rules) {
        const error = rule(value, typedText);
        if (error) return error;
      }
      if (seen && !seen.add(uniqueKey(value))) return duplicate;
      return value;
    },
  };
}

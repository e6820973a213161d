// Cell typing and validation rules, compiled once per template column: each cell becomes its typed
// value (DECISIONS "Import processing": numbers, booleans, YYYY-MM-DD dates, trimmed strings) or an
// Invalid carrying the message (the rule's custom message when it has one).
import { RE2JS } from 're2js';
import type { Column } from '../domain/templates';
import { STORED_NUMBER_MAGNITUDE_MESSAGE, STORED_NUMBER_RANGE_MESSAGE, storedNumberProblem } from '../domain/numbers';
import type { RawCell } from './types';
import { DigestSet } from './unique-set';

/** A cell that failed; preallocated per message so a bad cell costs no allocation. */
export class Invalid {
  constructor(readonly message: string) {}
}

/** Typed value, null for an empty cell, or Invalid. */
export type CellOutcome = unknown;
export type CellCheck = (cell: RawCell) => CellOutcome;

const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
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

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isValidCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= DAYS_IN_MONTH[month - 1] + (leap ? 1 : 0);
}

const digitAt = (text: string, i: number) => {
  const code = text.charCodeAt(i) - 48;
  return code >= 0 && code <= 9 ? code : -1;
};

/** `YYYY-MM-DD` exactly (the common case, and what spreadsheet date cells arrive as), without a regex. */
function plainIsoDate(text: string): boolean {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false;
  let year = 0;
  for (let i = 0; i < 4; i++) {
    const digit = digitAt(text, i);
    if (digit < 0) return false;
    year = year * 10 + digit;
  }
  const [m1, m2, d1, d2] = [digitAt(text, 5), digitAt(text, 6), digitAt(text, 8), digitAt(text, 9)];
  if (m1 < 0 || m2 < 0 || d1 < 0 || d2 < 0) return false;
  return isValidCalendarDate(year, m1 * 10 + m2, d1 * 10 + d2);
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

/** Parsers per column type: `text` is cellText(cell), never empty here. */
function typeParser(type: Column['type']): TypeParser {
  const invalid = (message: string) => new Invalid(message);
  switch (type) {
    case 'string':
      return (_cell, text) => text;
    case 'number': {
      const notNumber = invalid('must be a number');
      const unstorable = new Map([STORED_NUMBER_RANGE_MESSAGE, STORED_NUMBER_MAGNITUDE_MESSAGE].map((text) => [text, invalid(text)]));
      return (cell, text) => {
        const value = typeof cell === 'number' ? cell : NUMBER_TEXT.test(text) ? Number(text) : Number.NaN;
        if (Number.isNaN(value) || typeof cell === 'boolean') return notNumber;
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
      const notDate = invalid('must be a date (YYYY-MM-DD)');
      return (cell, text) => {
        if (typeof cell !== 'string') return notDate;
        if (plainIsoDate(text)) return text;
        const match = ISO_DATE.exec(text);
        if (!match || !isValidCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) return notDate;
        return `${match[1]}-${match[2]}-${match[3]}`;
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
      const pattern = RE2JS.compile(rule.value as string);
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
export function compileColumn(column: Column, { withUnique = true } = {}): CompiledColumn {
  const parse = typeParser(column.type);
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

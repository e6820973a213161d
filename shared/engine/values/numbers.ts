// One number as people write it (docs/values.md "Numbers"): decimal point or comma, grouped by
// `,` `.` spaces or apostrophes, a currency symbol or code around it where the column allows one.
// What a text says about its column's decimal mark is numberEvidence; the column decides
// (engine/column-formats.ts), and readNumber reads a text with the column's decision. The number is
// always Number() of a canonical `-1234.56` text, never arithmetic on parts, so it is exact.
import type { NumberFormat } from '../../domain/templates';

export type { NumberFormat };

/** What one text says about its column's decimal mark. */
export type NumberEvidence = 'none' | 'point' | 'comma' | 'ambiguous';
export type NumberFailure = 'not-a-number' | 'needs-format' | 'not-in-format' | 'percent' | 'currency';

const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * JS number syntax and not ambiguous (1.234 may be grouped): Number(text) is the value. The syntax is
 * `[+-]?(digits[.digits]|.digits)([eE][+-]?digits)?`, scanned by hand rather than by a regex because it
 * runs for every text cell of a number column (twice: the column's evidence, then the value).
 */
export function isPlainNumber(text: string): boolean {
  const length = text.length;
  let i = 0;
  let code = text.charCodeAt(0);
  if (code === 43 || code === 45) i++; // + -
  const wholeStart = i;
  while (i < length && isDigit(text.charCodeAt(i))) i++;
  const wholeDigits = i - wholeStart;
  let point = false;
  let fractionDigits = 0;
  if (i < length && text.charCodeAt(i) === 46) {
    point = true;
    const fractionStart = ++i;
    while (i < length && isDigit(text.charCodeAt(i))) i++;
    fractionDigits = i - fractionStart;
  }
  if (wholeDigits === 0 && fractionDigits === 0) return false;
  if (i === length) {
    // 1-3 digits (not starting with 0), a point, exactly three digits: a group or three decimals.
    const oneGroup = point && fractionDigits === 3 && wholeDigits <= 3 && wholeDigits > 0 && text.charCodeAt(wholeStart) !== 48;
    return !oneGroup;
  }
  code = text.charCodeAt(i);
  if (code !== 101 && code !== 69) return false; // e E
  code = text.charCodeAt(++i);
  if (code === 43 || code === 45) i++;
  const exponentStart = i;
  while (i < length && isDigit(text.charCodeAt(i))) i++;
  return i > exponentStart && i === length;
}

const CURRENCY_SYMBOLS = [
  '$', '€', '£', '¥', '₩', '₹', '₽', '₺', '₪', '₫', '฿', '₱', '₦', '₴', '₸', '₡', '₲', '₵',
  'US$', 'C$', 'A$', 'NZ$', 'HK$', 'S$', 'R$', 'MX$', 'zł', 'kr', 'kr.', 'Kč', 'Ft', 'CHF', 'Fr.', 'Rs', 'Rs.', 'lei',
];
const CURRENCY_CODES = [
  'USD', 'EUR', 'GBP', 'JPY', 'CNY', 'CHF', 'CAD', 'AUD', 'NZD', 'SEK', 'NOK', 'DKK', 'ISK', 'PLN', 'CZK', 'HUF', 'RON',
  'BGN', 'TRY', 'RUB', 'UAH', 'INR', 'BRL', 'MXN', 'ARS', 'CLP', 'COP', 'PEN', 'ZAR', 'KRW', 'SGD', 'HKD', 'TWD', 'THB',
  'IDR', 'MYR', 'PHP', 'VND', 'ILS', 'AED', 'SAR', 'EGP', 'NGN', 'KES', 'MAD',
];
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CURRENCY = [...CURRENCY_SYMBOLS, ...CURRENCY_CODES].sort((a, b) => b.length - a.length).map(escapeRegex).join('|');
const SPACE = '[ \\u00A0\\u202F]';
/** Sign, currency before (the sign on either side of it), the number, currency after. */
const WITH_CURRENCY = new RegExp(`^([+\\-\\u2212]?)${SPACE}*(?:(?:${CURRENCY})${SPACE}*([+\\-\\u2212]?)${SPACE}*)?(.*?)(?:${SPACE}*(?:${CURRENCY}))?$`);
const HAS_CURRENCY = new RegExp(`^[+\\-\\u2212]?${SPACE}*(?:${CURRENCY})|(?:${CURRENCY})$`);

/** A number's parts once its sign and currency are taken off. */
interface Parsed {
  negative: boolean;
  /** The digits and separators. */
  body: string;
  currency: boolean;
}

/** `,` `.` the spaces and the apostrophes: the marks a number's body may have besides digits. */
const isMark = (code: number) =>
  code === 44 || code === 46 || code === 32 || code === 0xa0 || code === 0x202f || code === 39 || code === 0x2019;

/**
 * A text of digits and marks after an optional sign (the usual cell, `1.234,56`), taken apart without
 * the currency regexes: their dozens of alternatives, tried at every position, cost microseconds a cell.
 */
function bareNumber(text: string): Parsed | undefined {
  const first = text.charCodeAt(0);
  const signed = first === 43 || first === 45 || first === 0x2212; // + - −
  const start = signed ? 1 : 0;
  const next = text.charCodeAt(start);
  // A space after the sign (`- 5`) is left to the general path.
  if (!isDigit(next) && next !== 44 && next !== 46) return undefined;
  for (let i = start + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isDigit(code) && !isMark(code)) return undefined;
  }
  return { negative: signed && first !== 43, body: signed ? text.slice(1) : text, currency: false };
}

function unwrap(text: string): Parsed | 'percent' | undefined {
  const bare = bareNumber(text);
  if (bare) return bare;
  if (text.includes('%')) return 'percent';
  const currency = HAS_CURRENCY.test(text);
  const match = WITH_CURRENCY.exec(text);
  if (!match) return undefined;
  const signs = (match[1] ? 1 : 0) + (match[2] ? 1 : 0);
  let body = match[3];
  let negative = match[1] === '-' || match[1] === '\u2212' || match[2] === '-' || match[2] === '\u2212';
  if (signs === 0 && /^[+\-\u2212]/.test(body)) {
    negative = body[0] !== '+';
    body = body.slice(1);
  } else if (signs > 1) return undefined;
  return { negative, body, currency };
}

/** How the separators of a body read: its evidence and, where it reads one way, its canonical text per mark. */
interface Reading {
  evidence: NumberEvidence;
  /** The canonical text (`1234.56`) read with a decimal point, with a decimal comma; undefined where that mark cannot read it. */
  point?: string;
  comma?: string;
}

/** The digits of a text, its marks left out. */
function digitsOf(text: string): string {
  let digits = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (isDigit(text.charCodeAt(i))) continue;
    digits += text.slice(from, i);
    from = i + 1;
  }
  return from === 0 ? text : digits + text.slice(from);
}

/**
 * How a body's marks read. Grouping is a first group of 1-3 digits, then groups of exactly three; the
 * spaces and apostrophes only group; a mark of one kind used twice only groups; where two kinds meet,
 * the last mark, used once and a `,` or `.`, is the decimal mark. One scan counts what the rules need
 * (this runs for every written number of a column, twice).
 */
function readBody(body: string): Reading | undefined {
  const length = body.length;
  if (length === 0) return undefined;
  let commas = 0;
  let points = 0;
  let spaces = 0;
  /** Digits before the first mark; -1 until a mark is met. */
  let firstGroup = -1;
  /** Every group between two marks has three digits. */
  let innerGroupsOfThree = true;
  /** Digits since the last mark. */
  let run = 0;
  let lastMark = -1;
  for (let i = 0; i < length; i++) {
    const code = body.charCodeAt(i);
    if (isDigit(code)) {
      run++;
      continue;
    }
    if (code === 44) commas++;
    else if (code === 46) points++;
    else if (isMark(code)) spaces++;
    else return undefined;
    if (firstGroup === -1) firstGroup = run;
    else if (run !== 3) innerGroupsOfThree = false;
    run = 0;
    lastMark = i;
  }
  if (lastMark === -1) return { evidence: 'none', point: body, comma: body };
  const lastGroup = run;
  const kinds = (commas > 0 ? 1 : 0) + (points > 0 ? 1 : 0) + (spaces > 0 ? 1 : 0);
  const firstGroupFits = firstGroup >= 1 && firstGroup <= 3;

  if (kinds === 1) {
    const grouped = firstGroupFits && innerGroupsOfThree && lastGroup === 3;
    if (spaces > 0 || commas + points > 1) {
      if (!grouped) return undefined;
      const digits = digitsOf(body);
      // 1 234 says nothing of the decimal mark; 1,234,567 has decimal points, 1.234.567 decimal commas.
      if (spaces > 0) return { evidence: 'none', point: digits, comma: digits };
      return commas > 0 ? { evidence: 'point', point: digits } : { evidence: 'comma', comma: digits };
    }
    if (lastGroup === 0) return undefined;
    const whole = body.slice(0, lastMark);
    const fraction = body.slice(lastMark + 1);
    const decimal = `${firstGroup === 0 ? '0' : whole}.${fraction}`;
    // 1,234 and 1.234: a group or three decimals. 0,234 has no group.
    if (grouped && body.charCodeAt(0) !== 48) {
      const digits = whole + fraction;
      return points > 0 ? { evidence: 'ambiguous', point: decimal, comma: digits } : { evidence: 'ambiguous', point: digits, comma: decimal };
    }
    return points > 0 ? { evidence: 'point', point: decimal } : { evidence: 'comma', comma: decimal };
  }

  // Two kinds: the last mark, once, is the decimal mark; the others, all of the other kind, group.
  const last = body.charCodeAt(lastMark);
  const lastKindCount = last === 44 ? commas : last === 46 ? points : 0;
  if (kinds !== 2 || lastKindCount !== 1 || lastGroup === 0 || !firstGroupFits || !innerGroupsOfThree) return undefined;
  const canonical = `${digitsOf(body.slice(0, lastMark))}.${body.slice(lastMark + 1)}`;
  return last === 46 ? { evidence: 'point', point: canonical } : { evidence: 'comma', comma: canonical };
}

/** What one text (trimmed, not empty) says about its column's decimal mark. */
export function numberEvidence(text: string, options: { currency: boolean }): NumberEvidence {
  if (isPlainNumber(text)) return text.includes('.') && !/[eE]/.test(text) ? 'point' : 'none';
  const parsed = unwrap(text);
  if (!parsed || parsed === 'percent' || (parsed.currency && !options.currency)) return 'none';
  return readBody(parsed.body)?.evidence ?? 'none';
}

/**
 * The number a text (trimmed, not empty) is, read with the column's decimal mark (`format`), or why
 * not. Without a mark, a text only one mark reads is read; an ambiguous one is 'needs-format'.
 */
export function readNumber(text: string, options: { format: NumberFormat | null; currency: boolean }): number | NumberFailure {
  const { format } = options;
  if (isPlainNumber(text)) {
    if (format === 'comma' && text.includes('.')) return 'not-in-format';
    return Number(text);
  }
  const parsed = unwrap(text);
  if (parsed === 'percent') return 'percent';
  if (!parsed) return 'not-a-number';
  const reading = readBody(parsed.body);
  if (!reading) return 'not-a-number';
  if (parsed.currency && !options.currency) return 'currency';
  let canonical: string | undefined;
  if (format) canonical = reading[format];
  else if (reading.evidence !== 'ambiguous') canonical = reading.point ?? reading.comma;
  if (canonical === undefined) return format ? 'not-in-format' : 'needs-format';
  return Number(`${parsed.negative ? '-' : ''}${canonical}`);
}

/** Both readings of an ambiguous text (`1,234`: 1234 or 1.234), for the review's question; null otherwise. */
export function numberReadings(text: string): { point: number; comma: number } | null {
  const parsed = unwrap(text);
  if (!parsed || parsed === 'percent') return null;
  const reading = readBody(parsed.body);
  if (reading?.evidence !== 'ambiguous') return null;
  const sign = parsed.negative ? '-' : '';
  return { point: Number(`${sign}${reading.point}`), comma: Number(`${sign}${reading.comma}`) };
}

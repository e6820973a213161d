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

function unwrap(text: string): Parsed | 'percent' | undefined {
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

const GROUP_MARKS = new Set([',', '.', ' ', '\u00A0', '\u202F', "'", '\u2019']);

/** How the separators of a body read: its evidence and, where it reads one way, its canonical text per mark. */
interface Reading {
  evidence: NumberEvidence;
  /** The canonical text (`1234.56`) read with a decimal point, with a decimal comma; undefined where that mark cannot read it. */
  point?: string;
  comma?: string;
}

/** Groups of exactly three after a first of one to three digits. */
const validGroups = (groups: string[]) =>
  groups.length > 1 && /^\d{1,3}$/.test(groups[0]) && groups.slice(1).every((group) => /^\d{3}$/.test(group));

function readBody(body: string): Reading | undefined {
  if (body === '') return undefined;
  // Which separator characters the body has, in order.
  const marks: string[] = [];
  for (const char of body) {
    if (char >= '0' && char <= '9') continue;
    if (!GROUP_MARKS.has(char)) return undefined;
    marks.push(char);
  }
  const spaceLike = (mark: string) => mark !== ',' && mark !== '.';
  if (marks.length === 0) return { evidence: 'none', point: body, comma: body };
  const kinds = [...new Set(marks.map((mark) => (spaceLike(mark) ? ' ' : mark)))];
  const last = marks[marks.length - 1];

  if (kinds.length === 1) {
    const [kind] = kinds;
    const groups = body.split(/[,. \u00A0\u202F'\u2019]/);
    if (kind === ' ') return validGroups(groups) ? { evidence: 'none', point: groups.join(''), comma: groups.join('') } : undefined;
    if (marks.length > 1) {
      // The same mark twice can only group: 1,234,567 has decimal points, 1.234.567 decimal commas.
      if (!validGroups(groups)) return undefined;
      return kind === ',' ? { evidence: 'point', point: groups.join('') } : { evidence: 'comma', comma: groups.join('') };
    }
    const [whole, fraction] = groups;
    if (fraction === '') return undefined;
    const decimal = `${whole === '' ? '0' : whole}.${fraction}`;
    const grouped = validGroups(groups) ? groups.join('') : undefined;
    if (grouped !== undefined && !whole.startsWith('0')) {
      return kind === '.' ? { evidence: 'ambiguous', point: decimal, comma: grouped } : { evidence: 'ambiguous', point: grouped, comma: decimal };
    }
    return kind === '.' ? { evidence: 'point', point: decimal } : { evidence: 'comma', comma: decimal };
  }

  // Two kinds: the last mark, once, is the decimal mark; everything before it groups.
  if (spaceLike(last) || marks.indexOf(last) !== marks.length - 1) return undefined;
  const cut = body.lastIndexOf(last);
  const [whole, fraction] = [body.slice(0, cut), body.slice(cut + 1)];
  if (fraction === '' || !/^\d+$/.test(fraction)) return undefined;
  const groupMarks = new Set(marks.slice(0, -1).map((mark) => (spaceLike(mark) ? ' ' : mark)));
  if (groupMarks.size !== 1) return undefined;
  const groups = whole.split(/[,. \u00A0\u202F'\u2019]/);
  if (!validGroups(groups)) return undefined;
  const canonical = `${groups.join('')}.${fraction}`;
  return last === '.' ? { evidence: 'point', point: canonical } : { evidence: 'comma', comma: canonical };
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

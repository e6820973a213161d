// One date as people write it (docs/values.md "Dates"): ISO, day/month/year and month/day/year with
// `/` `.` `-` or spaces, year first, YYYYMMDD, month names in the widget's ten languages, CJK
// 年月日. What a text says about its column's day/month order is dateEvidence; the column decides
// (engine/column-formats.ts) and readDate reads a text with the column's decision. Every date returned
// is checked against the calendar.
import type { DateOrder } from '../../domain/templates';
import { isWeekday, monthOf } from './month-names';

export type { DateOrder };

/** What one text says about its column's day/month order. */
export type DateEvidence = 'none' | 'DMY' | 'MDY' | 'ambiguous';
export type DateFailure = 'not-a-date' | 'needs-order' | 'not-in-order' | 'two-digit-year';

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || year < 1 || year > 9999) return false;
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= DAYS_IN_MONTH[month - 1] + (leap ? 1 : 0);
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const iso = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;

const digitAt = (text: string, i: number) => {
  const code = text.charCodeAt(i) - 48;
  return code >= 0 && code <= 9 ? code : -1;
};

/** `YYYY-MM-DD` exactly and on the calendar (what spreadsheet date cells and most exports give), without a regex. */
export function isPlainIsoDate(text: string): boolean {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false;
  let year = 0;
  for (let i = 0; i < 4; i++) {
    const digit = digitAt(text, i);
    if (digit < 0) return false;
    year = year * 10 + digit;
  }
  // Each digit on its own line, no array: this runs for every cell of a date column.
  const m1 = digitAt(text, 5);
  const m2 = digitAt(text, 6);
  const d1 = digitAt(text, 8);
  const d2 = digitAt(text, 9);
  if (m1 < 0 || m2 < 0 || d1 < 0 || d2 < 0) return false;
  return isCalendarDate(year, m1 * 10 + m2, d1 * 10 + d2);
}

/** ISO dates and date-times: the calendar date as written (an offset is not applied). */
const ISO_DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;
/** Three numbers with one separator; a time of day may follow. */
const NUMERIC = /^(\d{1,4})([/.\- ])(\d{1,2})\2(\d{1,4})\.?(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/;
/** YYYYMMDD: eight digits are also an id or an amount, so only years 1000-9999 read as a date. */
const COMPACT = /^([1-9]\d{3})(\d{2})(\d{2})$/;
const CJK = /^(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]?$/;
/** Year first with a dot after each part, as Korean writes it: `2024. 1. 15.` */
const YEAR_DOTS = /^(\d{4})\.\s*(\d{1,2})\.\s*(\d{1,2})\.?$/;

/** Excel's window for two-digit years: 00-29 are 2000-2029, 30-99 are 1930-1999. */
const fullYear = (twoDigits: number) => (twoDigits < 30 ? 2000 + twoDigits : 1900 + twoDigits);

/** A date that reads one way, or a day and month whose order the column decides. */
type Shape =
  | { kind: 'date'; year: number; month: number; day: number; shortYear: boolean }
  | { kind: 'ordered'; first: number; second: number; year: number; shortYear: boolean }
  | { kind: 'not-a-date' };

const NOT_A_DATE: Shape = { kind: 'not-a-date' };

function yearOf(text: string): { year: number; shortYear: boolean } | undefined {
  if (text.length === 4) return { year: Number(text), shortYear: false };
  if (text.length === 2) return { year: fullYear(Number(text)), shortYear: true };
  return undefined;
}

function shapeOf(text: string): Shape {
  const first = text.charCodeAt(0);
  if (first >= 48 && first <= 57) {
    let match = ISO_DATE_TIME.exec(text);
    if (match) return { kind: 'date', year: Number(match[1]), month: Number(match[2]), day: Number(match[3]), shortYear: false };
    match = NUMERIC.exec(text);
    if (match) {
      const [, a, separator, b, c] = match;
      // Year first: only with / or . (2024-1-5 is ISO above) and a four-digit year.
      if (a.length === 4) {
        if (separator === ' ' || c.length > 2) return NOT_A_DATE;
        return { kind: 'date', year: Number(a), month: Number(b), day: Number(c), shortYear: false };
      }
      if (a.length > 2) return NOT_A_DATE;
      const year = yearOf(c);
      if (!year) return NOT_A_DATE;
      return { kind: 'ordered', first: Number(a), second: Number(b), ...year };
    }
    match = COMPACT.exec(text);
    if (match) return { kind: 'date', year: Number(match[1]), month: Number(match[2]), day: Number(match[3]), shortYear: false };
    match = CJK.exec(text) ?? YEAR_DOTS.exec(text);
    if (match) return { kind: 'date', year: Number(match[1]), month: Number(match[2]), day: Number(match[3]), shortYear: false };
  }
  return /\p{L}/u.test(text) ? namedShape(text) : NOT_A_DATE;
}

/** Words a language puts between a date's parts: "15 de enero de 2024". */
const FILLERS = new Set(['de', 'del', 'of', 'the']);
const DAY = /^(\d{1,2})(?:st|nd|rd|th|er|e|º|°)?$/i;

/** A date with its month in words: day month year, month day year, or year month day, any separators. */
function namedShape(text: string): Shape {
  let words = text.split(/[\s,/\-]+|\.(?=\s|$)|\.(?=\d)/).filter((word) => word !== '' && !FILLERS.has(word.toLowerCase()));
  if (words.length === 4 && isWeekday(words[0])) words = words.slice(1);
  if (words.length !== 3) return NOT_A_DATE;
  const monthAt = words.findIndex((word) => /\p{L}/u.test(word) && !DAY.test(word));
  const month = monthAt === -1 ? undefined : monthOf(words[monthAt]);
  if (month === undefined) return NOT_A_DATE;
  const others = words.filter((_, i) => i !== monthAt);
  let dayText: string;
  let yearText: string;
  if (monthAt === 1 && /^\d{4}$/.test(others[0])) [yearText, dayText] = others; // 2024 Jan 15
  else if (monthAt === 1 || monthAt === 0) [dayText, yearText] = others; // 15 Jan 2024, Jan 15 2024
  else return NOT_A_DATE;
  const day = DAY.exec(dayText);
  const year = /^\d+$/.test(yearText) ? yearOf(yearText) : undefined;
  if (!day || !year) return NOT_A_DATE;
  return { kind: 'date', year: year.year, month, day: Number(day[1]), shortYear: year.shortYear };
}

/** What one text (trimmed, not empty) says about its column's day/month order. */
export function dateEvidence(text: string): DateEvidence {
  if (isPlainIsoDate(text)) return 'none';
  const shape = shapeOf(text);
  if (shape.kind !== 'ordered') return 'none';
  const { first, second, year } = shape;
  // The same either way, or no date either way: nothing to decide.
  if (first === second) return 'none';
  const dayFirst = isCalendarDate(year, second, first);
  const monthFirst = isCalendarDate(year, first, second);
  if (dayFirst && monthFirst) return 'ambiguous';
  return dayFirst ? 'DMY' : monthFirst ? 'MDY' : 'none';
}

/**
 * The `YYYY-MM-DD` of a text (trimmed, not empty) read with the column's order, or why not. Without
 * an order, a day/month value only one order reads is read; an ambiguous one is 'needs-order'.
 */
export function readDate(text: string, options: { order: DateOrder | null; twoDigitYears: boolean }): string | DateFailure {
  if (isPlainIsoDate(text)) return text;
  const shape = shapeOf(text);
  if (shape.kind === 'not-a-date') return 'not-a-date';
  if (shape.shortYear && !options.twoDigitYears) return 'two-digit-year';
  if (shape.kind === 'date') return isCalendarDate(shape.year, shape.month, shape.day) ? iso(shape.year, shape.month, shape.day) : 'not-a-date';
  const { first, second, year } = shape;
  const dayFirst = isCalendarDate(year, second, first) ? iso(year, second, first) : undefined;
  const monthFirst = isCalendarDate(year, first, second) ? iso(year, first, second) : undefined;
  if (!dayFirst && !monthFirst) return 'not-a-date';
  switch (options.order) {
    case 'DMY':
      return dayFirst ?? 'not-in-order';
    case 'MDY':
      return monthFirst ?? 'not-in-order';
    case 'YMD':
      return 'not-in-order';
    case null:
      if (dayFirst && monthFirst && dayFirst !== monthFirst) return 'needs-order';
      return (dayFirst ?? monthFirst)!;
  }
}

/** Both readings of an ambiguous day/month value (`03/08/2024`), for the review's question; null otherwise. */
export function dateReadings(text: string): { DMY: string; MDY: string } | null {
  const shape = shapeOf(text);
  if (shape.kind !== 'ordered' || dateEvidence(text) !== 'ambiguous') return null;
  const { first, second, year } = shape;
  return { DMY: iso(year, second, first), MDY: iso(year, first, second) };
}

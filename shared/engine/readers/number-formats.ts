// Number cells as the spreadsheet shows them (docs/values.md "Spreadsheet cells as they look"): a
// number with a format other than General is a ShownNumber whose text is that format applied by
// numfmt, a maintained implementation of Excel's format language. Shared by the XLSX and XLS readers
// so both show a cell alike. A format that names a locale ([$€-407]) is shown in that locale; the
// others in numfmt's default (en-US), which is how Excel stores every format code.
import { format, getFormatFromId, isValidFormat } from 'numfmt';
import { ShownNumber, type RawCell } from '../types';

/**
 * Built-in number format ids as ECMA-376 fixes them for every language (1-4, 9-22, 37-40, 45-49); 0 is
 * General. 5-8 and 41-44 are left out: they are the currency formats of the desktop's locale, and a file
 * that names one by id alone does not say which currency. Other ids without a numFmts entry (the East
 * Asian dates aside, dates.ts) have no code a reader can trust.
 */
const BUILTIN_FORMATS = new Set([1, 2, 3, 4, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 37, 38, 39, 40, 45, 46, 47, 48, 49]);

export function builtinFormatCode(numFmtId: number): string | undefined {
  return BUILTIN_FORMATS.has(numFmtId) ? getFormatFromId(numFmtId) : undefined;
}

// Brackets carry colours, conditions and locales ([Red], [$-409]); none of them changes General's digits.
const BRACKETS = /\[[^\]]*\]/g;

/**
 * Whether a format code shows a number as anything but its natural text. Not General, nor text (`@`):
 * both show a number as General does, and numfmt's General is Excel's narrow-cell one (4915112345678
 * is 4.91511E+12), so the plain number keeps every digit. Nor a code numfmt cannot read: a format never
 * fails a file, and checked once per style or code, not per cell (numfmt caches no failed parse).
 */
export function isShownFormat(code: string | undefined): code is string {
  if (code === undefined) return false;
  const bare = code.replace(BRACKETS, '').trim().toLowerCase();
  return bare !== '' && bare !== 'general' && bare !== '@' && isValidFormat(code);
}

/**
 * The cell of a number with a (non-General, non-date) format: the value and the text it shows, trimmed
 * as every cell text is. A code numfmt cannot apply leaves the plain number: a format never fails a file.
 */
export function shownNumber(value: number, code: string): RawCell {
  try {
    const text = format(code, value).trim();
    return text === '' ? value : new ShownNumber(value, text);
  } catch {
    return value;
  }
}

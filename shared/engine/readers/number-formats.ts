// Number cells as the spreadsheet shows them (docs/values.md "Spreadsheet cells as they look"): a
// number with a format other than General is a ShownNumber whose text is that format applied by
// numfmt, a maintained implementation of Excel's format language. Shared by the XLSX and XLS readers
// so both show a cell alike. A format that names a locale ([$€-407]) is shown in that locale; the
// others in numfmt's default (en-US), which is how Excel stores every format code.
import { format, getFormatFromId } from 'numfmt';
import { ShownNumber, type RawCell } from '../types';

/**
 * The format code of an international built-in number format id (1-22, 37-49); 0 is General. Other ids
 * without a numFmts entry (the East Asian dates aside, dates.ts) have no code a reader can trust.
 */
export function builtinFormatCode(numFmtId: number): string | undefined {
  const builtin = (numFmtId >= 1 && numFmtId <= 22) || (numFmtId >= 37 && numFmtId <= 49);
  return builtin ? (getFormatFromId(numFmtId) ?? undefined) : undefined;
}

/** Whether a format code shows a number as anything but its natural text. */
export function isShownFormat(code: string | undefined): code is string {
  return code !== undefined && code !== '' && code.toLowerCase() !== 'general';
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

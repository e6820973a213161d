// Spreadsheet dates: Excel stores a date as a plain number (days since an epoch) and only the cell's
// number format says it is a date. Shared by the XLSX and XLS readers so both agree on what a date is.

/**
 * Built-in number formats that are dates or times. 14-22 and 45-47 are the international ones;
 * 27-36 and 50-58 are the East Asian date formats that CJK Excel writes without a format code.
 */
const BUILTIN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55,
  56, 57, 58,
]);

export function isBuiltinDateFormat(numFmtId: number): boolean {
  return BUILTIN_DATE_FORMATS.has(numFmtId);
}

// Parts of a format code that never carry date tokens: quoted literals, backslash-escaped
// characters, [brackets] (colours, conditions, locales like [$-409]), and the _x (space as wide as x)
// and *x (fill with x) directives whose operand is a literal character.
const LITERALS = /"[^"]*"|\\.|\[[^\]]*\]|[_*]./g;

/** Whether a custom number format code displays a date or time (y, m, d, h or s outside literals). */
export function isDateFormatCode(code: string): boolean {
  return /[ymdhs]/i.test(code.replace(LITERALS, ''));
}

const MS_PER_DAY = 86_400_000;
// Serial 0 of the 1900 system, counted from 1899-12-30 so that serials after the phantom
// 1900-02-29 (serial 60, Lotus 1-2-3's leap-year bug that Excel keeps) land on the right day.
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);
// 9999-12-31 in the 1900 system, the last date Excel can show.
const MAX_SERIAL = 2_958_465;

/**
 * The calendar date (`YYYY-MM-DD`) of an Excel serial date, or null when the number is not a date
 * Excel could display (negative, or after 9999-12-31): such cells stay numbers.
 */
export function excelSerialToIsoDate(serial: number, date1904: boolean): string | null {
  if (!Number.isFinite(serial) || serial < 0 || serial > MAX_SERIAL) return null;
  // The time of day is rounded to the second first, as Excel displays it: 0.99999999 is the next day.
  const days = Math.floor(serial + 0.5 / 86_400);
  if (date1904) return isoDate(EPOCH_1904 + days * MS_PER_DAY);
  if (days === 60) return '1900-02-29';
  // Before the phantom day the epoch is one day later.
  return isoDate(EPOCH_1900 + (days < 60 ? days + 1 : days) * MS_PER_DAY);
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

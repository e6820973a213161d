// The error rows as a CSV file built in the browser (RFC 4180 quoting, UTF-8 with a BOM so that
// spreadsheet programs read accents and CJK text correctly).

/** Cells a spreadsheet would run as a formula get a leading apostrophe (OWASP "CSV injection"). */
const FORMULA = /^[=+@\t\r]|^-(?![0-9.,\s]*$)/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

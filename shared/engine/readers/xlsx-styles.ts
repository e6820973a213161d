// How the cell styles of an XLSX workbook display numbers: as dates, or with a number format (a ZIP
// code's `00000`). A cell's `s` attribute indexes cellXfs; each xf names a number format, built-in (by
// id) or custom (numFmts, by format code).
import { isBuiltinDateFormat, isDateFormatCode } from './dates';
import { builtinFormatCode, isShownFormat } from './number-formats';
import { parseXml, type XmlHandlers } from './xml';

export interface CellStyles {
  /** `dateStyles[s]`: style s shows numbers as dates. */
  dateStyles: boolean[];
  /** `numberFormats[s]`: the code style s shows numbers with, when it is neither General nor a date. */
  numberFormats: (string | undefined)[];
}

export async function readCellStyles(part: string, chunks: AsyncIterable<string>): Promise<CellStyles> {
  const customFormats = new Map<number, string>();
  const xfFormats: number[] = [];
  let inCellXfs = false;
  const handlers: XmlHandlers = {
    open(name, attributes) {
      if (name === 'numFmt') {
        customFormats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      } else if (name === 'cellXfs') {
        inCellXfs = true;
      } else if (name === 'xf' && inCellXfs) {
        // cellStyleXfs also holds xf elements, but cell `s` indexes only cellXfs.
        xfFormats.push(Number(attributes.numFmtId ?? 0));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text() {},
  };
  await parseXml(part, chunks, handlers);
  // A workbook may redefine a built-in id with its own code; the code then decides.
  const dateStyles = xfFormats.map((id) => {
    const code = customFormats.get(id);
    return code === undefined ? isBuiltinDateFormat(id) : isDateFormatCode(code);
  });
  const numberFormats = xfFormats.map((id, style) => {
    const code = customFormats.get(id) ?? builtinFormatCode(id);
    return !dateStyles[style] && isShownFormat(code) ? code : undefined;
  });
  return { dateStyles, numberFormats };
}

// Which cell styles of an XLSX workbook display numbers as dates. A cell's `s` attribute indexes
// cellXfs; each xf names a number format, built-in (by id) or custom (numFmts, by format code).
import { isBuiltinDateFormat, isDateFormatCode } from './dates';
import { parseXml, type XmlHandlers } from './xml';

/** `dateStyles[s]` is true when style `s` formats numbers as dates. */
export async function readDateStyles(part: string, chunks: AsyncIterable<string>): Promise<boolean[]> {
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
  return xfFormats.map((id) => {
    // A workbook may redefine a built-in id with its own code; the code then decides.
    const code = customFormats.get(id);
    return code === undefined ? isBuiltinDateFormat(id) : isDateFormatCode(code);
  });
}

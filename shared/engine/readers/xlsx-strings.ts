// The shared string table of an XLSX workbook. Cells of type `s` hold an index into it, in any order,
// so it is the one part kept in memory (as a plain array of strings).
import { parseXml, unescapeOoxml } from './xml';

/**
 * Raw text kept per string: OOXML escapes shrink at most 7:1 (`_x000D_` is one character), so text
 * cut at this length still decodes to more than maxCellChars and the cell using it fails as too
 * long, while the table never keeps a hostile megabyte string (nor one built from many runs).
 */
export function rawTextCap(maxCellChars: number): number {
  return 7 * (maxCellChars + 1);
}

export async function readSharedStrings(
  part: string,
  chunks: AsyncIterable<string>,
  maxCellChars: number,
): Promise<string[]> {
  const strings: string[] = [];
  const cap = rawTextCap(maxCellChars);
  let current = '';
  let inText = false;
  // Phonetic guides (<rPh><t>カンジ</t></rPh>) annotate East Asian text; they are not its value.
  let inPhonetic = false;
  await parseXml(part, chunks, {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 't') inText = !inPhonetic;
      else if (name === 'rPh') inPhonetic = true;
    },
    close(name) {
      if (name === 'si') strings.push(detached(unescapeOoxml(current)));
      else if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
    },
    text(text) {
      // Rich text arrives as several runs (<r><t>), concatenated into one value.
      if (inText && current.length < cap) current += text.slice(0, cap - current.length);
    },
  });
  return strings;
}

/**
 * A flat copy of the string. The parser's text is often a slice of the inflated chunk it came from,
 * and a kept slice keeps its whole chunk alive: copying cuts the table's memory by about a third.
 */
function detached(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

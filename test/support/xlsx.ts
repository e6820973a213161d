// A minimal but valid one-sheet XLSX workbook for tests (test/engine-readers.test.ts builds hostile
// variants of it) and for the engine benchmark's large fixture (bench/engine-fixtures.ts).
import { zip, type ZipEntry } from './zip';

export const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
export const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export interface XlsxParts {
  /** The <sheetData> content of the one sheet. */
  rows: string;
  sharedStrings?: string[];
  /** The content of <styleSheet>. */
  styles?: string;
  workbookPr?: string;
  sheetName?: string;
  sheetRelationshipId?: string;
  /** Overrides of the parts above, or extra zip entries. */
  entries?: ZipEntry[];
}

/** A minimal but valid XLSX workbook of one sheet. */
export function xlsx(parts: XlsxParts): Buffer {
  const id = parts.sheetRelationshipId ?? 'rId1';
  const relationship = (rid: string, type: string, target: string) =>
    `<Relationship Id="${rid}" Type="${REL_NS}/${type}" Target="${target}"/>`;
  const base: ZipEntry[] = [
    {
      name: 'xl/workbook.xml',
      data:
        `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">${parts.workbookPr ?? ''}` +
        `<sheets><sheet name="${parts.sheetName ?? 'Data'}" sheetId="1" r:id="${id}"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data:
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        relationship(id, 'worksheet', 'worksheets/sheet1.xml') +
        relationship('rId2', 'sharedStrings', 'sharedStrings.xml') +
        relationship('rId3', 'styles', 'styles.xml') +
        '</Relationships>',
    },
    { name: 'xl/worksheets/sheet1.xml', data: `<worksheet xmlns="${MAIN_NS}"><sheetData>${parts.rows}</sheetData></worksheet>` },
  ];
  if (parts.sharedStrings) {
    const items = parts.sharedStrings.map((item) => `<si>${item}</si>`).join('');
    base.push({ name: 'xl/sharedStrings.xml', data: `<sst xmlns="${MAIN_NS}">${items}</sst>` });
  }
  if (parts.styles) base.push({ name: 'xl/styles.xml', data: `<styleSheet xmlns="${MAIN_NS}">${parts.styles}</styleSheet>` });
  const overrides = new Set((parts.entries ?? []).map((entry) => entry.name));
  return zip([...base.filter((entry) => !overrides.has(entry.name)), ...(parts.entries ?? [])]);
}

// The workbook part of an XLSX file (sheet names and order, the date system) and the relationships
// that say which zip part holds each sheet, the shared strings and the styles.
import { posix } from 'node:path';
import { parseXml, prefixedAttribute } from './xml';
import { unreadable } from './problems';

export const WORKBOOK_PART = 'xl/workbook.xml';
export const WORKBOOK_RELS_PART = 'xl/_rels/workbook.xml.rels';

export interface WorkbookSheet {
  name: string;
  /** The relationship id (`r:id`) that leads to the sheet's part. */
  relationshipId: string;
}

export interface Workbook {
  /** In tab order, hidden sheets included: sheet indexes count them as Excel does. */
  sheets: WorkbookSheet[];
  /** Dates count from 1904-01-01 instead of 1900 (old Mac workbooks). */
  date1904: boolean;
}

export async function readWorkbook(chunks: AsyncIterable<string>): Promise<Workbook> {
  const workbook: Workbook = { sheets: [], date1904: false };
  await parseXml(WORKBOOK_PART, chunks, {
    open(name, attributes) {
      if (name === 'sheet') {
        workbook.sheets.push({ name: attributes.name ?? '', relationshipId: prefixedAttribute(attributes, 'id') ?? '' });
      } else if (name === 'workbookPr') {
        workbook.date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
      }
    },
    close() {},
    text() {},
  });
  return workbook;
}

export interface Relationship {
  /** The relationship type's last segment: worksheet, sharedStrings, styles, … */
  kind: string;
  /** The target as a zip entry name. */
  part: string;
}

/** The workbook's relationships by id (a Map: ids come from the file). */
export async function readRelationships(chunks: AsyncIterable<string>): Promise<Map<string, Relationship>> {
  const relationships = new Map<string, Relationship>();
  await parseXml(WORKBOOK_RELS_PART, chunks, {
    open(name, attributes) {
      if (name !== 'Relationship' || attributes.TargetMode === 'External') return;
      const { Id: id, Type: type, Target: target } = attributes;
      if (id === undefined || type === undefined || target === undefined) return;
      relationships.set(id, { kind: type.slice(type.lastIndexOf('/') + 1), part: partName(target) });
    },
    close() {},
    text() {},
  });
  return relationships;
}

/** Targets are relative to the workbook's folder (`worksheets/sheet1.xml`) or absolute (`/xl/…`). */
function partName(target: string): string {
  const part = target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join('xl', target));
  if (part.startsWith('../')) {
    throw unreadable(`The XLSX file is damaged: it points to a part outside the workbook (${target}).`);
  }
  return part;
}

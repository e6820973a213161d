// Streaming XLSX reader. Opening reads the small parts (workbook, relationships, styles, shared
// strings) and closes the file again; iterating the batches reopens it and streams the one sheet
// through inflate and a SAX parser, so memory holds one batch plus the shared strings, never the
// sheet. A source that is opened but never iterated holds no file descriptor.
import { BATCH_ROWS } from '../limits';
import type { EngineLimits, RawRow, RowSource, SheetInfo } from '../types';
import { sheetNotFound, unreadable } from './problems';
import { streamSheet, type SheetContext } from './xlsx-sheet';
import { readSharedStrings } from './xlsx-strings';
import { readCellStyles } from './xlsx-styles';
import {
  readRelationships,
  readWorkbook,
  WORKBOOK_PART,
  WORKBOOK_RELS_PART,
  type Relationship,
  type Workbook,
  type WorkbookSheet,
} from './xlsx-workbook';
import { XlsxZip, type InflateBudget } from './zip';

export interface SpreadsheetOptions {
  /** Zero-based; the first sheet by default. */
  sheetIndex?: number;
  limits: EngineLimits;
  /** Rows per batch; BATCH_ROWS by default. */
  batchRows?: number;
}

export async function openXlsx(path: string, options: SpreadsheetOptions): Promise<RowSource> {
  const { limits } = options;
  const budget: InflateBudget = { inflated: 0 };
  const zip = await XlsxZip.open(path, limits, budget);
  let prepared: PreparedSheet;
  try {
    prepared = await prepareSheet(zip, options.sheetIndex ?? 0, limits);
  } finally {
    zip.close();
  }
  return {
    sheet: prepared.info,
    batches: readRows(path, prepared, budget, options.batchRows ?? BATCH_ROWS),
  };
}

interface PreparedSheet {
  info: SheetInfo;
  part: string;
  context: SheetContext;
}

async function prepareSheet(zip: XlsxZip, sheetIndex: number, limits: EngineLimits): Promise<PreparedSheet> {
  const workbook = await workbookOf(zip);
  const totalSheets = workbook.sheets.length;
  const sheet = Number.isInteger(sheetIndex) ? workbook.sheets[sheetIndex] : undefined;
  if (!sheet) throw sheetNotFound(sheetIndex, totalSheets);

  const relationships = await relationshipsOf(zip);
  const part = sheetPart(zip, relationships, sheet);
  return {
    info: { sheetName: sheet.name, sheetIndex, totalSheets },
    part,
    context: await contextOf(zip, workbook, relationships, limits),
  };
}

async function workbookOf(zip: XlsxZip): Promise<Workbook> {
  if (!zip.has(WORKBOOK_PART)) {
    throw unreadable('The file is a zip archive but not an XLSX workbook (it has no xl/workbook.xml).');
  }
  return readWorkbook(zip.text(WORKBOOK_PART));
}

async function relationshipsOf(zip: XlsxZip): Promise<Map<string, Relationship>> {
  return zip.has(WORKBOOK_RELS_PART) ? readRelationships(zip.text(WORKBOOK_RELS_PART)) : new Map<string, Relationship>();
}

function sheetPart(zip: XlsxZip, relationships: Map<string, Relationship>, sheet: WorkbookSheet): string {
  const part = relationships.get(sheet.relationshipId)?.part;
  if (part === undefined || !zip.has(part)) {
    throw unreadable(`The XLSX file is damaged: the part holding sheet "${sheet.name}" is missing.`);
  }
  return part;
}

async function contextOf(
  zip: XlsxZip,
  workbook: Workbook,
  relationships: Map<string, Relationship>,
  limits: EngineLimits,
): Promise<SheetContext> {
  const stylesPart = partOfKind(relationships, 'styles', zip);
  const stringsPart = partOfKind(relationships, 'sharedStrings', zip);
  return {
    // Both parts are optional: a workbook without text or without formats simply has none.
    ...(stylesPart ? await readCellStyles(stylesPart, zip.text(stylesPart)) : { dateStyles: [], numberFormats: [] }),
    sharedStrings: stringsPart ? await readSharedStrings(stringsPart, zip.text(stringsPart), limits.maxCellChars) : [],
    date1904: workbook.date1904,
    limits,
  };
}

/** The sheets of one workbook, for reading several of them (the mapping preview reads the head of each). */
export interface XlsxWorkbook {
  /** Every sheet in tab order (sheetIndex 0 to totalSheets - 1). */
  sheets: SheetInfo[];
  /** Sheet `sheetIndex`, as openXlsx with that sheetIndex gives it. */
  open(sheetIndex: number): RowSource;
}

/**
 * Opens a workbook once for several sheets: the workbook, styles and shared strings are read once
 * (and held, as openXlsx holds them for one sheet), and every sheet read counts against one inflate
 * budget. A sheet whose part is missing fails when it is opened.
 */
export async function openXlsxWorkbook(path: string, options: Omit<SpreadsheetOptions, 'sheetIndex'>): Promise<XlsxWorkbook> {
  const { limits } = options;
  const budget: InflateBudget = { inflated: 0 };
  const zip = await XlsxZip.open(path, limits, budget);
  let workbook: Workbook;
  let relationships: Map<string, Relationship>;
  let context: SheetContext;
  try {
    workbook = await workbookOf(zip);
    relationships = await relationshipsOf(zip);
    context = await contextOf(zip, workbook, relationships, limits);
  } finally {
    // Its directory stays known (zip.has) after closing; each sheet read reopens the file.
    zip.close();
  }
  const totalSheets = workbook.sheets.length;
  const sheets = workbook.sheets.map((sheet, sheetIndex) => ({ sheetName: sheet.name, sheetIndex, totalSheets }));
  return {
    sheets,
    open(sheetIndex) {
      const sheet = Number.isInteger(sheetIndex) ? workbook.sheets[sheetIndex] : undefined;
      if (!sheet) throw sheetNotFound(sheetIndex, totalSheets);
      const prepared = { info: sheets[sheetIndex], part: sheetPart(zip, relationships, sheet), context };
      return { sheet: prepared.info, batches: readRows(path, prepared, budget, options.batchRows ?? BATCH_ROWS) };
    },
  };
}

function partOfKind(relationships: Map<string, Relationship>, kind: string, zip: XlsxZip): string | undefined {
  for (const relationship of relationships.values()) {
    if (relationship.kind === kind && zip.has(relationship.part)) return relationship.part;
  }
  return undefined;
}

async function* readRows(
  path: string,
  prepared: PreparedSheet,
  budget: InflateBudget,
  batchRows: number,
): AsyncGenerator<RawRow[]> {
  const zip = await XlsxZip.open(path, prepared.context.limits, budget);
  try {
    yield* streamSheet(prepared.part, zip.text(prepared.part), prepared.context, batchRows);
  } finally {
    zip.close();
  }
}

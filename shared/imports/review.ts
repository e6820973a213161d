// The mapping review of an import started with `review: true`: after the upload the processor reads only
// the head of the file and stores it as the preview (process-upload.ts: the embed function serving the
// review loads no file reader), and the import waits in AWAITING_MAPPING; the
// preview route shows each sheet's headers with suggested matches (remembered, exact, fuzzy); the end
// user's confirmation is written once with the phase change (one transaction), remembered for the
// template's header set, and queues the processing of exactly that sheet and mapping.
import { getObject } from '../aws/objects';
import { config } from '../config';
import { isMissingObject } from '../aws/missing-object';
import { objectKeys } from '../data/objects';
import { confirmMapping as commitConfirmedMapping, getImportItems } from '../data/imports';
import { getRememberedMapping, rememberMapping } from '../data/mapping-memory';
import { importPhase, type ConfirmedMapping } from '../domain/imports';
import { nowIso } from '../domain/ids';
import { headerSetKey, suggestMapping } from '../engine/suggest';
import type { FilePreview, PreviewSheet } from './preview';
import { cutText, PREVIEW_CELL_CHARS, sheetView } from './preview-view';
import { candidateHeaders, HEADER_ROW_CANDIDATES, lastHeaderCandidate } from '../engine/header-row';
import { valueHints, type ChosenFormats } from '../engine/column-formats';
import type { Column } from '../domain/templates';
import { scheduleDeadline } from './deadlines';
import { queueProcessing } from './process-message';
import { ApiError, notFound, validationError } from '../domain/errors';

/** The preview as the processor stored it: each sheet with the header row it proposes (absent on previews stored before). */
export type StoredPreview = Omit<FilePreview, 'sheets'> & { sheets: (PreviewSheet & { proposedHeaderRow?: number })[] };

async function storedPreview(organizationId: string, importId: string): Promise<StoredPreview | undefined> {
  try {
    const { Body } = await getObject({ Bucket: config().bucketName, Key: objectKeys.preview(organizationId, importId) });
    return JSON.parse(await Body!.transformToString()) as StoredPreview;
  } catch (error) {
    if (isMissingObject(error)) return undefined;
    throw error;
  }
}

/** Which sheet's header row the request picks (the preview route's `sheet` and `headerRow`). */
export interface HeaderPick {
  sheet?: number;
  headerRow?: number;
}


/**
 * One sheet as a header row shows it: the headers and samples under `headerRow` (the template's, for a
 * template without a header row or a preview stored before head rows were kept).
 */
function viewOf(sheet: StoredPreview['sheets'][number], headerRow: number) {
  if (headerRow === 0 || !sheet.headRows) return { headers: sheet.headers, sampleRows: sheet.sampleRows };
  return sheetView(sheet.headRows, headerRow);
}

/** 400 unless `headerRow` is a row of the sheet's head that can be a header (not blank, among the candidates). */
function checkHeaderRow(sheet: StoredPreview['sheets'][number], headerRow: number, skipHeaderRows: number): void {
  if (skipHeaderRows === 0) throw validationError('Validation error: headerRow: the template has no header row (skipHeaderRows 0)');
  const last = Math.min(lastHeaderCandidate(skipHeaderRows), sheet.headRows?.length ?? skipHeaderRows);
  if (headerRow > last) throw validationError(`Validation error: headerRow must be between 1 and ${last}`);
  if (sheet.headRows && !candidateHeaders(sheet.headRows[headerRow - 1])) throw validationError(`Validation error: headerRow ${headerRow} is a blank row`);
}

/** What GET /embed/v1/imports/:id/preview answers: every sheet with its header row, suggestions and value hints, and the template's columns. */
export async function previewWithSuggestions(organizationId: string, importId: string, pick: HeaderPick = {}) {
  const items = await getImportItems(organizationId, importId);
  if (!items) throw notFound('Import');
  if (!items.snapshot.review) throw new ApiError(409, 'PREVIEW_NOT_READY', 'This import was not started with review: it has no preview');
  const preview = await storedPreview(organizationId, importId);
  if (!preview) throw new ApiError(409, 'PREVIEW_NOT_READY', 'The file has not been read yet: try again in a moment');
  const { columns } = items.snapshot.template;
  const templateId = items.snapshot.template.id;
  const { skipHeaderRows } = items.snapshot.settings;
  const sheetIndex = items.confirmed?.sheetIndex ?? items.snapshot.sheetIndex ?? 0;
  const pickedSheet = pick.sheet ?? sheetIndex;
  if (pick.headerRow !== undefined) {
    const sheet = preview.sheets.find((candidate) => candidate.index === pickedSheet);
    if (!sheet) throw validationError(`Validation error: sheet ${pickedSheet} is not a sheet of the file (0 to ${preview.sheets.length - 1})`);
    checkHeaderRow(sheet, pick.headerRow, skipHeaderRows);
  }
  const sheets = await Promise.all(
    preview.sheets.map(async (sheet) => {
      const proposedHeaderRow = skipHeaderRows === 0 ? 0 : (sheet.proposedHeaderRow ?? skipHeaderRows);
      const confirmedRow = items.confirmed?.sheetIndex === sheet.index ? items.confirmed.headerRow : undefined;
      const headerRow =
        skipHeaderRows === 0 ? 0 : pick.headerRow !== undefined && sheet.index === pickedSheet ? pick.headerRow : (confirmedRow ?? proposedHeaderRow);
      const { headers, sampleRows } = viewOf(sheet, headerRow);
      const remembered = await getRememberedMapping(organizationId, templateId, headerSetKey(headers));
      const suggestions = suggestMapping(headers, columns, remembered);
      const byHeader = <T>(pick: (i: number) => T) => Object.fromEntries(headers.map((header, i) => [header, pick(i)]));
      const valueFormats = Object.fromEntries(
        headers.flatMap((header, i) => {
          const texts = sampleRows.flatMap((row) => (typeof row[i] === 'string' && row[i].trim() !== '' ? [row[i].trim()] : []));
          const hints = valueHints(texts);
          return hints.date || hints.number ? [[header, hints]] : [];
        }),
      );
      return {
        index: sheet.index,
        name: sheet.name,
        headerRow,
        proposedHeaderRow,
        firstRows: (sheet.headRows ?? []).slice(0, HEADER_ROW_CANDIDATES).map((row) => row.map((cell) => cutText(cell, PREVIEW_CELL_CHARS))),
        headers,
        sampleRows,
        suggestedMapping: byHeader((i) => suggestions[i].column),
        confidence: byHeader((i) => Math.round(suggestions[i].confidence * 100) / 100),
        source: byHeader((i) => suggestions[i].source),
        valueFormats,
      };
    }),
  );
  return {
    phase: importPhase(items.record),
    sheetIndex,
    sheets,
    columns: columns.map(({ key, name, type, required, dateOrder, numberFormat }) => ({
      key,
      name,
      type,
      required: Boolean(required),
      dateOrder: dateOrder ?? null,
      numberFormat: numberFormat ?? null,
    })),
  };
}

/**
 * The end user's mapping: checked against the stored preview and the template (every problem named),
 * committed once with the move to PROCESSING, remembered for the header set, and its processing queued.
 * A repeat of the same confirmation (a client retrying after a lost answer) queues the processing again.
 */
export async function confirmMapping(
  organizationId: string,
  importId: string,
  input: { sheet?: number | null; mapping: Record<string, string | null>; headerRow?: number | null; columnFormats?: ChosenFormats },
) {
  const items = await getImportItems(organizationId, importId);
  if (!items) throw notFound('Import');
  const preview = items.snapshot.review ? await storedPreview(organizationId, importId) : undefined;
  const sheetIndex = input.sheet ?? items.snapshot.sheetIndex ?? 0;
  const sheet = preview?.sheets.find((candidate) => candidate.index === sheetIndex);
  if (preview && !sheet) throw validationError(`Validation error: sheet ${sheetIndex} is not a sheet of the file (0 to ${preview.sheets.length - 1})`);
  const { skipHeaderRows } = items.snapshot.settings;
  if (sheet && input.headerRow != null) checkHeaderRow(sheet, input.headerRow, skipHeaderRows);
  const headerRow = skipHeaderRows === 0 ? undefined : (input.headerRow ?? sheet?.proposedHeaderRow);
  const headers = sheet ? viewOf(sheet, headerRow ?? skipHeaderRows).headers : [];
  const columnFormats = input.columnFormats && Object.keys(input.columnFormats).length ? input.columnFormats : undefined;
  const confirmed: ConfirmedMapping = {
    sheetIndex,
    mapping: completeMapping(headers, input.mapping),
    ...(headerRow !== undefined && { headerRow }),
    ...(columnFormats && { columnFormats }),
    confirmedAt: nowIso(),
  };

  const repeat = items.confirmed && sameMapping(items.confirmed, confirmed) && items.record.status === 'PENDING';
  if (!repeat) {
    if (items.record.status !== 'PENDING' || items.record.phase !== 'AWAITING_MAPPING' || !sheet) {
      throw new ApiError(409, 'IMPORT_NOT_AWAITING_MAPPING', `The import is not waiting for its mapping (phase ${importPhase(items.record)})`);
    }
    checkMapping(headers, items.snapshot.template.columns, input.mapping);
    checkFormats(items.snapshot.template.columns, columnFormats);
    if (!(await commitConfirmedMapping(organizationId, importId, confirmed))) {
      throw new ApiError(409, 'IMPORT_NOT_AWAITING_MAPPING', 'The import is not waiting for its mapping any more');
    }
  }
  // After the commit, and again on a repeat (the first may have failed after it): each step is
  // idempotent (a second deadline message finds the import finished or due later; the memory is the same).
  // The processing deadline counts from the confirmation: the wait for the mapping had its own.
  const dueAt = new Date(Date.now() + config().processingDeadlineSeconds * 1000).toISOString();
  await scheduleDeadline({ organizationId, importId, deadline: 'processing', dueAt });
  if (sheet) await rememberMapping(organizationId, items.snapshot.template.id, headerSetKey(headers), confirmed.mapping);
  await queueProcessing({ organizationId, importId });
}

/** 400 naming every problem: unknown column keys, a date order for a column that is not a date column, a decimal mark for one that is not a number column. */
function checkFormats(columns: readonly Column[], formats: ChosenFormats | undefined): void {
  if (!formats) return;
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const problems = Object.entries(formats).flatMap(([key, format]) => {
    const column = byKey.get(key);
    if (!column) return [`columnFormats names "${key}", not a column of the template`];
    return [
      ...(format.dateOrder && column.type !== 'date' ? [`columnFormats."${key}".dateOrder applies only to date columns`] : []),
      ...(format.numberFormat && column.type !== 'number' ? [`columnFormats."${key}".numberFormat applies only to number columns`] : []),
    ];
  });
  if (problems.length) throw validationError(`Validation error: ${problems.join('; ')}`);
}

/** Every header of the sheet: the given key, or null where the mapping leaves it out. */
function completeMapping(headers: string[], mapping: Record<string, string | null>): Record<string, string | null> {
  return Object.fromEntries(headers.map((header) => [header, Object.hasOwn(mapping, header) ? mapping[header] : null]));
}

function sameMapping(a: ConfirmedMapping, b: ConfirmedMapping): boolean {
  const sorted = (record: Record<string, unknown> | undefined) => JSON.stringify(Object.entries(record ?? {}).sort());
  return (
    a.sheetIndex === b.sheetIndex &&
    a.headerRow === b.headerRow &&
    sorted(a.mapping) === sorted(b.mapping) &&
    sorted(Object.fromEntries(Object.entries(a.columnFormats ?? {}).map(([key, format]) => [key, sorted(format)]))) ===
      sorted(Object.fromEntries(Object.entries(b.columnFormats ?? {}).map(([key, format]) => [key, sorted(format)])))
  );
}


/** 400 naming every problem: unknown headers and column keys, a column mapped from two headers, required columns unmapped. */
function checkMapping(headers: string[], columns: { key: string; name: string; required?: boolean }[], mapping: Record<string, string | null>): void {
  const known = new Set(headers);
  const keys = new Set(columns.map((column) => column.key));
  const problems: string[] = [];
  const unknownHeaders = Object.keys(mapping).filter((header) => !known.has(header));
  if (unknownHeaders.length) problems.push(`unknown header${unknownHeaders.length > 1 ? 's' : ''} ${unknownHeaders.map((h) => `"${h}"`).join(', ')}`);
  const unknownKeys = [...new Set(Object.values(mapping).filter((key): key is string => key !== null && !keys.has(key)))];
  if (unknownKeys.length) problems.push(`unknown column key${unknownKeys.length > 1 ? 's' : ''} ${unknownKeys.map((k) => `"${k}"`).join(', ')}`);
  const headersOf = new Map<string, string[]>();
  // Only the sheet's own headers map anything: an unknown header leaves its column unmapped too.
  for (const [header, key] of Object.entries(mapping)) {
    if (key !== null && known.has(header)) headersOf.set(key, [...(headersOf.get(key) ?? []), header]);
  }
  for (const [key, from] of headersOf) {
    if (from.length > 1) problems.push(`column "${key}" is mapped from ${from.length} headers (${from.map((h) => `"${h}"`).join(', ')})`);
  }
  const unmapped = columns.filter((column) => column.required && !headersOf.has(column.key));
  if (unmapped.length) {
    problems.push(`required column${unmapped.length > 1 ? 's' : ''} ${unmapped.map((c) => `"${c.key}"`).join(', ')} ${unmapped.length > 1 ? 'are' : 'is'} not mapped`);
  }
  if (problems.length) throw validationError(`Validation error: ${problems.join('; ')}`);
}

// Processing one uploaded file, from the bucket notification to the finished import. Every step is
// idempotent and the finish is one transaction conditioned on PENDING, so a processor that crashes
// anywhere and is redelivered finishes the import exactly once, and a redelivery that finds the
// import already finished sends its import-finished message again (it may be what failed).
import { getImportItems, recordProgress, setImportPhase, type ImportItems } from '../data/imports';
import { ChunkWriter } from '../data/row-chunks';
import { objectKeys } from '../data/objects';
import { putObject } from '../aws/objects';
import { config } from '../config';
import type { ImportError } from '../domain/imports';
import { nowIso } from '../domain/ids';
import { DEFAULT_LIMITS } from '../engine/limits';
import { mappedEntries, runEngine, type EngineResult } from '../engine/engine';
import { headerSetKey, suggestMapping } from '../engine/suggest';
import { getRememberedMapping } from '../data/mapping-memory';
import type { Column } from '../domain/templates';
import { FileProblem, type EngineLimits, type RawRow } from '../engine/types';
import { initialFormatState, type FormatState } from '../engine/column-formats';
import { loadPatterns } from '../engine/columns';
import { findHeaderRow, findHeaderRows } from './header-row';
import type { StoredPreview } from './review';
import { openUploadedFile } from './file-source';
import { announceFinished, finishWithResult, type StoredResult } from './finish';
import { readFilePreview } from './preview';
import { scheduleDeadline } from './deadlines';
import { WorkspaceBuilder } from '../corrections/build';
import { enterCorrections, finalizeCorrections } from '../corrections/lifecycle';
import { countMetric } from '../observability/observe';
import { METRIC } from '../observability/metrics';
import { log } from '../observability/logger';
import { HookStage } from '../hooks/stage';
import { hookStatsDeltas } from '../domain/validation-hook';
import { countTemplateHookCalls } from '../data/imports';

export type UploadOutcome = 'finished' | 'already-finished' | 'not-an-import' | 'awaiting-mapping' | 'awaiting-corrections';

/** How often a long import reports how many rows it has read (one small write each time). */
const PROGRESS_EVERY_MS = 5000;

export function engineLimits(): EngineLimits {
  return { ...DEFAULT_LIMITS, maxFileBytes: config().maxFileBytes, maxRows: config().maxRows };
}

/**
 * Handle one ObjectCreated notification for `key` (of `size` bytes), or the processing of an import
 * whose mapping was confirmed after its preview (`size` undefined: the size its preview step recorded).
 */
export async function processUpload(key: string, size?: number): Promise<UploadOutcome> {
  const names = objectKeys.parseUpload(key);
  if (!names) return 'not-an-import';
  const { organizationId, importId } = names;
  const items = await getImportItems(organizationId, importId);
  if (!items) return 'not-an-import';
  if (items.record.status !== 'PENDING') {
    await announceFinished(organizationId, importId, items);
    return 'already-finished';
  }
  // Waiting for the end user's corrections: a redelivered message has nothing to do. Submitted: the
  // finalize pass writes the rows as corrected and finishes the import.
  if (items.record.phase === 'AWAITING_CORRECTIONS') return 'awaiting-corrections';
  if (items.record.submittedAt) return (await finalizeCorrections(organizationId, items)) ? 'finished' : 'already-finished';
  const limits = engineLimits();
  size ??= items.record.uploadedBytes ?? items.record.fileSize;
  const tooLarge = size > limits.maxFileBytes;
  // Started with review and not confirmed yet: only the head of the file is read, and the import waits.
  if (items.snapshot.review && !items.confirmed && !tooLarge) {
    return previewOrFail(organizationId, items, key, size, limits);
  }
  if (!items.confirmed) await setImportPhase(organizationId, importId, ['AWAITING_UPLOAD'], 'PROCESSING');
  // Started with review through the embed API (its status token), or by the API with review (a review
  // link): the rows in error wait for the end user's corrections (shared/corrections/). importctl's
  // review confirms and waits for the result.
  const correctable = (items.snapshot.review && items.record.embedTokenHash !== undefined) || items.snapshot.corrections === true;
  // How each column reads dates and numbers: the end user's choice, the template's, or (settled by the engine) the file's.
  const { columns } = items.snapshot.template;
  const formats = columns.map((column) => initialFormatState(column, items.confirmed?.columnFormats?.[column.key]));
  // The workspace builder and the hook stage compile the columns' patterns as the engine does.
  await loadPatterns(columns);
  const workspace = correctable ? new WorkspaceBuilder(organizationId, importId, columns, formats) : undefined;
  const result: StoredResult = tooLarge
    ? failedBeforeReading({ code: 'FILE_TOO_LARGE', message: `The file is larger than ${limits.maxFileBytes} bytes` })
    : await readFile(organizationId, key, items, limits, formats, workspace);
  if (workspace && !tooLarge && (!result.failure || result.failure.code === 'INVALID_ROWS')) {
    const { skippedRows, columnMapping, rowColumns, sheet, totalRows, headerRow, columnFormats } = result;
    const stored = await workspace.store({ skippedRows, columnMapping, rowColumns, sheet, headerRow, columnFormats });
    if (stored) {
      await enterCorrections(organizationId, importId, { totalRows, skippedRows, validRows: stored.valid, errorRows: stored.errors }, result.hook);
      if (result.hookStats) await countTemplateHookCalls(organizationId, items.snapshot.template.id, result.hookStats);
      return 'awaiting-corrections';
    }
  }
  const finished = await finishWithResult(organizationId, items.record, result);
  if (finished) {
    countMetric(result.failure ? METRIC.importsFailed : METRIC.importsCompleted);
    countMetric(METRIC.rows, result.totalRows);
    countMetric(METRIC.fileBytes, size);
    const { totalRows, validRows, errorRows, skippedRows } = result;
    log.info('Import finished', { status: result.failure ? 'FAILED' : 'COMPLETED', failure: result.failure?.code, totalRows, validRows, errorRows, skippedRows, fileBytes: size });
    await announceFinished(organizationId, importId);
  }
  return finished ? 'finished' : 'already-finished';
}

/**
 * The preview step of the processor: the head of the file stored once, then AWAITING_UPLOAD ->
 * AWAITING_MAPPING with the uploaded size, then the mapping deadline. A redelivery repeats what is still
 * needed (the preview object is overwritten with the same content; the phase moves once).
 */
async function storePreview(organizationId: string, items: ImportItems, key: string, size: number, limits: EngineLimits): Promise<void> {
  const { record, snapshot } = items;
  const { skipHeaderRows } = snapshot.settings;
  const preview = await readFilePreview(key, record.fileType, { skipHeaderRows, limits });
  // The header row each sheet's review proposes, found once here (the review route reads no remembered mappings for it).
  const proposed = skipHeaderRows === 0
    ? preview.sheets.map(() => 0)
    : await findHeaderRows(organizationId, snapshot.template.id, snapshot.template.columns, preview.sheets.map((sheet) => sheet.headRows), skipHeaderRows);
  const stored: StoredPreview = { ...preview, sheets: preview.sheets.map((sheet, i) => ({ ...sheet, proposedHeaderRow: proposed[i] })) };
  await putObject({
    Bucket: config().bucketName,
    Key: objectKeys.preview(organizationId, record.id),
    Body: JSON.stringify(stored),
    ContentType: 'application/json',
  });
  if (await setImportPhase(organizationId, record.id, ['AWAITING_UPLOAD'], 'AWAITING_MAPPING', { uploadedBytes: size, previewAt: nowIso() })) {
    const dueAt = new Date(Date.now() + config().mappingDeadlineSeconds * 1000).toISOString();
    await scheduleDeadline({ organizationId, importId: record.id, deadline: 'mapping', dueAt });
  }
}

/** The preview step; a file that cannot be read at all fails the import now, with its reason. */
async function previewOrFail(organizationId: string, items: ImportItems, key: string, size: number, limits: EngineLimits): Promise<UploadOutcome> {
  try {
    await storePreview(organizationId, items, key, size, limits);
    return 'awaiting-mapping';
  } catch (error) {
    if (!(error instanceof FileProblem)) throw error;
    const result = failedBeforeReading({ code: error.code, message: error.message });
    const finished = await finishWithResult(organizationId, items.record, result);
    if (finished) await announceFinished(organizationId, items.record.id);
    return finished ? 'finished' : 'already-finished';
  }
}

/**
 * The mapping the widget's review would propose for these headers (the template's remembered mapping for
 * the header set, then exact and fuzzy matches): an API import without a columnMapping is mapped by it.
 */
async function suggestedMapping(organizationId: string, templateId: string, columns: readonly Column[], headers: string[]) {
  const remembered = await getRememberedMapping(organizationId, templateId, headerSetKey(headers));
  const mapping: Record<string, string | null> = {};
  // A repeated header stays as its first occurrence was proposed.
  suggestMapping(headers, columns, remembered).forEach((suggestion, i) => {
    if (!(headers[i] in mapping)) mapping[headers[i]] = suggestion.column;
  });
  return mapping;
}

function failedBeforeReading(failure: ImportError): EngineResult {
  return {
    totalRows: 0,
    validRows: 0,
    errorRows: 0,
    skippedRows: 0,
    columnMapping: {},
    headerRow: null,
    columnFormats: {},
    rowColumns: [],
    sheet: null,
    failure,
    storedRows: 0,
  };
}

async function readFile(
  organizationId: string,
  key: string,
  { record, snapshot, confirmed }: ImportItems,
  limits: EngineLimits,
  formats: FormatState[],
  workspace?: WorkspaceBuilder,
): Promise<StoredResult> {
  const valid = new ChunkWriter(organizationId, record.id, 'valid');
  const errors = new ChunkWriter(organizationId, record.id, 'errors');
  let opened;
  try {
    opened = await openUploadedFile(key, record.fileType, { sheetIndex: confirmed?.sheetIndex ?? snapshot.sheetIndex, limits });
  } catch (error) {
    if (error instanceof FileProblem) return failedBeforeReading({ code: error.code, message: error.message });
    throw error;
  }
  let lastProgress = Date.now();
  const { columns } = snapshot.template;
  const stage = snapshot.hook
    ? new HookStage(
        { organizationId, importId: record.id, templateId: snapshot.template.id, hook: snapshot.hook, mode: 'import', user: snapshot.user, metadata: record.metadata },
        snapshot.template.columns,
        { stopAtFirstError: !snapshot.settings.allowPartialImport && !workspace, formats },
      )
    : undefined;
  try {
    const result = await runEngine(
      opened.source,
      {
        ...snapshot.settings,
        columns,
        formats,
        reread: opened.reread,
        // A confirmed mapping is the whole mapping: its null entries stay unmapped; its header row is the end user's.
        ...(confirmed
          ? { mapping: mappedEntries(confirmed.mapping), mappingIsComplete: true, skipHeaderRows: confirmed.headerRow ?? snapshot.settings.skipHeaderRows }
          : { mapping: snapshot.mapping, mappingIsComplete: snapshot.mappingRule === 'exact' }),
        ...(!confirmed && snapshot.mappingRule === 'suggested' && {
          proposeMapping: (headers: string[]) => suggestedMapping(organizationId, snapshot.template.id, columns, headers),
        }),
        ...(!confirmed && snapshot.settings.headerRow === 'auto' && snapshot.settings.skipHeaderRows > 0 && {
          detectHeaderRow: (rows: RawRow[]) => findHeaderRow(organizationId, snapshot.template.id, columns, rows, snapshot.settings.skipHeaderRows),
        }),
      },
      limits,
      {
        validRow: (json) => valid.add(json),
        errorRow: (row) => errors.add(JSON.stringify(row)),
        ...(workspace && { sourceRow: workspace.sourceRow }),
        drain: async (counts) => {
          await valid.drain();
          await errors.drain();
          await workspace?.drain();
          if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
            lastProgress = Date.now();
            await recordProgress(organizationId, record.id, counts.totalRows + counts.skippedRows);
          }
        },
      },
      stage,
    );
    // A failed import delivers no rows: only its error rows are kept.
    if (!result.failure) await valid.close();
    await errors.close();
    return { ...result, chunkStarts: { valid: result.failure ? [] : valid.starts, errors: errors.starts }, ...(stage && { hook: stage.summary, hookStats: hookStatsDeltas(stage.tally.attempts) }) };
  } finally {
    await opened.close();
  }
}

// How an import goes through its correction step: it enters AWAITING_CORRECTIONS when validation found
// rows in error (the processor), leaves it by the end user's submit (the head frozen, the phase back to
// PROCESSING, the processing queued) and then the processor's finalize pass writes the rows as they are
// now (valid rows, rows still in error) and finishes the import through the one finish step. The
// corrections deadline closes one never submitted (deadlines.ts).
import { getImportItems, setImportPhase, type ImportItems } from '../data/imports';
import { readAllRowItems, readAllSegments, readGeneration, readHead, readMeta, submitHead } from '../data/corrections';
import { ChunkWriter } from '../data/row-chunks';
import { transactWrite } from '../data/writes';
import { keys } from '../data/table';
import { config } from '../config';
import { ApiError, notFound } from '../domain/errors';
import { nowIso } from '../domain/ids';
import { importPhase } from '../domain/imports';
import { ERROR_VALUE_CHARS, MAX_ROW_BYTES, type CellError, type ErrorRow, type RowNote } from '../engine/engine';
import { loadPatterns } from '../engine/columns';
import { scheduleDeadline, submittedDeadline } from '../imports/deadlines';
import { announceFinished, finishWithResult } from '../imports/finish';
import { queueProcessing } from '../imports/process-message';
import { countMetric } from '../observability/observe';
import { METRIC } from '../observability/metrics';
import { log } from '../observability/logger';
import type { HookSummary } from '../domain/validation-hook';
import { checkCell, compileRules, recordedStates, rowErrors, SEGMENT_ROWS, StatusBits } from './rules';
import { readSegmentRows, segmentCount, segmentLength } from './workspace';

/** Segments read ahead of the one being written (16 S3 reads in flight: see bulk.ts). */
const READ_AHEAD = 16;

/** The processor's last step for an import whose workspace was stored: wait for the end user. */
export async function enterCorrections(
  organizationId: string,
  importId: string,
  counts: { totalRows: number; skippedRows: number; validRows: number; errorRows: number },
  hook?: HookSummary,
) {
  const correctionsAt = nowIso();
  const moved = await setImportPhase(organizationId, importId, ['PROCESSING'], 'AWAITING_CORRECTIONS', { correctionsAt, ...counts, ...(hook && { hook }) });
  if (moved) {
    const dueAt = new Date(Date.parse(correctionsAt) + config().correctionsDeadlineSeconds * 1000).toISOString();
    await scheduleDeadline({ organizationId, importId, deadline: 'corrections', dueAt });
    log.info('Import awaiting corrections', { totalRows: counts.totalRows, errorRows: counts.errorRows });
  }
}

/**
 * POST submit: 202 once the head is frozen and the phase is back to PROCESSING (one transaction), then
 * the processing is queued. A submit again (a retry after a lost answer) queues it again and changes
 * nothing; rows still in error without partial import: 409 ERRORS_REMAIN.
 */
export async function submitCorrections(organizationId: string, importId: string): Promise<void> {
  const [items, head] = await Promise.all([getImportItems(organizationId, importId), readHead(organizationId, importId)]);
  if (!items) throw notFound('Import');
  const phase = importPhase(items.record);
  if (head?.submittedAt) {
    if (phase !== 'FINISHED') await queueProcessing({ organizationId, importId });
    return;
  }
  if (!head || phase !== 'AWAITING_CORRECTIONS') {
    throw new ApiError(409, 'IMPORT_NOT_AWAITING_CORRECTIONS', `Import ${importId} is not waiting for corrections (phase ${phase})`);
  }
  if (head.errors > 0 && !items.snapshot.settings.allowPartialImport) {
    throw new ApiError(
      409,
      'ERRORS_REMAIN',
      `${head.errors} row${head.errors === 1 ? ' is' : 's are'} still in error and the template does not allow partial imports: correct or remove ${head.errors === 1 ? 'it' : 'them'} first`,
    );
  }
  const submittedAt = nowIso();
  const committed = await transactWrite([
    submitHead(organizationId, importId, head.seq, submittedAt),
    {
      Update: {
        TableName: config().tableName,
        Key: keys.importRecord(organizationId, importId),
        UpdateExpression: 'SET phase = :processing, submittedAt = :at',
        ConditionExpression: '#status = :pending AND phase = :awaiting',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':processing': 'PROCESSING', ':at': submittedAt, ':pending': 'PENDING', ':awaiting': 'AWAITING_CORRECTIONS' },
      },
    },
  ]);
  // Lost to a change or a deadline in between: answered as that state would be.
  if (!committed) return submitCorrections(organizationId, importId);
  await scheduleDeadline({ organizationId, importId, deadline: 'processing', dueAt: new Date(submittedDeadline(submittedAt)).toISOString() });
  await queueProcessing({ organizationId, importId });
}

/**
 * The processor's finalize pass of a submitted import: every row in file order as it is now; removed
 * rows are left out, rows in error go to the error rows, the others are typed as the engine types them
 * into the valid rows. Idempotent (the frozen head, the same chunks), finished once (finishWithResult).
 */
export async function finalizeCorrections(organizationId: string, items: ImportItems): Promise<boolean> {
  const { record, snapshot } = items;
  const importId = record.id;
  const head = (await readHead(organizationId, importId))!;
  const [meta] = await Promise.all([readMeta(organizationId, importId), loadPatterns(snapshot.template.columns)]);
  const rules = compileRules(snapshot.template.columns, recordedStates(snapshot.template.columns, meta.columnFormats));
  const [statuses, edited] = await Promise.all([readAllSegments(organizationId, importId, head.gen, rules.width), readAllRowItems(organizationId, importId, head.gen)]);
  const generation = await readGeneration(organizationId, importId, head.gen);
  const place = { organizationId, importId, generation };
  const valid = new ChunkWriter(organizationId, importId, 'valid');
  const errors = new ChunkWriter(organizationId, importId, 'errors');
  const counts = { validRows: 0, errorRows: 0, removedRows: 0 };
  const extrasCount = meta.rowColumns.length - rules.keys.length;
  const segments = segmentCount(meta);
  for (let segment = 0; segment < segments; segment++) {
    // The next segments are read while this one is written (reads are cached: each is fetched once).
    for (let ahead = 1; ahead <= READ_AHEAD && segment + ahead < segments; ahead++) void readSegmentRows(place, segment + ahead).catch(() => undefined);
    const { source, overlay } = await readSegmentRows(place, segment);
    const bits = statuses.get(segment) ?? StatusBits.empty(rules.width, segmentLength(meta, segment));
    for (let offset = 0; offset < source.length; offset++) {
      const index = segment * SEGMENT_ROWS + offset;
      if (bits.removed(offset)) {
        counts.removedRows++;
        continue;
      }
      const [row, fileTexts, extras, note] = source[offset];
      const stored = edited.get(index) ?? overlay?.get(index);
      const texts = stored?.v ?? fileTexts;
      const messages = stored ? stored.m : note?.messages;
      const notes = messages?.filter((message) => message.level !== 'error');
      if (bits.inError(offset)) {
        const cellErrors: CellError[] = rowErrors(rules, bits, offset, texts, messages).map((error) => {
          const text = texts[rules.keys.indexOf(error.column)];
          return { ...error, value: text === null ? null : text.slice(0, ERROR_VALUE_CHARS) };
        });
        counts.errorRows++;
        errors.add(JSON.stringify({ row, errors: cellErrors, ...(notes?.length ? { messages: notes } : {}) } satisfies ErrorRow));
        continue;
      }
      const values: unknown[] = texts.map((text, j) => checkCell(rules, j, text));
      for (let i = 0; i < extrasCount; i++) values.push(extras[i] ?? null);
      if (notes?.length) values.push({ row, messages: notes } satisfies RowNote);
      const json = JSON.stringify(values);
      if (Buffer.byteLength(json) > MAX_ROW_BYTES) throw new Error(`Row ${row} is larger than ${MAX_ROW_BYTES} bytes once typed`);
      counts.validRows++;
      valid.add(json);
    }
    await valid.drain();
    await errors.drain();
  }
  const partial = snapshot.settings.allowPartialImport;
  const failure =
    counts.errorRows > 0 && !partial
      ? { code: 'INVALID_ROWS', message: `${counts.errorRows} rows are still invalid and the template does not allow partial imports` }
      : counts.validRows === 0
        ? { code: 'INVALID_ROWS', message: `No row is left to import: ${counts.removedRows} removed, ${counts.errorRows} invalid` }
        : null;
  if (!failure) await valid.close();
  await errors.close();
  const finished = await finishWithResult(
    organizationId,
    record,
    {
      totalRows: meta.rows,
      validRows: counts.validRows,
      errorRows: counts.errorRows,
      skippedRows: meta.skippedRows,
      columnMapping: meta.columnMapping,
      headerRow: meta.headerRow ?? null,
      columnFormats: meta.columnFormats ?? {},
      rowColumns: meta.rowColumns,
      sheet: meta.sheet,
      failure,
      storedRows: counts.validRows,
      chunkStarts: { valid: failure ? [] : valid.starts, errors: errors.starts },
    },
    { correctedRows: head.corrected, removedRows: counts.removedRows },
  );
  if (finished) {
    countMetric(failure ? METRIC.importsFailed : METRIC.importsCompleted);
    log.info('Import finished after corrections', { status: failure ? 'FAILED' : 'COMPLETED', ...counts, correctedRows: head.corrected });
    await announceFinished(organizationId, importId);
  }
  return finished;
}

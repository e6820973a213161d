// Processing one uploaded file, from the bucket notification to the finished import. Every step is
// idempotent and the finish is one transaction conditioned on PENDING, so a processor that crashes
// anywhere and is redelivered finishes the import exactly once, and a redelivery that finds the
// import already finished sends its import-finished message again (it may be what failed).
import { getImportItems, recordProgress } from '../data/imports';
import { ChunkWriter } from '../data/row-chunks';
import { objectKeys } from '../data/objects';
import { config } from '../config';
import type { ImportError, ImportRecord, ImportSnapshot } from '../domain/imports';
import { DEFAULT_LIMITS } from '../engine/limits';
import { runEngine, type EngineResult } from '../engine/engine';
import { FileProblem, type EngineLimits } from '../engine/types';
import { openUploadedFile } from './file-source';
import { announceFinished, finishWithResult } from './finish';
import { countMetric } from '../observability/observe';
import { METRIC } from '../observability/metrics';
import { log } from '../observability/logger';

export type UploadOutcome = 'finished' | 'already-finished' | 'not-an-import';

/** How often a long import reports how many rows it has read (one small write each time). */
const PROGRESS_EVERY_MS = 5000;

export function engineLimits(): EngineLimits {
  return { ...DEFAULT_LIMITS, maxFileBytes: config().maxFileBytes, maxRows: config().maxRows };
}

/** Handle one ObjectCreated notification for `key` (of `size` bytes). */
export async function processUpload(key: string, size: number): Promise<UploadOutcome> {
  const names = objectKeys.parseUpload(key);
  if (!names) return 'not-an-import';
  const { organizationId, importId } = names;
  const items = await getImportItems(organizationId, importId);
  if (!items) return 'not-an-import';
  if (items.record.status !== 'PENDING') {
    await announceFinished(organizationId, importId, items);
    return 'already-finished';
  }
  const limits = engineLimits();
  const result =
    size > limits.maxFileBytes
      ? failedBeforeReading({ code: 'FILE_TOO_LARGE', message: `The file is larger than ${limits.maxFileBytes} bytes` })
      : await readFile(organizationId, key, items.record, items.snapshot, limits);
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

function failedBeforeReading(failure: ImportError): EngineResult {
  return {
    totalRows: 0,
    validRows: 0,
    errorRows: 0,
    skippedRows: 0,
    columnMapping: {},
    rowColumns: [],
    sheet: null,
    failure,
    storedRows: 0,
  };
}

async function readFile(
  organizationId: string,
  key: string,
  record: ImportRecord,
  snapshot: ImportSnapshot,
  limits: EngineLimits,
): Promise<EngineResult> {
  const valid = new ChunkWriter(organizationId, record.id, 'valid');
  const errors = new ChunkWriter(organizationId, record.id, 'errors');
  let opened;
  try {
    opened = await openUploadedFile(key, record.fileType, { sheetIndex: snapshot.sheetIndex, limits });
  } catch (error) {
    if (error instanceof FileProblem) return failedBeforeReading({ code: error.code, message: error.message });
    throw error;
  }
  let lastProgress = Date.now();
  try {
    const result = await runEngine(
      opened.source,
      { ...snapshot.settings, columns: snapshot.template.columns, mapping: snapshot.mapping },
      limits,
      {
        validRow: (json) => valid.add(json),
        errorRow: (row) => errors.add(JSON.stringify(row)),
        drain: async (counts) => {
          await valid.drain();
          await errors.drain();
          if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
            lastProgress = Date.now();
            await recordProgress(organizationId, record.id, counts.totalRows + counts.skippedRows);
          }
        },
      },
    );
    // A failed import delivers no rows: only its error rows are kept.
    if (!result.failure) await valid.close();
    await errors.close();
    return result;
  } finally {
    await opened.close();
  }
}

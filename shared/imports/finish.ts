// The one finish step of an import, whoever ends it: the processor with the engine's result, or a
// deadline with UPLOAD_TIMEOUT / PROCESSING_TIMEOUT. Either way the record leaves PENDING in one
// transaction conditioned on PENDING (counters and pointers with it), then the import-finished
// message is queued. Whoever loses a race finds the import finished and changes nothing.
import { getImportItems, finishImport, putImportResult, type ImportItems } from '../data/imports';
import { getOrganization } from '../data/organizations';
import { nowIso } from '../domain/ids';
import type { ChunkStarts, ImportError, ImportRecord } from '../domain/imports';
import type { EngineResult } from '../engine/engine';
import { announceImportFinished } from './finished-event';
import { deliveryPayload, renderPayload } from '../webhooks/payload';
import type { HookSummary } from '../domain/validation-hook';

type Counts = Pick<EngineResult, 'totalRows' | 'validRows' | 'errorRows' | 'skippedRows'>;
type CorrectionCounts = { correctedRows: number; removedRows: number };

/** The engine's result, where the processor's chunks of rows start (none when nothing was read), and the hook's calls. */
export type StoredResult = EngineResult & { chunkStarts?: ChunkStarts; hook?: HookSummary; hookStats?: Record<string, number> };

async function commitFinish(
  organizationId: string,
  record: ImportRecord,
  counts: Counts,
  failure: ImportError | null,
  onRecord: boolean,
  corrections?: CorrectionCounts,
  hook?: HookSummary,
  hookStats?: Record<string, number>,
) {
  const organization = await getOrganization(organizationId);
  return finishImport(organizationId, record, {
    status: failure ? 'FAILED' : 'COMPLETED',
    totalRows: counts.totalRows,
    validRows: counts.validRows,
    errorRows: counts.errorRows,
    skippedRows: counts.skippedRows,
    completedAt: nowIso(),
    webhookStatus: organization?.webhookUrl ? 'PENDING' : 'NOT_CONFIGURED',
    error: onRecord && failure ? failure : undefined,
    corrections,
    hook,
    hookStats,
  });
}

/**
 * The processor's finish: the result item, then the transaction; false when the import was already
 * finished. `corrections`: the counts of an import that waited for corrections (its submit's finish).
 */
export async function finishWithResult(organizationId: string, record: ImportRecord, result: StoredResult, corrections?: CorrectionCounts): Promise<boolean> {
  await putImportResult(organizationId, record.id, {
    columnMapping: result.columnMapping,
    rowColumns: result.rowColumns,
    sheet: result.sheet,
    error: result.failure,
    ...(result.headerRow !== null && { headerRow: result.headerRow }),
    ...(Object.keys(result.columnFormats).length > 0 && { columnFormats: result.columnFormats }),
    ...(result.chunkStarts && { chunkStarts: result.chunkStarts }),
  });
  return commitFinish(organizationId, record, result, result.failure, false, corrections, result.hook, result.hookStats);
}

/**
 * A deadline's finish: FAILED with the error on the record itself and no result item, so a processor
 * racing it can never pair its own result with this status (see finishedResult).
 */
export async function closeOnDeadline(organizationId: string, record: ImportRecord, error: ImportError): Promise<boolean> {
  const counts = { totalRows: 0, validRows: 0, errorRows: 0, skippedRows: 0 };
  return commitFinish(organizationId, record, counts, error, true);
}

/**
 * Store the first delivery's payload, then queue its first attempt, carrying the payload when it fits:
 * rendering here, where the rows were just written, spares the webhook worker the import's items and row
 * chunks, and carrying it spares its first attempt the stored copy's read (retries and resends read it).
 * Idempotent (the stored payload is reused), so a redelivered message may do it again.
 */
export async function announceFinished(organizationId: string, importId: string, finishedItems?: ImportItems): Promise<void> {
  // Right after the commit the items are read again: the record just changed.
  const items = finishedItems ?? (await getImportItems(organizationId, importId));
  let payload: Buffer | undefined;
  if (items?.record.webhookStatus === 'PENDING' && (items.record.webhookDelivery ?? 1) === 1) {
    payload = await deliveryPayload(organizationId, importId, 1, () => renderPayload(organizationId, items, items.record.completedAt!));
  }
  await announceImportFinished(organizationId, importId, payload);
}

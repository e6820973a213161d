// Nothing stays PENDING forever: every import gets one delayed message on the imports queue when it is
// created (no table scan). At the upload deadline an import whose file never arrived is closed FAILED
// UPLOAD_TIMEOUT; one whose file did arrive gets a processing deadline, counted from the arrival, after
// which it is closed FAILED PROCESSING_TIMEOUT (its file kept crashing the processor into the
// dead-letter queue). An import that finished in between ends the message without a write.
import { headObject } from '../aws/objects';
import { sendDueAt } from '../aws/delayed-messages';
import { config } from '../config';
import { deleteUnstoredImport, getImportRecord } from '../data/imports';
import { objectKeys } from '../data/objects';
import { isMissingObject } from '../aws/missing-object';
import type { ImportError } from '../domain/imports';
import { announceFinished, closeOnDeadline } from './finish';
import { queueProcessing } from './process-message';
import { countMetric } from '../observability/observe';
import { METRIC } from '../observability/metrics';
import { log } from '../observability/logger';

export interface DeadlineMessage {
  organizationId: string;
  importId: string;
  /** upload: the file must have arrived; processing: the import must have finished; mapping: the end user must have confirmed the mapping of the preview. */
  deadline: 'upload' | 'processing' | 'mapping' | 'corrections';
  dueAt: string;
  /** Upload deadlines: what finds the items written before the record (deleteUnstoredImport) when it never was. */
  templateId?: string;
  createdAt?: string;
}

/** The deadline a queue body carries, or undefined when the body is something else (an S3 event). */
export function parseDeadlineMessage(body: string): DeadlineMessage | undefined {
  let value: { importDeadline?: Partial<DeadlineMessage> };
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  const message = value?.importDeadline;
  if (!message || typeof message.organizationId !== 'string' || typeof message.importId !== 'string') return undefined;
  if (!['upload', 'processing', 'mapping', 'corrections'].includes(message.deadline as string) || typeof message.dueAt !== 'string') {
    return undefined;
  }
  return message as DeadlineMessage;
}

/** The processing deadline of a submitted correction step: counted from the submit. */
export const submittedDeadline = (submittedAt: string) => Date.parse(submittedAt) + config().processingDeadlineSeconds * 1000;

/** Queue the message for its due time (in hops past 15 minutes). */
export async function scheduleDeadline(message: DeadlineMessage, now = Date.now()): Promise<void> {
  await sendDueAt(config().importsQueueUrl, JSON.stringify({ importDeadline: message }), message.dueAt, now);
}

/** The upload deadline of an import created at `createdAt` (of `templateId`: what deleteUnstoredImport needs). */
export function uploadDeadline(organizationId: string, importId: string, createdAt: string, templateId?: string): DeadlineMessage {
  const dueAt = new Date(Date.parse(createdAt) + config().uploadDeadlineSeconds * 1000).toISOString();
  return { organizationId, importId, deadline: 'upload', dueAt, ...(templateId ? { templateId, createdAt } : {}) };
}

/** When the upload arrived, or undefined when it never did. */
async function uploadArrivedAt(organizationId: string, importId: string): Promise<number | undefined> {
  try {
    const head = await headObject({ Bucket: config().bucketName, Key: objectKeys.upload(organizationId, importId) });
    return head.LastModified?.getTime() ?? Date.now();
  } catch (error) {
    if (isMissingObject(error)) return undefined;
    throw error;
  }
}

const TIMEOUTS: Record<DeadlineMessage['deadline'], ImportError> = {
  upload: {
    code: 'UPLOAD_TIMEOUT',
    message: 'The file was not uploaded before the upload deadline: start a new import to get a new upload URL',
  },
  processing: {
    code: 'PROCESSING_TIMEOUT',
    message: 'The file could not be processed in time (processing failed repeatedly): start a new import; contact support if it persists',
  },
  mapping: {
    code: 'MAPPING_TIMEOUT',
    message: 'The column mapping was not confirmed in time: start a new import',
  },
  corrections: {
    code: 'CORRECTIONS_TIMEOUT',
    message: 'The corrected rows were not submitted in time: start a new import',
  },
};

export type DeadlineOutcome =
  | 'finished-before'
  | 'not-due'
  | 'processing-deadline-set'
  | 'processing-queued'
  | 'awaiting-mapping'
  | 'awaiting-corrections'
  | 'closed';

/** Handle one deadline message (idempotent: a redelivery repeats only what is still needed). */
export async function handleDeadline(message: DeadlineMessage, now = Date.now()): Promise<DeadlineOutcome> {
  const { organizationId, importId } = message;
  const record = await getImportRecord(organizationId, importId);
  if (!record) {
    // The import was never stored (its creation failed after the deadline was queued): what was written
    // before its record goes. Messages queued before they carried the template say nothing to delete.
    const { templateId, createdAt } = message;
    if (message.deadline === 'upload' && templateId && createdAt) await deleteUnstoredImport(organizationId, templateId, createdAt, importId);
    return 'finished-before';
  }
  if (record.status !== 'PENDING') {
    // Closed by this very deadline: the crash that redelivered the message may have come between the
    // commit and the announcement, so announce again (the webhook worker dedupes).
    if (record.error?.code !== TIMEOUTS[message.deadline].code) return 'finished-before';
    await announceFinished(organizationId, importId);
    return 'closed';
  }
  // A reviewed import (previewAt) confirmed (phase PROCESSING) whose processing never started: the
  // confirmation committed, but its processImport message (or its processing deadline) was lost before
  // it was sent, and the client did not retry. The mapping deadline and the processing deadline's hops
  // (at most 15 minutes apart) queue the processing again; the mapping deadline also sets the processing
  // deadline, which may be what was lost. Processing that runs writes processedRows within
  // PROGRESS_EVERY_MS, and the processor is idempotent, so a message too many changes nothing.
  const confirmed = record.previewAt !== undefined && record.phase === 'PROCESSING' && record.processedRows === undefined;
  const beforeDue = message.deadline === 'mapping' || (message.deadline === 'processing' && Date.parse(message.dueAt) > now);
  if (confirmed && beforeDue) {
    await queueProcessing({ organizationId, importId });
    log.warn('A confirmed import had not started: its processing is queued again', { deadline: message.deadline });
    if (message.deadline === 'mapping') {
      const dueAt = new Date(now + config().processingDeadlineSeconds * 1000).toISOString();
      await scheduleDeadline({ organizationId, importId, deadline: 'processing', dueAt }, now);
      return 'processing-queued';
    }
  }
  // While the import waits for corrections only the corrections deadline applies; once submitted, only
  // the processing deadline the submit set (one set before, at the confirmation, is due before it).
  const awaitingCorrections = record.phase === 'AWAITING_CORRECTIONS';
  if (message.deadline === 'corrections' && !awaitingCorrections) return 'finished-before';
  if (awaitingCorrections && message.deadline !== 'corrections') return 'awaiting-corrections';
  if (message.deadline === 'processing' && record.submittedAt && Date.parse(message.dueAt) < submittedDeadline(record.submittedAt)) {
    return 'finished-before';
  }
  // While the import waits for its mapping only the mapping deadline applies; the processing deadline
  // counts from the confirmation (set then). Once confirmed, the mapping deadline has nothing else to do.
  const awaitingMapping = record.phase === 'AWAITING_MAPPING';
  if (!awaitingCorrections && awaitingMapping !== (message.deadline === 'mapping')) return awaitingMapping ? 'awaiting-mapping' : 'finished-before';
  if (Date.parse(message.dueAt) > now) {
    await scheduleDeadline(message, now);
    return 'not-due';
  }
  if (message.deadline === 'upload') {
    const arrivedAt = await uploadArrivedAt(organizationId, importId);
    if (arrivedAt !== undefined) {
      const dueAt = new Date(Math.max(now, arrivedAt + config().processingDeadlineSeconds * 1000)).toISOString();
      await scheduleDeadline({ organizationId, importId, deadline: 'processing', dueAt }, now);
      return 'processing-deadline-set';
    }
  }
  if (await closeOnDeadline(organizationId, record, TIMEOUTS[message.deadline])) {
    countMetric(
      {
        upload: METRIC.uploadTimeouts,
        processing: METRIC.processingTimeouts,
        mapping: METRIC.mappingTimeouts,
        corrections: METRIC.correctionsTimeouts,
      }[message.deadline],
    );
    // The runbooks' queries list the imports a deadline closed (the import id is on the line).
    log.warn('Import closed by its deadline', { deadline: message.deadline, failure: TIMEOUTS[message.deadline].code, dueAt: message.dueAt });
    await announceFinished(organizationId, importId);
  }
  return 'closed';
}

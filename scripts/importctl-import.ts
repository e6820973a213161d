// `importctl import run`: what the widget does, from a terminal. It creates the import through the
// same domain function the widget's endpoints use, uploads the file to the bucket (whose notification
// starts the processor), then waits for the import to finish and prints its counts. With --review it
// waits for the preview, prints it on stderr and confirms the suggested mapping (--mapping over it)
// through the same function as the widget's confirmation.
import { createReadStream, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { PART_BYTES, uploadInParts } from './s3-multipart';
import { parseBody } from '../shared/domain/validation';
import { ConfirmMappingSchema, CreateImportSchema } from '../shared/domain/imports';

export interface ImportRunOptions {
  organizationId: string;
  templateId: string;
  file: string;
  sheet?: number;
  mapping?: unknown;
  metadata?: unknown;
  user?: unknown;
  externalUserId?: string;
  /** Pause at the preview, print it, then confirm the suggestions with `mapping` over them. */
  review?: boolean;
  /** Progress lines go here (stderr). */
  progress(line: string): void;
}

const POLL_MS = 250;
const PROGRESS_EVERY_MS = 2000;
const WAIT_LIMIT_MS = 20 * 60 * 1000;

export async function runImport(options: ImportRunOptions) {
  // Loaded here: the data layer reads its configuration once, after importctl picked the target.
  const { createImport } = await import('../shared/imports/create-import');
  const { getImportRecord, getImportRecordAndResult } = await import('../shared/data/imports');
  const { finishedResult } = await import('../shared/domain/imports');
  const { s3 } = await import('../shared/aws/s3');
  const { config } = await import('../shared/config');
  const review = await import('../shared/imports/review');

  const fileSize = statSync(options.file).size;
  const input = parseBody(CreateImportSchema, {
    fileName: basename(options.file),
    fileSize,
    sheet: options.sheet,
    // With review the mapping is applied over the suggestions at the confirmation, not at the creation.
    mapping: options.review ? undefined : options.mapping,
    review: options.review,
    metadata: options.metadata,
    user: options.user,
    externalUserId: options.externalUserId,
  });
  const { record, uploadKey } = await createImport(options.organizationId, options.templateId, input);
  await upload(s3(), config().bucketName, uploadKey, options.file, fileSize);

  const started = Date.now();
  let lastProgress = started;
  let confirmed = !options.review;
  for (;;) {
    const current = await getImportRecord(options.organizationId, record.id);
    if (!confirmed && current?.status === 'PENDING' && current.phase === 'AWAITING_MAPPING') {
      const preview = await review.previewWithSuggestions(options.organizationId, record.id);
      options.progress(describePreview(preview));
      const sheet = preview.sheets.find((candidate) => candidate.index === (options.sheet ?? preview.sheetIndex)) ?? preview.sheets[0];
      const confirmation = parseBody(ConfirmMappingSchema, { sheet: sheet.index, mapping: { ...sheet.suggestedMapping, ...(options.mapping ?? {}) } });
      const { mapping } = confirmation;
      await review.confirmMapping(options.organizationId, record.id, confirmation);
      options.progress(`importctl: ${record.id} mapping confirmed: ${JSON.stringify(mapping)}`);
      confirmed = true;
    }
    if (current && current.status !== 'PENDING') {
      const { status, totalRows, validRows, errorRows, skippedRows, hook } = current;
      // Why it failed, as the import's detail says it.
      const found = status === 'FAILED' ? await getImportRecordAndResult(options.organizationId, record.id, { expectFinished: true }) : undefined;
      const error = found ? (finishedResult(found.record, found.result)?.error ?? null) : null;
      // The hook summary's fields in the documented order (DynamoDB maps come back unordered).
      const calls = hook && { status: hook.status, ...(hook.reason ? { reason: hook.reason } : {}), calls: hook.calls, failedCalls: hook.failedCalls, rows: hook.rows, ms: hook.ms };
      return { importId: record.id, status, totalRows, validRows, errorRows, skippedRows, ...(error ? { error } : {}), ...(calls ? { hook: calls } : {}) };
    }
    const now = Date.now();
    if (now - started > WAIT_LIMIT_MS) {
      throw new Error(`Import ${record.id} is still PENDING after ${WAIT_LIMIT_MS / 60000} minutes: is the processor running?`);
    }
    if (now - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = now;
      const rows = current?.processedRows ? `${current.processedRows} rows read, ` : '';
      options.progress(`importctl: ${record.id} processing ${basename(options.file)}: ${rows}${Math.round((now - started) / 1000)} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The preview as a person reads it: per sheet, each header with its suggestion and first values. */
function describePreview(preview: Awaited<ReturnType<typeof import('../shared/imports/review').previewWithSuggestions>>): string {
  const lines = ['importctl: preview (header -> suggested column, confidence, source | first values)'];
  for (const sheet of preview.sheets) {
    const header = sheet.headerRow === 0 ? 'no header row' : `header row ${sheet.headerRow}`;
    lines.push(`  sheet ${sheet.index}${sheet.name === null ? '' : ` "${sheet.name}"`}${sheet.index === preview.sheetIndex ? ' (selected)' : ''}, ${header}:`);
    sheet.headers.forEach((header, i) => {
      const values = sheet.sampleRows.slice(0, 3).map((row) => JSON.stringify(row[i] ?? null)).join(', ');
      lines.push(
        `    ${JSON.stringify(header)} -> ${sheet.suggestedMapping[header] ?? '(none)'}, ${sheet.confidence[header]}, ` +
          `${sheet.source[header] ?? '-'} | ${values}`,
      );
    });
  }
  lines.push(`  columns: ${preview.columns.map((column) => `${column.key}${column.required ? '*' : ''}`).join(', ')}`);
  return lines.join('\n');
}

async function upload(client: S3Client, bucket: string, key: string, file: string, size: number): Promise<void> {
  if (size <= PART_BYTES) {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: createReadStream(file), ContentLength: size }));
    return;
  }
  // Larger files go up in parts, as the AWS CLI sends them (one request body stays small).
  const handle = await open(file);
  try {
    await uploadInParts(client, { Bucket: bucket, Key: key }, (async function* () {
      const buffer = Buffer.alloc(PART_BYTES);
      for (let offset = 0; offset < size; offset += PART_BYTES) {
        const { bytesRead } = await handle.read(buffer, 0, PART_BYTES, offset);
        yield buffer.subarray(0, bytesRead);
      }
    })());
  } finally {
    await handle.close();
  }
}

// `importctl import run`: what the widget does, from a terminal. It creates the import through the
// same domain function the widget's endpoints use, uploads the file to the bucket (whose notification
// starts the processor), then waits for the import to finish and prints its counts.
import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { parseBody } from '../shared/domain/validation';
import { CreateImportSchema } from '../shared/domain/imports';

export interface ImportRunOptions {
  organizationId: string;
  templateId: string;
  file: string;
  sheet?: number;
  mapping?: unknown;
  metadata?: unknown;
  user?: unknown;
  externalUserId?: string;
  /** Progress lines go here (stderr). */
  progress(line: string): void;
}

const POLL_MS = 250;
const PROGRESS_EVERY_MS = 2000;
const WAIT_LIMIT_MS = 20 * 60 * 1000;

export async function runImport(options: ImportRunOptions) {
  // Loaded here: the data layer reads its configuration once, after importctl picked the target.
  const { createImport } = await import('../shared/imports/create-import');
  const { getImportRecord } = await import('../shared/data/imports');
  const { s3 } = await import('../shared/aws/clients');
  const { config } = await import('../shared/config');

  const fileSize = statSync(options.file).size;
  const input = parseBody(CreateImportSchema, {
    fileName: basename(options.file),
    fileSize,
    sheet: options.sheet,
    mapping: options.mapping,
    metadata: options.metadata,
    user: options.user,
    externalUserId: options.externalUserId,
  });
  const { record, uploadKey } = await createImport(options.organizationId, options.templateId, input);
  await s3().send(
    new PutObjectCommand({
      Bucket: config().bucketName,
      Key: uploadKey,
      Body: createReadStream(options.file),
      ContentLength: fileSize,
    }),
  );

  const started = Date.now();
  let lastProgress = started;
  for (;;) {
    const current = await getImportRecord(options.organizationId, record.id);
    if (current && current.status !== 'PENDING') {
      const { status, totalRows, validRows, errorRows, skippedRows } = current;
      return { importId: record.id, status, totalRows, validRows, errorRows, skippedRows };
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

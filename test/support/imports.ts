// Runs imports through the real path: the domain create function, an upload to the emulator's bucket
// (whose emulated notification feeds the local stack's processor), then waits for the record to finish.
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '../../shared/aws/s3';
import { config } from '../../shared/config';
import { createImport } from '../../shared/imports/create-import';
import { getImportRecord } from '../../shared/data/imports';
import { parseBody } from '../../shared/domain/validation';
import { CreateImportSchema, type ImportRecord } from '../../shared/domain/imports';
import { call } from './api';

export interface ImportOptions {
  fileName?: string;
  sheet?: number;
  mapping?: Record<string, string>;
  metadata?: Record<string, unknown>;
  user?: Record<string, string>;
  externalUserId?: string;
}

/** Create the import and upload `content`; resolves when the upload is stored (processing runs on). */
export async function startImport(organizationId: string, templateId: string, content: Buffer | string, options: ImportOptions = {}) {
  const body = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const input = parseBody(CreateImportSchema, {
    fileName: options.fileName ?? 'contacts.csv',
    fileSize: body.length,
    sheet: options.sheet,
    mapping: options.mapping,
    metadata: options.metadata,
    user: options.user,
    externalUserId: options.externalUserId,
  });
  const { record, uploadKey } = await createImport(organizationId, templateId, input);
  await s3().send(new PutObjectCommand({ Bucket: config().bucketName, Key: uploadKey, Body: body }));
  return record;
}

export async function waitForImport(organizationId: string, importId: string, timeoutMs = 60_000): Promise<ImportRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const record = await getImportRecord(organizationId, importId);
    if (record && record.status !== 'PENDING') return record;
    if (Date.now() > deadline) throw new Error(`Import ${importId} still PENDING after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Poll `read` every 100 ms until `done` holds of its value (which it returns); throws after `timeoutMs`. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Start and wait: the finished record. */
export async function runImport(organizationId: string, templateId: string, content: Buffer | string, options: ImportOptions = {}) {
  const record = await startImport(organizationId, templateId, content, options);
  return waitForImport(organizationId, record.id);
}

/** `n` rows of CSV text from a row function, header first. */
export function csv(header: string[], rows: (string | number)[][]): string {
  return [header, ...rows].map((row) => row.join(',')).join('\n') + '\n';
}

/** Polls an embed import's status with its token until it reaches `phase` (every 400 ms: the embed read limit is 120 a minute). */
export async function untilEmbedPhase(importId: string, token: string, phase: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call('GET', `/embed/v1/imports/${importId}`, { key: token });
    expect(res.status).toBe(200);
    if (res.body.phase === phase) return res.body;
    if (Date.now() > deadline) throw new Error(`import ${importId} never reached ${phase} (is ${res.body.phase}, ${JSON.stringify(res.body.error)})`);
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
}

// The mapping review benchmark (`npm run bench:review`): how fast the preview of a file's head is read
// and how many of the file's bytes it reads, at 1 MB and 100 MB; and what a reviewed import costs next
// to the same import without review, both through the embed API of a local stack, priced by the shared
// cost model from the metrics the service itself wrote (what `importctl cost` reports).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withLocalStack } from './local-stack';
import { CONTACTS_TEMPLATE, writeCsv, type WrittenFile } from './engine-fixtures';
import { costReport, sumsFromEmfFile } from '../scripts/importctl-cost';
import { metricsFile, readLocalStackState } from '../scripts/local/stack';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const MB = 1e6;
/** The engine bench's contacts CSV (88 bytes a row) at about 1 MB and 100 MB, for the preview read. */
const READ_ROWS = [11_400, 1_133_000];
/**
 * The imports compared: 1 MB, and the largest file the row limit (1,000,000) lets this template import,
 * 999,999 rows (88 MB): a 100 MB file of these rows would fail TOO_MANY_ROWS.
 */
const IMPORT_ROWS = [11_400, 999_999];
const READS = 7;

const progress = (message: string) => process.stderr.write(`[bench:review] ${message}\n`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const workDir = mkdtempSync(join(tmpdir(), 'bench-review-'));
  try {
    const file = (rows: number) => writeCsv(join(workDir, `contacts-${rows}.csv`), rows);
    const readFiles = READ_ROWS.map(file);
    const importFiles = IMPORT_ROWS.map((rows) => readFiles.find((candidate) => candidate.dataRows === rows) ?? file(rows));
    const report = await withLocalStack('bench-review', (dataDir) => measure(readFiles, importFiles, dataDir));
    print(report);
    mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench', 'results', 'review.json'), `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

async function measure(readFiles: WrittenFile[], importFiles: WrittenFile[], dataDir: string) {
  // The service's modules, loaded after the stack started: config() reads the environment it set.
  const clients = await import('../shared/aws/clients');
  const { config } = await import('../shared/config');
  const { PutObjectCommand, CreateMultipartUploadCommand, UploadPartCommand, CompleteMultipartUploadCommand } = await import('@aws-sdk/client-s3');
  const valibot = await import('valibot');
  const { CreateTemplateSchema } = await import('../shared/domain/templates');
  const { createOrganization } = await import('../shared/data/organizations');
  const { insertTemplate, templateFromInput, setTemplateEmbed } = await import('../shared/data/templates');
  const { getImportRecord } = await import('../shared/data/imports');
  const { importPhase } = await import('../shared/domain/imports');
  const { readFilePreview } = await import('../shared/imports/preview');
  const { engineLimits } = await import('../shared/imports/process-upload');
  const { uploadDeadline } = await import('../shared/imports/deadlines');
  const { flushMetrics } = await import('../shared/observability/metrics');
  const { handler: processor } = await import('../functions/import-processor/handler');
  const { toSqsRecord } = await import('../scripts/local/queue-poller');
  const baseUrl = readLocalStackState(dataDir)!.url;

  // Bytes of the file the service reads: GetObject answers, counted on the shared S3 client.
  let bytesRead = 0;
  type Next = (args: unknown) => Promise<{ output: { ContentLength?: number } }>;
  (clients.s3().middlewareStack as unknown as { add: (m: unknown, o: object) => void }).add(
    (next: Next, context: { commandName?: string }) => async (args: unknown) => {
      const result = await next(args);
      if (context.commandName === 'GetObjectCommand') bytesRead += Number(result.output.ContentLength ?? 0);
      return result;
    },
    { step: 'initialize', name: 'benchReviewBytesRead' },
  );

  const organization = await createOrganization('Bench review', 'pro');
  const template = await insertTemplate(organization.organizationId, templateFromInput(valibot.parse(CreateTemplateSchema, CONTACTS_TEMPLATE)));
  await setTemplateEmbed(organization.organizationId, template.id, { enabled: true });
  const organizationId = organization.organizationId;

  /** The file as a bench object outside uploads/ (no notification): one PUT, or parts as the AWS CLI sends them. */
  async function putObject(Key: string, body: Buffer) {
    const Bucket = config().bucketName;
    const PART = 8 * 1024 * 1024;
    if (body.length <= PART) return void (await clients.s3().send(new PutObjectCommand({ Bucket, Key, Body: body })));
    const { UploadId } = await clients.s3().send(new CreateMultipartUploadCommand({ Bucket, Key }));
    const Parts = [];
    for (let offset = 0, PartNumber = 1; offset < body.length; offset += PART, PartNumber++) {
      const { ETag } = await clients.s3().send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: body.subarray(offset, offset + PART) }));
      Parts.push({ ETag, PartNumber });
    }
    await clients.s3().send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts } }));
  }

  /** The processor's read of the head, as its preview step calls it: median time and bytes per read. */
  async function previewRead(file: WrittenFile) {
    const key = `bench-review/${file.dataRows}.csv`;
    await putObject(key, readFileSync(file.path));
    const durations: number[] = [];
    let bytes = 0;
    let headers = 0;
    for (let i = 0; i < READS + 1; i++) {
      bytesRead = 0;
      const start = performance.now();
      const preview = await readFilePreview(key, 'csv', { skipHeaderRows: 0, limits: engineLimits() });
      if (i > 0) durations.push(performance.now() - start); // the first read warms the modules and the connection
      bytes = bytesRead;
      headers = preview.sheets[0].headers.length;
    }
    return { fileBytes: file.bytes, bytesRead: bytes, headers, medianMs: round(median(durations), 2), maxMs: round(Math.max(...durations), 2) };
  }

  const api = async (method: string, path: string, body?: unknown, token?: string) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, any>;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };

  /** The record read directly (not through the rate-limited status route), until `done` holds. */
  async function waitFor(importId: string, done: (record: NonNullable<Awaited<ReturnType<typeof getImportRecord>>>) => boolean) {
    for (const start = Date.now(); Date.now() - start < 15 * 60_000; await sleep(10)) {
      const record = await getImportRecord(organizationId, importId);
      if (record && done(record)) return record;
    }
    throw new Error(`import ${importId} did not get there in 15 minutes`);
  }

  /** The processor invoked with a deadline message as it arrives after the import finished (as the engine bench does). */
  async function deadlineArrival(deadline: ReturnType<typeof uploadDeadline>) {
    const message = { MessageId: `bench-${Date.now()}`, ReceiptHandle: 'bench', Body: JSON.stringify({ importDeadline: deadline }) };
    const { batchItemFailures } = await processor({ Records: [toSqsRecord(message, 'arn:aws:sqs:us-east-1:000000000000:imports')] });
    if (batchItemFailures.length > 0) throw new Error(`the ${deadline.deadline} deadline of import ${deadline.importId} failed`);
  }

  /** One import through the embed API, from the start request to the deadline messages that follow it; priced from the metrics. */
  async function importOnce(file: WrittenFile, review: boolean) {
    const body = readFileSync(file.path);
    await sleep(1100); // metric records carry whole-second timestamps: nothing of the previous import falls in this window
    const since = Date.now();
    const started = await api('POST', `/embed/v1/templates/${template.id}/imports`, { fileName: 'contacts.csv', fileSize: body.length, review });
    const uploadStart = performance.now();
    const put = await fetch(started.upload.url, { method: 'PUT', headers: started.upload.headers, body });
    if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`);
    const uploaded = performance.now();
    let preview: { uploadToReadyMs: number; bytesRead: number; requestMs: number } | undefined;
    if (review) {
      bytesRead = 0;
      await waitFor(started.importId, (record) => importPhase(record) === 'AWAITING_MAPPING');
      const ready = performance.now();
      const previewBytes = bytesRead;
      const got = await api('GET', `/embed/v1/imports/${started.importId}/preview`, undefined, started.token);
      preview = { uploadToReadyMs: round(ready - uploaded), bytesRead: previewBytes, requestMs: round(performance.now() - ready) };
      await api('POST', `/embed/v1/imports/${started.importId}/mapping`, { sheet: 0, mapping: got.sheets[0].suggestedMapping }, started.token);
    }
    const record = await waitFor(started.importId, (candidate) => candidate.status !== 'PENDING');
    const finished = performance.now();
    await deadlineArrival(uploadDeadline(organizationId, record.id, record.createdAt));
    if (review) {
      const dueAt = new Date(Date.parse(record.previewAt!) + config().mappingDeadlineSeconds * 1000).toISOString();
      await deadlineArrival({ organizationId, importId: record.id, deadline: 'mapping', dueAt });
    }
    flushMetrics(true);
    await sleep(200);
    const live = costReport(sumsFromEmfFile(metricsFile(dataDir), since));
    const requests = live.operations
      .filter((operation) => operation.service === 'embed')
      .map((operation) => ({ operation: operation.operation, requests: operation.requests, dollars: (operation.costPerMillion.total * operation.requests) / 1e6 }));
    const requestDollars = requests.reduce((sum, operation) => sum + operation.dollars, 0);
    return {
      review,
      status: record.status,
      validRows: record.validRows,
      uploadToFinishedMs: round(finished - uploadStart),
      preview,
      requests,
      processorPerImport: live.imports.perImport.total,
      perImport: live.imports.perImport.total + requestDollars,
    };
  }

  const reads = [];
  for (const file of readFiles) {
    progress(`${file.dataRows.toLocaleString('en-US')} rows (${round(file.bytes / MB)} MB): the preview read, ${READS} times`);
    reads.push(await previewRead(file));
  }
  const imports = [];
  for (const file of importFiles) {
    progress(`${file.dataRows.toLocaleString('en-US')} rows (${round(file.bytes / MB)} MB): one import without review, one with`);
    const plain = await importOnce(file, false);
    const reviewed = await importOnce(file, true);
    imports.push({ fileBytes: file.bytes, rows: file.dataRows, plain, reviewed, extra: reviewed.perImport - plain.perImport });
  }
  return { generatedAt: new Date().toISOString(), reads, imports };
}

type Report = Awaited<ReturnType<typeof measure>>;

function table(headers: string[], rows: (string | number)[][]) {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells: (string | number)[]) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function print(report: Report) {
  const mb = (bytes: number) => `${round(bytes / MB)} MB`;
  console.log('\nMapping review: the preview reads the head of the file, whatever its size (the processor\'s read, warm)');
  console.log(table(
    ['file', 'bytes read', 'read median ms', 'read max ms'],
    report.reads.map((read) => [mb(read.fileBytes), read.bytesRead.toLocaleString('en-US'), read.medianMs, read.maxMs]),
  ));
  console.log('\nThe same through a reviewed import (upload landed -> AWAITING_MAPPING; GET preview with its suggestions, over HTTP)');
  console.log(table(
    ['file', 'bytes read', 'upload -> preview ms', 'GET preview ms'],
    report.imports.map(({ fileBytes, reviewed: { preview } }) => [mb(fileBytes), preview!.bytesRead.toLocaleString('en-US'), preview!.uploadToReadyMs, preview!.requestMs]),
  ));
  console.log('\nCost per import through the embed API (processor, deadline messages, embed requests; status polls left out)');
  const dollars = (value: number) => `$${value.toFixed(6)}`;
  console.log(table(
    ['file', 'rows', 'without review', 'with review', 'review adds', 'review requests'],
    report.imports.map((run) => [
      mb(run.fileBytes),
      run.rows.toLocaleString('en-US'),
      dollars(run.plain.perImport),
      dollars(run.reviewed.perImport),
      `${dollars(run.extra)} (${round((run.extra / run.plain.perImport) * 100)}%)`,
      run.reviewed.requests.map((request) => `${request.operation} ${request.requests}`).join(', '),
    ]),
  ));
  for (const run of report.imports) {
    for (const mode of [run.plain, run.reviewed]) {
      if (mode.status !== 'COMPLETED') console.log(`NOTE: the ${mode.review ? 'reviewed' : 'plain'} import of ${mb(run.fileBytes)} ended ${mode.status}`);
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

// The mapping review benchmark (`npm run bench:review`): how fast the preview of a file's head is read
// and how many of the file's bytes it reads, at 1 MB and 100 MB; and what a reviewed import costs next
// to the same import without review, both through the embed API of a local stack, priced by the shared
// cost model from the metrics the service itself wrote (what `importctl cost` reports).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readLocalStackState } from '../scripts/local/state';
import { writeCsv, type WrittenFile } from './engine-fixtures';
import * as h from './harness';
import { MB, round, type Call } from './harness';

/** The engine bench's contacts CSV (88 bytes a row) at about 1 MB and 100 MB, for the preview read. */
const READ_ROWS = [11_400, 1_133_000];
/**
 * The imports compared: 1 MB, and the largest file the row limit (1,000,000) lets this template import,
 * 999,999 rows (88 MB): a 100 MB file of these rows would fail TOO_MANY_ROWS.
 */
const IMPORT_ROWS = [11_400, 999_999];
const READS = 7;
const progress = h.progressFor('review');
/** Bytes of the file the service read: its GetObject answers. */
const bytesRead = (calls: Call[]) => h.sum(calls.map((call) => call.bytesRead));

async function measure(readFiles: WrittenFile[], importFiles: WrittenFile[], dataDir: string) {
  const { config } = await import('../shared/config');
  const { importPhase } = await import('../shared/domain/imports');
  const { readFilePreview } = await import('../shared/imports/preview');
  const { engineLimits } = await import('../shared/imports/process-upload');
  const { uploadDeadline } = await import('../shared/imports/deadlines');
  const { flushMetrics } = await import('../shared/observability/metrics');
  const { call } = await import('../test/support/api');
  process.env.TEST_BASE_URL = readLocalStackState(dataDir)!.url;
  await h.installCallLog();
  const { organizationId, templateId } = await h.contactsTemplate('review', true);

  /** The processor's read of the head, as its preview step calls it: median time and bytes per read. */
  async function previewRead(file: WrittenFile) {
    const key = `bench-review/${file.dataRows}.csv`;
    await h.putFile(key, readFileSync(file.path));
    const durations: number[] = [];
    let calls: Call[] = [];
    let headers = 0;
    for (let i = 0; i < READS + 1; i++) {
      calls = [];
      const start = performance.now();
      const preview = await h.recordCalls(calls, () => readFilePreview(key, 'csv', { skipHeaderRows: 0, limits: engineLimits() }));
      if (i > 0) durations.push(performance.now() - start); // the first read warms the modules and the connection
      headers = preview.sheets[0].headers.length;
    }
    return { fileBytes: file.bytes, bytesRead: bytesRead(calls), headers, medianMs: round(h.median(durations), 2), maxMs: round(Math.max(...durations), 2) };
  }

  /** The embed API over HTTP, with the tests' client (test/support/api.ts). */
  const api = async (method: string, path: string, body?: unknown, token?: string) => {
    const response = await call(method, path, { body, key: token });
    if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };

  /** One import through the embed API, from the start request to the deadline messages that follow it; priced from the metrics. */
  async function importOnce(file: WrittenFile, review: boolean) {
    const body = readFileSync(file.path);
    await h.sleep(1100); // metric records carry whole-second timestamps: nothing of the previous import falls in this window
    const since = Date.now();
    const started = await api('POST', `/embed/v1/templates/${templateId}/imports`, { fileName: 'contacts.csv', fileSize: body.length, review });
    const uploadStart = performance.now();
    const put = await fetch(started.upload.url, { method: 'PUT', headers: started.upload.headers, body });
    if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`);
    const uploaded = performance.now();
    let preview: { uploadToReadyMs: number; bytesRead: number; requestMs: number } | undefined;
    if (review) {
      // The processor's preview step runs in the local stack's poller: its calls are the background.
      const processorCalls: Call[] = [];
      h.recordBackground(processorCalls);
      await h.waitForRecord(organizationId, started.importId, (record) => importPhase(record) === 'AWAITING_MAPPING', 10);
      h.recordBackground(null);
      const ready = performance.now();
      const got = await api('GET', `/embed/v1/imports/${started.importId}/preview`, undefined, started.token);
      preview = { uploadToReadyMs: round(ready - uploaded, 1), bytesRead: bytesRead(processorCalls), requestMs: round(performance.now() - ready, 1) };
      await api('POST', `/embed/v1/imports/${started.importId}/mapping`, { sheet: 0, mapping: got.sheets[0].suggestedMapping }, started.token);
    }
    // The record read directly, not through the rate-limited status route. A reviewed import whose rows
    // have errors waits in its correction step: the end user submits it as it is (the rows in error are
    // dropped, the template allows partial imports), as the widget's "Import n rows" does.
    const settled = await h.waitForRecord(organizationId, started.importId, (candidate) => candidate.status !== 'PENDING' || candidate.phase === 'AWAITING_CORRECTIONS', 10);
    const correctionsAt = settled.correctionsAt;
    if (settled.status === 'PENDING') await api('POST', `/embed/v1/imports/${started.importId}/submit`, undefined, started.token);
    const record = await h.waitForRecord(organizationId, started.importId, (candidate) => candidate.status !== 'PENDING', 10);
    const finished = performance.now();
    // The deadline messages, as they arrive after the import finished.
    await h.invokeProcessor({ importDeadline: uploadDeadline(organizationId, record.id, record.createdAt) });
    if (review) {
      const dueAt = new Date(Date.parse(record.previewAt!) + config().mappingDeadlineSeconds * 1000).toISOString();
      await h.invokeProcessor({ importDeadline: { organizationId, importId: record.id, deadline: 'mapping', dueAt } });
    }
    if (correctionsAt) {
      const dueAt = new Date(Date.parse(correctionsAt) + config().correctionsDeadlineSeconds * 1000).toISOString();
      await h.invokeProcessor({ importDeadline: { organizationId, importId: record.id, deadline: 'corrections', dueAt } });
    }
    flushMetrics(true);
    await h.sleep(200);
    const live = h.liveCost(dataDir, since);
    const requests = live.operations
      .filter((operation) => operation.service === 'embed')
      .map((operation) => ({ operation: operation.operation, requests: operation.requests, dollars: (operation.costPerMillion.total * operation.requests) / 1e6 }));
    const processorPerImport = live.imports.perImport.total;
    const uploadToFinishedMs = round(finished - uploadStart, 1);
    const perImport = processorPerImport + h.sum(requests.map((operation) => operation.dollars));
    return { review, status: record.status, validRows: record.validRows, uploadToFinishedMs, preview, requests, processorPerImport, perImport };
  }

  const reads = [];
  for (const file of readFiles) {
    progress(`${h.int(file.dataRows)} rows (${round(file.bytes / MB, 1)} MB): the preview read, ${READS} times`);
    reads.push(await previewRead(file));
  }
  const imports = [];
  for (const file of importFiles) {
    progress(`${h.int(file.dataRows)} rows (${round(file.bytes / MB, 1)} MB): one import without review, one with`);
    const plain = await importOnce(file, false);
    const reviewed = await importOnce(file, true);
    imports.push({ fileBytes: file.bytes, rows: file.dataRows, plain, reviewed, extra: reviewed.perImport - plain.perImport });
  }
  return { generatedAt: new Date().toISOString(), reads, imports };
}

function print(report: Awaited<ReturnType<typeof measure>>) {
  const mb = (bytes: number) => `${round(bytes / MB, 1)} MB`;
  console.log("\nMapping review: the preview reads the head of the file, whatever its size (the processor's read, warm)");
  h.table(
    ['file', 'bytes read', 'read median ms', 'read max ms'],
    report.reads.map((read) => [mb(read.fileBytes), h.int(read.bytesRead), read.medianMs, read.maxMs]),
  );
  console.log('\nThe same through a reviewed import (upload landed -> AWAITING_MAPPING; GET preview with its suggestions, over HTTP)');
  h.table(
    ['file', 'bytes read', 'upload -> preview ms', 'GET preview ms'],
    report.imports.map(({ fileBytes, reviewed: { preview } }) => [mb(fileBytes), h.int(preview!.bytesRead), preview!.uploadToReadyMs, preview!.requestMs]),
  );
  console.log('\nCost per import through the embed API (processor, deadline messages, embed requests; status polls left out)');
  const dollars = (value: number) => `$${value.toFixed(6)}`;
  h.table(
    ['file', 'rows', 'without review', 'with review', 'review adds', 'review requests'],
    report.imports.map((run) => [mb(run.fileBytes), h.int(run.rows), dollars(run.plain.perImport), dollars(run.reviewed.perImport),
      `${dollars(run.extra)} (${round((run.extra / run.plain.perImport) * 100, 1)}%)`, run.reviewed.requests.map((r) => `${r.operation} ${r.requests}`).join(', ')]),
  );
  for (const run of report.imports) {
    for (const mode of [run.plain, run.reviewed]) {
      if (mode.status !== 'COMPLETED') console.log(`NOTE: the ${mode.review ? 'reviewed' : 'plain'} import of ${mb(run.fileBytes)} ended ${mode.status}`);
    }
  }
}

const report = await h.withTempDir('bench-review', async (workDir) => {
  const file = (rows: number) => writeCsv(join(workDir, `contacts-${rows}.csv`), rows);
  const readFiles = READ_ROWS.map(file);
  const importFiles = IMPORT_ROWS.map((rows) => readFiles.find((candidate) => candidate.dataRows === rows) ?? file(rows));
  return h.withLocalStack('bench-review', (dataDir) => measure(readFiles, importFiles, dataDir));
});
print(report);
h.writeResults('review', report);

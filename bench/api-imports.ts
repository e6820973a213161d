// The API imports benchmark (`npm run bench:api-imports`): a server with only an API key imports a
// 100,000-row CSV (POST /api/v1/imports, the PUT, the import.completed webhook), with plain fetch and
// with the official client's importFile, timed end to end and priced per import by the shared cost model
// from the metrics the service wrote (what `importctl cost` reports, as bench/review.ts prices imports);
// the client's own cost per call against a bare fetch of the same request; and what the new routes cost
// per million requests (their scenarios in bench/requests.ts, run in a child process).
//
// The local stack runs as `npm start` runs it, in a process of its own (test/support/local-stack.ts):
// this process is the customer's server, holding only the HTTP clients and the webhook receiver.
import { spawnSync } from 'node:child_process';
import { existsSync, openAsBlob, readdirSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sumsFromEmfFile, type OperationSums } from '../scripts/importctl-cost';
import { handlerEnvironment, metricsFile } from '../scripts/local/state';
import { RATE_LIMITS } from '../shared/domain/rate-limits';
import { DEFAULT_RETENTION_DAYS } from '../shared/resources';
import { startReceiver, type Received } from '../test/support/receiver';
import { spawnLocalStack, type RunningStack } from '../test/support/local-stack';
import { writeCsv, type WrittenFile } from './engine-fixtures';
import * as h from './harness';
import { int, MB, round } from './harness';
import { money, requestColumns, type RequestScenarioFigures } from './request-columns';

/**
 * What this bench uses of @import-service/client's public API. Written out: the root typecheck has no DOM
 * types for the client's sources, and its dist is built only when this bench runs.
 */
type ClientModule = {
  createClient(options: { baseUrl: string; apiKey: string; fetch?: typeof fetch }): {
    imports: {
      get(importId: string): Promise<unknown>;
      create(body: { templateId: string; fileName: string; fileSize: number; contentType?: 'text/csv' }): Promise<unknown>;
      importFile(options: { templateId: string; path: string; wait: true }): Promise<{ importId: string; import?: { status: string } }>;
    };
    templates: { get(templateId: string): Promise<unknown> };
  };
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Uint8Array, secret: string): { event: string; importId: string };
};

const progress = h.progressFor('api-imports');
const settings = h.options({
  rows: { default: 100_000, min: 1, max: 999_999 },
  /** Imports of each way (plain fetch, the client), interleaved, after one warm-up import. */
  runs: { default: 3, min: 1, max: 20 },
  /** Client overhead: timed iterations of each request, both ways, after `warmup` untimed ones. */
  iterations: { default: 300, min: 1 },
  warmup: { default: 30 },
  /** The request scenarios (bench/requests.ts). */
  'request-iterations': { default: 200, min: 1 },
  'request-warmup': { default: 10 },
});
const WARMUP_ROWS = 2_000;
/** The request scenarios of bench/requests.ts that price the new routes (`--only`), and where that run writes. */
const REQUEST_SCENARIOS = 'api import';
const REQUEST_RESULTS = 'api-imports-requests';

// ---- The client as a customer installs it: its package's entry, built from this checkout ----

/** clients/typescript/dist, the package's `exports` entry, built by its `npm run build` when missing or older than its sources. */
async function builtClient(): Promise<{ client: ClientModule; entry: string }> {
  const dir = join(h.ROOT, 'clients', 'typescript');
  const entry = join(dir, 'dist', 'index.js');
  const newestSource = Math.max(...readdirSync(join(dir, 'src')).map((file) => statSync(join(dir, 'src', file)).mtimeMs));
  if (!existsSync(entry) || statSync(entry).mtimeMs < newestSource) {
    progress('building the client (npm run build in clients/typescript)');
    // The package's own build script, with its own compiler (its devDependency).
    const built = spawnSync('npm', ['run', 'build', '--workspace', 'clients/typescript', '--loglevel=error'], { cwd: h.ROOT, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`the client did not build:\n${built.stdout}${built.stderr}`);
  }
  return { client: (await import(pathToFileURL(entry).href)) as ClientModule, entry };
}

// ---- (c) The new routes per million requests: bench/requests.ts's scenarios ----

type RequestsReport = {
  scenarios: (RequestScenarioFigures & { route: string; requests: number;
    costPerMillion: Record<'apiGateway' | 'lambdaRequests' | 'lambdaDuration' | 'dynamodb' | 's3' | 'sqs' | 'logs' | 'total', number> })[];
  notes: string[];
  liveCost: { operation: string; benchPerMillion: number; importctlPerMillion: number; ratio: number }[];
};

/** Runs the scenarios in a process of its own (their own local stack, handlers invoked in-process) and reads what it wrote. */
function requestCosts(): RequestsReport & { seconds: number } {
  const args = ['--only', REQUEST_SCENARIOS, '--iterations', String(settings.requestIterations), '--warmup', String(settings.requestWarmup), '--results', REQUEST_RESULTS];
  progress(`request cost: bench/requests.ts ${args.join(' ')}`);
  const start = performance.now();
  const run = spawnSync(process.execPath, [h.TSX_CLI, '--disable-warning=ExperimentalWarning', join(h.ROOT, 'bench', 'requests.ts'), ...args], {
    cwd: h.ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`bench/requests.ts failed (${run.signal ?? run.status}):\n${run.stdout}`);
  const report = JSON.parse(readFileSync(join(h.ROOT, 'bench', 'results', `${REQUEST_RESULTS}.json`), 'utf8')) as RequestsReport;
  return { scenarios: report.scenarios, notes: report.notes, liveCost: report.liveCost, seconds: round((performance.now() - start) / 1000, 1) };
}

// ---- (a) and (b) against the local stack ----

async function measure(stack: RunningStack, workDir: string, { client: clientModule, entry }: { client: ClientModule; entry: string }) {
  // This process sets up through the data layer (untimed) as importctl would; metrics of its own go to a file of its own.
  Object.assign(process.env, handlerEnvironment(stack.state), { METRICS_FILE: join(workDir, 'setup-metrics.jsonl') });
  const { getOrganization, createApiKey, updateOrganization } = await import('../shared/data/organizations');
  const { getImportRecord } = await import('../shared/data/imports');
  const { uploadDeadline } = await import('../shared/imports/deadlines');
  const { newWebhookSecret } = await import('../shared/domain/ids');
  const { sqs } = await import('../shared/aws/sqs');
  const { config } = await import('../shared/config');
  const base = stack.url;

  progress(`writing the ${int(settings.rows)}-row CSV (bench/engine-fixtures.ts) and a ${int(WARMUP_ROWS)}-row one for the warm-up`);
  const file = writeCsv(join(workDir, 'contacts.csv'), settings.rows);
  const warmupFile = writeCsv(join(workDir, 'contacts-warmup.csv'), WARMUP_ROWS);

  // The customer's organization: the engine bench's template, a webhook to this process, an API key.
  const { organizationId, templateId } = await h.contactsTemplate('api imports');
  const organization = (await getOrganization(organizationId))!;
  const newKey = async () => (await createApiKey(organization)).apiKey;
  const secret = newWebhookSecret();
  const receiver = await startReceiver([], 204);
  await updateOrganization(organizationId, { webhookUrl: receiver.url, webhookSecret: secret });
  const webhooks = webhookWatch(receiver.received, secret, clientModule);

  /** What the stack's functions wrote since `since`, once `ready` holds (it writes API metrics when asked: SIGUSR2). */
  async function metricsSince(since: number, ready: (sums: OperationSums) => boolean): Promise<OperationSums> {
    for (const start = Date.now(); Date.now() - start < 30_000; await h.sleep(100)) {
      process.kill(stack.state.pid, 'SIGUSR2');
      await h.sleep(50);
      const sums = sumsFromEmfFile(metricsFile(stack.dataDir), since);
      if (ready(sums)) return sums;
    }
    throw new Error('the metrics of the import did not arrive in 30 s');
  }
  const sum = (sums: OperationSums, operation: string, metric: string) => sums.get(operation)?.sums[metric as never] ?? 0;
  /** When the processor's last `import` message since `since` ended: its metrics record's timestamp (written as the invocation ends). */
  const processorEndedAt = (since: number) =>
    Math.max(
      ...readFileSync(metricsFile(stack.dataDir), 'utf8')
        .split('\n')
        .filter((line) => line.includes('"import-processor"'))
        .map((line) => JSON.parse(line) as { operation: string; _aws: { Timestamp: number } })
        .filter((record) => record.operation === 'import' && record._aws.Timestamp >= since)
        .map((record) => record._aws.Timestamp),
    );

  /**
   * One import, created and its file sent by plain fetch or by the client, until its webhook; then its
   * upload deadline message as it would arrive (it ends without a write), and what the stack's metrics
   * say since it started, priced. The previous import's metrics were all written before this one starts.
   */
  async function importOnce(way: Way, source: WrittenFile, apiKey: string) {
    const started = Date.now();
    const steps = way === 'fetch' ? await plainImport(base, apiKey, templateId, source) : await clientImport(clientModule, base, apiKey, templateId, source);
    const event = await webhooks.next(steps.importId);
    const record = (await getImportRecord(organizationId, steps.importId))!;
    await sqs().send(new SendMessageCommand({
      QueueUrl: config().importsQueueUrl,
      MessageBody: JSON.stringify({ importDeadline: uploadDeadline(organizationId, record.id, record.createdAt, record.templateId) }),
    }));
    const sums = await metricsSince(
      started,
      (found) => sum(found, 'import-processor/deadline', 'Requests') >= 1 && sum(found, 'webhook-worker/attempt', 'Delivered') >= 1 && sum(found, 'imports/createImport', 'Requests') >= 1,
    );
    const live = h.liveCost(stack.dataDir, started);
    const requests = live.operations.map((operation) => ({
      operation: operation.operation,
      requests: operation.requests,
      dollars: (operation.costPerMillion.total * operation.requests) / 1e6,
    }));
    const processor = live.imports.perImport;
    const delivery = live.webhooks.perMillionDeliveries.total / 1e6;
    const completedAt = Date.parse(record.completedAt!);
    // The processor's start: its end less its billed time (one message an import here).
    const processorBilledMs = sum(sums, 'import-processor/import', 'Latency');
    const processorStartedAt = processorEndedAt(started) - processorBilledMs;
    return {
      way,
      importId: steps.importId,
      status: record.status,
      event: event.event,
      signatureVerified: event.verified,
      payloadBytes: event.bytes,
      totalRows: record.totalRows,
      validRows: record.validRows,
      errorRows: record.errorRows,
      seconds: round((event.at - started) / 1000, 2),
      /** The client's importFile: when its wait (polling GET) resolved. */
      resolvedSeconds: steps.resolvedAt === undefined ? null : round((steps.resolvedAt - started) / 1000, 2),
      /** Consecutive steps, in ms (epoch ms of this machine: the stack's clock is this process's). They add up to `seconds`. */
      timeline: {
        create: steps.createdAt - started,
        put: steps.uploadedAt - steps.createdAt,
        /** The PUT answered -> the processor started: the bucket notification and the imports queue's poll. */
        queued: processorStartedAt - steps.uploadedAt,
        /** The processor started -> completedAt (read, checked, rows stored, result written). */
        processing: completedAt - processorStartedAt,
        /** completedAt -> the webhook received: the finish's commit and message, the webhook queue, the worker and its POST. */
        completedToWebhook: event.at - completedAt,
      },
      processor: { billedMs: processorBilledMs, messages: sum(sums, 'import-processor/import', 'Requests'), afterCompletedMs: processorBilledMs - (completedAt - processorStartedAt) },
      worker: { billedMs: sum(sums, 'webhook-worker/attempt', 'Latency'), postMs: sum(sums, 'webhook-worker/attempt', 'PostLatency') },
      polls: requests.find((r) => r.operation === 'getImport')?.requests ?? 0,
      cost: {
        processor,
        webhookDelivery: delivery,
        requests,
        total: processor.total + delivery + h.sum(requests.map((r) => r.dollars)),
      },
    };
  }

  const importKey = await newKey();
  progress(`warm-up: one ${int(WARMUP_ROWS)}-row import (plain fetch), not counted`);
  await importOnce('fetch', warmupFile, importKey);
  const runs: Awaited<ReturnType<typeof importOnce>>[] = [];
  for (let i = 0; i < settings.runs; i++) {
    for (const way of WAYS) {
      const run = await importOnce(way, file, importKey);
      progress(`run ${i + 1}/${settings.runs}, ${way}: create -> webhook ${run.seconds} s${run.resolvedSeconds === null ? '' : `, importFile resolved at ${run.resolvedSeconds} s`}, $${run.cost.total.toFixed(6)}`);
      runs.push(run);
    }
  }

  progress(`client overhead: ${settings.warmup} + ${settings.iterations} iterations of 3 requests, fetch and client interleaved`);
  const overhead = await clientOverhead(clientModule, { base, templateId, importId: runs[0].importId, fileSize: file.bytes, newKey });
  await receiver.stop();
  const ways = Object.fromEntries(WAYS.map((way) => [way, summarizeWay(runs.filter((run) => run.way === way))])) as Record<Way, ReturnType<typeof summarizeWay>>;
  return {
    file: { rows: file.dataRows, bytes: file.bytes, generatedInvalidRows: file.invalidRows },
    client: { entry: relative(h.ROOT, entry) },
    imports: { ...ways, runs },
    clientOverhead: overhead,
    webhooks: { received: receiver.received.length, verified: webhooks.verified(), rejected: webhooks.rejected() },
  };
}

const WAYS = ['fetch', 'client'] as const;
type Way = (typeof WAYS)[number];
type Steps = { importId: string; createdAt: number; uploadedAt: number; resolvedAt?: number };

/** As docs/api.md's curl example, with fetch: create, then the PUT exactly as the answer says (the file streamed from disk). */
async function plainImport(base: string, apiKey: string, templateId: string, source: WrittenFile): Promise<Steps> {
  const created = await fetch(`${base}/api/v1/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ templateId, fileName: basename(source.path), fileSize: source.bytes, contentType: 'text/csv' }),
  });
  if (created.status !== 201) throw new Error(`POST /api/v1/imports: ${created.status} ${await created.text()}`);
  const { importId, upload } = (await created.json()) as { importId: string; upload: { method: string; url: string; headers: Record<string, string> } };
  const createdAt = Date.now();
  const put = await fetch(upload.url, { method: upload.method, headers: upload.headers, body: await openAsBlob(source.path) });
  if (!put.ok) throw new Error(`the upload: ${put.status} ${await put.text()}`);
  await put.arrayBuffer();
  return { importId, createdAt, uploadedAt: Date.now() };
}

/** The client's importFile with wait; its fetch notes when the create and the PUT answered (polls are GETs after them). */
async function clientImport(clientModule: ClientModule, base: string, apiKey: string, templateId: string, source: WrittenFile): Promise<Steps> {
  const marks: { createdAt?: number; uploadedAt?: number } = {};
  const timed: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (method === 'POST') marks.createdAt = Date.now();
    if (method === 'PUT') marks.uploadedAt = Date.now();
    return response;
  };
  const client = clientModule.createClient({ baseUrl: base, apiKey, fetch: timed });
  const { importId, import: detail } = await client.imports.importFile({ templateId, path: source.path, wait: true });
  const resolvedAt = Date.now();
  if (detail?.status !== 'COMPLETED') throw new Error(`importFile: the import ended ${detail?.status}`);
  return { importId, createdAt: marks.createdAt!, uploadedAt: marks.uploadedAt!, resolvedAt };
}

/** The receiver's requests, each verified as a customer's server verifies it (the client's verifyWebhook); `next` waits for an import's event. */
function webhookWatch(received: Received[], secret: string, clientModule: ClientModule) {
  let verified = 0;
  let rejected = 0;
  let seen = 0;
  const events = new Map<string, { event: string; at: number; verified: boolean; bytes: number }>();
  const take = () => {
    for (; seen < received.length; seen++) {
      const { headers, body, at } = received[seen];
      try {
        const event = clientModule.verifyWebhook(headers, body, secret);
        verified++;
        events.set(event.importId, { event: event.event, at, verified: true, bytes: body.length });
      } catch {
        rejected++;
        const unverified = JSON.parse(body.toString('utf8')) as { importId: string; event: string };
        events.set(unverified.importId, { event: unverified.event, at, verified: false, bytes: body.length });
      }
    }
  };
  return {
    async next(importId: string) {
      for (const start = Date.now(); Date.now() - start < 15 * 60_000; await h.sleep(5)) {
        take();
        const found = events.get(importId);
        if (found) return found;
      }
      throw new Error(`no webhook for ${importId} in 15 minutes`);
    },
    verified: () => verified,
    rejected: () => rejected,
  };
}

function summarizeWay(runs: { seconds: number; resolvedSeconds: number | null; cost: { total: number } }[]) {
  const seconds = runs.map((run) => run.seconds);
  const resolved = runs.flatMap((run) => (run.resolvedSeconds === null ? [] : [run.resolvedSeconds]));
  const dollars = runs.map((run) => run.cost.total);
  return {
    runs: runs.length,
    seconds: { best: Math.min(...seconds), median: h.median(seconds, true), all: seconds },
    resolvedSeconds: resolved.length === 0 ? null : { best: Math.min(...resolved), median: h.median(resolved, true), all: resolved },
    dollarsPerImport: { mean: h.mean(dollars), min: Math.min(...dollars), max: Math.max(...dollars) },
  };
}

// ---- (b) The client's own cost per call ----

type Sample = { ms: number; cpuMs: number };

/**
 * The same three requests sent with a bare fetch and through the client, interleaved (which goes first
 * alternates), on one template and one finished import. Keys rotate so that no request meets the
 * per-key rate limit (each key serves at most one window's limit in all). Wall time includes reading
 * the body as JSON; CPU is this process's (the stack runs in its own), so it is what each way costs
 * the customer's server.
 */
async function clientOverhead(
  clientModule: ClientModule,
  { base, templateId, importId, fileSize, newKey }: { base: string; templateId: string; importId: string; fileSize: number; newKey: () => Promise<string> },
) {
  const createBody = { templateId, fileName: 'contacts.csv', fileSize, contentType: 'text/csv' as const };
  const total = settings.warmup + settings.iterations;
  // Per iteration each key serves 4 reads and 2 writes (both ways).
  const perKey = Math.floor(Math.min(RATE_LIMITS.read / 4, RATE_LIMITS.write / 2));
  const keys: string[] = [];
  for (let i = 0; i < Math.ceil(total / perKey); i++) keys.push(await newKey());
  const clients = keys.map((apiKey) => clientModule.createClient({ baseUrl: base, apiKey }));

  const bare = async (apiKey: string, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { authorization: `Bearer ${apiKey}` };
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() });
    const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  type Request = { name: string; fetch: (k: number) => Promise<unknown>; client: (k: number) => Promise<unknown> };
  const requests: Request[] = [
    { name: 'GET /api/v1/imports/{id}', fetch: (k) => bare(keys[k], 'GET', `/api/v1/imports/${importId}`), client: (k) => clients[k].imports.get(importId) },
    { name: 'GET /api/v1/templates/{id}', fetch: (k) => bare(keys[k], 'GET', `/api/v1/templates/${templateId}`), client: (k) => clients[k].templates.get(templateId) },
    {
      name: 'POST /api/v1/imports (Idempotency-Key)',
      fetch: (k) => bare(keys[k], 'POST', '/api/v1/imports', createBody),
      client: (k) => clients[k].imports.create(createBody),
    },
  ];
  const samples = requests.map(() => ({ fetch: [] as Sample[], client: [] as Sample[] }));
  for (let i = 0; i < total; i++) {
    const k = Math.floor(i / perKey);
    const order = i % 2 === 0 ? (['fetch', 'client'] as const) : (['client', 'fetch'] as const);
    for (const [r, request] of requests.entries()) {
      for (const way of order) {
        const cpu = process.cpuUsage();
        const start = performance.now();
        await request[way](k);
        const ms = performance.now() - start;
        const used = process.cpuUsage(cpu);
        if (i >= settings.warmup) samples[r][way].push({ ms, cpuMs: (used.user + used.system) / 1000 });
      }
    }
  }
  const stats = (values: number[]) => ({ p50: round(h.percentile(values, 0.5), 3), p95: round(h.percentile(values, 0.95), 3) });
  return {
    iterations: settings.iterations,
    warmup: settings.warmup,
    keys: keys.length,
    requests: requests.map(({ name }, r) => {
      const { fetch: bareSamples, client } = samples[r];
      const paired = client.map((sample, i) => sample.ms - bareSamples[i].ms);
      const pairedCpu = client.map((sample, i) => sample.cpuMs - bareSamples[i].cpuMs);
      const [fetchMs, clientMs] = [stats(bareSamples.map((s) => s.ms)), stats(client.map((s) => s.ms))];
      return {
        request: name,
        fetchMs,
        clientMs,
        /** Client minus fetch: of the medians and of the p95s, and the median of each iteration's difference. */
        extraMs: { p50: round(clientMs.p50 - fetchMs.p50, 3), p95: round(clientMs.p95 - fetchMs.p95, 3), pairedP50: round(h.percentile(paired, 0.5), 3) },
        fetchCpuMs: stats(bareSamples.map((s) => s.cpuMs)),
        clientCpuMs: stats(client.map((s) => s.cpuMs)),
        extraCpuMs: { pairedP50: round(h.percentile(pairedCpu, 0.5), 3) },
      };
    }),
  };
}

// ---- Output ----

type Report = Awaited<ReturnType<typeof main>>;
const dollars = (value: number) => `$${value.toFixed(6)}`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)}`;

function print(report: Report) {
  const { imports, file } = report;
  type Run = Report['imports']['runs'][number];
  /** The median (upper, of an even count) over a way's runs. */
  const mid = (way: Way, of: (run: Run) => number) => h.median(runsOf(report, way).map(of), true);
  const both = (cell: (way: Way) => string): string[] => WAYS.map(cell);
  const s = (ms: number) => (ms / 1000).toFixed(2);
  console.log(
    `\n${int(file.rows)}-row CSV (${round(file.bytes / MB, 1)} MB) imported by a server with only an API key through the local gateway: ` +
      `create, PUT, webhook import.completed; ${report.settings.runs} runs each way, interleaved, after a ${int(WARMUP_ROWS)}-row warm-up\n`,
  );
  h.table(
    ['seconds (steps: medians of the runs)', 'plain fetch: POST, PUT, webhook', 'client: importFile({ path, wait: true })'],
    [
      ['create -> webhook received: best', ...both((way) => imports[way].seconds.best.toFixed(2))],
      ['create -> webhook received: median', ...both((way) => imports[way].seconds.median.toFixed(2))],
      ['  runs', ...both((way) => imports[way].seconds.all.map((x) => x.toFixed(2)).join(', '))],
      ['  POST /api/v1/imports', ...both((way) => s(mid(way, (run) => run.timeline.create)))],
      ['  PUT of the file (presigned URL)', ...both((way) => s(mid(way, (run) => run.timeline.put)))],
      ['  PUT answered -> processor starts (notification, queue)', ...both((way) => s(mid(way, (run) => run.timeline.queued)))],
      ['  processor starts -> completedAt', ...both((way) => s(mid(way, (run) => run.timeline.processing)))],
      ['  completedAt -> webhook received', ...both((way) => s(mid(way, (run) => run.timeline.completedToWebhook)))],
      ['processor billed (of which after completedAt)', ...both((way) => `${s(mid(way, (run) => run.processor.billedMs))} (${s(mid(way, (run) => run.processor.afterCompletedMs))})`)],
      ['webhook worker billed (its POST)', ...both((way) => `${s(mid(way, (run) => run.worker.billedMs))} (${s(mid(way, (run) => run.worker.postMs))})`)],
      ['create -> importFile resolved: median', ...both((way) => imports[way].resolvedSeconds?.median.toFixed(2) ?? '-')],
      ['GET /api/v1/imports/{id} polls', ...both((way) => (way === 'client' ? String(mid(way, (run) => run.polls)) : '-'))],
      ['rows: valid / in error', ...both((way) => `${int(mid(way, (run) => run.validRows))} / ${int(mid(way, (run) => run.errorRows))}`)],
      ['webhook payload (the first rows inline)', ...both((way) => `${round(mid(way, (run) => run.payloadBytes) / 1000, 1)} KB`)],
      ['webhooks verified (the client\'s verifyWebhook)', ...both((way) => `${runsOf(report, way).filter((run) => run.signatureVerified).length} of ${runsOf(report, way).length}`)],
    ],
  );

  console.log('\n$ per import (us-east-1): `importctl cost` over the metrics the stack wrote during each import (shared/observability/cost-model.ts), mean of the runs\n');
  const mean = (way: Way, of: (run: Run) => number) => h.mean(runsOf(report, way).map(of));
  const perImport = (of: (run: Run) => number) => both((way) => dollars(mean(way, of)));
  const operations = [...new Set(report.imports.runs.flatMap((run) => run.cost.requests.map((r) => r.operation)))];
  const p = (run: Run) => run.cost.processor;
  h.table(
    ['per import', 'plain fetch', 'client'],
    [
      ['processor: Lambda (requests, duration at 1769 MB)', ...perImport((run) => p(run).lambdaRequests + p(run).lambdaDuration)],
      ['processor: DynamoDB', ...perImport((run) => p(run).dynamodb)],
      ['processor: S3 requests (the upload PUT modelled)', ...perImport((run) => p(run).s3 - p(run).storage)],
      [`processor: S3 storage (file and rows, ${DEFAULT_RETENTION_DAYS} days)`, ...perImport((run) => p(run).storage)],
      ['processor: SQS (notification modelled) and logs', ...perImport((run) => p(run).sqs + p(run).logs)],
      ['webhook delivery (worker)', ...perImport((run) => run.cost.webhookDelivery)],
      ...operations.map((operation) => [
        `API ${operation} (${both((way) => String(mean(way, (run) => h.sum(run.cost.requests.filter((r) => r.operation === operation).map((r) => r.requests))))).join(' / ')} requests)`,
        ...perImport((run) => h.sum(run.cost.requests.filter((r) => r.operation === operation).map((r) => r.dollars))),
      ]),
      ['total', ...both((way) => `${dollars(imports[way].dollarsPerImport.mean)} (${dollars(imports[way].dollarsPerImport.min)}-${dollars(imports[way].dollarsPerImport.max)})`)],
      ['$ per million rows', ...both((way) => `$${((imports[way].dollarsPerImport.mean / file.rows) * 1e6).toFixed(4)}`)],
    ],
  );

  const o = report.clientOverhead;
  console.log(
    `\nClient overhead per call: the built client (${report.client.entry}) against a bare fetch of the same request, ` +
      `${o.iterations} iterations each after ${o.warmup} warm-up, interleaved; ${o.keys} API keys in rotation (no 429)\n`,
  );
  type Row = Report['clientOverhead']['requests'][number];
  const ms = (value: number) => value.toFixed(2);
  h.reportTable<Row>(
    [
      ['request', (row) => row.request],
      ['fetch p50 ms', (row) => ms(row.fetchMs.p50)],
      ['p95', (row) => ms(row.fetchMs.p95)],
      ['client p50 ms', (row) => ms(row.clientMs.p50)],
      ['p95', (row) => ms(row.clientMs.p95)],
      ['+p50 ms', (row) => ms(row.extraMs.p50)],
      ['+p95 ms', (row) => ms(row.extraMs.p95)],
      ['+paired p50', (row) => ms(row.extraMs.pairedP50)],
      ['CPU fetch p50 ms', (row) => ms(row.fetchCpuMs.p50)],
      ['CPU client p50 ms', (row) => ms(row.clientCpuMs.p50)],
      ['+CPU paired p50', (row) => ms(row.extraCpuMs.pairedP50)],
    ],
    o.requests,
  );
  console.log('  Wall: the round trip with the body read as JSON. CPU: this process only (the stack has its own). "+paired": median of each iteration\'s client minus fetch.');

  const r = report.requestCost;
  console.log(
    `\nThe new routes per million requests (bench/requests.ts --only '${REQUEST_SCENARIOS}': handlers in-process over DynamoDB Local, ` +
      `${report.settings.requestIterations} requests each after ${report.settings.requestWarmup} warm-up; WCU as priced)\n`,
  );
  type Scenario = RequestsReport['scenarios'][number];
  h.reportTable<Scenario>(
    [
      ...requestColumns<Scenario>(),
      ['API GW', (s) => money(s.costPerMillion.apiGateway)],
      ['Lambda', (s) => money(s.costPerMillion.lambdaRequests + s.costPerMillion.lambdaDuration)],
      ['DynamoDB', (s) => money(s.costPerMillion.dynamodb)],
      ['SQS', (s) => money(s.costPerMillion.sqs)],
      ['logs', (s) => money(s.costPerMillion.logs)],
      ['total $/M', (s) => money(s.costPerMillion.total)],
    ],
    r.scenarios,
  );
  h.printNotes([
    ...r.notes.filter((note) => note.startsWith(REQUEST_SCENARIOS)),
    `\`importctl cost\` over the same requests: ${r.liveCost.map((c) => `${c.operation} ${c.importctlPerMillion.toFixed(3)} (${c.ratio.toFixed(3)}x the bench)`).join(', ')}.`,
    ...report.notes,
  ]);
  console.log(`\nLoad average (1 min) before ${report.machine.loadBefore[0]}, after ${report.machine.loadAfter[0]} on ${report.machine.cpus} CPUs; ${report.runSeconds} s.`);
}

const runsOf = (report: Report, way: Way) => report.imports.runs.filter((run) => run.way === way);

/** What the numbers say beyond the tables: where an import's time goes, and anything that did not go as expected. */
function notesOf(measured: Awaited<ReturnType<typeof measure>>, requestCost: RequestsReport): string[] {
  const notes: string[] = [];
  for (const run of measured.imports.runs) {
    if (run.status !== 'COMPLETED' || run.event !== 'import.completed') notes.push(`${run.way} import ${run.importId} ended ${run.status} (${run.event}).`);
  }
  if (measured.webhooks.rejected > 0) notes.push(`${measured.webhooks.rejected} webhook requests did not verify with the organization's secret.`);
  const plain = measured.imports.runs.filter((run) => run.way === 'fetch');
  const client = measured.imports.runs.filter((run) => run.way === 'client');
  const mid = (values: number[]) => h.median(values, true);
  const total = mid(plain.map((run) => run.seconds * 1000));
  const step = (of: (run: (typeof plain)[number]) => number) => {
    const ms = mid(plain.map(of));
    return `${seconds(ms)} s (${Math.round((ms / total) * 100)}%)`;
  };
  notes.push(
    `Where a plain import's ${seconds(total)} s go (medians): the processor from its start to completedAt ${step((run) => run.timeline.processing)}, ` +
      `the PUT of ${round(measured.file.bytes / MB, 1)} MB through the local S3 front ${step((run) => run.timeline.put)}, ` +
      `completedAt -> webhook ${step((run) => run.timeline.completedToWebhook)}, most of it the processor's own work after completedAt ` +
      `(${seconds(mid(plain.map((run) => run.processor.afterCompletedMs)))} s: the finish's commit, the items read again, the payload rendered with ` +
      `its inline rows read back from the first row chunk and stored, the import-finished message), then the webhook queue's poll and the worker ` +
      `(${seconds(mid(plain.map((run) => run.worker.billedMs)))} s billed); the create ${step((run) => run.timeline.create)}, the notification and ` +
      `the imports queue ${step((run) => run.timeline.queued)}.`,
  );
  const calls = measured.clientOverhead.requests;
  const range = (values: number[]) => `${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)} ms`;
  notes.push(
    `The client's own cost: ${range(calls.map((c) => c.extraCpuMs.pairedP50))} of CPU a call more than a bare fetch in this process ` +
      `(paired medians; the most for the POST, for which the client's transport also makes an Idempotency-Key and copies the body, to send the same request on a retry) and ` +
      `${range(calls.map((c) => c.extraMs.pairedP50))} of wall time, against a fetch round trip whose p95 is ` +
      `${range(calls.map((c) => c.fetchMs.p95 - c.fetchMs.p50))} above its median.`,
  );
  const [plainCreate, keyedCreate] = ['api import: create (', 'api import: create with an Idempotency-Key'].map((name) =>
    requestCost.scenarios.find((scenario) => scenario.scenario.startsWith(name)),
  );
  if (plainCreate && keyedCreate) {
    notes.push(
      `An Idempotency-Key adds ${round(keyedCreate.dynamodb.calls - plainCreate.dynamodb.calls, 2)} DynamoDB calls and ` +
        `${round(keyedCreate.dynamodb.wcu - plainCreate.dynamodb.wcu, 2)} WCU to POST /api/v1/imports (the claim's PutItem, the answer's UpdateItem): ` +
        `$${(keyedCreate.costPerMillion.total - plainCreate.costPerMillion.total).toFixed(3)}/M, ` +
        `${Math.round(((keyedCreate.costPerMillion.total - plainCreate.costPerMillion.total) / plainCreate.costPerMillion.total) * 100)}% of the create. ` +
        'The client sends one with every POST.',
    );
  }
  if (client.length > 0) {
    const late = mid(client.map((run) => (run.resolvedSeconds! - run.seconds) * 1000));
    notes.push(
      `importFile({ wait: true }) polls GET /api/v1/imports/{id} on the client's schedule (0.5 s, growing by half to at most 5 s): ` +
        `it resolved a median ${seconds(late)} s after the webhook arrived, with ${mid(client.map((run) => run.polls))} GETs an import.`,
    );
  }
  return notes;
}

async function main() {
  const started = performance.now();
  const loadBefore = loadavg();
  const requestCost = requestCosts();
  const client = await builtClient();
  const measured = await h.withTempDir('bench-api-imports', async (workDir) => {
    progress('starting the local stack (npm start, in memory) in its own process');
    const stack = await spawnLocalStack({ dataDir: join(workDir, 'stack'), inMemory: true, env: { LOG_LEVEL: 'WARN' } });
    process.once('SIGINT', () => void stack.stop().finally(() => process.exit(130)));
    try {
      return await measure(stack, workDir, client);
    } finally {
      await stack.stop();
    }
  });
  return {
    generatedAt: new Date().toISOString(),
    machine: { ...h.machine(), loadBefore: loadBefore.map((l) => round(l, 1)), loadAfter: loadavg().map((l) => round(l, 1)) },
    settings: { ...settings, warmupRows: WARMUP_ROWS },
    ...measured,
    requestCost,
    notes: notesOf(measured, requestCost),
    runSeconds: round((performance.now() - started) / 1000, 1),
  };
}

const report = await main();
print(report);
h.writeResults('api-imports', report);

// Cold start of every Lambda function (`npm run bench:cold-start`): its bundle as deployed (esbuild with
// lib/bundling.ts lambdaBuildOptions: minified, tree-shaken, aliases), imported in a fresh Node process
// with the environment Lambda gives it (NODE_OPTIONS=--enable-source-maps, role credentials), then invoked
// once with an event whose answer needs the function's first DynamoDB call, against DynamoDB Local of a
// local stack this bench starts. Bundles can come from other checkouts (--root), measured interleaved by
// the same harness against the same DynamoDB Local: that is how a before/after is compared. A bundle whose
// lambdaBuildOptions has aliases is also measured without them (what the aliases save), and with
// --without-source-maps each checkout's bundles also run without NODE_OPTIONS (what source maps cost).
// DynamoDB Local is reached over https, through a TLS front in this process (a certificate made by openssl
// for the run and trusted by the child through NODE_EXTRA_CA_CERTS), as Lambda reaches DynamoDB: the first
// request pays a TLS handshake, and the SDK never loads node:http (whose ESM namespace loads undici,
// 35-48 ms of a first request over http, which Lambda does not pay: bench/README.md "Limits").
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { LAMBDA_NODE_OPTIONS, outputsAtInit } from '../lib/bundling';
import { API_SERVICES, PROCESSOR, WORKER } from '../lib/operations/catalog';
import { buildApiEvent } from '../scripts/local/gateway';
import { toSqsRecord } from '../scripts/local/queue-poller';
import { handlerEnvironment, readLocalStackState, type LocalStackState } from '../scripts/local/state';
import { newApiKey, newId } from '../shared/domain/ids';
import { PRICES } from '../shared/observability/prices';
import { apiFunctionMemoryMb, IMPORT_PROCESSOR_MEMORY_MB, TOKEN_CLAIMS_MEMORY_MB, WEBHOOK_WORKER_MEMORY_MB } from '../shared/resources';
import * as h from './harness';
import { median, round } from './harness';

const settings = h.options({ runs: { default: 7, min: 1 }, root: { default: '' }, 'without-source-maps': { default: false } });
const progress = h.progressFor('cold-start');
/** The issue's target for a fresh-process import of a function's bundle. */
const IMPORT_TARGET_MS = 120;

// ---- The functions and the first request of each ----

/** Every Lambda function (functions/<name>/handler.ts): the API groups, the not-found function, the queue consumers. */
/** Cognito's pre-token trigger: a pure function (no SDK), measured like the others. */
const TOKEN_CLAIMS = 'token-claims';
const FUNCTIONS: string[] = [...API_SERVICES, PROCESSOR.service, WORKER.service, TOKEN_CLAIMS];
const MEMORY_MB: Record<string, number> = {
  [PROCESSOR.service]: IMPORT_PROCESSOR_MEMORY_MB,
  [WORKER.service]: WEBHOOK_WORKER_MEMORY_MB,
  [TOKEN_CLAIMS]: TOKEN_CLAIMS_MEMORY_MB,
};
const memoryOf = (fn: string) => MEMORY_MB[fn] ?? apiFunctionMemoryMb(fn);

interface FirstRequest {
  /** What the request is and which table access answers it. */
  description: string;
  event: unknown;
  /** The handler's answer: an HTTP status, or `failures N` for a queue consumer's batch response. */
  answer: string;
}

const apiRequest = (description: string, url: string, headers: Record<string, string>, status: number): FirstRequest => ({
  description,
  event: buildApiEvent({ method: 'GET', url, headers }, randomUUID()).event,
  answer: String(status),
});
const sqsRequest = (description: string, queue: string, body: unknown): FirstRequest => ({
  description,
  event: { Records: [toSqsRecord({ MessageId: randomUUID(), ReceiptHandle: 'bench', Body: JSON.stringify(body) }, `arn:aws:sqs:us-east-1:000000000000:${queue}`)] },
  answer: 'failures 0',
});

/** An event per function whose answer needs its first table access (an unknown key, template or import: nothing to set up). */
function firstRequest(fn: string): FirstRequest {
  const unknownKey = { authorization: `Bearer ${newApiKey()}` };
  const unknownImport = { organizationId: newId('org'), importId: newId('imp') };
  switch (fn) {
    case 'templates':
      return apiRequest('GET /api/v1/templates, unknown API key: 401 after the auth UpdateItem', '/api/v1/templates', unknownKey, 401);
    case 'imports':
      return apiRequest('GET /api/v1/imports, unknown API key: 401 after the auth UpdateItem', '/api/v1/imports', unknownKey, 401);
    case 'branding':
      return apiRequest('GET /api/v1/organization/branding, unknown API key: 401 after the auth UpdateItem', '/api/v1/organization/branding', unknownKey, 401);
    case 'embed':
      return apiRequest('GET /embed/v1/templates/:id, unknown template: 404 after reading its embed entry', `/embed/v1/templates/${newId('tpl')}`, { origin: 'https://app.example.com' }, 404);
    case 'dashboard': {
      // A person never seen before: their first request counts them in (UpdateItem) and reads their memberships (Query).
      const event = buildApiEvent({ method: 'GET', url: '/dashboard/v1/me', headers: {} }, randomUUID()).event;
      (event.requestContext as { authorizer?: unknown }).authorizer = {
        jwt: { claims: { sub: randomUUID(), email: 'first@example.com', email_verified: 'true' }, scopes: ['openid', 'email'] },
      };
      return { description: 'GET /dashboard/v1/me of a new person: 200 after the rate-limit UpdateItem and the memberships Query', event, answer: '200' };
    }
    case TOKEN_CLAIMS:
      return {
        description: "Cognito's pre-token-generation event (V2_0): the claims added, no I/O",
        event: { version: '2', triggerSource: 'TokenGeneration_Authentication', request: { userAttributes: { email: 'a@example.com', email_verified: 'true' } }, response: {} },
        answer: 'object',
      };
    case 'not-found':
      return apiRequest('GET /api/v1/unknown: 404 (this function has no table client: no DynamoDB call)', '/api/v1/unknown', {}, 404);
    case PROCESSOR.service: {
      const deadline = { ...unknownImport, deadline: 'processing', dueAt: new Date().toISOString() };
      return sqsRequest('processing deadline of an unknown import: reads the record, finds none', 'imports', { importDeadline: deadline });
    }
    case WORKER.service:
      return sqsRequest('webhook message (payload carried) of an unknown import: reads record and organization, skips', 'webhooks', { ...unknownImport, delivery: 1, attempt: 1, payload: '{}' });
    default:
      throw new Error(`no first request for the function ${fn}`);
  }
}

// ---- The bundles: one build per checkout (and per checkout without its aliases) ----

interface Build {
  label: string;
  root: string;
  commit: string;
  options: Record<string, unknown>;
  /** The functions' NODE_OPTIONS: as deployed (the same for every checkout: a runtime setting, not a build's). */
  nodeOptions: string;
  /** A variant: the build it changes, and what it goes without. */
  variant?: { of: string; without: 'aliases' | 'source maps' };
  esbuild: typeof import('esbuild');
}

/** `--root [label=]DIR,...` (default: this checkout): each checkout's own lambdaBuildOptions and esbuild, and their variants. */
async function buildsOf(spec: string, withoutSourceMaps: boolean): Promise<Build[]> {
  const builds: Build[] = [];
  for (const entry of spec ? spec.split(',') : [`this checkout=${h.ROOT}`]) {
    const [label, dir] = entry.includes('=') ? (entry.split('=', 2) as [string, string]) : [basename(resolve(entry)), entry];
    const root = resolve(dir);
    const bundling = (await import(pathToFileURL(join(root, 'lib', 'bundling.ts')).href)) as { lambdaBuildOptions(root: string): Record<string, unknown> };
    // A checkout from before the aliases has lambdaBuildOptions(): the argument is ignored there.
    const options = bundling.lambdaBuildOptions(root);
    const esbuild = createRequire(join(root, 'package.json'))('esbuild') as typeof import('esbuild');
    const commit = spawnSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
    const build: Build = { label, root, commit, options, nodeOptions: LAMBDA_NODE_OPTIONS, esbuild };
    builds.push(build);
    const { alias, ...unaliased } = options as { alias?: Record<string, string> };
    if (alias && Object.keys(alias).length > 0) {
      builds.push({ ...build, label: `${label}, no alias`, options: unaliased, variant: { of: label, without: 'aliases' } });
    }
    if (withoutSourceMaps) builds.push({ ...build, label: `${label}, no source maps`, nodeOptions: '', variant: { of: label, without: 'source maps' } });
  }
  return builds;
}

/** Packages of the SDK's default credential chain beyond the environment provider (what the alias leaves out). */
const CREDENTIAL_CHAIN = /node_modules\/(@aws-sdk\/(credential-provider-(?!env\/)[^/]+|nested-clients|token-providers)|@smithy\/credential-provider-imds)\//;

type Bundle = Awaited<ReturnType<typeof bundle>>;
/**
 * The function's bundle as the checkout builds it. A checkout with code splitting (lib/bundling.ts
 * `splitting`) builds a directory: index.mjs and its chunks; its size at init is what index.mjs loads
 * without an import() (outputsAtInit), the rest is on demand. An older checkout builds one file.
 */
async function bundle(build: Build, fn: string, workDir: string) {
  const dir = join(workDir, build.label.replace(/\W+/g, '-'));
  const entryPoints = [join(build.root, 'functions', fn, 'handler.ts')];
  const split = Boolean(build.options.splitting);
  const target = split ? { outdir: join(dir, fn) } : { outfile: join(dir, `${fn}.mjs`) };
  // As lib/api-function.ts deploys it: with its source map, mappings only.
  const { metafile } = await build.esbuild.build({ ...build.options, entryPoints, ...target, sourcemap: true, sourcesContent: false, metafile: true, logLevel: 'error' });
  const outputs = Object.keys((metafile as Metafile).outputs).filter((file) => file.endsWith('.mjs'));
  const atInit = split ? outputsAtInit(metafile as Metafile) : new Set(outputs);
  const inputs = outputs.flatMap((file) => Object.keys((metafile as Metafile).outputs[file].inputs));
  const credentialPackages = [...new Set(inputs.flatMap((input) => CREDENTIAL_CHAIN.exec(input)?.[1] ?? []))].sort();
  const kb = (files: string[], suffix = '') => h.sum(files.map((file) => statSync(resolve(`${file}${suffix}`)).size)) / 1024;
  const outfile = split ? join(target.outdir!, 'index.mjs') : target.outfile!;
  return {
    outfile,
    bundleKb: kb([...atInit]),
    onDemandKb: kb(outputs.filter((file) => !atInit.has(file))),
    mapKb: kb(outputs, '.map'),
    credentialPackages,
  };
}

// ---- One cold start: a fresh Node process imports the bundle and answers the first request ----

/** The fresh process: times the import and the first invocation from the start of the import; the last stdout line is JSON. */
const CHILD = `
const [bundle, eventJson, functionName, memory] = process.argv.slice(1);
const event = JSON.parse(eventJson);
const context = {
  callbackWaitsForEmptyEventLoop: true, functionName, functionVersion: '$LATEST', memoryLimitInMB: memory,
  invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:' + functionName, awsRequestId: crypto.randomUUID(),
  logGroupName: '/aws/lambda/' + functionName, logStreamName: 'bench', getRemainingTimeInMillis: () => 10000,
  done() {}, fail() {}, succeed() {},
};
const cpuMs = (since) => { const { user, system } = process.cpuUsage(since); return (user + system) / 1000; };
const start = performance.now();
const cpuStart = process.cpuUsage();
const { handler } = await import(bundle);
const imported = performance.now();
const importCpuMs = cpuMs(cpuStart);
const answer = await handler(event, context);
const answered = performance.now();
const firstRequestCpuMs = cpuMs(cpuStart);
const { heapUsed, rss } = process.memoryUsage();
const status = answer?.statusCode ?? (Array.isArray(answer?.batchItemFailures) ? 'failures ' + answer.batchItemFailures.length : typeof answer);
const sample = { bootMs: start, importMs: imported - start, firstRequestMs: answered - start, importCpuMs, firstRequestCpuMs, answer: String(status), heapUsedMb: heapUsed / 2 ** 20, rssMb: rss / 2 ** 20 };
process.stdout.write('\\n' + JSON.stringify(sample) + '\\n');
process.exit(0);
`;

interface Sample {
  bootMs: number;
  importMs: number;
  firstRequestMs: number;
  /** CPU time of the process (every thread) over the same spans: what machine load inflates the least. */
  importCpuMs: number;
  firstRequestCpuMs: number;
  answer: string;
  heapUsedMb: number;
  rssMb: number;
}

/** Where the child reaches DynamoDB: the front's address, and the certificate file it must trust (none over http). */
interface DynamoFront {
  endpoint: string;
  caFile?: string;
}

/** What Lambda puts in a function's environment, pointed at the local stack through `front`. */
function lambdaEnvironment(state: LocalStackState, fn: string, nodeOptions: string, front: DynamoFront): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    ...handlerEnvironment(state),
    DYNAMODB_ENDPOINT: front.endpoint,
    ...(front.caFile ? { NODE_EXTRA_CA_CERTS: front.caFile } : {}),
    // Lambda: metrics records go to stdout; the role's credentials carry a session token.
    METRICS_FILE: '',
    AWS_SESSION_TOKEN: 'local-session-token',
    NODE_OPTIONS: nodeOptions,
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
    AWS_LAMBDA_FUNCTION_NAME: `import-service-local-${fn}`,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(memoryOf(fn)),
  };
}

function coldStart(state: LocalStackState, build: Build, outfile: string, fn: string, request: FirstRequest, front: DynamoFront): Promise<Sample> {
  const args = ['--input-type=module', '-e', CHILD, pathToFileURL(outfile).href, JSON.stringify(request.event), `import-service-local-${fn}`, String(memoryOf(fn))];
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { env: lambdaEnvironment(state, fn, build.nodeOptions, front), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`cold start of ${outfile} failed (${code}):\n${stderr}`));
      const sample = JSON.parse(stdout.trim().split('\n').at(-1)!) as Sample;
      if (sample.answer !== request.answer) return reject(new Error(`${outfile} answered ${sample.answer}, expected ${request.answer}:\n${stdout}${stderr}`));
      resolvePromise(sample);
    });
  });
}

/**
 * A certificate and key for 127.0.0.1, made by openssl for this run, or undefined where openssl is missing
 * (the front then speaks http, and the report says so).
 */
function localCertificate(workDir: string): { cert: Buffer; key: Buffer; caFile: string } | undefined {
  const caFile = join(workDir, 'front-cert.pem');
  const keyFile = join(workDir, 'front-key.pem');
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', caFile],
    { encoding: 'utf8' },
  );
  if (made.error || made.status !== 0) return undefined;
  return { cert: readFileSync(caFile), key: readFileSync(keyFile), caFile };
}

/**
 * A pass-through front of DynamoDB Local, over https when it has a certificate, that notes each call's
 * operation: what a first request asked for.
 */
async function dynamoFront(target: string, tls: ReturnType<typeof localCertificate>) {
  const calls: string[] = [];
  const serve = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    calls.push(String(incoming.headers['x-amz-target'] ?? '?').replace(/^DynamoDB_\d+\./, ''));
    const upstream = request(new URL(incoming.url!, target), { method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on('error', (error) => outgoing.destroy(error));
    incoming.pipe(upstream);
  };
  const server = tls ? createTlsServer({ cert: tls.cert, key: tls.key }, serve) : createServer(serve);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const endpoint = `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { endpoint, caFile: tls?.caFile, calls, close: () => new Promise<void>((done) => server.close(() => done())) };
}

// ---- The measurement ----

type Stat = { median: number; min: number; max: number; runs: number[] };
const stat = (values: number[]): Stat => ({ median: round(median(values), 1), min: round(Math.min(...values), 1), max: round(Math.max(...values), 1), runs: values.map((v) => round(v, 1)) });

async function measure(state: LocalStackState, workDir: string) {
  const unlisted = readdirSync(join(h.ROOT, 'functions')).filter((dir) => !FUNCTIONS.includes(dir));
  if (unlisted.length > 0) throw new Error(`functions/ has functions this bench does not know: ${unlisted.join(', ')}`);
  const builds = await buildsOf(settings.root, settings.withoutSourceMaps);
  const requests = new Map(FUNCTIONS.map((fn) => [fn, firstRequest(fn)]));
  progress(`building ${FUNCTIONS.length} bundles for ${builds.map((b) => b.label).join(', ')}`);
  const bundles = new Map<string, Bundle>();
  const key = (fn: string, build: Build) => `${fn}\0${build.label}`;
  for (const fn of FUNCTIONS) for (const build of builds) bundles.set(key(fn, build), await bundle(build, fn, workDir));

  const front = await dynamoFront(state.dynamoEndpoint, localCertificate(workDir));
  const dynamoCalls = new Map<string, string[]>();
  const samples = new Map<string, Sample[]>();
  try {
    // Untimed: one cold start of every bundle, noting the DynamoDB calls of its first request; it also
    // brings the bundles into the page cache and warms DynamoDB Local.
    for (const fn of FUNCTIONS) {
      for (const build of builds) {
        front.calls.length = 0;
        await coldStart(state, build, bundles.get(key(fn, build))!.outfile, fn, requests.get(fn)!, front);
        dynamoCalls.set(key(fn, build), [...front.calls]);
      }
    }

    // Timed: run after run, every function, every build in turn (rotated each run), so machine load hits all alike.
    for (let run = 0; run < settings.runs; run++) {
      progress(`run ${run + 1} of ${settings.runs}`);
      for (const fn of FUNCTIONS) {
        for (let i = 0; i < builds.length; i++) {
          const build = builds[(i + run) % builds.length];
          const sample = await coldStart(state, build, bundles.get(key(fn, build))!.outfile, fn, requests.get(fn)!, front);
          samples.set(key(fn, build), [...(samples.get(key(fn, build)) ?? []), sample]);
        }
      }
    }
  } finally {
    await front.close();
  }

  const results = FUNCTIONS.flatMap((fn) =>
    builds.map((build) => summarize(fn, build.label, bundles.get(key(fn, build))!, requests.get(fn)!, dynamoCalls.get(key(fn, build))!, samples.get(key(fn, build))!)),
  );
  return {
    generatedAt: new Date().toISOString(),
    environment: h.machine(),
    runs: settings.runs,
    /** How the functions reached DynamoDB Local: https through the TLS front, or http where openssl was missing. */
    dynamoProtocol: front.caFile ? 'https' : 'http',
    importTargetMs: IMPORT_TARGET_MS,
    builds: builds.map(({ label, root, commit, options, nodeOptions, variant }) => ({ label, root, commit, aliases: options.alias ?? {}, nodeOptions, variant })),
    results,
    notes: notesFor(results),
  };
}

/** One function of one build: its bundle, the calls of its first request, and its timed runs. */
function summarize(fn: string, build: string, built: Bundle, request: FirstRequest, dynamodbCalls: string[], runs: Sample[]) {
  const of = (field: Exclude<keyof Sample, 'answer'>) => runs.map((sample) => sample[field]);
  const importMs = stat(of('importMs'));
  // INIT is billed (since Aug 2025): the import at the function's memory, per million cold starts.
  const initCost = (Math.ceil(importMs.median) / 1000) * (memoryOf(fn) / 1024) * PRICES.lambdaArm64PerGbSecond * 1e6;
  return {
    function: fn,
    build,
    memoryMb: memoryOf(fn),
    /** KB loaded at init (the entry and its static imports), and in chunks loaded only on demand. */
    bundleKb: round(built.bundleKb, 1),
    onDemandKb: round(built.onDemandKb, 1),
    sourceMapKb: round(built.mapKb, 1),
    credentialPackages: built.credentialPackages,
    firstRequest: request.description,
    dynamodbCalls,
    importMs,
    firstRequestMs: stat(of('firstRequestMs')),
    importCpuMs: stat(of('importCpuMs')),
    firstRequestCpuMs: stat(of('firstRequestCpuMs')),
    nodeBootMs: round(median(of('bootMs')), 1),
    heapUsedMb: round(median(of('heapUsedMb')), 1),
    rssMb: round(median(of('rssMb')), 1),
    initImportCostPerMillionColdStarts: round(initCost, 3),
    importTarget: h.verdict(importMs.median <= IMPORT_TARGET_MS),
  };
}

type Result = ReturnType<typeof summarize>;

function notesFor(results: Result[]) {
  const notes: string[] = [];
  for (const fn of FUNCTIONS) {
    const rows = results.filter((r) => r.function === fn);
    const calls = new Set(rows.map((r) => r.dynamodbCalls.join(', ')));
    if (calls.size > 1) notes.push(`${fn}: the builds' first requests made different DynamoDB calls: ${rows.map((r) => `${r.build} [${r.dynamodbCalls.join(', ')}]`).join('; ')}.`);
  }
  return notes;
}

// ---- The report ----

const range = (s: Stat) => `${s.median.toFixed(1)} (${s.min.toFixed(0)}-${s.max.toFixed(0)})`;

function print(report: Awaited<ReturnType<typeof measure>>) {
  console.log(
    `\nCold start per function: bundle as deployed (lambdaBuildOptions, minified), imported in a fresh Node process ` +
      `(Lambda's environment, NODE_OPTIONS=${LAMBDA_NODE_OPTIONS} unless a variant says otherwise) and invoked once against DynamoDB Local (${report.dynamoProtocol === 'https' ? 'over https, through a TLS front, as Lambda reaches DynamoDB' : 'over http: openssl was not found for the TLS front'}); ` +
      `median (min-max) of ${report.runs} runs, builds interleaved\n`,
  );
  const variantText = { aliases: 'lambdaBuildOptions without its aliases', 'source maps': 'NODE_OPTIONS empty' };
  for (const build of report.builds) console.log(`  ${build.label}: ${build.root} (${build.commit})${build.variant ? `, ${variantText[build.variant.without]}` : ''}`);
  console.log('');
  h.reportTable<Result>(
    [
      ['function', (r) => r.function],
      ['build', (r) => r.build],
      ['KB at init / on demand', (r) => `${r.bundleKb.toFixed(1)} / ${r.onDemandKb.toFixed(1)}`],
      ['import ms', (r) => range(r.importMs)],
      ['first request ms', (r) => range(r.firstRequestMs)],
      ['CPU ms import / first request', (r) => `${r.importCpuMs.median.toFixed(0)} / ${r.firstRequestCpuMs.median.toFixed(0)}`],
      ['DynamoDB calls', (r) => r.dynamodbCalls.join(', ') || 'none'],
      ['heap MB', (r) => r.heapUsedMb.toFixed(1)],
      ['INIT $/M cold starts', (r) => r.initImportCostPerMillionColdStarts.toFixed(3)],
      [`import <= ${report.importTargetMs} ms`, (r) => r.importTarget],
    ],
    report.results,
    { alignLeft: 2 },
  );
  console.log(
    '  import: from the start of the bundle import to its end; first request: from the same start to the handler\'s answer ' +
      '(SDK client construction, credentials, endpoint, the first connection with its TLS handshake, and the call); CPU ms: the process\'s CPU time ' +
      '(all threads) over the same spans, which the load of a shared machine inflates least. Node\'s own start ' +
      `(~${Math.round(median(report.results.map((r) => r.nodeBootMs)))} ms here) comes before both. The first requests:`,
  );
  for (const fn of FUNCTIONS) console.log(`    ${fn}: ${report.results.find((r) => r.function === fn)!.firstRequest}`);

  const variants = report.builds.filter((build) => build.variant);
  if (variants.length > 0) {
    console.log('\nVariants beside the build they change: what the aliases save (lib/bundling.ts BUNDLE_ALIASES, the environment-only credential provider), what source maps cost\n');
    const pairs = variants.flatMap(({ label, variant }) =>
      FUNCTIONS.map((fn) => {
        const find = (build: string) => report.results.find((r) => r.function === fn && r.build === build)!;
        return { fn, without: variant!.without, base: find(variant!.of), variant: find(label) };
      }),
    );
    const both = (value: (r: Result) => number) => (p: (typeof pairs)[number]) => `${value(p.base).toFixed(1)} / ${value(p.variant).toFixed(1)}`;
    h.reportTable<(typeof pairs)[number]>(
      [
        ['function', (p) => p.fn],
        ['build', (p) => p.base.build],
        ['without', (p) => p.without],
        ['KB as deployed / without', both((r) => r.bundleKb)],
        ['import ms', both((r) => r.importMs.median)],
        ['first request ms', both((r) => r.firstRequestMs.median)],
        ['CPU ms import', both((r) => r.importCpuMs.median)],
        ['chain packages', (p) => `${p.base.credentialPackages.length} / ${p.variant.credentialPackages.length}`],
      ],
      pairs,
      { alignLeft: 3 },
    );
    const packages = [...new Set(report.results.flatMap((r) => r.credentialPackages))];
    if (packages.length > 0) {
      console.log(`  Without the aliases the bundles also hold ${packages.join(', ')}: the default chain, whose providers past the environment are import() calls, bundled and evaluated only if called.`);
    }
  }
  h.printNotes(report.notes);
}

// No queue pollers: nothing but the cold starts runs beside DynamoDB Local.
const report = await h.withLocalStack(
  'cold-start',
  (dataDir) => h.withTempDir('cold-start-bundles', (workDir) => measure(readLocalStackState(dataDir)!, workDir)),
  { consumers: false },
);
print(report);
h.writeResults('cold-start', report);

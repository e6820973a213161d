// One synthesis per distinct CDK app per test run, shared by the CDK test files (test/cdk*.test.ts,
// test/cfn-lint.test.ts, test/cost-model.test.ts). A synthesis runs the validation plugins that `cdk synth`
// runs: cdk-nag and CloudFormation's own rules (cdk.json's "@aws-cdk/core:validateAgainstDefaultRules"),
// whose validator takes ~10 s of CPU to start in each fresh process, and several files synthesized the
// same app (stage test without context: three files; dev: two; prod with an alarm email and a budget: two).
//
// In a jest run (CDK_SYNTH_DIR, made by global-setup.ts and removed by global-teardown.ts) the apps are
// synthesized by one process of the run's own, cdk-synth-server.ts, which the first file to need an app
// starts: the validator starts once per run, not once per file. Each app's cloud assembly (template,
// validation report, assets) is kept under a hash of its context and read by every later file, in any
// worker. Each file still builds its own construct tree (about a second) for what only the tree says:
// logical ids, construct metadata, and the errors construction itself throws. The tree is the same one:
// synthesis only adds the template file's name, the bootstrap-version parameter and rule, and the tree file.
// Outside such a run (no CDK_SYNTH_DIR), the app is synthesized in this process.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../lib/app';
import { RUN_PROCESS, runProcessAlive, runProcessLog, startOnce } from './run-process';
import type { ImportServiceStack } from '../../lib/import-service-stack';

const PROJECT_ROOT = resolve(__dirname, '..', '..');
/**
 * cdk.json's context, as the tests' apps take it: without the stack traces CDK records where each construct
 * and metadata entry was created (for a reader of a failed deployment). They are in the cloud assembly's
 * metadata, not in the templates, and under jest each one is formatted through jest's source maps: about
 * 6 s of CPU per run in the files that build an app.
 */
export const CDK_CONTEXT = {
  ...JSON.parse(readFileSync(join(PROJECT_ROOT, 'cdk.json'), 'utf8')).context,
  'aws:cdk:disable-stack-trace': true,
  'aws:cdk:disable-creation-stack-traces': true,
};

export interface Synthesized {
  stack: ImportServiceStack;
  template: Template;
  resources: Record<string, any>;
  /** The cloud assembly: templates, validation-report.json, the assets. */
  outdir: string;
  /** The validation plugins' errors (cdk-nag's, CloudFormation's rules'): `<rule> <construct paths>`. */
  validationErrors: string[];
}

/** The key's JSON with object keys in order, so the same context always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

let ownDir: string | undefined;
/** This process's own directory when no run's directory is set (outside jest's global setup). */
function ownSynthDir(): string {
  ownDir ??= mkdtempSync(join(tmpdir(), 'import-service-synth-'));
  return ownDir;
}

/** A synchronous pause: a CDK test file's synthesis is synchronous (module scope, beforeAll). */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

const SERVER = join(__dirname, 'cdk-synth-server.ts');
const SYNTH_PROCESS = RUN_PROCESS.cdkSynth;
const WAIT_LIMIT_MS = 10 * 60_000;

/** Asks the run's synthesis process for the app of `context` and waits for its assembly in `outdir`. */
function synthesizeByServer(dir: string, context: Record<string, unknown>, outdir: string): void {
  mkdirSync(join(dir, 'requests'), { recursive: true });
  startOnce(dir, SYNTH_PROCESS, SERVER);
  const request = join(dir, 'requests', `${basename(outdir)}.json`);
  // Written beside its final name and renamed into place: the server never reads half a request.
  writeFileSync(`${request}.${process.pid}.tmp`, JSON.stringify({ context, outdir }));
  renameSync(`${request}.${process.pid}.tmp`, request);
  const limit = Date.now() + WAIT_LIMIT_MS;
  const failure = (why: string) => new Error(`${why}: see ${runProcessLog(dir, SYNTH_PROCESS)}`);
  for (let polls = 1; !existsSync(join(outdir, 'manifest.json')); polls++) {
    if (existsSync(`${outdir}.error`)) throw new Error(readFileSync(`${outdir}.error`, 'utf8'));
    if (Date.now() > limit) throw failure(`No CDK synthesis after ${WAIT_LIMIT_MS / 1000} s`);
    if (polls % 20 === 0 && !runProcessAlive(dir, SYNTH_PROCESS)) throw failure('The CDK synthesis process has ended');
    pause(50);
  }
}

/** The app synthesized in this process, into `outdir`. */
function synthesizeHere(app: App, outdir: string): void {
  app.synth();
  renameSync(app.outdir, outdir);
}

/**
 * The app of `context` (over cdk.json's; `stage` included) synthesized: Lambda bundling skipped unless
 * `bundle`. Synthesis fails as `cdk synth` does on an unacknowledged cdk-nag finding.
 */
export function synthesize(context: Record<string, unknown>, { bundle = false }: { bundle?: boolean } = {}): Synthesized {
  const fullContext = { ...CDK_CONTEXT, ...context, ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }) };
  const runDir = process.env.CDK_SYNTH_DIR;
  const dir = runDir ?? ownSynthDir();
  const outdir = join(dir, createHash('sha256').update(canonical(fullContext)).digest('hex').slice(0, 16));
  const app = new App({ outdir: `${outdir}.${process.pid}.partial`, context: fullContext });
  const stack = buildApp(app, PROJECT_ROOT);
  if (!existsSync(join(outdir, 'manifest.json'))) {
    if (runDir) synthesizeByServer(runDir, fullContext, outdir);
    else synthesizeHere(app, outdir);
  }
  const template = Template.fromJSON(JSON.parse(readFileSync(join(outdir, stack.templateFile), 'utf8')));
  const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8'));
  const validationErrors: string[] = report.pluginReports.flatMap((plugin: any) =>
    plugin.violations
      .filter((v: any) => v.severity === 'error')
      .map((v: any) => `${v.ruleName} ${v.violatingConstructs.map((c: any) => c.constructPath).join(', ')}`),
  );
  return { stack, template, resources: template.toJSON().Resources, outdir, validationErrors };
}

// The one process of a test run that synthesizes CDK apps (test/support/cdk-synth.ts starts it on the first
// request). A synthesis runs CloudFormation's own rules (cdk.json's "@aws-cdk/core:validateAgainstDefaultRules"),
// a 9 MB WebAssembly validator whose start takes ~10 s of CPU in each process, whatever V8's WebAssembly
// tiers: a first synthesis took 14.5 s of CPU and a second in the same process 4-5 s. In the jest workers
// every test file is a fresh module registry, so each file that synthesized started it again; here it starts
// once per run.
//
// Requests are files in <dir>/requests/, `<key>.json` = { context, outdir }, handled oldest first. Each app
// is synthesized into `<outdir>.partial` and renamed to `outdir`; a synthesis that throws leaves
// `<outdir>.error` with the error's message instead. The process ends on SIGTERM (global-teardown.ts) or when
// the run is over (run-process.ts whenRunEnds).
// Run with tsx: `node --import tsx test/support/cdk-synth-server.ts <dir>`.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { App } from 'aws-cdk-lib';
import { buildApp } from '../../lib/app';
import { whenRunEnds } from './run-process';

const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..');
const POLL_MS = 50;

interface SynthRequest {
  context: Record<string, unknown>;
  outdir: string;
}

function synthesizeInto({ context, outdir }: SynthRequest): void {
  const partial = `${outdir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  try {
    const app = new App({ outdir: partial, context });
    buildApp(app, PROJECT_ROOT);
    app.synth();
    renameSync(partial, outdir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    writeFileSync(`${outdir}.error`, error instanceof Error ? error.message : String(error));
  }
}

async function serve(dir: string): Promise<void> {
  const requests = join(dir, 'requests');
  let over = false;
  whenRunEnds(dir, () => (over = true));
  while (!over && existsSync(requests)) {
    const pending = readdirSync(requests)
      .filter((name) => name.endsWith('.json'))
      .map((name) => join(requests, name))
      .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
    for (const file of pending) {
      const request = JSON.parse(readFileSync(file, 'utf8')) as SynthRequest;
      if (!existsSync(join(request.outdir, 'manifest.json')) && !existsSync(`${request.outdir}.error`)) synthesizeInto(request);
      rmSync(file, { force: true });
    }
    if (pending.length === 0) await sleep(POLL_MS);
  }
}

await serve(process.argv[2]);

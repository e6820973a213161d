// Stops the local stack that global-setup started and the run's CDK synthesis process, and removes the
// run's CDK syntheses.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningStack } from './local-stack';

export default async function globalTeardown() {
  await (globalThis as { __importServiceStack?: RunningStack }).__importServiceStack?.stop();
  const synthDir = process.env.CDK_SYNTH_DIR;
  if (!synthDir) return;
  try {
    // Its own process group (test/support/cdk-synth.ts): the server and anything it started.
    process.kill(-Number(readFileSync(join(synthDir, 'server.pid'), 'utf8')), 'SIGTERM');
  } catch {
    // No server was started (no CDK file ran), or it has ended.
  }
  rmSync(synthDir, { recursive: true, force: true });
}

// Stops the local stack that global-setup started and the processes the run started on demand (the CDK
// synthesis process, the shared Chromium), and removes their directories.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningStack } from './local-stack';

/** Ends a process the run started on demand (its pid in `pidFile`); none started, or ended, is fine. */
function stopRunProcess(pidFile: string, target: (pid: number) => number): void {
  try {
    process.kill(target(Number(readFileSync(pidFile, 'utf8'))), 'SIGTERM');
  } catch {
    // Never started (no file needed it), or already ended.
  }
}

export default async function globalTeardown() {
  await (globalThis as { __importServiceStack?: RunningStack }).__importServiceStack?.stop();
  const { CDK_SYNTH_DIR: synthDir, BROWSER_SERVER_DIR: browserDir } = process.env;
  if (synthDir) {
    // Its own process group (test/support/cdk-synth.ts): the server and anything it started.
    stopRunProcess(join(synthDir, 'server.pid'), (pid) => -pid);
    rmSync(synthDir, { recursive: true, force: true });
  }
  if (browserDir) {
    // The server closes its Chromium on SIGTERM (test/support/browser-server.ts).
    stopRunProcess(join(browserDir, 'browser.pid'), (pid) => pid);
    rmSync(browserDir, { recursive: true, force: true });
  }
}

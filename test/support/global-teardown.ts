// Stops the local stack that global-setup started and the processes the run started on demand (the CDK
// synthesis process, the shared Chromium), and removes their directories.
import { rmSync } from 'node:fs';
import type { RunningStack } from './local-stack';
import { RUN_PROCESS, stopRunProcess } from './run-process';

export default async function globalTeardown() {
  await (globalThis as { __importServiceStack?: RunningStack }).__importServiceStack?.stop();
  const { CDK_SYNTH_DIR: synthDir, BROWSER_SERVER_DIR: browserDir } = process.env;
  if (synthDir) {
    stopRunProcess(synthDir, RUN_PROCESS.cdkSynth);
    rmSync(synthDir, { recursive: true, force: true });
  }
  if (browserDir) {
    // The server closes its Chromium on SIGTERM (test/support/browser-server.ts).
    stopRunProcess(browserDir, RUN_PROCESS.browser);
    rmSync(browserDir, { recursive: true, force: true });
  }
}

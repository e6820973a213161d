// Stops the local stack that global-setup started, and removes the run's CDK syntheses.
import { rmSync } from 'node:fs';
import type { RunningStack } from './local-stack';

export default async function globalTeardown() {
  await (globalThis as { __importServiceStack?: RunningStack }).__importServiceStack?.stop();
  if (process.env.CDK_SYNTH_DIR) rmSync(process.env.CDK_SYNTH_DIR, { recursive: true, force: true });
}

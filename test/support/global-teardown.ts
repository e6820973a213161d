// Stops the local stack that global-setup started.
import type { RunningStack } from './local-stack';

export default async function globalTeardown() {
  await (globalThis as { __importServiceStack?: RunningStack }).__importServiceStack?.stop();
}

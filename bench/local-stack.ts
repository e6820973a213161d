// Runs a bench step against a local stack started in this process (DynamoDB Local in memory, the
// SQS/S3 emulator, the queue pollers, the gateway), removed afterwards and on Ctrl-C.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '../scripts/local/stack';

export async function withLocalStack<T>(name: string, step: (dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `import-service-${name}-`));
  const stack = await startLocalStack({ port: 0, dataDir, inMemory: true });
  const stopStack = async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stopStack().finally(() => process.exit(130)));
  try {
    return await step(dataDir);
  } finally {
    await stopStack();
  }
}

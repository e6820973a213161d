// Starts one real local stack for the whole test run; workers reach it through the environment.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnLocalStack } from './local-stack';
import { handlerEnvironment } from '../../scripts/local/state';

/**
 * The webhook schedule in seconds instead of hours, as the README shows for local runs; upload URLs
 * that live 5 s, an upload deadline of 10 s and a mapping deadline of 8 s, so the suites can see them
 * pass; stored rows in chunks of 16 KB instead of 4 MiB, so a few thousand rows span several chunks.
 */
export const TEST_WEBHOOK_ENV = {
  ROW_CHUNK_TARGET_BYTES: '16384',
  WEBHOOK_RETRY_SCHEDULE: '1,2,3,4,5',
  WEBHOOK_TIMEOUT_MS: '2000',
  UPLOAD_URL_TTL_SECONDS: '5',
  UPLOAD_DEADLINE_SECONDS: '10',
  MAPPING_DEADLINE_SECONDS: '8',
};

/**
 * This run's logs: each test file's (test/support/test-logs.ts writes them) and the local stack's own output
 * (its handlers' log lines for the requests the suites send it). Emptied first, so none is from an earlier run.
 */
const LOG_DIR = join(__dirname, '..', '..', 'test-results', 'logs');

export default async function globalSetup() {
  rmSync(LOG_DIR, { recursive: true, force: true });
  mkdirSync(LOG_DIR, { recursive: true });
  // This run's CDK syntheses, shared by the CDK test files (test/support/cdk-synth.ts); gone at the teardown.
  process.env.CDK_SYNTH_DIR = mkdtempSync(join(tmpdir(), 'import-service-synth-'));
  // Where the run's one Chromium leaves its endpoint (test/support/browser.ts); gone at the teardown.
  process.env.BROWSER_SERVER_DIR = mkdtempSync(join(tmpdir(), 'import-service-browser-'));
  // The shared processes end with this process even without the teardown (test/support/run-process.ts).
  process.env.TEST_RUN_PID = String(process.pid);
  const stack = await spawnLocalStack({ inMemory: true, env: TEST_WEBHOOK_ENV, logFile: join(LOG_DIR, 'local-stack.log') });
  (globalThis as { __importServiceStack?: typeof stack }).__importServiceStack = stack;
  Object.assign(process.env, handlerEnvironment(stack.state), TEST_WEBHOOK_ENV, {
    TEST_BASE_URL: stack.url,
    TEST_DATA_DIR: stack.dataDir,
  });
}

// Starts one real local stack for the whole test run; workers reach it through the environment.
import { spawnLocalStack } from './local-stack';
import { handlerEnvironment } from '../../scripts/local/stack';

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

export default async function globalSetup() {
  const stack = await spawnLocalStack({ inMemory: true, env: TEST_WEBHOOK_ENV });
  (globalThis as { __importServiceStack?: typeof stack }).__importServiceStack = stack;
  Object.assign(process.env, handlerEnvironment(stack.state), TEST_WEBHOOK_ENV, {
    TEST_BASE_URL: stack.url,
    TEST_DATA_DIR: stack.dataDir,
  });
}

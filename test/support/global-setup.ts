// Starts one real local stack for the whole test run; workers reach it through the environment.
import { spawnLocalStack } from './local-stack';
import { handlerEnvironment } from '../../scripts/local/stack';

export default async function globalSetup() {
  const stack = await spawnLocalStack({ inMemory: true });
  (globalThis as { __importServiceStack?: typeof stack }).__importServiceStack = stack;
  Object.assign(process.env, handlerEnvironment(stack.state), {
    TEST_BASE_URL: stack.url,
    TEST_DATA_DIR: stack.dataDir,
  });
}

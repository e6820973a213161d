// `npm start`: the whole service locally, in one foreground process, until Ctrl-C or SIGTERM.
import { startLocalStack } from './local/stack';
import { StartupError } from './local/ports';
import { flushMetrics } from '../shared/observability/metrics';

/** Lambda runs Node 24; `npm ci` installs it into node_modules/.bin, where npm scripts find it first. */
const REQUIRED_NODE_MAJOR = 24;

async function main() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major !== REQUIRED_NODE_MAJOR) {
    throw new StartupError(
      `Node ${REQUIRED_NODE_MAJOR} is required (this is ${process.version}). Run \`npm ci\` and start with \`npm start\`: ` +
        'npm scripts use the Node 24 that npm ci installs into node_modules/.bin.',
    );
  }
  const port = Number(process.env.PORT ?? 3000);
  const dataDir = process.env.DATA_DIR ?? '.data';
  const inMemory = process.env.LOCAL_IN_MEMORY === '1';
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new StartupError(`PORT must be an integer between 0 and 65535 (got "${process.env.PORT}")`);
  }
  const visibility = process.env.IMPORTS_VISIBILITY_TIMEOUT_SECONDS;
  const importsVisibilityTimeoutSeconds = visibility ? Number(visibility) : undefined;
  if (importsVisibilityTimeoutSeconds !== undefined && !(Number.isInteger(importsVisibilityTimeoutSeconds) && importsVisibilityTimeoutSeconds > 0)) {
    throw new StartupError(`IMPORTS_VISIBILITY_TIMEOUT_SECONDS must be a positive integer (got "${visibility}")`);
  }
  const { state, stop } = await startLocalStack({ port, dataDir, inMemory, importsVisibilityTimeoutSeconds });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Received ${signal}, stopping the local stack...`);
    await stop();
    flushMetrics(true);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // `importctl cost` asks for the metrics the functions still aggregate in memory (a Lambda writes them on a later invocation).
  process.on('SIGUSR2', () => flushMetrics(true));
  console.log(`DynamoDB Local at ${state.dynamoEndpoint} (table ${state.tableName}); SQS/S3 emulator at ${state.sqsEndpoint}`);
  console.log(`Data kept under ${dataDir}${inMemory ? ' (in memory: nothing persisted)' : ''}`);
  console.log(`Import service ready at ${state.url}`);
}

main().catch((error) => {
  if (error instanceof StartupError) {
    console.error(`Cannot start the local stack: ${error.message}`);
  } else {
    console.error('Cannot start the local stack:', error);
  }
  process.exit(1);
});

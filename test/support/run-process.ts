// Processes a jest run starts on demand and its workers share (the CDK synthesis process, the shared
// Chromium): the first worker to need one starts it, any other finds it by its pid file in the run's
// directory, and global-teardown.ts stops it. Each runs a TypeScript file with tsx, detached in a process
// group of its own (no worker waits for it), its output in `<dir>/<name>.log`. It ends with the run even when
// the teardown never comes (Ctrl-C): see whenRunEnds.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// import.meta.url, not __dirname: the benchmarks load browser.ts, and so this file, as an ES module (tsx).
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The run's shared processes, by their name in its directories. */
export const RUN_PROCESS = { cdkSynth: 'cdk-synth', browser: 'browser' } as const;

/** Starts `node --import tsx <script> <dir>` unless a worker already has (the pid file is made exclusively). */
export function startOnce(dir: string, name: string, script: string): void {
  let pidFile: number;
  try {
    pidFile = openSync(join(dir, `${name}.pid`), 'wx');
  } catch {
    return;
  }
  const log = openSync(join(dir, `${name}.log`), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', script, dir], { cwd: ROOT, detached: true, stdio: ['ignore', log, log] });
  child.unref();
  writeFileSync(pidFile, String(child.pid));
  closeSync(pidFile);
  closeSync(log);
}

export const runProcessLog = (dir: string, name: string) => join(dir, `${name}.log`);

/** Whether process `pid` still runs (signal 0 only checks). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** False once the process has ended; true while it runs or is being started. */
export function runProcessAlive(dir: string, name: string): boolean {
  const pid = Number(readFileSync(join(dir, `${name}.pid`), 'utf8'));
  return !pid || running(pid);
}

/** SIGTERM to the process's group; none started (no file needed it), or ended, is fine. */
export function stopRunProcess(dir: string, name: string): void {
  try {
    process.kill(-Number(readFileSync(join(dir, `${name}.pid`), 'utf8')), 'SIGTERM');
  } catch {
    // Never started, or already ended.
  }
}

/**
 * In a shared process: calls `end` once the run is over, that is once its directory is removed (the
 * teardown) or the jest process that made it is gone (TEST_RUN_PID, set by global-setup.ts).
 */
export function whenRunEnds(dir: string, end: () => void): void {
  const runPid = Number(process.env.TEST_RUN_PID);
  const timer = setInterval(() => {
    if (!existsSync(dir) || (runPid && !running(runPid))) {
      clearInterval(timer);
      end();
    }
  }, 1000);
}

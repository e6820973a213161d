// Under jest, what the service and the in-process local stack print goes to test-results/logs/<test file>.log
// instead of into `npm test`'s output, where the fault suites' intended errors (hundreds of lines of JSON
// and stacks) would bury a failure. Two kinds of output go there: the service's JSON log lines, which the
// Powertools logger writes straight to process.stdout/stderr, and console output from code outside test/
// (the local gateway, queue poller and S3 front run in-process). A test's own console output stays in
// jest's output, beside jest's own messages and failures. In the file, each test's lines follow a line
// naming it. Loaded by jest.config.cjs (setupFilesAfterEnv) once per test file.
import { appendFileSync } from 'node:fs';
import { basename, join, sep } from 'node:path';
import { format } from 'node:util';

const ROOT = join(__dirname, '..', '..');
/** Emptied by the global setup at the start of every run. */
const TEST_LOG_DIR = join(ROOT, 'test-results', 'logs');
const TEST_CODE = join(ROOT, 'test') + sep;

interface Target {
  /** This test file's log. */
  file: string;
  /** The test running now; undefined in beforeAll and afterAll hooks. */
  test?: string;
  /** The test whose heading line was written last, so the next line of another test writes its own. */
  headed?: string | null;
}

// The Powertools logger's lines start with its first key; anything else on the streams is jest's or a test's.
const SERVICE_LOG_LINE = '{"level":"';
// A jest worker runs test file after test file, and process.stdout is the same stream for all of them: it is
// patched once per process, the patch kept on it under this key, and each test file points it at its own log.
const TARGET = Symbol.for('import-service.test-logs');

function append(target: Target, text: string) {
  if (target.headed !== (target.test ?? null)) {
    target.headed = target.test ?? null;
    appendFileSync(target.file, `── ${target.test ?? '(outside a test: beforeAll or afterAll)'}\n`);
  }
  appendFileSync(target.file, text.endsWith('\n') ? text : `${text}\n`);
}

function sharedTarget(): Target {
  const stdout = process.stdout as typeof process.stdout & { [TARGET]?: Target };
  if (stdout[TARGET]) return stdout[TARGET];
  const target: Target = { file: '' };
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write;
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      if (!text.startsWith(SERVICE_LOG_LINE)) return (original as (...args: unknown[]) => boolean).call(stream, chunk, ...rest);
      append(target, text);
      // write(chunk, [encoding], [callback]): the callback says the chunk is handled.
      const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    }) as typeof stream.write;
  }
  stdout[TARGET] = target;
  return target;
}

const target = sharedTarget();
target.file = join(TEST_LOG_DIR, `${basename(expect.getState().testPath!).replace(/\.test\.ts$/, '')}.log`);
target.test = undefined;
target.headed = undefined;
beforeEach(() => {
  target.test = expect.getState().currentTestName;
});
afterEach(() => {
  target.test = undefined;
});

/** Whether the code that reads a console method (the frame below `accessor`) is a test or test support file. */
function readByTests(accessor: () => unknown): boolean {
  const probe: { stack?: string } = {};
  Error.captureStackTrace(probe, accessor);
  return (probe.stack?.split('\n')[1] ?? '').includes(TEST_CODE);
}

// Getters, not wrappers: a test's own call then goes to jest's console straight from the test's frame, so
// jest still shows where it was made. jest.spyOn(console, 'error') replaces a getter as it does a method.
const jestConsole = globalThis.console;
const routed: Console = Object.create(jestConsole);
for (const name of ['log', 'info', 'warn', 'error', 'debug'] as const) {
  const toJest = jestConsole[name].bind(jestConsole);
  const toFile = (...args: unknown[]) => append(target, `console.${name}: ${format(...args)}`);
  const get = () => (readByTests(get) ? toJest : toFile);
  Object.defineProperty(routed, name, { get, configurable: true, enumerable: true });
}
globalThis.console = routed;

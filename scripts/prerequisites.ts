// What the service needs beyond Node.js and npm, set up on a fresh machine: Java for DynamoDB Local
// (`npm start`, the benchmarks and the tests) and Debian's headless Chromium for the browser tests (`npm
// test`; playwright-core drives it, its own browser downloads are not reachable). Whatever is missing is
// installed with apt-get when this process may (root, or passwordless sudo), saying so in one line
// first; otherwise it stops at once with the one command to run. `npm test` runs this file before
// type-checking, scripts/start.ts before it starts the stack, and .ci/run through `npm test`.
//
//   tsx scripts/prerequisites.ts java chromium
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { StartupError } from './local/ports';

export type Prerequisite = 'java' | 'chromium';

/**
 * Debian's chromium-headless-shell: the same Chromium build as the package `chromium`, without the
 * desktop browser around Blink, as Playwright itself runs headless Chromium by default. Measured here on
 * test/dashboard-pages.test.ts, twice each: Chromium's CPU 31-34 s against 44-48 s with `chromium`.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** Debian's desktop Chromium: runs the same tests with more CPU, used where the shell cannot be installed. */
const DESKTOP_CHROMIUM = '/usr/bin/chromium';

/** The browser tests' Chromium (test/support/browser.ts): CHROMIUM_PATH, else Debian's headless shell, else Debian's chromium. */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH !== undefined) return process.env.CHROMIUM_PATH;
  return !existsSync(HEADLESS_SHELL) && existsSync(DESKTOP_CHROMIUM) ? DESKTOP_CHROMIUM : HEADLESS_SHELL;
}

interface Check {
  /** What it is and why it is needed, for the one line said before installing it. */
  label: string;
  /** The Debian package that provides it (.ci/run installs the same ones beside npm ci: keep the two in step). */
  aptPackage: string;
  /** What to do on a machine without apt-get. */
  elsewhere: string;
  present(): boolean;
  /** What serves instead when it is missing and cannot be installed here, if anything does. */
  standIn?(): string | undefined;
}

const CHECKS: Record<Prerequisite, Check> = {
  java: {
    label: 'Java (DynamoDB Local is a Java program)',
    aptPackage: 'default-jre-headless',
    elsewhere: 'install a Java runtime, 17 or newer (e.g. `brew install openjdk`)',
    // On PATH, as scripts/local/dynamodb-local.ts starts it.
    present: () => {
      const probe = spawnSync('java', ['-version'], { stdio: 'ignore' });
      return !probe.error && probe.status === 0;
    },
  },
  chromium: {
    label: 'Chromium (for the browser tests)',
    aptPackage: 'chromium-headless-shell',
    elsewhere: 'set CHROMIUM_PATH to a Chromium or Chrome executable',
    present: () => existsSync(process.env.CHROMIUM_PATH ?? HEADLESS_SHELL),
    standIn: () => (process.env.CHROMIUM_PATH === undefined && existsSync(DESKTOP_CHROMIUM) ? DESKTOP_CHROMIUM : undefined),
  },
};

/**
 * apt-get with no questions asked (through env: sudo would drop the variable), waiting for the dpkg lock
 * that another apt-get on the machine (another checkout's first run) may hold for a while.
 */
const APT_GET = ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', '-o', 'DPkg::Lock::Timeout=600'];

/** The command prefix that runs apt-get as root, or undefined when this process may not. */
function asRoot(): string[] | undefined {
  if (process.getuid?.() === 0) return [];
  // -n: never ask for a password (a prompt would hang CI); a missing sudo fails the same way.
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  return !sudo.error && sudo.status === 0 ? ['sudo', '-n'] : undefined;
}

function run(command: string[]): void {
  const result = spawnSync(command[0], command.slice(1), { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  if (result.error || result.status !== 0) {
    // apt-get's progress is kept from the terminal while it works; shown here only when it failed.
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
    throw new StartupError(`\`${command.join(' ')}\` failed (${result.error?.message ?? `exit code ${result.status}`}):\n${output}`);
  }
}

/**
 * Makes sure every one of `needs` is there, installing the missing ones with apt-get when this process
 * may; throws a StartupError that says what to run otherwise (or when the install failed), unless every
 * missing one has a stand-in on this machine: then it returns what stands in for what.
 */
export function ensurePrerequisites(needs: Prerequisite[]): string[] {
  const missing = needs.filter((need) => !CHECKS[need].present());
  if (missing.length === 0) return [];
  try {
    install(missing);
    return [];
  } catch (error) {
    const standIns = missing.map((need) => ({ need, path: CHECKS[need].standIn?.() }));
    if (!(error instanceof StartupError) || standIns.some((standIn) => standIn.path === undefined)) throw error;
    const reason = error.message.split('\n')[0];
    return standIns.map(({ need, path }) => `${CHECKS[need].label}: using ${path} instead of ${CHECKS[need].aptPackage}, which could not be installed: ${reason}`);
  }
}

function install(missing: Prerequisite[]): void {
  // A CHROMIUM_PATH that names nothing is the user's own setting: installing Debian's would not change it.
  if (missing.includes('chromium') && process.env.CHROMIUM_PATH !== undefined) {
    throw new StartupError(
      `CHROMIUM_PATH is ${process.env.CHROMIUM_PATH}, which does not exist: point it at a Chromium or Chrome executable, ` +
        'or unset it to use Debian\'s chromium-headless-shell (installed here when missing).',
    );
  }
  const packages = missing.map((need) => CHECKS[need].aptPackage);
  const what = `${missing.map((need) => CHECKS[need].label).join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing`;
  if (spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).error) {
    throw new StartupError(`${what}, and this machine has no apt-get: ${missing.map((need) => CHECKS[need].elsewhere).join('; ')}.`);
  }
  const prefix = asRoot();
  if (!prefix) {
    throw new StartupError(`${what}, and installing needs root. Run:\n  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`);
  }
  console.log(`${what}: installing ${packages.join(' ')} with apt-get...`);
  run([...prefix, ...APT_GET, 'update', '-qq']);
  run([...prefix, ...APT_GET, 'install', '-y', '-qq', ...packages]);
  const stillMissing = missing.filter((need) => !CHECKS[need].present());
  if (stillMissing.length > 0) {
    throw new StartupError(`apt-get installed ${packages.join(' ')}, but ${stillMissing.join(' and ')} still cannot be found.`);
  }
}

// `tsx scripts/prerequisites.ts java chromium` (npm test): exit 1 with the message when they cannot be had.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const needs = process.argv.slice(2);
  const unknown = needs.filter((need) => !(need in CHECKS));
  if (unknown.length > 0) {
    console.error(`Unknown prerequisite ${unknown.join(', ')}: expected ${Object.keys(CHECKS).join(', ')}`);
    process.exit(2);
  }
  try {
    for (const standIn of ensurePrerequisites(needs as Prerequisite[])) console.log(standIn);
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

// Builds the dashboard app with Vite: dashboard/index.html and src/ into hashed files under assets/.
// `npm run build:dashboard` writes dist/dashboard; the local stack serves a build kept in
// node_modules/.cache by the hash of its sources (scripts/local/dashboard-front.ts), so stacks started
// by tests share one build; the deployment uploads the same files (lib/dashboard-hosting.ts).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');
/** Where the app is served: the gateway's /dashboard/ locally, the distribution's /dashboard/ deployed. */
export const DASHBOARD_BASE = '/dashboard/';
/** Hashed file names: cached for a year. index.html and config.json are not hashed and short-cached. */
export const DASHBOARD_ASSETS_DIR = 'assets';
/** What the app reads at start: the stage's API, issuer and widget (written at deploy time or by the local stack). */
export const DASHBOARD_CONFIG_FILE = 'config.json';

/**
 * Everything a build depends on besides the locked packages: the app, and the domain rules it shares with
 * the API (roles, plans, branding's plan gates: shared/domain, taken whole so that no import is missed).
 */
const SOURCES = [join(HERE, 'src'), join(HERE, 'index.html'), join(HERE, 'build.ts'), join(ROOT, 'shared', 'domain'), join(ROOT, 'package-lock.json')];

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).sort().flatMap((name) => filesUnder(join(path, name)));
}

/** The hash of the build's inputs: the same sources give the same build. */
export function dashboardSourceHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap(filesUnder)) hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * Builds into outDir (emptied first), always a production build. Vite takes the build's kind from the
 * process's NODE_ENV, not from its mode: under jest (NODE_ENV=test) it built React's development code
 * (jsxDEV, per-render dev checks), and a deployment or `npm start` reused that build from the cache,
 * since the cache is keyed by sources, not by environment. Measured on five dashboard test files:
 * Chromium's renderers used 128 CPU-s on the development build, 77 on this one.
 */
export async function buildDashboard(outDir: string): Promise<void> {
  // Loaded here: readers of the constants above (CDK, tests under jest's CommonJS) need not load Vite.
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      mode: 'production',
      configFile: false,
      root: HERE,
      base: DASHBOARD_BASE,
      logLevel: 'warn',
      // JSX through Vite's own transform (the automatic runtime): no Babel, no React plugin; the
      // plugin would add only Fast Refresh, for a dev server this app does not use.
      oxc: { jsx: { runtime: 'automatic' } },
      build: {
        outDir,
        emptyOutDir: true,
        assetsDir: DASHBOARD_ASSETS_DIR,
        target: 'es2022',
        sourcemap: false,
        reportCompressedSize: false,
        chunkSizeWarningLimit: 1024,
        rolldownOptions: {
          // React libraries mark modules "use client" for server rendering, which a browser bundle ignores.
          onwarn(warning, warn) {
            if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
          },
        },
      },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

const CACHE = join(ROOT, 'node_modules', '.cache', 'import-service-dashboard');

/** Where the build of the current sources is kept (it may not be built yet). */
export function dashboardCacheDir(): string {
  return join(CACHE, dashboardSourceHash());
}

/**
 * The directory of a build of the current sources: built once per source hash, then reused. Built
 * beside its final name and renamed into place, so a stack that stops halfway leaves no partial build.
 */
export async function cachedDashboardBuild(): Promise<string> {
  const dir = dashboardCacheDir();
  if (existsSync(join(dir, 'index.html'))) return dir;
  mkdirSync(CACHE, { recursive: true });
  const partial = `${dir}.${process.pid}.partial`;
  await buildDashboard(partial);
  try {
    renameSync(partial, dir);
  } catch (error) {
    // Another process built the same sources first: theirs is as good.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(join(dir, 'index.html'))) throw error;
  }
  return dir;
}

// `npm run build:dashboard`
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = join(ROOT, 'dist', 'dashboard');
  buildDashboard(out).then(() => console.log(`Wrote ${relative(ROOT, out)}`));
}

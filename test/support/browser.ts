// Browser test helpers: Debian's Chromium driven by playwright-core, screenshots, axe-core, page-error capture.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Download, Page } from 'playwright-core';
import { chromiumPath, ensurePrerequisites } from '../../scripts/prerequisites';
import { RUN_PROCESS, runProcessLog, startOnce } from './run-process';

// import.meta.url, not __dirname: the benchmarks load this file as an ES module (tsx), jest as CommonJS.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCREENSHOT_DIR = join(ROOT, 'test-results', 'screenshots');

const requireHere = createRequire(import.meta.url);
/**
 * Under jest, Playwright as Node loaded it outside the file's sandbox (test/support/test-environment.cjs:
 * compiled once per worker, not once per file); in a benchmark, the ordinary module.
 */
const { chromium } = ((globalThis as Record<symbol, unknown>)[Symbol.for('import-service.playwright')] ??
  requireHere('playwright-core')) as typeof import('playwright-core');

/**
 * Flags for a headless Chromium on a CI box or container: no sandbox (tests run as root), no GPU, and
 * no background traffic to Google (there is no internet; QUIC and the updaters would only add noise).
 * playwright-core supplies its own temporary user-data-dir.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Headless Chromium, installed first as `npm test` does when it is missing and this process may;
 * otherwise throws with the one command to run (never a silent skip). In a jest run (BROWSER_SERVER_DIR,
 * made by global-setup.ts) it is a connection to the run's one Chromium (browser-server.ts): contexts of
 * its own, closed with it, and `close()` disconnects. Elsewhere (the benchmarks) a Chromium of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  ensurePrerequisites(['chromium']);
  const runDir = process.env.BROWSER_SERVER_DIR;
  if (runDir) return chromium.connect(await sharedBrowserEndpoint(runDir));
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}

const BROWSER_SERVER = join(ROOT, 'test', 'support', 'browser-server.ts');
const BROWSER_PROCESS = RUN_PROCESS.browser;
const BROWSER_START_LIMIT_MS = 60_000;

/** The run's Chromium endpoint; the first file to ask starts it. */
async function sharedBrowserEndpoint(dir: string): Promise<string> {
  const endpointFile = join(dir, 'browser.ws');
  startOnce(dir, BROWSER_PROCESS, BROWSER_SERVER);
  const limit = Date.now() + BROWSER_START_LIMIT_MS;
  while (!existsSync(endpointFile)) {
    if (Date.now() > limit) throw new Error(`The shared Chromium did not start in ${BROWSER_START_LIMIT_MS / 1000} s: see ${runProcessLog(dir, BROWSER_PROCESS)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return readFileSync(endpointFile, 'utf8');
}

/** A download's content as text, read through playwright (a connected browser's files are not on this machine). */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Writes test-results/screenshots/<name>.png (git-ignored) for people to look at; returns the path.
 *
 * The whole page, as `page.screenshot({ fullPage: true })` takes it (the same devtools call, beyond the
 * viewport, after the fonts), but with Chromium's fast PNG encoding: still lossless, ~20 % larger files,
 * and half the CPU. Measured here on a 1280 x 2,500 page: 0.14-0.15 CPU-s a shot against 0.28-0.30, and a
 * run takes ~120 of them. Playwright does not pass that option.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  // From the top: a full-page shot of a scrolled page draws fixed elements (a header) where it was scrolled to.
  await page.evaluate('window.scrollTo(0, 0); document.fonts.ready.then(() => undefined)');
  const devtools = await page.context().newCDPSession(page);
  try {
    const { cssContentSize } = await devtools.send('Page.getLayoutMetrics');
    const { data } = await devtools.send('Page.captureScreenshot', {
      format: 'png',
      optimizeForSpeed: true,
      captureBeyondViewport: true,
      clip: { x: 0, y: 0, width: Math.ceil(cssContentSize.width), height: Math.ceil(cssContentSize.height), scale: 1 },
    });
    writeFileSync(path, Buffer.from(data, 'base64'));
  } finally {
    await devtools.detach();
  }
  return path;
}

export interface AxeViolation {
  id: string;
  impact: 'serious' | 'critical';
  help: string;
  /** One selector per failing node; a node inside a shadow root is a path of selectors, host first. */
  targets: unknown[];
}

export interface AxeOptions {
  /** What to check (an axe context: a selector, or { include, exclude }); default the whole document. */
  context?: unknown;
  /** axe.run options, e.g. { runOnly: ['wcag2a', 'wcag2aa'] } or { rules: { 'color-contrast': { enabled: false } } }. */
  options?: Record<string, unknown>;
}

let axeSource: string | undefined;

/**
 * Runs axe-core in the page and returns the serious and critical violations (axe follows open shadow roots
 * by itself). The source is evaluated through the devtools protocol, so a page's CSP does not block it.
 */
export async function runAxe(page: Page, { context, options }: AxeOptions = {}): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(requireHere.resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate('typeof axe === "object"'))) await page.evaluate(`${axeSource}\n;undefined`);
  const violations = await page.evaluate(
    async ([context, options]) => {
      const axe = (globalThis as any).axe;
      const result = await axe.run(context ?? (globalThis as any).document, { resultTypes: ['violations'], ...(options ?? {}) });
      return result.violations.map((v: any) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n: any) => n.target),
      }));
    },
    [context, options] as const,
  );
  return (violations as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export interface PageProblems {
  /** Uncaught exceptions in the page. */
  errors: string[];
  /** console.error messages (including Chromium's "Failed to load resource" lines). */
  consoleErrors: string[];
  /** alert/confirm/prompt/beforeunload dialogs: each is recorded and dismissed so the page never hangs. */
  dialogs: string[];
}

/**
 * Records what a page should not do, from now on; a test ends with `expect(problems).toEqual(noProblems)`
 * or looks at one list when an error is expected (a 403 shows as a console "Failed to load resource").
 */
export function watchPage(page: Page): PageProblems {
  const problems: PageProblems = { errors: [], consoleErrors: [], dialogs: [] };
  page.on('pageerror', (error) => problems.errors.push(error.stack ?? String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(message.text());
  });
  page.on('dialog', (dialog) => {
    problems.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  return problems;
}

export const noProblems: PageProblems = { errors: [], consoleErrors: [], dialogs: [] };

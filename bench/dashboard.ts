// The dashboard benchmark (`npm run bench:dashboard`): (a) the JavaScript and CSS the first page needs,
// gzipped at level 9, and every chunk; then, in headless Chromium against the local stack started as
// `npm start` starts it, with an organization holding 10,000 imports written straight into its table:
// (b) a cold load of the Overview by a person signed in at the issuer, from navigation to the Overview
// interactive; (c) route changes between visited pages (data cached), click to the new heading drawn;
// (d) the Imports page on those 10,000 imports: opening it, the next and the last page, and the API's
// latency per page. Prints one table and writes bench/results/dashboard.json.
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { chromiumPath } from '../scripts/prerequisites';
import { launchBrowser } from '../test/support/browser';
import { spawnLocalStack, type RunningStack } from '../test/support/local-stack';
import { handlerEnvironment } from '../scripts/local/state';
import { CONTACTS_TEMPLATE } from './engine-fixtures';
import * as h from './harness';

const progress = h.progressFor('dashboard');
const median = (values: number[]) => (values.length === 0 ? NaN : h.median(values, true));
const KB = 1024;
/** The issue's targets. */
const TARGETS = { firstPageJsGzipKb: 250, coldOverviewMs: 1500, routeChangeMs: 100 };
const LIST_PAGE_LIMIT = 20;

// ---- (a) Sizes ----

interface FileSize {
  name: string;
  rawBytes: number;
  gzipBytes: number;
}

/** `import ... from "./x.js"` and `import "./x.js"`: the static imports of a built chunk (not `import(...)`). */
const staticImports = (code: string) => [...code.matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+)["'`]/g)].map((match) => match[1]);

/** A chunk and everything it imports statically, by file name. */
function staticGraph(assetsDir: string, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const next of staticImports(readFileSync(join(assetsDir, name), 'utf8'))) visit(next);
  };
  roots.forEach(visit);
  return [...seen];
}

/**
 * What the first page needs: index.html's entry script (main.ts: configuration and sign-in), its
 * modulepreload links, the app it imports once it stays (root-*.js), the Overview's own chunk (loaded
 * when the route renders), everything those import statically; and the stylesheets of those chunks.
 */
export function bundleSizes(buildDir: string) {
  const assetsDir = join(buildDir, 'assets');
  const html = readFileSync(join(buildDir, 'index.html'), 'utf8');
  const asset = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1].replace(/^.*\/assets\//, ''));
  const entry = asset(/<script[^>]*type="module"[^>]*src="([^"]+)"/g);
  const preloads = asset(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g);
  const stylesheets = asset(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);
  const files = readdirSync(assetsDir);
  const overview = files.filter((name) => /^(root|overview-page)-.*\.js$/.test(name));
  const size = (name: string): FileSize => {
    const bytes = readFileSync(join(assetsDir, name));
    return { name, rawBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  };
  const total = (sizes: FileSize[]) => ({ files: sizes.length, rawBytes: h.sum(sizes.map((s) => s.rawBytes)), gzipBytes: h.sum(sizes.map((s) => s.gzipBytes)) });
  const firstPageJs = staticGraph(assetsDir, [...entry, ...preloads, ...overview]).map(size);
  const css = [...stylesheets, ...files.filter((name) => /^(root|overview-page)-.*\.css$/.test(name))].map(size);
  const allJs = files.filter((name) => name.endsWith('.js')).map(size);
  return {
    entry,
    firstPageJs: { ...total(firstPageJs), perFile: firstPageJs.sort((a, b) => b.gzipBytes - a.gzipBytes) },
    firstPageCss: { ...total(css), perFile: css },
    allJs: { ...total(allJs), largest: allJs.sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5) },
  };
}

// ---- Seeding: an organization's imports, written as the service writes finished ones ----

/**
 * `count` finished imports of one template, newest first over the last 60 days, 1 in 10 FAILED: each its
 * record and its four list pointers (shared/data/imports.ts finishImport's shape), in BatchWriteItem calls
 * side by side; then the organization's and template's counters and the daily usage (the list's totals
 * and the Overview's figures), one update each. No snapshots (what an import's own page reads): the lists
 * never read them, and they would double the writes.
 */
async function seedImports(organizationId: string, templateId: string, count: number) {
  const { parse } = await import('valibot');
  const { CreateTemplateSchema } = await import('../shared/domain/template-input');
  const { keys, importPointers } = await import('../shared/data/table');
  const { writeBatch, transactWrite } = await import('../shared/data/writes');
  const { addUsage } = await import('../shared/data/usage');
  const { newId } = await import('../shared/domain/ids');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { dynamo } = await import('../shared/aws/clients');
  const { config } = await import('../shared/config');

  const input = parse(CreateTemplateSchema, CONTACTS_TEMPLATE);
  const now = Date.now();
  const span = 60 * 86_400_000;
  const counted = { COMPLETED: 0, FAILED: 0 };
  const usage = new Map<string, Record<string, number>>();
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const created = now - Math.round((span * (i + 0.5)) / count);
    const id = newId('imp', created);
    const createdAt = new Date(created).toISOString();
    const completedAt = new Date(created + 4_000).toISOString();
    const status = i % 10 === 3 ? 'FAILED' : 'COMPLETED';
    const totalRows = 200 + (i % 800);
    const errorRows = status === 'FAILED' ? totalRows : i % 7 === 0 ? 3 : 0;
    counted[status]++;
    const day = usage.get(completedAt.slice(0, 10)) ?? {};
    day[status === 'COMPLETED' ? 'importsCompleted' : 'importsFailed'] = (day[status === 'COMPLETED' ? 'importsCompleted' : 'importsFailed'] ?? 0) + 1;
    day.totalRows = (day.totalRows ?? 0) + totalRows;
    day.validRows = (day.validRows ?? 0) + totalRows - errorRows;
    day.errorRows = (day.errorRows ?? 0) + errorRows;
    usage.set(completedAt.slice(0, 10), day);
    items.push(
      {
        ...keys.importRecord(organizationId, id),
        id,
        templateId,
        templateName: input.name,
        fileName: `contacts-${String(i).padStart(5, '0')}.csv`,
        fileType: 'csv',
        fileSize: totalRows * 90,
        status,
        totalRows,
        validRows: totalRows - errorRows,
        errorRows,
        skippedRows: 0,
        metadata: { batch: i % 50 },
        webhookStatus: 'NOT_CONFIGURED',
        webhookAttempts: 0,
        webhookDeliveredAt: null,
        createdAt,
        completedAt,
        webhookDelivery: 1,
        webhookDeliveryStartedAt: completedAt,
        openPointer: true,
      },
      ...importPointers.all(organizationId, templateId, status, createdAt, id),
    );
  }
  const started = performance.now();
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 500) chunks.push(items.slice(i, i + 500));
  // DynamoDB Local takes little from more calls side by side than this.
  await h.pool(chunks, 4, (chunk) => writeBatch({ puts: chunk }));
  const written = performance.now();
  const add = (key: Record<string, string>, deltas: Record<string, number>) =>
    dynamo().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: key,
        UpdateExpression: `ADD ${Object.keys(deltas).map((_, i) => `#c${i} :d${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(Object.keys(deltas).map((name, i) => [`#c${i}`, name])),
        ExpressionAttributeValues: Object.fromEntries(Object.values(deltas).map((delta, i) => [`:d${i}`, delta])),
      }),
    );
  await add(keys.importStats(organizationId), { total: count, ...counted });
  await add(keys.templateStats(organizationId, templateId), { importCount: count, ...counted });
  for (const [day, deltas] of usage) await transactWrite([addUsage(organizationId, day, deltas)]);
  const seconds = (from: number, to = performance.now()) => h.round((to - from) / 1000, 1);
  return { imports: count, items: items.length, batchWrites: Math.ceil(items.length / 25), seconds: seconds(started), batchWriteSeconds: seconds(started, written) };
}

// ---- In the browser ----

/**
 * In the page: the Overview's heading drawn, the main navigation's links there, nothing loading in the page;
 * answers the time (epoch ms, the page's clock). A function, not source text: the app's CSP allows no eval.
 */
function overviewInteractive(): number | false {
  const { document } = globalThis as any;
  const heading = document.querySelector('main h1');
  if (!heading || !/overview/i.test(heading.textContent ?? '') || heading.getBoundingClientRect().width === 0) return false;
  if (!document.querySelector('nav a[href]')) return false;
  if (document.querySelector('main .mantine-Loader-root, main [aria-busy="true"]')) return false;
  return performance.timeOrigin + performance.now();
}

/** Before any of the page's scripts: the first document's navigation start of a run, kept across the sign-in round trip. */
const RUN_START = `if (!sessionStorage.getItem('bench.start')) sessionStorage.setItem('bench.start', String(performance.timeOrigin));`;

/**
 * One cold load: the HTTP cache emptied, then the Overview's address opened in the tab that signed in (its
 * tokens are in memory only, so the app signs in again at once: the issuer's session answers, the callback
 * exchanges the code, the app shows the Overview). From the first document's navigation start to the
 * Overview interactive, with the part spent in the document that finished it (the callback page's).
 */
async function loadOverview(page: Page, context: BrowserContext, overviewUrl: string, cold: boolean) {
  await page.evaluate("sessionStorage.removeItem('bench.start')");
  if (cold) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  }
  await page.goto(overviewUrl, { waitUntil: 'commit' });
  const end = Number(await (await page.waitForFunction(overviewInteractive, undefined, { polling: 'raf', timeout: 30_000 })).jsonValue());
  const { start, documentStart } = (await page.evaluate("({ start: Number(sessionStorage.getItem('bench.start')), documentStart: performance.timeOrigin })")) as {
    start: number;
    documentStart: number;
  };
  return { totalMs: end - start, lastDocumentMs: end - documentStart };
}

/** What a click waits for: a page heading (any case), the list's first row changing, the list's rows shown. */
type Done = { heading: string } | { rowsChanged: true } | { rowsShown: true };

/**
 * In the page: clicks the element marked data-bench-target and waits for `done` with nothing loading, then
 * one more frame; ms, or null after 15 s. Source text (evaluated through the devtools protocol, which the
 * app's CSP does not govern): a function would carry the TypeScript compiler's name helpers into the page.
 */
const TIMED_CLICK = `(done) => new Promise((resolve) => {
  const firstRow = () => document.querySelector('main table tbody tr')?.textContent ?? '';
  const headingText = () => document.querySelector('main h1')?.textContent?.trim().toLowerCase() ?? '';
  const before = firstRow();
  const isDone = () => {
    if (document.querySelector('main .mantine-Loader-root')) return false;
    if (done.heading) return headingText() === done.heading.toLowerCase();
    if (done.rowsChanged) return firstRow() !== '' && firstRow() !== before;
    return /imports/.test(headingText()) && firstRow() !== '';
  };
  const target = document.querySelector('[data-bench-target]');
  target.removeAttribute('data-bench-target');
  const started = performance.now();
  let timer;
  const observer = new MutationObserver(() => check());
  const check = () => {
    if (!isDone()) return;
    observer.disconnect();
    clearTimeout(timer);
    requestAnimationFrame(() => resolve(performance.now() - started));
  };
  timer = setTimeout(() => { observer.disconnect(); resolve(null); }, 15000);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  target.click();
  check();
})`;

async function timedClick(target: Locator, done: Done): Promise<number | null> {
  await target.evaluate((element: any) => element.setAttribute('data-bench-target', ''));
  return (await target.page().evaluate(`(${TIMED_CLICK})(${JSON.stringify(done)})`)) as number | null;
}

/** Waits until the page heading reads `title` (any case) with nothing loading. */
const waitForHeading = (page: Page, title: string) =>
  page.waitForFunction(
    (title) => {
      const { document } = globalThis as any;
      const heading = document.querySelector('main h1')?.textContent?.trim().toLowerCase();
      return heading === title.toLowerCase() && !document.querySelector('main .mantine-Loader-root');
    },
    title,
    { polling: 'raf', timeout: 30_000 },
  );

const navLink = (page: Page, name: string) => page.locator('nav').getByRole('link', { name, exact: true });

/** Switches between visited pages (their data cached), click to the new page's heading drawn. */
async function routeChanges(page: Page, names: string[], switches: number) {
  // First visits (not counted): each page's chunk and data arrive.
  for (const name of [...names, names[0]]) {
    await navLink(page, name).click();
    await waitForHeading(page, name);
  }
  const times: number[] = [];
  for (let i = 1; i <= switches; i++) {
    const name = names[i % names.length];
    const ms = await timedClick(navLink(page, name), { heading: name });
    if (ms === null) throw new Error(`the ${name} page's heading did not appear`);
    times.push(ms);
  }
  return times;
}

/** The Imports page on the seeded organization: first open (data not cached), then Next and Last; n/a where the page has no such control yet. */
async function importsPaging(page: Page) {
  const opened = await timedClick(navLink(page, 'Imports'), { rowsShown: true });
  const button = async (name: RegExp) => {
    const locator = page.locator('main').getByRole('button', { name });
    return (await locator.count()) > 0 && (await locator.first().isEnabled()) ? locator.first() : undefined;
  };
  const next = await button(/^next( page)?$/i);
  const nextMs = next ? await timedClick(next, { rowsChanged: true }) : null;
  const last = await button(/^last( page)?$/i);
  const lastMs = last ? await timedClick(last, { rowsChanged: true }) : null;
  return { openMs: opened, nextMs, lastMs };
}

/** The list endpoint as the app calls it, from this process through the local gateway (median of `runs`). */
async function apiPages(stack: RunningStack, accessToken: string, organizationId: string, total: number, runs: number) {
  const lastPage = Math.ceil(total / LIST_PAGE_LIMIT);
  const pages = [1, 2, Math.ceil(lastPage / 2), lastPage];
  const result = [];
  for (const pageNumber of pages) {
    const times: number[] = [];
    let items = 0;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const response = await fetch(`${stack.url}/dashboard/v1/organizations/${organizationId}/imports?page=${pageNumber}&limit=${LIST_PAGE_LIMIT}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const body = (await response.json()) as { data?: unknown[]; imports?: unknown[] };
      times.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`GET imports page ${pageNumber}: ${response.status} ${JSON.stringify(body)}`);
      items = (body.data ?? body.imports ?? []).length;
    }
    result.push({ page: pageNumber, items, medianMs: h.round(median(times), 1), maxMs: h.round(Math.max(...times), 1) });
  }
  return result;
}

async function main() {
  const { loads, switches, imports, apiRuns } = h.options({
    loads: { default: 5, min: 1 },
    switches: { default: 12, min: 2 },
    imports: { default: 10_000, min: 0 },
    'api-runs': { default: 5, min: 1 },
  });
  const loadBefore = loadavg();
  const { cachedDashboardBuild } = await import('../dashboard/build');
  progress('building the dashboard (or reusing the cached build)');
  const sizes = bundleSizes(await cachedDashboardBuild());

  progress('starting the local stack (npm start)');
  const stack = await spawnLocalStack({ inMemory: true });
  process.once('SIGINT', () => void stack.stop().finally(() => process.exit(130)));
  // This process reads and writes the stack's table as its functions do; the browser helpers use its URL.
  Object.assign(process.env, handlerEnvironment(stack.state), { TEST_BASE_URL: stack.url });
  const browser = await launchBrowser();
  try {
    const { newPerson, signUp, createOrganization } = await import('../test/support/dashboard-browser');
    const { signInWithCode } = await import('../test/support/identity');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(RUN_START);
    const page = await context.newPage();
    const person = newPerson('bench');
    progress('signing up and creating the organization in the app');
    await signUp(page, person);
    const organizationId = await createOrganization(page, 'Bench dashboard');

    const { parse } = await import('valibot');
    const { CreateTemplateSchema } = await import('../shared/domain/template-input');
    const { insertTemplate, templateFromInput } = await import('../shared/data/templates');
    const template = await insertTemplate(organizationId, templateFromInput(parse(CreateTemplateSchema, CONTACTS_TEMPLATE)));
    progress(`writing ${imports.toLocaleString('en-US')} imports into the organization`);
    const seeded = await seedImports(organizationId, template.id, imports);
    progress(`wrote ${seeded.items.toLocaleString('en-US')} items in ${seeded.seconds} s (${seeded.batchWriteSeconds} s of BatchWriteItem)`);

    const overviewUrl = `${stack.url}/dashboard/o/${organizationId}`;
    progress(`${loads} cold loads of the Overview (one more first, to warm the stack)`);
    const cold: { totalMs: number; lastDocumentMs: number }[] = [];
    for (let i = 0; i <= loads; i++) {
      const run = await loadOverview(page, context, overviewUrl, true);
      if (i > 0) cold.push(run);
    }
    const warm: { totalMs: number; lastDocumentMs: number }[] = [];
    for (let i = 0; i < loads; i++) warm.push(await loadOverview(page, context, overviewUrl, false));

    progress(`${switches} route changes between visited pages`);
    const switchTimes = await routeChanges(page, ['Overview', 'Templates', 'Imports'], switches);

    progress('the Imports page on the seeded organization');
    await navLink(page, 'Overview').click();
    await page.waitForFunction(overviewInteractive, undefined, { polling: 'raf' });
    // Its data is not cached: a fresh load of the Overview, then the first visit of Imports.
    await loadOverview(page, context, overviewUrl, false);
    const paging = await importsPaging(page);
    const tokens = await signInWithCode(stack.url, { ...person, signUp: false });
    const api = await apiPages(stack, tokens.access_token, organizationId, imports, apiRuns);
    await context.close();

    const ms = (values: number[]) => ({ medianMs: Math.round(median(values)), minMs: Math.round(Math.min(...values)), maxMs: Math.round(Math.max(...values)), timesMs: values.map(Math.round) });
    return {
      date: new Date().toISOString(),
      // The machine's 1, 5 and 15 minute load averages before and after: the times are only as quiet as it was.
      machine: { ...h.machine(), loadBefore: loadBefore.map((l) => h.round(l, 1)), loadAfter: loadavg().map((l) => h.round(l, 1)) },
      chromium: chromiumPath(),
      targets: TARGETS,
      sizes,
      coldOverview: { loads, ...ms(cold.map((run) => run.totalMs)), callbackDocument: ms(cold.map((run) => run.lastDocumentMs)) },
      warmOverview: { loads, ...ms(warm.map((run) => run.totalMs)) },
      routeChange: { switches, pages: ['Overview', 'Templates', 'Imports'], ...ms(switchTimes) },
      importsList: { seeded, browser: paging, api, pageLimit: LIST_PAGE_LIMIT },
    };
  } finally {
    await browser.close();
    await stack.stop();
  }
}

function print(result: Awaited<ReturnType<typeof main>>) {
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  const { sizes, coldOverview: cold, warmOverview: warm, routeChange, importsList, targets } = result;
  const orNa = (value: number | null, unit = 'ms') => (value === null ? 'n/a (no such control on the page yet)' : `${Math.round(value)} ${unit}`);
  const firstJsKb = sizes.firstPageJs.gzipBytes / KB;
  const rows: [string, string, string][] = [
    [`first page JS (${sizes.firstPageJs.files} files: entry, app, Overview chunk, their static imports)`, `${kb(sizes.firstPageJs.rawBytes)} raw, ${kb(sizes.firstPageJs.gzipBytes)} gzipped`, `<= ${targets.firstPageJsGzipKb} KB: ${h.verdict(firstJsKb <= targets.firstPageJsGzipKb)}`],
    [`first page CSS (${sizes.firstPageCss.files} file${sizes.firstPageCss.files === 1 ? "" : "s"})`, `${kb(sizes.firstPageCss.rawBytes)} raw, ${kb(sizes.firstPageCss.gzipBytes)} gzipped`, ''],
    [`all JS chunks (${sizes.allJs.files} files)`, `${kb(sizes.allJs.rawBytes)} raw, ${kb(sizes.allJs.gzipBytes)} gzipped`, ''],
    [`Overview cold: navigation -> interactive (median of ${cold.loads})`, `${cold.medianMs} ms (min ${cold.minMs}, max ${cold.maxMs})`, `<= ${targets.coldOverviewMs} ms: ${h.verdict(cold.medianMs <= targets.coldOverviewMs)}`],
    ['  of which the callback page -> interactive', `${cold.callbackDocument.medianMs} ms`, ''],
    [`Overview warm cache, same steps (median of ${warm.loads})`, `${warm.medianMs} ms`, ''],
    [`route change, visited pages (median of ${routeChange.switches})`, `${routeChange.medianMs} ms (max ${routeChange.maxMs})`, `<= ${targets.routeChangeMs} ms: ${h.verdict(routeChange.medianMs <= targets.routeChangeMs)}`],
    [`seed ${importsList.seeded.imports.toLocaleString('en-US')} imports (${importsList.seeded.items.toLocaleString('en-US')} items, BatchWriteItem)`, `${importsList.seeded.seconds} s`, ''],
    ['Imports page: open (click -> rows shown)', orNa(importsList.browser.openMs), ''],
    ['Imports page: Next', orNa(importsList.browser.nextMs), ''],
    ['Imports page: Last', orNa(importsList.browser.lastMs), ''],
    ...importsList.api.map((p): [string, string, string] => [`  API GET imports page ${p.page} (limit ${importsList.pageLimit}, ${p.items} items)`, `${p.medianMs} ms (max ${p.maxMs})`, '']),
  ];
  console.log('');
  h.table(['Dashboard', '', 'target'], rows, { alignLeft: 3 });
  console.log('\nSizes gzipped at level 9. Times: headless Chromium and the local stack (`npm start`, its own process) on');
  console.log('this machine, loopback; not a network measurement. Cold: HTTP cache emptied, signed in at the issuer.');
  console.log(`Load average (1 min) before ${result.machine.loadBefore[0]}, after ${result.machine.loadAfter[0]} on ${result.machine.cpus} CPUs.`);
}

const result = await main();
print(result);
h.writeResults('dashboard', result);

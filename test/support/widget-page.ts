// Helpers of the widget's browser scenarios (test/widget-*.test.ts): an organization with an embedded
// template, the demo page opened on it, a step waited for, computed styles read through the shadow
// root, and retried assertions (playwright-core has no web-first ones).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { setTemplateEmbed } from '../../shared/data/templates';
import type { Plan } from '../../shared/domain/plans';
import { baseUrl, newOrganization } from './api';
import { launchBrowser, runAxe } from './browser';
import { scratchDir } from './scratch';

export const CONTACTS_TEMPLATE = {
  name: 'Contacts',
  allowPartialImport: true,
  columns: [
    { key: 'email', name: 'Email', type: 'email', required: true },
    { key: 'name', name: 'Name', type: 'string', required: true },
    { key: 'phone', name: 'Phone', type: 'phone' },
  ],
};

/** Headers that all match (so the review needs no change); one bad email, so the result has an errors table. */
export const CONTACTS_CSV = 'Email,Name,Phone\nann@example.com,Ann Lee,+1 555 0100\nnot-an-email,Bob Stone,+1 555 0101\n';

/** An organization on `plan` with one embed-enabled template (any origin unless `allowedOrigins`). */
export async function embeddedTemplate(
  plan: Plan = 'free',
  template: object = CONTACTS_TEMPLATE,
  allowedOrigins: string[] | null = null,
) {
  const org = await newOrganization(plan);
  const created = await org.api.post('/api/v1/templates', template);
  if (created.status !== 201) throw new Error(`template not created: ${JSON.stringify(created.body)}`);
  await setTemplateEmbed(org.organizationId, created.body.id, { enabled: true, allowedOrigins });
  return { ...org, templateId: created.body.id as string };
}

const files = scratchDir('widget-scenarios');
/** A file on disk for the file input. */
export function tempFile(name: string, content: string | Buffer): string {
  const path = join(files, name);
  writeFileSync(path, content);
  return path;
}

/** The stack under its other name: the tests' base URL is 127.0.0.1, this is localhost (or the reverse). */
export function otherOrigin(): string {
  const url = new URL(baseUrl());
  url.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return url.origin;
}

/**
 * The demo page on `templateId`, once the widget left its loading step: from `origin` (default the
 * base URL), with the widget's API at `api` (default the page's own origin, where its script comes from).
 */
export async function openDemo(
  context: BrowserContext,
  templateId: string,
  { locale, origin = baseUrl(), api }: { locale?: string; origin?: string; api?: string } = {},
): Promise<Page> {
  const page = await context.newPage();
  // The page's own setting, read by the widget before its `api` attribute's default (docs/widget.md).
  if (api) await page.addInitScript(`globalThis.importWidgetConfig = { api: ${JSON.stringify(api)} };`);
  await page.goto(`${origin}/widget/demo.html?template=${templateId}${locale ? `&locale=${locale}` : ''}`);
  await page.locator('import-widget .iw:not([data-step=loading])').waitFor();
  return page;
}

/**
 * One browser for the test file and a fresh context (no cookies, cache or storage) for each test,
 * through jest's hooks: `session.context` is the running test's.
 */
export function browserPerFile(options: BrowserContextOptions): { readonly context: BrowserContext } {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await browser!.newContext(options);
  });
  afterEach(async () => {
    await context?.close();
  });
  return {
    get context() {
      return context!;
    },
  };
}

/** Waits until the widget shows `step` (the frame's data-step). */
export async function waitForStep(page: Page, step: string, timeout = 30_000): Promise<void> {
  await page.locator(`import-widget .iw[data-step=${step}]`).waitFor({ timeout });
}

/**
 * The correction step of a file with rows in error, left as it is: "Import n rows" (the template imports
 * the rows without errors), so the import goes on to its result. By its place, not its text: any locale.
 */
export async function importAsIs(page: Page): Promise<void> {
  await waitForStep(page, 'corrections', 60_000);
  await page.locator('import-widget .iw-actions .iw-primary').click();
}

/** Retries a jest assertion until it holds (or times out with its failure). */
export async function eventually(assertion: () => unknown, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Computed style properties of the first element the locator finds (through shadow roots). */
export function styles(locator: Locator, ...properties: string[]): Promise<Record<string, string>> {
  return locator.first().evaluate((element: any, names: string[]) => {
    const computed = (globalThis as any).getComputedStyle(element);
    return Object.fromEntries(names.map((name) => [name, computed.getPropertyValue(name)]));
  }, properties);
}

/** "#RRGGBB" as getComputedStyle writes it. */
export function rgb(hex: string): string {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** The widget's visible text (its shadow root's rendered text). */
export function widgetText(page: Page): Promise<string> {
  return page.locator('import-widget .iw').innerText();
}

/** The <dl> of counts as { label: value }. */
export async function counts(page: Page): Promise<Record<string, string>> {
  const groups = page.locator('import-widget dl > div');
  const shown: Record<string, string> = {};
  for (let i = 0; i < (await groups.count()); i++) {
    shown[(await groups.nth(i).locator('dt').textContent())!] = (await groups.nth(i).locator('dd').textContent())!;
  }
  return shown;
}

/** axe-core on the page as it is now: no serious or critical violation (listed with the step's name when there is one). */
export async function expectAccessible(page: Page, step: string): Promise<void> {
  const violations = await runAxe(page);
  // The step's name in the failure message tells which screen broke.
  if (violations.length > 0) throw new Error(`axe on ${step}: ${JSON.stringify(violations, null, 2)}`);
}

/**
 * A valve on requests matching `pattern` (and `method`): while closed they wait (a delay, never a
 * fault), so a passing step stays on screen while it is looked at. Starts closed.
 */
export async function valve(page: Page, pattern: string | RegExp, method?: string) {
  let release: () => void = () => undefined;
  let opened: Promise<void> = new Promise((resolve) => (release = resolve));
  let held = 0;
  await page.route(pattern, async (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    held++;
    await opened;
    await route.fallback().catch(() => undefined);
  });
  return {
    open: () => release(),
    close: () => {
      opened = new Promise((resolve) => (release = resolve));
    },
    /** How many requests it has seen (held or passed). */
    held: () => held,
  };
}

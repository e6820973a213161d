// Every dashboard page, as a person using only the keyboard and a screen reader's checks meet it: axe-core
// finds no serious or critical violation, every Tab stop shows its focus, the skip link reaches the
// content, and a screenshot of each page is written for people to look at (test-results/screenshots).
import type { Browser, Page } from 'playwright-core';
import { baseUrl, contactsTemplate } from './support/api';
import { launchBrowser, noProblems, runAxe, screenshot } from './support/browser';
import { newOrganizationOwner, newPerson, openPage, signUp } from './support/dashboard-browser';
import { signedInUser } from './support/dashboard';
import { csv, until } from './support/imports';
import { focusTop, tabThrough } from './support/keyboard';

let browser: Browser;
let owner: Awaited<ReturnType<typeof newOrganizationOwner>>;
let templateId: string;
let importId: string;

/** The owner's own API calls (the same person, signed in by code flow): the data the pages show. */
async function asOwner(method: string, path: string, body?: unknown) {
  const answer = await (await signedInUser(owner.person)).call(method, `/dashboard/v1/organizations/${owner.organizationId}${path}`, body);
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await newOrganizationOwner(browser, 'pages');
  templateId = (await asOwner('POST', '/templates', contactsTemplate())).id;
  await asOwner('PUT', `/templates/${templateId}/embed`, { enabled: true });
  // One import with an error row, through the embed API as the widget makes it.
  const file = csv(['name', 'email'], [['Ann', 'ann@example.com'], ['Bob', 'not-an-email']]);
  const started: any = await (await fetch(`${baseUrl()}/embed/v1/templates/${templateId}/imports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fileName: 'contacts.csv', fileSize: Buffer.byteLength(file) }),
  })).json();
  await fetch(started.upload.url, { method: 'PUT', headers: started.upload.headers, body: file });
  importId = started.importId;
  await until(async () => (await asOwner('GET', `/imports/${importId}`)).status, (status) => status !== 'PENDING', 60_000);
}, 120_000);

afterAll(async () => {
  await owner?.close();
  await browser?.close();
});

const PAGES: [name: string, path: () => string][] = [
  ['overview', () => `/o/${owner.organizationId}`],
  ['templates', () => `/o/${owner.organizationId}/templates`],
  ['template-builder', () => `/o/${owner.organizationId}/templates/${templateId}`],
  ['new-template', () => `/o/${owner.organizationId}/templates/new`],
  ['imports', () => `/o/${owner.organizationId}/imports`],
  ['import', () => `/o/${owner.organizationId}/imports/${importId}`],
  ['import-file', () => `/o/${owner.organizationId}/import`],
  ['webhooks', () => `/o/${owner.organizationId}/webhooks`],
  ['api-keys', () => `/o/${owner.organizationId}/api-keys`],
  ['embed', () => `/o/${owner.organizationId}/embed`],
  ['branding', () => `/o/${owner.organizationId}/branding`],
  ['members', () => `/o/${owner.organizationId}/members`],
  ['audit-log', () => `/o/${owner.organizationId}/audit-log`],
  ['usage', () => `/o/${owner.organizationId}/usage`],
];

/** Within the app (the tokens live in memory: a new page load would sign in again), through the router. */
async function open(page: Page, path: string) {
  // The last page's keyboard pass left focus on its last stop: let go of it, as a fresh visit would.
  await page.evaluate(`document.activeElement?.blur(); history.pushState(null, '', ${JSON.stringify(`/dashboard${path}`)}); dispatchEvent(new PopStateEvent('popstate'))`);
  await page.locator('main h1').first().waitFor();
  // Settled: no loading indicator left, and none since a moment ago (a preview starts loading after a short debounce).
  const loading = () => page.getByRole('status').filter({ hasText: 'Loading' }).count();
  const loadingTwice = async () => {
    const before = await loading();
    await page.waitForTimeout(300);
    return before + (await loading());
  };
  await until(loadingTwice, (count) => count === 0, 15_000);
}

describe('every dashboard page', () => {
  it.each(PAGES)('%s: no serious or critical axe violation, every Tab stop visible', async (name, path) => {
    const { page, problems } = owner;
    await open(page, path());
    expect(await runAxe(page)).toEqual([]);
    await screenshot(page, `dashboard-page-${name}`);
    await focusTop(page);
    const stops = await tabThrough(page);
    expect(stops.length).toBeGreaterThan(3);
    expect(stops.filter((stop) => !stop.visible)).toEqual([]);
    expect(problems).toEqual(noProblems);
  }, 60_000);
});

describe('the keyboard', () => {
  it('reaches the content by the skip link and every page by the navigation', async () => {
    const { page } = owner;
    await open(page, `/o/${owner.organizationId}`);
    await focusTop(page);
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate('document.activeElement?.id')).toBe('main');
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    for (const label of ['Templates', 'Imports', 'Webhooks', 'API keys', 'Members', 'Overview']) {
      await navigation.getByRole('link', { name: label }).focus();
      await page.keyboard.press('Enter');
      await until(async () => navigation.getByRole('link', { name: label }).getAttribute('aria-current'), (current) => current === 'page', 5_000);
    }
  }, 60_000);
});

/** What changes something: a viewer must be offered none of it, anywhere (the API refuses it anyway). */
const CHANGES = /^(New template|Duplicate|Delete|Save|Add column|Add rule|Remove|Move (up|down)|Rotate secret|Send test event|Create API key|Revoke|Resend webhook|Send invitation|Invite|Withdraw|Enable embedding)\b/;

describe('a viewer', () => {
  it('sees every page, axe-clean, with nothing offered that changes anything and no secret', async () => {
    const viewer = newPerson('viewer');
    const invitation = await asOwner('POST', '/invitations', { email: viewer.email, role: 'viewer' });
    const { page, problems, close } = await openPage(browser);
    try {
      await signUp(page, viewer, new URL(invitation.acceptUrl).pathname.replace(/^\/dashboard/, ''));
      await page.getByRole('button', { name: 'Accept invitation' }).click();
      await page.waitForURL(new RegExp(`/dashboard/o/${owner.organizationId}$`));
      const navigation = page.getByRole('navigation', { name: 'Main navigation' });
      await navigation.getByRole('link', { name: 'Overview' }).waitFor();
      expect(await navigation.getByRole('link', { name: 'Import a file' }).count()).toBe(0);
      for (const [name, path] of PAGES.filter(([name]) => name !== 'new-template' && name !== 'import-file')) {
        await open(page, path());
        const offered = await page.locator('main').getByRole('button').evaluateAll((buttons) =>
          buttons.filter((button) => !(button as { disabled?: boolean }).disabled).map((button) => (button.textContent ?? '').trim()),
        );
        expect({ page: name, offered: offered.filter((label) => CHANGES.test(label)) }).toEqual({ page: name, offered: [] });
        expect(await page.locator('body').innerText()).not.toMatch(/whsec_|isk_[A-Za-z0-9]{8}/);
        expect({ page: name, violations: await runAxe(page) }).toEqual({ page: name, violations: [] });
      }
      await screenshot(page, 'dashboard-viewer-template');
      expect(problems).toEqual(noProblems);
    } finally {
      await close();
    }
  }, 120_000);
});


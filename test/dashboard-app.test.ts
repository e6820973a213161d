// The dashboard app as a new person meets it: served at /dashboard/ with its security headers, sign-up
// through the local provider, "create your organization", the shell, sign-out and back in.
import type { Browser } from 'playwright-core';
import { until } from './support/imports';
import { launchBrowser, noProblems, runAxe, screenshot } from './support/browser';
import { createOrganization, dashboardUrl, newPerson, openPage, signIn, signUp } from './support/dashboard-browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('served at /dashboard/', () => {
  it('answers every app route with index.html and its security headers, assets immutable, config.json short-cached', async () => {
    const index = await fetch(dashboardUrl('/o/org_x/templates'));
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^text\/html/);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const csp = index.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(index.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await index.text();
    const asset = /src="(\/dashboard\/assets\/[^"]+\.js)"/.exec(html)![1];
    const script = await fetch(`${new URL(dashboardUrl()).origin}${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await fetch(dashboardUrl('/assets/nothing-here.js'));
    expect(missing.status).toBe(404);
    const config = await fetch(dashboardUrl('/config.json'));
    expect(await config.json()).toMatchObject({ clientId: 'import-service-dashboard', issuer: expect.stringMatching(/\/oidc$/) });
    expect((await fetch(dashboardUrl(), { redirect: 'manual' })).headers.get('location')).toBe('/dashboard/');
  });

  it('sends a browser that came by another name of this host (localhost) to the stack\'s own address', async () => {
    const own = new URL(dashboardUrl('/o/org_x/imports?page=2'));
    const other = new URL(own);
    other.hostname = 'localhost';
    const response = await fetch(other, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(own.href);
  });

  it("serves React's production build, though the stack that built it runs under jest (NODE_ENV=test)", async () => {
    // Every chunk the entry reaches, statically or on a page's first use: Vite names a chunk "./<file>.js"
    // in an import, "assets/<file>.js" in its preload lists.
    const assets = new URL(dashboardUrl('/assets/'));
    const entry = /src="\/dashboard\/assets\/([^"]+\.js)"/.exec(await (await fetch(dashboardUrl('/'))).text())![1];
    const seen = new Set([entry]);
    const development: string[] = [];
    for (const name of seen) {
      const code = await (await fetch(new URL(name, assets))).text();
      if (/jsxDEV|runWithFiberInDEV/.test(code)) development.push(name);
      for (const [, chunk] of code.matchAll(/["'`](?:\.\/|assets\/)([\w.-]+\.js)["'`]/g)) seen.add(chunk);
    }
    expect(seen.size).toBeGreaterThan(10);
    expect(development).toEqual([]);
  });

  it('leaves /dashboard/v1 to the API', async () => {
    const response = await fetch(dashboardUrl('/v1/me'));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
  });
});

describe('a new person', () => {
  it('signs up, creates an organization, signs out and back in to it', async () => {
    const { page, problems, close } = await openPage(browser);
    try {
      const person = newPerson('first');
      await page.goto(dashboardUrl('/'));
      expect(await runAxe(page)).toEqual([]);
      await screenshot(page, 'dashboard-welcome');
      await signUp(page, person);
      await page.getByRole('heading', { name: 'Create your organization' }).waitFor();
      expect(await runAxe(page)).toEqual([]);
      await screenshot(page, 'dashboard-create-organization');
      const organizationId = await createOrganization(page, 'Acme');
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Overview' }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Organization' }).inputValue()).toBe(organizationId);
      await page.getByRole('button', { name: /Account/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('button', { name: 'Sign in or create an account' }).waitFor();
      await signIn(page, person);
      await page.waitForURL(dashboardUrl(`/o/${organizationId}`));
      // A reload loses the in-memory tokens, not the issuer's session: straight back to the same page.
      await page.goto(dashboardUrl(`/o/${organizationId}/members`));
      await page.waitForURL(dashboardUrl(`/o/${organizationId}/members`));
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Members' }).waitFor();
      expect(await page.getByRole('button', { name: 'Sign in or create an account' }).count()).toBe(0);
      expect(problems).toEqual(noProblems);
    } finally {
      await close();
    }
  }, 60_000);
});

describe('an access token the API refuses', () => {
  it('is renewed with the refresh token and the request repeated, without leaving the page', async () => {
    const { page, problems, close } = await openPage(browser);
    try {
      await signUp(page, newPerson('renew'));
      await createOrganization(page, 'Renewals');
      const tokens: string[] = [];
      let refused = 0;
      // One fault injected: the next /me answers 401 as the gateway does for an expired token.
      await page.route('**/dashboard/v1/me', async (route) => {
        tokens.push(route.request().headers().authorization ?? '');
        if (refused++ === 0) return route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Unauthorized"}' });
        return route.continue();
      });
      const renewal = page.waitForRequest((request) => request.url().endsWith('/oidc/token') && request.postData()?.includes('grant_type=refresh_token') === true);
      await page.getByRole('combobox', { name: 'Organization' }).selectOption({ label: 'Create another organization' });
      await page.getByRole('heading', { name: 'Create your organization' }).waitFor();
      await page.getByLabel('Organization name').fill('Second');
      await page.getByRole('button', { name: 'Create organization' }).click();
      await renewal;
      await page.getByRole('combobox', { name: 'Organization' }).waitFor();
      await until(async () => tokens.length, (count) => count >= 2, 10_000);
      expect(tokens[1]).not.toBe(tokens[0]);
      expect(new URL(page.url()).pathname).toMatch(/^\/dashboard\/o\/org_/);
      expect(problems.errors).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);
});


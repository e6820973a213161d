// The local provider's pages as a person uses them, in Debian's Chromium: sign up on the stand-alone
// page with the keyboard, then sign in through the code flow the dashboard starts, landing on its
// callback with a code. axe finds nothing serious; screenshots in test-results/screenshots/.
import { createHash, randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { launchBrowser, runAxe, screenshot } from './support/browser';
import { baseUrl } from './support/api';

jest.setTimeout(60_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('sign up on the page, then sign in from the dashboard\'s authorization request', async () => {
  const email = `ann-${randomBytes(4).toString('hex')}@example.test`;
  const page = await browser.newPage();
  await page.goto(`${baseUrl()}/oidc/sign-up`);
  expect(await runAxe(page)).toEqual([]);
  await page.keyboard.type('not-an-email');
  await page.keyboard.press('Tab');
  await page.keyboard.type('short');
  await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
  await expect(page.locator('#email-error').textContent()).resolves.toMatch(/email address/);
  expect(await runAxe(page)).toEqual([]);
  await screenshot(page, 'identity-sign-up-errors');
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', 'correct horse battery');
  await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
  await expect(page.locator('h1').textContent()).resolves.toBe('Account created');
  await screenshot(page, 'identity-sign-up-done');

  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  const authorize = new URL(`${baseUrl()}/oidc/auth`);
  for (const [name, value] of Object.entries({
    client_id: 'import-service-dashboard',
    response_type: 'code',
    scope: 'openid email',
    redirect_uri: `${baseUrl()}/dashboard/callback`,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'xyz',
  })) authorize.searchParams.set(name, value);
  await page.goto(authorize.href);
  await expect(page.locator('h1').textContent()).resolves.toBe('Sign in');
  expect(await runAxe(page)).toEqual([]);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', 'wrong horse battery');
  await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
  await expect(page.content()).resolves.toContain('The email address or the password is not right');
  await screenshot(page, 'identity-sign-in-wrong');
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', 'correct horse battery');
  await Promise.all([page.waitForURL(/\/dashboard\/callback\?/), page.keyboard.press('Enter')]);
  const landed = new URL(page.url());
  expect(landed.searchParams.get('state')).toBe('xyz');
  expect(landed.searchParams.get('code')).toEqual(expect.any(String));
});

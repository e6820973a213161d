// The dashboard's settings pages in Chromium: API keys (created, shown once, used on /api/v1, revoked),
// webhooks (URL, the secret shown once and signing the test event, rotation) and branding (the real
// widget's preview following the form, plan-gated fields, saving); and a viewer, who reads them all
// and is offered none of the changes and no secret.
import { createHmac } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, client, contactsTemplate, updateOrganization } from './support/api';
import { launchBrowser, noProblems, runAxe, screenshot, type PageProblems } from './support/browser';
import { dashboardUrl, newOrganizationOwner, newPerson, openPage, signUp } from './support/dashboard-browser';
import { signedInUser } from './support/dashboard';
import { csv, runImport, until } from './support/imports';
import { startReceiver } from './support/receiver';

let browser: Browser;
let owner: Awaited<ReturnType<typeof newOrganizationOwner>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** A key made on the API keys page, for the imports the webhooks page lists. */
let apiKeyInUse: string;

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startReceiver([]);
  owner = await newOrganizationOwner(browser, 'settings');
}, 90_000);
afterAll(async () => {
  await owner?.close();
  await receiver?.stop();
  await browser?.close();
});

const orgPath = (page: string) => `/o/${owner.organizationId}/${page}`;

async function open(page: Page, path: string, heading: string) {
  await page.goto(dashboardUrl(path));
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.getByText('Loading…').first().waitFor({ state: 'detached' });
}

const useKey = (apiKey: string) => fetch(`${baseUrl()}/api/v1/templates`, { headers: { Authorization: `Bearer ${apiKey}` } });

/** "Failed to load resource" lines of answers the test provoked on purpose (a 400 shown at its field). */
const expectOnly = (problems: PageProblems, statuses: number[]) => {
  expect(problems.errors).toEqual([]);
  expect(problems.dialogs).toEqual([]);
  expect(problems.consoleErrors.map((line) => Number(/status of (\d+)/.exec(line)?.[1]))).toEqual(statuses);
  problems.consoleErrors.length = 0;
};

describe('API keys', () => {
  it('creates a key shown once that works on /api/v1, and revokes it after a confirmation naming it', async () => {
    const { page, problems } = owner;
    await open(page, orgPath('api-keys'), 'API keys');
    await page.getByText('No API keys yet').waitFor();
    expect(await runAxe(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create API key' }).click();
    const create = page.getByRole('dialog', { name: 'Create an API key' });
    await create.getByLabel('Name').fill('CI server');
    expect(await runAxe(page)).toEqual([]);
    await create.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('textbox', { name: 'New API key: CI server' });
    const apiKey = await shown.inputValue();
    expect(apiKey).toMatch(/^isk_/);
    const row = page.getByRole('row', { name: /CI server/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${apiKey.slice(0, 12)}…`);
    expect(await row.textContent()).toContain(owner.person.email);
    expect(await row.textContent()).toContain('Never');
    expect((await useKey(apiKey)).status).toBe(200);
    expect(await runAxe(page)).toEqual([]);
    await screenshot(page, 'dashboard-api-keys');

    // Shown once: the page forgets it when closed, and the list only ever has the prefix.
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(shown.count()).resolves.toBe(0);
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(apiKey);
    expect(await row.textContent()).not.toContain('Never');

    await row.getByRole('button', { name: 'Revoke CI server' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke the API key "CI server"?' });
    expect(await confirm.textContent()).toContain(`Anything using "CI server" (${apiKey.slice(0, 12)}…) is refused`);
    expect(await runAxe(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByRole('status').getByText('The API key "CI server" is revoked.').waitFor();
    await row.waitFor({ state: 'detached' });
    const refused = await useKey(apiKey);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');

    // One key left for the viewer to see.
    await page.getByRole('button', { name: 'Create API key' }).click();
    await create.getByLabel('Name').fill('Reporting script');
    await create.getByRole('button', { name: 'Create key' }).click();
    apiKeyInUse = await page.getByRole('textbox', { name: 'New API key: Reporting script' }).inputValue();
    expect(problems).toEqual(noProblems);
  }, 60_000);
});

describe('webhooks', () => {
  it('sets the URL (its secret shown once), sends a signed test event, rotates the secret', async () => {
    const { page, problems } = owner;
    await open(page, orgPath('webhooks'), 'Webhooks');
    await page.getByText('No imports yet: their webhooks will show here.').waitFor();
    expect(await page.getByRole('button', { name: 'Send test event' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Rotate secret' }).count()).toBe(0);
    expect(await runAxe(page)).toEqual([]);

    // The API's own message at the field.
    const url = page.getByRole('textbox', { name: 'Webhook URL' });
    await url.fill('ftp://127.0.0.1/hooks');
    await page.getByRole('button', { name: 'Save URL' }).click();
    await page.getByText('must use http or https').waitFor();
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    expectOnly(problems, [400]);

    await url.fill(receiver.url);
    await page.getByRole('button', { name: 'Save URL' }).click();
    const secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByText('The webhook URL is saved.').waitFor();

    await page.getByRole('button', { name: 'Send test event' }).click();
    const result = page.getByRole('status').filter({ hasText: 'Status code' });
    await result.getByText('Delivered', { exact: true }).waitFor();
    expect(await result.textContent()).toContain('200');
    expect(await result.textContent()).toContain('answer 1');
    expect(receiver.received).toHaveLength(1);
    const [event] = receiver.received;
    // The secret the page showed is the one that signs.
    expect(event.headers['x-service-signature']).toBe(`sha256=${createHmac('sha256', secret).update(event.body).digest('hex')}`);
    expect(JSON.parse(event.body.toString()).event).toBe('webhook.test');
    expect(await runAxe(page)).toEqual([]);
    await screenshot(page, 'dashboard-webhooks-test-event');

    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(await confirm.textContent()).toContain('For 24 hours every delivery is signed with both');
    expect(await runAxe(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = await page.getByRole('textbox', { name: 'New signing secret' }).inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page.getByText(/The previous secret keeps signing deliveries beside the new one until/).waitFor();

    // An import's webhook, listed with a link to the import's page (where its attempts are).
    const api = client(apiKeyInUse);
    const template = await api.post('/api/v1/templates', contactsTemplate());
    expect(template.status).toBe(201);
    const finished = await runImport(owner.organizationId, template.body.id, csv(['email', 'age'], [['ann@example.com', 30]]), { fileName: 'webhook-contacts.csv' });
    await until(
      async () => (await api.get(`/api/v1/imports/${finished.id}`)).body.webhookStatus,
      (status) => status === 'DELIVERED',
    );

    // Never again: a new visit shows that a secret is set, not the secret.
    await open(page, orgPath('webhooks'), 'Webhooks');
    await page.getByText(/A signing secret is set/).waitFor();
    const delivery = page.getByRole('row', { name: /webhook-contacts\.csv/ });
    expect(await delivery.textContent()).toContain('Delivered');
    expect(await delivery.getByRole('link', { name: 'webhook-contacts.csv' }).getAttribute('href')).toBe(`/dashboard/o/${owner.organizationId}/imports/${finished.id}`);
    expect(await runAxe(page)).toEqual([]);
    await screenshot(page, 'dashboard-webhooks');
    const html = await page.content();
    expect(html).not.toContain(secret);
    expect(html).not.toContain(rotated);
    expect(await url.inputValue()).toBe(receiver.url);
    expect(problems).toEqual(noProblems);
  }, 60_000);
});

describe('branding', () => {
  const primaryButton = (page: Page) => page.locator('import-widget .iw-primary');
  // Inside the widget's open shadow root (playwright's CSS pierces it): what a person sees, computed.
  const background = (page: Page) => primaryButton(page).evaluate((button) => (globalThis as any).getComputedStyle(button).backgroundColor as string);
  async function backgroundBecomes(page: Page, expected: string) {
    for (const deadline = Date.now() + 5000; Date.now() < deadline; await page.waitForTimeout(50)) {
      if ((await background(page).catch(() => undefined)) === expected) return;
    }
    expect(await background(page)).toBe(expected);
  }

  it('draws the real widget with the form as it changes, disables what the plan does not allow, saves', async () => {
    const { page, problems } = owner;
    await open(page, orgPath('branding'), 'Branding');
    await primaryButton(page).waitFor();
    expect(await background(page)).toBe('rgb(79, 70, 229)');
    // A free organization: colors 1-2 and the logo are its own, the rest needs Starter.
    expect(await page.getByRole('textbox', { name: 'Primary color' }).isDisabled()).toBe(false);
    const css = page.getByRole('textbox', { name: 'Custom CSS' });
    expect(await css.isDisabled()).toBe(true);
    expect(await page.getByText(/Needs the Starter plan or higher/).count()).toBeGreaterThan(5);
    expect(await runAxe(page)).toEqual([]);

    await page.getByRole('textbox', { name: 'Primary color' }).fill('#DB2777');
    await backgroundBecomes(page, 'rgb(219, 39, 119)');

    // The API's own message at the field, and nothing saved.
    const logo = page.getByRole('textbox', { name: 'Logo URL' });
    await logo.fill('http://example.com/logo.png');
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page.getByText('must be an https URL').waitFor();
    expect(await logo.getAttribute('aria-invalid')).toBe('true');
    expectOnly(problems, [400]);

    await logo.fill('');
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page.getByRole('status').getByText('Branding saved.').waitFor();
    await screenshot(page, 'dashboard-branding');
    expect(await runAxe(page)).toEqual([]);

    await open(page, orgPath('branding'), 'Branding');
    expect(await page.getByRole('textbox', { name: 'Primary color' }).inputValue()).toBe('#DB2777');
    await primaryButton(page).waitFor();
    expect(await background(page)).toBe('rgb(219, 39, 119)');
    expect(problems).toEqual(noProblems);
  }, 60_000);

  it('on a paid plan, offers every field and saves only what changed', async () => {
    const { page, problems } = owner;
    await updateOrganization(owner.organizationId, { plan: 'starter' });
    await open(page, orgPath('branding'), 'Branding');
    expect(await page.getByText(/Needs the Starter plan/).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Button style' }).selectOption('outline');
    await backgroundBecomes(page, 'rgba(0, 0, 0, 0)');
    await page.getByRole('textbox', { name: 'Welcome text' }).fill('Send us your customer list.');
    await page.locator('import-widget').getByText('Send us your customer list.').waitFor();
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page.getByRole('status').getByText('Branding saved.').waitFor();
    const saved = await client(apiKeyInUse).get('/api/v1/organization/branding');
    expect(saved.body).toMatchObject({ primaryColor: '#DB2777', buttonStyle: 'outline', customWelcomeText: 'Send us your customer list.', customCss: null });
    expect(problems).toEqual(noProblems);
  }, 60_000);
});

describe('a viewer', () => {
  it('reads keys, webhooks and branding and is offered no change and no secret', async () => {
    const viewer = newPerson('viewer');
    const invited = await (await signedInUser(owner.person)).call('POST', `/dashboard/v1/organizations/${owner.organizationId}/invitations`, { email: viewer.email, role: 'viewer' });
    expect(invited.status).toBe(201);
    const { acceptUrl } = invited.body as { acceptUrl: string };
    const invitationPath = new URL(acceptUrl).pathname.replace(/^\/dashboard/, '');
    expect(invitationPath).toMatch(/^\/invitations\//);

    const { page, problems, close } = await openPage(browser);
    try {
      await signUp(page, viewer, invitationPath);
      await page.getByRole('button', { name: 'Accept invitation' }).click();
      await page.waitForURL(dashboardUrl(`/o/${owner.organizationId}`));

      await open(page, orgPath('api-keys'), 'API keys');
      await page.getByRole('row', { name: /Reporting script/ }).waitFor();
      expect(await page.getByRole('button', { name: 'Create API key' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
      expect(await runAxe(page)).toEqual([]);
      await screenshot(page, 'dashboard-api-keys-viewer');

      await open(page, orgPath('webhooks'), 'Webhooks');
      await page.getByText(receiver.url).waitFor();
      for (const name of ['Save URL', 'Rotate secret', 'Send test event']) expect(await page.getByRole('button', { name }).count()).toBe(0);
      expect(await page.getByRole('textbox').count()).toBe(0);
      expect(await page.content()).not.toContain('whsec_');
      expect(await runAxe(page)).toEqual([]);
      await screenshot(page, 'dashboard-webhooks-viewer');

      await open(page, orgPath('branding'), 'Branding');
      await page.getByText('Only owners and admins can change the branding.').waitFor();
      expect(await page.getByRole('textbox', { name: 'Primary color' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Save branding' }).count()).toBe(0);
      await page.locator('import-widget .iw-primary').waitFor();
      expect(await runAxe(page)).toEqual([]);
      expect(problems).toEqual(noProblems);
    } finally {
      await close();
    }
  }, 90_000);
});

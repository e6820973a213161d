// The widget's failure paths in Chromium, each with a clear message and a way on: a 429 waited out for
// its Retry-After, 429s that do not stop, an upload URL that expired, an import that ends FAILED (a
// file the service cannot read, with the organization's customErrorText) and MAPPING_TIMEOUT (the test
// stack's mapping deadline is 8 s). page.route only injects the fault (a 429, a delay past the URL's
// 5 s life); everything else is the real local stack. Every error state is also checked with axe.
import type { Page, Route } from 'playwright-core';
import { updateBranding } from '../shared/data/branding';
import type { BrandingUpdate } from '../shared/domain/branding';
import { en } from '../widget/src/i18n/en';
import { noProblems, screenshot, watchPage } from './support/browser';
import {
  CONTACTS_CSV,
  browserPerFile,
  embeddedTemplate,
  eventually,
  expectAccessible,
  openDemo,
  tempFile,
  waitForStep,
  widgetText,
} from './support/widget-page';

jest.setTimeout(60_000);

const session = browserPerFile({ viewport: { width: 900, height: 800 } });

const CREATE = '**/embed/v1/templates/*/imports';
const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_m, name: string) => String(params[name]));
const buttons = async (page: Page) => (await page.locator('import-widget button:visible').allTextContents()).map((text) => text.trim());
const importIds = async (page: Page) => [...((await page.locator('#events').textContent()) ?? '').matchAll(/import-started \{"importId":"(imp_\w+)"\}/g)].map((m) => m[1]);

/** The API's 429, as the embed pipeline answers it. */
const tooMany = (route: Route, seconds: number) =>
  route.fulfill({
    status: 429,
    headers: { 'retry-after': String(seconds), 'content-type': 'application/json' },
    body: JSON.stringify({ error: { code: 'RATE_LIMIT_EXCEEDED', message: 'Rate limit exceeded' } }),
  });

async function chooseFile(page: Page, name: string, content: string | Buffer) {
  await page.getByRole('button', { name: en.start }).click();
  await page.locator('import-widget input[type=file]').setInputFiles(tempFile(name, content));
}

describe('failure paths of the widget', () => {
  it('429: says it waits for the Retry-After, waits that long, then carries on by itself', async () => {
    const org = await embeddedTemplate();
    const page = await openDemo(session.context, org.templateId);
    const problems = watchPage(page);
    const posts: number[] = [];
    await page.route(CREATE, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      posts.push(Date.now());
      return posts.length === 1 ? tooMany(route, 2) : route.fallback();
    });
    await chooseFile(page, 'contacts.csv', CONTACTS_CSV);
    const waiting = fill(en.rateLimited, { seconds: 2 });
    await eventually(async () => expect(await widgetText(page)).toContain(waiting));
    expect(await page.locator('import-widget [role=status]').textContent()).toBe(waiting);
    // Shown in line with the step's content, not against the frame's edge.
    const left = (selector: string) =>
      page.locator(selector).evaluate((element: any) => {
        const range = element.ownerDocument.createRange();
        range.selectNodeContents(element);
        return range.getBoundingClientRect().x as number;
      });
    expect(Math.abs((await left('import-widget .iw > .iw-hint')) - (await left('import-widget h2')))).toBeLessThan(1);
    await screenshot(page, 'failure-429-waiting');

    await waitForStep(page, 'review');
    expect(posts).toHaveLength(2);
    expect(posts[1] - posts[0]).toBeGreaterThanOrEqual(2000);
    expect(await widgetText(page)).not.toContain(waiting);
    expect(problems.errors).toEqual([]);
  });

  it('429 that does not stop: after three waits, "please wait a minute" and Try again, which then works', async () => {
    const org = await embeddedTemplate();
    const page = await openDemo(session.context, org.templateId);
    const problems = watchPage(page);
    let refused = 0;
    await page.route(CREATE, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      refused++;
      return tooMany(route, 1);
    });
    await chooseFile(page, 'contacts.csv', CONTACTS_CSV);
    await waitForStep(page, 'problem');
    // The first answer and three waits of one second each.
    expect(refused).toBe(4);
    expect(await page.getByRole('heading', { name: en.problemHeading }).isVisible()).toBe(true);
    expect(await page.locator('import-widget [part=error-text]').innerText()).toBe(en.rateLimitedStop);
    expect(await buttons(page)).toEqual([en.retry, en.startOver]);
    await screenshot(page, 'failure-429-stopped');
    await expectAccessible(page, '429 stopped');

    await page.unroute(CREATE);
    await page.getByRole('button', { name: en.retry }).click();
    await waitForStep(page, 'review');
    expect(await importIds(page)).toHaveLength(1);
    expect(problems.errors).toEqual([]);
  });

  it('an expired upload URL: S3 refuses it, the widget says so, and Try again starts a new import of the same file', async () => {
    const org = await embeddedTemplate();
    const page = await openDemo(session.context, org.templateId);
    const problems = watchPage(page);
    // The first PUT is held until its URL (5 s in the tests) has expired; the real S3 front then refuses it.
    let puts = 0;
    let refused: { status: number; body: string } | undefined;
    await page.route('**/local-s3/**', async (route) => {
      if (route.request().method() !== 'PUT' || ++puts > 1) return route.fallback();
      const url = new URL(route.request().url());
      const signed = url.searchParams.get('X-Amz-Date')!.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z');
      const expiry = Date.parse(signed) + Number(url.searchParams.get('X-Amz-Expires')) * 1000;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiry - Date.now()) + 1100));
      // Sent on as it is, and S3's answer handed back as it is (read here: the XHR's body is not kept).
      const response = await route.fetch();
      refused = { status: response.status(), body: await response.text() };
      await route.fulfill({ response });
    });
    await chooseFile(page, 'contacts.csv', CONTACTS_CSV);
    await waitForStep(page, 'upload');
    await screenshot(page, 'failure-expired-1-uploading');

    await waitForStep(page, 'problem');
    expect(refused?.status).toBe(403);
    expect(refused?.body).toContain('<Message>Request has expired</Message>');
    expect(await page.locator('import-widget [part=error-text]').innerText()).toBe(en.linkExpired);
    expect(await buttons(page)).toEqual([en.retry, en.startOver]);
    await screenshot(page, 'failure-expired-2-problem');
    await expectAccessible(page, 'expired upload link');

    await page.getByRole('button', { name: en.retry }).click();
    await waitForStep(page, 'review');
    const ids = await importIds(page);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
    expect(problems.errors).toEqual([]);
    expect(problems.consoleErrors).toEqual([expect.stringMatching(/403/)]);
  });

  it('an import that ends FAILED: "Import failed", customErrorText and the import\'s own error, then another file', async () => {
    const org = await embeddedTemplate('pro');
    const customErrorText = 'Acme could not take this file.\nWrite to help@acme.test.';
    // customErrorText is read-only in the API: written as the dashboard would.
    await updateBranding(org.organizationId, { customErrorText } as BrandingUpdate);
    const page = await openDemo(session.context, org.templateId);
    const problems = watchPage(page);
    await chooseFile(page, 'broken.xlsx', 'this is not a workbook, whatever its name says');

    await waitForStep(page, 'result');
    expect(await page.getByRole('heading', { name: en.failedHeading }).isVisible()).toBe(true);
    const importId = (await importIds(page))[0];
    const detail = (await org.api.get(`/api/v1/imports/${importId}`)).body;
    expect(detail.status).toBe('FAILED');
    const message = page.locator('import-widget [part=error-text]');
    expect(await message.locator('p').allInnerTexts()).toEqual([customErrorText, detail.error.message]);
    // Nothing was read: no counts to show.
    expect(await page.locator('import-widget [part=counts]').count()).toBe(0);
    expect(await buttons(page)).toEqual([en.another]);
    expect(await page.locator('#events').textContent()).toContain(`import-failed {"importId":"${importId}","status":"FAILED"`);
    await screenshot(page, 'failure-failed-import');
    await expectAccessible(page, 'failed import');

    await page.getByRole('button', { name: en.another }).click();
    await page.getByRole('heading', { name: en.chooseHeading }).waitFor();
    expect(problems).toEqual(noProblems);
  });

  it('MAPPING_TIMEOUT: the review left too long says the columns were not confirmed in time; Try again reviews the same file anew', async () => {
    const org = await embeddedTemplate();
    const page = await openDemo(session.context, org.templateId);
    const problems = watchPage(page);
    await chooseFile(page, 'contacts.csv', CONTACTS_CSV);
    await waitForStep(page, 'review');
    const [importId] = await importIds(page);
    // The mapping deadline (8 s after the preview here) closes the import while the review is open.
    await eventually(async () => expect((await org.api.get(`/api/v1/imports/${importId}`)).body.status).toBe('FAILED'), 30_000);

    await page.getByRole('button', { name: en.confirm, exact: true }).click();
    await waitForStep(page, 'result');
    expect(await page.getByRole('heading', { name: en.failedHeading }).isVisible()).toBe(true);
    expect(await page.locator('import-widget [part=error-text] p').allInnerTexts()).toEqual([en.errorText, en.mappingTimeout]);
    expect(await buttons(page)).toEqual([en.retry, en.another]);
    await screenshot(page, 'failure-mapping-timeout');
    await expectAccessible(page, 'mapping timeout');

    await page.getByRole('button', { name: en.retry }).click();
    await waitForStep(page, 'review');
    expect(await importIds(page)).toHaveLength(2);
    expect(await page.getByRole('combobox', { name: 'Email' }).inputValue()).toBe('email');
    expect(problems.errors).toEqual([]);
    // The confirmation refused with 409 (no longer awaiting its mapping) is all Chromium logs.
    expect(problems.consoleErrors).toEqual([expect.stringMatching(/409/)]);
  });
});

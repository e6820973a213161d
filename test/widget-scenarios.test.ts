// The widget in Chromium on the demo page, beyond the main flow (test/widget-flow.test.ts): German and
// Japanese on every step (by the `locale` attribute and by the branding's locale), a page whose origin
// the template does not allow, and a workbook whose second sheet is the one imported. Everything goes
// to the real local stack. Screenshots go to test-results/screenshots/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { de } from '../widget/src/i18n/de';
import { en, type Messages } from '../widget/src/i18n/en';
import { ja } from '../widget/src/i18n/ja';
import { baseUrl } from './support/api';
import { noProblems, screenshot, watchPage } from './support/browser';
import {
  CONTACTS_CSV,
  browserPerFile,
  counts,
  embeddedTemplate,
  eventually,
  importAsIs,
  expectAccessible,
  openDemo,
  otherOrigin,
  tempFile,
  waitForStep,
  widgetText,
} from './support/widget-page';

jest.setTimeout(60_000);

const session = browserPerFile({ viewport: { width: 900, height: 900 } });

const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_m, name: string) => String(params[name]));

/**
 * Pieces of English UI text (the parts between placeholders, 6 characters or more) that the other
 * locale does not also use: none of them may show anywhere in the widget.
 */
function englishLeft(shown: string, messages: Messages): string[] {
  // The product's name is a name, in every language.
  const text = shown.replaceAll('Import Service', '');
  const theirs = Object.values(messages).join('\n');
  const pieces = Object.values(en)
    .flatMap((value) => value.split(/\{\w+\}/))
    .map((piece) => piece.trim())
    .filter((piece) => piece.length >= 6 && !theirs.includes(piece));
  return pieces.filter((piece) => text.includes(piece));
}

const buttons = async (page: Page) => (await page.locator('import-widget button:visible').allTextContents()).map((text) => text.trim());

/** Welcome -> choose -> review -> result in `messages`' language, each step's heading and buttons checked. */
async function walkThrough(page: Page, messages: Messages, name: string) {
  const checkStep = async (heading: string, step: string) => {
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    expect(await englishLeft(await widgetText(page), messages)).toEqual([]);
    await screenshot(page, `locale-${name}-${step}`);
  };
  await checkStep(messages.welcomeHeading, '1-welcome');
  expect(await buttons(page)).toEqual([messages.start]);
  expect(await page.locator('import-widget [part=welcome-text]').textContent()).toBe(messages.welcomeText);
  expect(await page.locator('import-widget .iw-tag').first().textContent()).toBe(messages.required);
  expect(await page.locator('import-widget [part=footer]').textContent()).toBe(fill(messages.poweredBy, { name: 'Import Service' }));
  // The region's name is localized too.
  expect(await page.getByRole('region', { name: messages.widgetLabel }).count()).toBe(1);

  await page.getByRole('button', { name: messages.start }).click();
  await checkStep(messages.chooseHeading, '2-choose');
  expect(await buttons(page)).toEqual([messages.browse]);
  expect(await page.getByLabel(messages.fileInput).count()).toBe(1);

  await page.locator('import-widget input[type=file]').setInputFiles(tempFile(`kontakte-${name}.csv`, CONTACTS_CSV));
  await waitForStep(page, 'review');
  await checkStep(messages.reviewHeading, '3-review');
  expect(await buttons(page)).toEqual([messages.confirm, messages.chooseAnother]);
  expect(await page.locator('import-widget thead th').allTextContents()).toEqual([messages.fileColumn, messages.samples, messages.importAs]);
  expect(await page.getByRole('combobox', { name: 'Email' }).locator('option').allTextContents()).toEqual([
    messages.dontImport,
    fill(messages.requiredField, { name: 'Email' }),
    fill(messages.requiredField, { name: 'Name' }),
    'Phone',
  ]);
  expect(await page.locator('import-widget .iw-conf').first().textContent()).toBe(fill(messages.match, { percent: 100 }));

  await page.getByRole('button', { name: messages.confirm, exact: true }).click();
  await importAsIs(page);
  await waitForStep(page, 'result');
  await checkStep(messages.completeHeading, '4-result');
  expect(await page.locator('import-widget [part=success-text]').textContent()).toBe(messages.successText);
  expect(await counts(page)).toEqual({ [messages.totalRows]: '2', [messages.validRows]: '1', [messages.errorRows]: '1', [messages.skippedRows]: '0' });
  const errors = page.getByRole('table', { name: messages.errorsTable });
  await eventually(async () => expect(await errors.getByRole('row').count()).toBe(2));
  expect(await errors.locator('th').allTextContents()).toEqual([messages.row, messages.column, messages.value, messages.problem]);
  expect(await buttons(page)).toEqual([messages.download, messages.another]);
  // Only the service's own message for the row stays as the service words it (documented).
  expect(await errors.getByRole('row').nth(1).innerText()).toMatch(/must be an email address/);
  await screenshot(page, `locale-${name}-4-result`);
}

describe('locales', () => {
  it('de by the locale attribute: every visible string is German on each step', async () => {
    const org = await embeddedTemplate('free');
    const page = await openDemo(session.context, org.templateId, { locale: 'de' });
    const problems = watchPage(page);
    await walkThrough(page, de, 'de');
    expect(problems).toEqual(noProblems);
  });

  it("ja by the branding's locale, and the locale attribute overrides it, redrawing the step in place", async () => {
    const org = await embeddedTemplate('starter');
    expect((await org.api.put('/api/v1/organization/branding', { locale: 'ja' })).status).toBe(200);
    const page = await openDemo(session.context, org.templateId);
    const problems = watchPage(page);
    await walkThrough(page, ja, 'ja');

    await page.locator('import-widget').evaluate((widget: any) => widget.setAttribute('locale', 'de'));
    await page.getByRole('heading', { name: de.completeHeading }).waitFor();
    expect(await buttons(page)).toEqual([de.download, de.another]);
    expect(await englishLeft(await widgetText(page), de)).toEqual([]);
    await screenshot(page, 'locale-ja-then-de-result');
    expect(problems).toEqual(noProblems);
  });
});

describe('an origin the template does not allow', () => {
  // The stack answers as 127.0.0.1 and as localhost: two origins. Each page below is on one and points
  // the widget at the other (a same-origin GET carries no Origin header, so it is never refused); the
  // template allows only the localhost page.
  const localhost = () => (new URL(baseUrl()).hostname === 'localhost' ? baseUrl() : otherOrigin());
  const loopback = () => (new URL(baseUrl()).hostname === 'localhost' ? otherOrigin() : baseUrl());

  it('says so clearly and offers to try again, sending nothing else; the allowed origin imports across origins', async () => {
    const org = await embeddedTemplate('free', undefined, [localhost()]);
    const requests: string[] = [];
    session.context.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
    const refusals: [number, string | undefined][] = [];
    session.context.on('response', (response) => {
      if (response.url().includes('/embed/')) refusals.push([response.status(), response.headers()['access-control-allow-origin']]);
    });

    const page = await openDemo(session.context, org.templateId, { origin: loopback(), api: localhost() });
    const problems = watchPage(page);
    await waitForStep(page, 'problem');
    expect(await page.getByRole('heading', { name: en.problemHeading }).isVisible()).toBe(true);
    expect(await page.locator('import-widget [part=error-text]').innerText()).toBe(en.originRefused);
    // Try again (after the site's owner fixes the origins); nothing to start over without the template.
    expect(await buttons(page)).toEqual([en.retry]);
    expect(await page.locator('import-widget [role=status]').textContent()).toBe(en.originRefused);
    await screenshot(page, 'origin-refused');
    await expectAccessible(page, 'origin refused');
    // The refusal was read (a 403, not a network error), and only the template was asked for.
    expect(requests.filter((line) => line.includes('/embed/'))).toEqual([`GET /embed/v1/templates/${org.templateId}`]);
    // The 403 names the refused page's origin, so the page may read it.
    expect(refusals).toEqual([[403, loopback()]]);

    await page.getByRole('button', { name: en.retry }).click();
    await eventually(async () => expect(requests.filter((line) => line.includes('/embed/'))).toHaveLength(2));
    await waitForStep(page, 'problem');
    expect(await page.locator('import-widget [part=error-text]').innerText()).toBe(en.originRefused);
    expect(problems.errors).toEqual([]);
    expect(problems.dialogs).toEqual([]);
    // Chromium logs the refused request (the one after the watch began): nothing else went wrong.
    expect(problems.consoleErrors.length).toBeGreaterThan(0);
    for (const line of problems.consoleErrors) expect(line).toMatch(/403/);

    // The allowed page, on the other origin than the API: preflights, the upload and the polls all pass CORS.
    const allowed = await openDemo(session.context, org.templateId, { origin: localhost(), api: loopback() });
    const allowedProblems = watchPage(allowed);
    await waitForStep(allowed, 'welcome');
    await allowed.getByRole('button', { name: en.start }).click();
    await allowed.locator('import-widget input[type=file]').setInputFiles(tempFile('cross-origin.csv', CONTACTS_CSV));
    await waitForStep(allowed, 'review');
    await allowed.getByRole('button', { name: en.confirm, exact: true }).click();
    await importAsIs(allowed);
    await waitForStep(allowed, 'result');
    expect(await counts(allowed)).toEqual({ [en.totalRows]: '2', [en.validRows]: '1', [en.errorRows]: '1', [en.skippedRows]: '0' });
    await screenshot(allowed, 'origin-allowed-result');
    expect(allowedProblems).toEqual(noProblems);
  });
});

describe('a spreadsheet with several sheets', () => {
  it('imports the sheet picked in the review, not the first one', async () => {
    const org = await embeddedTemplate('free', {
      name: 'Products',
      columns: [
        { key: 'sku', name: 'SKU', type: 'string', required: true },
        { key: 'price', name: 'Price', type: 'number' },
        { key: 'note', name: 'Note', type: 'string' },
      ],
    });
    const page = await openDemo(session.context, org.templateId);
    const problems = watchPage(page);
    await page.getByRole('button', { name: en.start }).click();
    // Sheets Contacts, Products and Gaps (test/fixtures/README.md).
    await page.locator('import-widget input[type=file]').setInputFiles({
      name: 'catalog.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: readFileSync(join(__dirname, 'fixtures', 'three-sheets.xlsx')),
    });
    await waitForStep(page, 'review');
    const sheet = page.getByRole('combobox', { name: en.sheet });
    expect(await sheet.locator('option').allTextContents()).toEqual(['Contacts', 'Products', 'Gaps']);
    // The first sheet comes up first: nothing on it matches the template.
    expect(await sheet.inputValue()).toBe('0');
    expect(await page.getByRole('combobox', { name: 'email' }).inputValue()).toBe('');
    await screenshot(page, 'xlsx-1-review-first-sheet');

    await sheet.selectOption({ label: 'Products' });
    // The table now lists the Products sheet's headers, samples and suggestions.
    await eventually(async () => expect(await page.locator('import-widget tbody th').allTextContents()).toEqual(['sku', 'price', 'note']));
    expect(await page.getByRole('combobox', { name: 'sku' }).inputValue()).toBe('sku');
    expect(await page.getByRole('combobox', { name: 'price' }).inputValue()).toBe('price');
    expect(await page.getByRole('row', { name: /^sku/ }).textContent()).toContain('A-100 · B-200');
    await page.getByRole('combobox', { name: 'note' }).selectOption('note');
    await screenshot(page, 'xlsx-2-review-products');

    await page.getByRole('button', { name: en.confirm, exact: true }).click();
    await waitForStep(page, 'result');
    expect(await page.getByRole('heading', { name: en.completeHeading }).isVisible()).toBe(true);
    expect(await counts(page)).toEqual({ [en.totalRows]: '2', [en.validRows]: '2', [en.errorRows]: '0', [en.skippedRows]: '0' });
    await screenshot(page, 'xlsx-3-result');

    const importId = /import-started \{"importId":"(imp_\w+)"\}/.exec((await page.locator('#events').textContent()) ?? '')![1];
    const detail = (await org.api.get(`/api/v1/imports/${importId}`)).body;
    expect(detail).toMatchObject({
      status: 'COMPLETED',
      sheet: { sheetName: 'Products', sheetIndex: 1, totalSheets: 3 },
      columnMapping: { sku: 'sku', price: 'price', note: 'note' },
    });
    const rows = (await org.api.get(`/api/v1/imports/${importId}/rows`)).body.data;
    expect(rows).toEqual([expect.objectContaining({ sku: 'A-100', price: 9.5 }), expect.objectContaining({ sku: 'B-200', price: 120 })]);
    expect(problems).toEqual(noProblems);
  });
});

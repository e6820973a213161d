// The dashboard's imports pages in Chromium, as an owner uses them: a file imported through the embedded
// widget on "Import a file" (embedding enabled there first), the import found in the list with its
// filters kept in the address, its page with the error rows, the header row and how its dates and numbers
// were read, the webhook resent, the errors downloaded as CSV; axe on each page and a screenshot of each.
import type { Browser } from 'playwright-core';
import { downloadedText, launchBrowser, noProblems, runAxe, screenshot } from './support/browser';
import { dashboardUrl, newOrganizationOwner } from './support/dashboard-browser';
import { signedInUser } from './support/dashboard';
import { startReceiver } from './support/receiver';
import { CONTACTS_TEMPLATE, eventually, importAsIs, tempFile, waitForStep } from './support/widget-page';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** A value a spreadsheet would run as a formula: the downloaded CSV must defuse it. */
const FORMULA = '=HYPERLINK("http://x")';
/** The contacts with a date column the file decides (31/12 is day first) and a number column the template fixes. */
const TEMPLATE = {
  ...CONTACTS_TEMPLATE,
  columns: [...CONTACTS_TEMPLATE.columns, { key: 'signed_up', name: 'Signed up', type: 'date' }, { key: 'amount', name: 'Amount', type: 'number', numberFormat: 'comma' }],
};
const CSV = `Email,Name,Phone,Signed up,Amount\nann@example.com,Ann Lee,+1 555 0100,31/12/2024,"1.234,56"\n"${FORMULA.replace(/"/g, '""')}","Bob, Stone",+1 555 0101,01/02/2024,"4,5"\n`;

describe('the imports pages', () => {
  it('imports a file through the widget, finds it, shows its error rows, resends its webhook and downloads its errors', async () => {
    const receiver = await startReceiver([]);
    const { page, problems, person, organizationId, close } = await newOrganizationOwner(browser, 'imports');
    try {
      // The same person's own API calls: their token from the provider's sign-in (they have a password).
      const owner = await signedInUser(person);
      const api = (method: string, path: string, body?: unknown) => owner.call(method, `/dashboard/v1${path}`, body);
      const template = await api('POST', `/organizations/${organizationId}/templates`, TEMPLATE);
      expect(template.status).toBe(201);
      const templateId = template.body.id as string;
      expect((await api('PATCH', `/organizations/${organizationId}`, { webhookUrl: receiver.url })).status).toBe(200);

      // The imports list before any import: its empty state.
      await page.goto(dashboardUrl(`/o/${organizationId}/imports`));
      await page.getByText('No imports yet').waitFor();

      // Import a file: the template is not enabled for the widget yet; the owner enables it here.
      await page.goto(dashboardUrl(`/o/${organizationId}/import`));
      await page.getByLabel('Template').selectOption(templateId);
      await page.getByText('This template is not enabled for the widget').waitFor();
      expect(await runAxe(page)).toEqual([]);
      await page.getByRole('button', { name: 'Enable embedding' }).click();
      await page.locator('import-widget .iw:not([data-step=loading])').waitFor();
      expect(await runAxe(page)).toEqual([]);
      await screenshot(page, 'dashboard-import-file');
      await page.getByRole('button', { name: 'Get started' }).click();
      await page.locator('import-widget input[type=file]').setInputFiles(tempFile('dashboard-contacts.csv', CSV));
      await waitForStep(page, 'review');
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await importAsIs(page);
      await waitForStep(page, 'result');
      await page.getByText('The import has finished.').waitFor();
      const importLink = page.getByRole('link', { name: 'Open the import' });
      const importId = (await importLink.getAttribute('href'))!.split('/').pop()!;
      expect(importId).toMatch(/^imp_/);

      // The list, filtered by template, status and today's date: the filters are in the address.
      await page.goto(dashboardUrl(`/o/${organizationId}/imports`));
      await page.getByLabel('Template').selectOption(templateId);
      await page.getByLabel('Status').selectOption('COMPLETED');
      const today = new Date().toISOString().slice(0, 10);
      await page.getByLabel('Created from').fill(today);
      await page.getByLabel('Created to').fill(today);
      await page.waitForURL((url) => url.searchParams.get('to') === today);
      const url = new URL(page.url());
      expect(Object.fromEntries(url.searchParams)).toEqual({ templateId, status: 'COMPLETED', from: today, to: today });
      const table = page.getByRole('table', { name: 'Imports' });
      await table.getByRole('link', { name: 'dashboard-contacts.csv' }).waitFor();
      expect(await table.getByRole('row').count()).toBe(2);
      expect(await table.getByRole('row').nth(1).innerText()).toContain('1 valid · 1 with errors');
      expect(await runAxe(page)).toEqual([]);
      await screenshot(page, 'dashboard-imports');
      // A range that ends before today: nothing; back returns to the previous filters.
      await page.getByLabel('Created to').fill('2020-01-01');
      await page.getByText('Must not be before the first day').waitFor();
      await page.getByLabel('Created from').fill('2020-01-01');
      await page.getByText('No imports match these filters').waitFor();
      await page.goBack();
      await page.goBack();
      await table.getByRole('link', { name: 'dashboard-contacts.csv' }).waitFor();

      // Its page: counts, metadata and user as text, the error row, the webhook's first delivery.
      await table.getByRole('link', { name: 'dashboard-contacts.csv' }).click();
      await page.waitForURL(dashboardUrl(`/o/${organizationId}/imports/${importId}`));
      await page.getByRole('heading', { name: 'Import of dashboard-contacts.csv' }).waitFor();
      const errors = page.getByRole('table', { name: /^Rows with errors/ });
      await errors.waitFor();
      const errorRow = await errors.getByRole('row').nth(1).innerText();
      expect(errorRow).toContain('3');
      expect(errorRow).toContain(FORMULA);
      expect(await page.getByRole('table', { name: 'Valid rows of the import' }).getByRole('row').nth(1).innerText()).toContain('ann@example.com');
      expect(await page.getByText('"source": "dashboard"').count()).toBe(1);
      // Where it was started: the dashboard's own origin made it a dashboard import.
      expect(await page.getByText('the dashboard', { exact: true }).count()).toBe(1);
      expect(await page.getByText(person.email).count()).toBeGreaterThan(0);
      expect(await page.getByText('The end user made no corrections.').count()).toBe(1);
      const mapping = page.getByRole('region', { name: 'Column mapping' });
      const facts = await mapping.locator('dl > div').allInnerTexts();
      expect(facts.map((fact) => fact.replace(/\s+/g, ' '))).toEqual([
        'Header row Row 1 of the file',
        'Signed up day/month/year (decided by the file)',
        'Amount decimal comma: 1.234,56 (set by the template)',
      ]);
      const attempts = page.getByRole('table', { name: 'Webhook attempts by delivery' });
      await eventually(async () => expect(await attempts.getByRole('row').count()).toBe(2), 30_000);
      await eventually(async () => expect(await page.getByRole('button', { name: 'Resend webhook' }).isEnabled()).toBe(true), 30_000);
      await page.getByRole('button', { name: 'Resend webhook' }).click();
      await page.getByText('Delivery 2 queued: its attempts appear here as they are made.').waitFor();
      await eventually(async () => expect(await attempts.getByRole('row').count()).toBe(3), 30_000);
      expect(await attempts.getByRole('row').nth(2).innerText()).toContain('HTTP 200');
      expect(receiver.received).toHaveLength(2);

      // The errors as CSV: built from the API page by page, quoted, the formula defused.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download errors (CSV)' }).click()]);
      expect(download.suggestedFilename()).toBe('dashboard-contacts-errors.csv');
      const csv = await downloadedText(download);
      const lines = csv.split('\r\n');
      expect([lines[0], lines.length]).toEqual(['\uFEFFrow,column,value,message', 3]);
      expect(lines[1]).toMatch(/^3,email,"'=HYPERLINK\(""http:\/\/x""\)",\S/);
      const [rowsDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download valid rows (CSV)' }).click()]);
      expect(await downloadedText(rowsDownload)).toBe("\uFEFFemail,name,phone,signed_up,amount\r\nann@example.com,Ann Lee,'+1 555 0100,2024-12-31,1234.56\r\n");
      await page.getByText('Saved dashboard-contacts-rows.csv').waitFor();
      expect(await runAxe(page)).toEqual([]);
      await screenshot(page, 'dashboard-import');
      expect(problems).toEqual(noProblems);
    } finally {
      await close();
      await receiver.stop();
    }
  }, 180_000);
});

// The Templates, template builder and Embed pages in Chromium, as a new owner uses them: a template built
// by keyboard and mouse (the API's validation messages at the field at fault; how a date column's dates and
// a number column's numbers are written, and the header row found, saved and read back), the live preview
// in the real widget, duplicate and delete, embedding with an origin and the snippet copied. Also the two reads
// the pages need from the dashboard API: the list's embedEnabled and a template's embed setting.
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, runAxe, screenshot } from './support/browser';
import { dashboardUrl, newOrganizationOwner } from './support/dashboard-browser';
import { signedInUser, signedUpUser } from './support/dashboard';
import { faultAt } from '../dashboard/src/pages/templates/field-fault';
import { emptyDraft, newColumn } from '../dashboard/src/pages/templates/template-draft';

// A long walk through three pages in one browser, on a machine shared with other runs.
jest.setTimeout(300_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** The columns the widget's welcome step lists (inside its shadow root), in order: each one's text, its required mark included. */
const previewColumns = (page: Page) => page.locator('import-widget ul.iw-cols > li').allInnerTexts();

/** Only the names: each item's first text node (the required mark is an element after it). */
const previewNames = (page: Page) =>
  page.locator('import-widget ul.iw-cols > li').evaluateAll((items) => items.map((item) => item.firstChild?.textContent ?? ''));

async function expectPreview(page: Page, expected: string[]) {
  await eventually(() => previewNames(page), (names) => expect(names).toEqual(expected));
}

/** Retries `check` on what `read` answers until it passes (the page catches up) or 5 s are up. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => void, timeout = 5000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    try {
      check(value);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const focusedId = (page: Page) => page.evaluate<string | undefined>('document.activeElement?.id');

const field = (page: Page, path: string) => page.locator(`#field-${path.replace(/[[\].]+/g, '-').replace(/-$/, '')}`);

describe('templates in the dashboard', () => {
  it('builds a template, shows the API errors at their fields, previews it, duplicates, deletes and embeds it', async () => {
    const { page, problems, close, organizationId, person } = await newOrganizationOwner(browser, 'builder');
    try {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(dashboardUrl()).origin });

      // The empty list offers the first template.
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Templates' }).click();
      await page.getByText('No templates yet').waitFor();
      expect(await runAxe(page)).toEqual([]);
      await page.getByRole('main').getByRole('link', { name: 'New template' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'New template' }).waitFor();
      await page.locator('import-widget').waitFor();

      // Keyboard: the name, then the first column from its key onwards with Tab.
      await field(page, 'name').focus();
      await page.keyboard.type('Contacts');
      await field(page, 'columns[0].key').focus();
      await page.keyboard.type('email');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Email');
      await page.keyboard.press('Tab');
      await eventually(() => focusedId(page), (id) => expect(id).toBe('field-columns-0-type'));
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      expect(await field(page, 'columns[0].required').isChecked()).toBe(true);
      await field(page, 'columns[0].type').selectOption('email');
      // A rule with its own message: unique, added from the keyboard.
      await page.getByRole('combobox', { name: 'Rule to add to Column 1: Email' }).selectOption('unique');
      await page.getByRole('combobox', { name: 'Rule to add to Column 1: Email' }).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await eventually(() => focusedId(page), (id) => expect(id).toBe('field-columns-0-validations-0-type'));
      await field(page, 'columns[0].validations[0].message').fill('Each email only once');

      // Mouse: two more columns; the new column's key has the focus.
      await page.getByRole('button', { name: 'Add column' }).click();
      await eventually(() => focusedId(page), (id) => expect(id).toBe('field-columns-1-key'));
      await page.keyboard.type('full_name');
      await field(page, 'columns[1].name').fill('Full name');
      await page.getByRole('combobox', { name: 'Rule to add to Column 2: Full name' }).selectOption('regex');
      await page.getByRole('button', { name: 'Add rule Column 2: Full name' }).click();
      await eventually(() => focusedId(page), (id) => expect(id).toBe('field-columns-1-validations-0-value'));
      await page.keyboard.type('([a-z');
      await field(page, 'columns[1].validations[0].message').fill('Letters only');
      await page.getByRole('button', { name: 'Add column' }).click();
      await eventually(() => focusedId(page), (id) => expect(id).toBe('field-columns-2-key'));
      await page.keyboard.type('email');
      await field(page, 'columns[2].name').fill('Age');
      await field(page, 'columns[2].type').selectOption('number');
      // Its numbers' decimal mark, by keyboard: the third choice (comma), then currency symbols with Space.
      expect(await field(page, 'columns[2].numberFormat').inputValue()).toBe('');
      await field(page, 'columns[2].numberFormat').focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      expect(await field(page, 'columns[2].numberFormat').inputValue()).toBe('comma');
      expect(await field(page, 'columns[2].currency').isChecked()).toBe(true);
      // A date column: made a number column first (currency on), then a date: the number fields go away
      // and are not sent (the API would refuse them), the date fields come.
      await page.getByRole('button', { name: 'Add column' }).click();
      await eventually(() => focusedId(page), (id) => expect(id).toBe('field-columns-3-key'));
      await page.keyboard.type('signed_up');
      await field(page, 'columns[3].name').fill('Signed up');
      await field(page, 'columns[3].type').selectOption('number');
      await field(page, 'columns[3].currency').check();
      await field(page, 'columns[3].type').selectOption('date');
      expect(await field(page, 'columns[3].currency').count()).toBe(0);
      await field(page, 'columns[3].dateOrder').focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      expect(await field(page, 'columns[3].dateOrder').inputValue()).toBe('DMY');
      expect(await field(page, 'columns[3].twoDigitYears').isChecked()).toBe(true);
      // The header row found among the first rows, beside the rows to skip.
      await field(page, 'headerRow').focus();
      await page.keyboard.press('Space');
      expect(await field(page, 'headerRow').isChecked()).toBe(true);
      await expectPreview(page, ['Email', 'Full name', 'Age', 'Signed up']);

      // The API refuses the pattern: its message is at the pattern, the summary has the focus.
      await page.getByRole('button', { name: 'Create template' }).click();
      const summary = page.getByRole('alert').filter({ hasText: 'The template was not saved' });
      await summary.waitFor();
      await eventually(() => page.evaluate<string | null>("document.activeElement?.getAttribute('role')"), (role) => expect(role).toBe('alert'));
      const pattern = field(page, 'columns[1].validations[0].value');
      expect(await pattern.getAttribute('aria-invalid')).toBe('true');
      const patternError = (await pattern.getAttribute('aria-describedby'))!.split(' ').find((id) => id.endsWith('-error'));
      expect(await page.locator(`#${patternError}`).innerText()).toMatch(/valid RE2 regular expression/);
      await summary.getByRole('button', { name: 'Go to the field' }).click();
      await eventually(() => focusedId(page), (id) => expect(id).toBe('field-columns-1-validations-0-value'));
      await page.keyboard.press('Control+A');
      await page.keyboard.type('^[A-Za-z ]+$');

      // Then the repeated key: at the third column's key.
      await page.getByRole('button', { name: 'Create template' }).click();
      await summary.filter({ hasText: 'Column 3, key: duplicates Column 1, key "email"' }).waitFor();
      expect(await field(page, 'columns[2].key').getAttribute('aria-invalid')).toBe('true');
      expect(await pattern.getAttribute('aria-invalid')).toBeNull();
      await field(page, 'columns[2].key').fill('age');

      // Reorder by keyboard: Age up to the second place; the focus stays on its button.
      await page.getByRole('button', { name: 'Move up Column 3: Age' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Move up Column 2: Age' }).waitFor();
      await eventually(() => page.evaluate<string | null>('document.activeElement?.textContent'), (text) => expect(text).toBe('Move up Column 2: Age'));
      await page.getByRole('status').filter({ hasText: 'Column 2: Age is now at position 2 of 4.' }).waitFor();
      await expectPreview(page, ['Email', 'Age', 'Full name', 'Signed up']);

      await page.getByRole('button', { name: 'Create template' }).click();
      await page.waitForURL(/\/templates\/tpl_[0-9A-Z]+$/);
      const templateId = new URL(page.url()).pathname.split('/').pop()!;
      await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
      await page.getByText('Template saved.').waitFor();
      // Saved as built, in the form's order.
      expect(await field(page, 'columns[1].key').inputValue()).toBe('age');
      expect(await field(page, 'columns[0].validations[0].message').inputValue()).toBe('Each email only once');
      expect(await field(page, 'columns[2].validations[0].value').inputValue()).toBe('^[A-Za-z ]+$');
      // The value formats as the API stored them, and as the builder reads them after a reload.
      const owner = await signedInUser(person);
      const saved = (await owner.call('GET', `/dashboard/v1/organizations/${organizationId}/templates/${templateId}`)).body;
      expect(saved.headerRow).toBe('auto');
      expect(saved.columns.map((column: { key: string }) => column.key)).toEqual(['email', 'age', 'full_name', 'signed_up']);
      expect(saved.columns[1]).toMatchObject({ type: 'number', numberFormat: 'comma', currency: true });
      expect(saved.columns[3]).toMatchObject({ type: 'date', dateOrder: 'DMY', twoDigitYears: true });
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();
      await eventually(() => field(page, 'columns[1].numberFormat').inputValue(), (value) => expect(value).toBe('comma'));
      expect(await field(page, 'columns[1].currency').isChecked()).toBe(true);
      expect(await field(page, 'columns[3].dateOrder').inputValue()).toBe('DMY');
      expect(await field(page, 'columns[3].twoDigitYears').isChecked()).toBe(true);
      expect(await field(page, 'headerRow').isChecked()).toBe(true);

      // The preview follows the form as it is typed, before any save.
      await expectPreview(page, ['Email', 'Age', 'Full name', 'Signed up']);
      await field(page, 'columns[2].name').fill('Name');
      await expectPreview(page, ['Email', 'Age', 'Name', 'Signed up']);
      expect((await previewColumns(page))[0]).toMatch(/required/i);
      await page.getByRole('button', { name: 'Save template' }).click();
      await page.getByText('Template saved.').waitFor();
      expect(await runAxe(page)).toEqual([]);
      await screenshot(page, 'dashboard-template-builder');

      // The list: the template, its column count and embed state; duplicate, then delete the copy.
      await page.getByRole('link', { name: 'All templates' }).click();
      const table = page.getByRole('table', { name: 'Templates' });
      const row = table.getByRole('row', { name: /^Contacts\b/ });
      await row.waitFor();
      expect(await row.getByRole('cell').allTextContents()).toEqual(['4', '0', 'Off', expect.any(String), expect.stringContaining('Duplicate')]);
      await page.getByRole('button', { name: 'Duplicate Contacts' }).click();
      await table.getByRole('link', { name: 'Contacts (Copy)' }).waitFor();
      await page.getByRole('status').filter({ hasText: 'Created Contacts (Copy).' }).waitFor();
      expect(await runAxe(page)).toEqual([]);
      await screenshot(page, 'dashboard-templates');
      await page.getByRole('button', { name: 'Delete Contacts (Copy)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this template?' });
      await dialog.waitFor();
      // axe measures contrast as drawn: after the dialog's fade-in.
      await eventually(() => dialog.evaluate((element) => {
        let opacity = 1;
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's DOM types (the tests compile without lib dom)
        for (let node: any = element; node; node = node.parentElement) opacity *= Number((globalThis as any).getComputedStyle(node).opacity);
        return opacity;
      }), (opacity) => expect(opacity).toBe(1));
      expect(await runAxe(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Delete template' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('status').filter({ hasText: 'Deleted Contacts (Copy).' }).waitFor();
      await eventually(() => table.getByRole('link', { name: 'Contacts (Copy)' }).count(), (count) => expect(count).toBe(0));

      // Embed: on, with one origin; the snippet names the template and is copied.
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Embed' }).click();
      await page.getByText('Turn embedding on and save to get the snippet.').waitFor();
      await page.getByLabel('Embedding on').check();
      await page.getByLabel('Allowed origins').fill('https://app.example.com/path');
      await page.getByRole('button', { name: 'Save embed settings' }).click();
      await page.getByText(/^Line 1: must be an origin/).waitFor();
      await page.getByLabel('Allowed origins').fill('https://app.example.com');
      await page.getByRole('button', { name: 'Save embed settings' }).click();
      await page.getByText('Embed settings saved.').waitFor();
      const snippet = page.getByRole('region', { name: 'Embed snippet' });
      expect(await snippet.innerText()).toContain(`<import-widget template="${templateId}"></import-widget>`);
      await page.getByRole('button', { name: 'Copy snippet' }).click();
      await page.getByRole('button', { name: 'Copied' }).waitFor();
      expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(await snippet.innerText());
      expect(await runAxe(page)).toEqual([]);
      await screenshot(page, 'dashboard-embed');
      // Read back after a reload (the app signs in again); the list says it is on.
      await page.reload();
      await page.getByLabel('Allowed origins').waitFor();
      await eventually(() => page.getByLabel('Allowed origins').inputValue(), (value) => expect(value).toBe('https://app.example.com'));
      expect(await page.getByLabel('Embedding on').isChecked()).toBe(true);
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Templates' }).click();
      await page.getByRole('row', { name: /^Contacts\b/ }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/dashboard/o/${organizationId}/templates`);
      await eventually(async () => (await page.getByRole('row', { name: /^Contacts\b/ }).getByRole('cell').allTextContents())[2], (embed) => expect(embed).toBe('On'));

      // The three refusals were expected: the bad pattern, the repeated key, the bad origin (and no fourth:
      // the date column's currency, set while it was a number column, was not sent).
      expect(problems.errors).toEqual([]);
      expect(problems.dialogs).toEqual([]);
      expect(problems.consoleErrors).toHaveLength(3);
      for (const error of problems.consoleErrors) expect(error).toMatch(/status of 400/);
    } catch (error) {
      await screenshot(page, 'dashboard-templates-failure');
      throw error;
    } finally {
      await close();
    }
  });
});

describe('the dashboard API reads the Templates and Embed pages need', () => {
  it('lists templates with embedEnabled and reads a template\'s embed setting', async () => {
    // Prepare
    const owner = await signedUpUser('embedder');
    const org = (await owner.call('POST', '/dashboard/v1/organizations', { name: 'Embedders' })).body.organizationId;
    const base = `/dashboard/v1/organizations/${org}/templates`;
    const template = (await owner.call('POST', base, { name: 'People', columns: [{ key: 'email', name: 'Email', type: 'email' }] })).body;
    // Act
    const off = await owner.call('GET', `${base}/${template.id}/embed`);
    await owner.call('PUT', `${base}/${template.id}/embed`, { enabled: true, allowedOrigins: ['https://App.example.com'] });
    const on = await owner.call('GET', `${base}/${template.id}/embed`);
    const list = await owner.call('GET', base);
    const unknown = await owner.call('GET', `${base}/tpl_00000000000000000000000000/embed`);
    // Assess
    expect(off.body).toEqual({ templateId: template.id, enabled: false, allowedOrigins: null, snippet: null });
    expect(on.body).toEqual({
      templateId: template.id,
      enabled: true,
      allowedOrigins: ['https://app.example.com'],
      snippet: expect.stringContaining(`<import-widget template="${template.id}"></import-widget>`),
    });
    expect(list.body.data).toEqual([expect.objectContaining({ id: template.id, embedEnabled: true })]);
    expect(unknown.status).toBe(404);
  });
});

describe('the template builder\'s API errors on value formats', () => {
  it('shows them at the format\'s input, or at the type when the column is of another type now', () => {
    // Prepare: a date column and a text column (a body sent before its type was changed)
    const draft = { ...emptyDraft(), columns: [{ ...newColumn(), type: 'date' as const }, newColumn()] };
    // Act
    const at = (field: string) => faultAt(draft, field, 'is wrong')?.path;
    // Assess
    expect(at('columns[0].dateOrder')).toBe('columns[0].dateOrder');
    expect(at('columns[0].twoDigitYears')).toBe('columns[0].twoDigitYears');
    expect(at('columns[0].numberFormat')).toBe('columns[0].type');
    expect(at('columns[1].dateOrder')).toBe('columns[1].type');
    expect(at('headerRow')).toBe('headerRow');
  });
});

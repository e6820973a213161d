// The widget's correction step in Chromium against the real local stack (docs/widget.md, "Review your
// data"): a CSV with a bad email, a negative age (min 0), a duplicate id (unique) and a value outside an
// enum on a template without partial import. The grid marks exactly those cells; two are fixed with the
// keyboard alone (arrows, Enter, type, Enter), one by find and replace, one row removed; the filters, the
// undo of an edit and of a removal; "Import" disabled with its reason until no error is left; then the
// import completes and the webhook carries the corrected rows. axe on the step; screenshots of it.
import type { Page } from 'playwright-core';
import { updateOrganization } from '../shared/data/organizations';
import { newWebhookSecret } from '../shared/domain/ids';
import { en as corrections } from '../widget/src/i18n/corrections/en';
import { noProblems, screenshot, watchPage } from './support/browser';
import { startReceiver } from './support/receiver';
import { browserPerFile, embeddedTemplate, eventually, expectAccessible, openDemo, tempFile, waitForStep } from './support/widget-page';
import { arrowTo, focusedCell, typeInto } from './support/widget-grid';

jest.setTimeout(90_000);

const TEMPLATE = {
  name: 'Members',
  allowPartialImport: false,
  columns: [
    { key: 'id', name: 'ID', type: 'string', required: true, validations: [{ type: 'unique', value: true }] },
    { key: 'email', name: 'Email', type: 'email', required: true },
    { key: 'age', name: 'Age', type: 'number', validations: [{ type: 'min', value: 0 }] },
    { key: 'plan', name: 'Plan', type: 'string', validations: [{ type: 'enum', value: ['basic', 'pro'] }] },
  ],
};

/** File rows 2..7: 3 a bad email, 4 a negative age, 5 the id of row 2 again, 6 a plan outside the enum. */
const CSV = [
  'id,email,age,plan',
  'm1,ann@example.com,30,basic',
  'm2,bob@,41,pro',
  'm3,carl@example.com,-5,basic',
  'm1,dora@example.com,25,pro',
  'm5,eve@example.com,33,gold',
  'm6,fay@example.com,29,basic',
  '',
].join('\n');

const session = browserPerFile({ viewport: { width: 1000, height: 1000 } });

/** The cells in error as "row:column key", read from the grid (aria-invalid), in file order. */
function cellsInError(page: Page): Promise<string[]> {
  return page.locator('import-widget [role=grid]').evaluate((grid: any) => {
    const keys = [...grid.querySelectorAll('[role=columnheader]')].map((cell: any) => cell.textContent);
    return [...grid.querySelectorAll('[role=row][aria-rowindex]')]
      .filter((row: any) => row.querySelector('[role=rowheader]'))
      .flatMap((row: any) => [...row.children]
        .map((cell: any, i: number) => (cell.getAttribute('aria-invalid') === 'true' ? `${row.querySelector('[role=rowheader]').textContent}:${keys[i]}` : ''))
        .filter(Boolean));
  });
}

const status = (page: Page) => page.locator('import-widget p[role=status]').textContent();

describe('the correction step', () => {
  it('fixes, replaces, removes and undoes in the grid, then imports the corrected rows', async () => {
    const org = await embeddedTemplate('free', TEMPLATE);
    const hook = await startReceiver([]);
    try {
      await updateOrganization(org.organizationId, { webhookUrl: hook.url, webhookSecret: newWebhookSecret() });
      const page = await openDemo(session.context, org.templateId);
      const problems = watchPage(page);
      await page.getByRole('button', { name: 'Get started' }).click();
      await page.locator('import-widget input[type=file]').setInputFiles(tempFile('members.csv', CSV));
      await waitForStep(page, 'review');
      await page.getByRole('button', { name: 'Import', exact: true }).click();

      // Rows with errors first: exactly the cells at fault (of two equal ids, the later one), each with its
      // message as its description.
      await waitForStep(page, 'corrections', 60_000);
      const grid = page.getByRole('grid', { name: corrections.correctionsHeading });
      await eventually(async () => expect(await cellsInError(page)).toEqual(['3:Email (required)', '4:Age', '5:ID (required)', '6:Plan']));
      expect(await grid.getAttribute('aria-rowcount')).toBe('5');
      expect(await grid.getAttribute('aria-colcount')).toBe('6');
      const email = grid.getByRole('gridcell', { name: 'bob@' });
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      expect(await email.evaluate((cell: any) => cell.getRootNode().getElementById(cell.getAttribute('aria-describedby')).textContent)).toMatch(/email/i);
      expect(await status(page)).toBe('Rows shown: 4. With errors: 4. Removed: 0.');
      const importButton = page.getByRole('button', { name: /^Import \d+ rows?$/ });
      expect(await importButton.isDisabled()).toBe(true);
      expect(await page.locator('import-widget #iw-import-why').textContent()).toBe('Fix or remove the rows with errors to import them: 4 left.');
      await screenshot(page, 'corrections-1-errors');
      await expectAccessible(page, 'corrections');

      // One column's errors.
      await page.getByRole('combobox', { name: corrections.show }).selectOption({ label: 'Errors in “Age”' });
      await eventually(async () => expect(await cellsInError(page)).toEqual(['4:Age']));
      await page.getByRole('combobox', { name: corrections.show }).selectOption({ label: 'All rows (6)' });
      await eventually(async () => expect(await status(page)).toBe('Rows shown: 6. With errors: 4. Removed: 0.'));

      // Two fixed with the keyboard alone.
      await arrowTo(page, 3, 'Email (required)');
      await page.keyboard.press('Enter');
      await screenshot(page, 'corrections-2-editing');
      await page.keyboard.press('Escape');
      expect(await focusedCell(page)).toMatchObject({ role: 'gridcell', row: '3' });
      await typeInto(page, 'bob@example.com');
      expect(await focusedCell(page)).toMatchObject({ role: 'gridcell', row: '3', column: 'Email (required)' });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      expect(await focusedCell(page)).toMatchObject({ row: '4', column: 'Age' });
      await typeInto(page, '35');
      await eventually(async () => expect(await cellsInError(page)).toEqual(['5:ID (required)', '6:Plan']));

      // An edit undone (Ctrl+Z in the grid): the old value is back, and its error.
      await arrowTo(page, 7, 'Age');
      await typeInto(page, '-1');
      await eventually(async () => expect(await cellsInError(page)).toContain('7:Age'));
      await page.keyboard.press('Control+z');
      await eventually(async () => expect(await cellsInError(page)).not.toContain('7:Age'));
      expect(await grid.getByRole('row', { name: /fay@example\.com/ }).textContent()).toContain('29');

      // Find and replace in one column.
      await page.getByText(corrections.findReplace).click();
      await page.getByRole('combobox', { name: 'Column' }).selectOption({ label: 'Plan' });
      await page.getByRole('textbox', { name: corrections.find, exact: true }).fill('gold');
      await page.getByRole('textbox', { name: corrections.replaceWith }).fill('pro');
      await page.getByRole('button', { name: corrections.replaceAll }).click();
      await eventually(async () => expect(await cellsInError(page)).toEqual(['5:ID (required)']));
      // The replace undone (its cells' old values sent back), then done again.
      await page.getByRole('button', { name: corrections.undo }).click();
      await eventually(async () => expect(await cellsInError(page)).toEqual(['5:ID (required)', '6:Plan']));
      await page.getByRole('button', { name: corrections.replaceAll }).click();
      await eventually(async () => expect(await cellsInError(page)).toEqual(['5:ID (required)']));

      // A removal undone, then the duplicate removed.
      await page.getByRole('checkbox', { name: 'Select row 7' }).check();
      await page.getByRole('button', { name: 'Remove selected (1)' }).click();
      await eventually(async () => expect(await status(page)).toBe('Rows shown: 5. With errors: 1. Removed: 1.'));
      await page.getByRole('button', { name: corrections.undo }).click();
      await eventually(async () => expect(await status(page)).toBe('Rows shown: 6. With errors: 1. Removed: 0.'));
      await page.getByRole('checkbox', { name: 'Select row 5' }).check();
      await page.getByRole('button', { name: 'Remove selected (1)' }).click();
      await eventually(async () => expect(await status(page)).toBe('Rows shown: 5. With errors: 0. Removed: 1.'));
      expect(await cellsInError(page)).toEqual([]);
      await page.getByRole('combobox', { name: corrections.show }).selectOption({ label: 'Rows with errors (0)' });
      await eventually(async () => expect(await grid.getAttribute('aria-rowcount')).toBe('1'));
      await screenshot(page, 'corrections-3-fixed');

      await eventually(async () => expect(await importButton.isEnabled()).toBe(true));
      expect(await importButton.textContent()).toBe('Import 5 rows');
      await importButton.click();
      await waitForStep(page, 'result', 60_000);
      expect(await page.getByRole('heading', { name: 'Import complete' }).isVisible()).toBe(true);
      expect(problems).toEqual(noProblems);

      // The webhook carries the corrected values, without the removed row.
      await eventually(() => expect(hook.received.length).toBeGreaterThan(0), 30_000);
      const payload = JSON.parse(hook.received[0].body.toString('utf8'));
      expect(payload.data.rows).toEqual([
        { id: 'm1', email: 'ann@example.com', age: 30, plan: 'basic' },
        { id: 'm2', email: 'bob@example.com', age: 41, plan: 'pro' },
        { id: 'm3', email: 'carl@example.com', age: 35, plan: 'basic' },
        { id: 'm5', email: 'eve@example.com', age: 33, plan: 'pro' },
        { id: 'm6', email: 'fay@example.com', age: 29, plan: 'basic' },
      ]);
      // The organization sees every change with its original value, in order.
      const changes = await org.api.get(`/api/v1/imports/${payload.importId}/corrections?limit=100`);
      const at = expect.any(String);
      expect(changes.body.data).toEqual([
        { row: 3, column: 'email', from: 'bob@', to: 'bob@example.com', at },
        { row: 4, column: 'age', from: '-5', to: '35', at },
        { row: 7, column: 'age', from: '29', to: '-1', at },
        { row: 7, column: 'age', from: '-1', to: '29', at },
        { row: 6, column: 'plan', from: 'gold', to: 'pro', at },
        { row: 6, column: 'plan', from: 'pro', to: 'gold', at },
        { row: 6, column: 'plan', from: 'gold', to: 'pro', at },
        ...changes.body.data.slice(7, -1),
        { row: 5, removed: true, at },
      ]);
    } finally {
      await hook.stop();
    }
  });
});

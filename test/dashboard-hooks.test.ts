// Validation hooks in the dashboard, in Chromium against the real local stack: an owner sets a template's
// hook in the builder (the API's message at the field at fault), sees the organization's new webhook
// secret once, sends a test batch (saved setting and an unsaved one) to a hook on 127.0.0.1 that verifies
// the signature with that secret, and reads the result; an import run with the hook shows its summary and
// calls on the import's page; a viewer reads both without a control to test or save. axe on each.
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, noProblems, runAxe, screenshot, SCREENSHOT_DIR } from './support/browser';
import { dashboardUrl, newOrganizationOwner, newPerson, openPage, signUp } from './support/dashboard-browser';
import { signedInUser } from './support/dashboard';
import { startHookServer, type HookRequest } from './support/hook-server';
import { csv, runImport } from './support/imports';
import { eventually } from './support/widget-page';

jest.setTimeout(300_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

const KNOWN = new Set(['C-1', 'C-2']);

/** A small hook: unknown customers are errors (with a suggestion), 10-digit phones become E.164, C-2 gets a warning. */
function check(request: HookRequest) {
  return {
    rows: request.rows.map(({ row, revision, values }) => {
      const messages: Record<string, unknown>[] = [];
      const id = String(values.customer_id ?? '');
      if (!KNOWN.has(id)) messages.push({ column: 'customer_id', level: 'error', code: 'unknown_customer', message: `Customer ${id} does not exist`, suggestion: 'C-1' });
      if (id === 'C-2') messages.push({ column: 'customer_id', level: 'warning', message: 'Customer C-2 is on hold' });
      const digits = String(values.phone ?? '').replace(/\D/g, '');
      return { row, revision, ...(digits.length === 10 ? { values: { phone: `+1${digits}` } } : {}), messages };
    }),
  };
}

const field = (page: Page, path: string) => page.locator(`#field-${path.replace(/[[\].]+/g, '-').replace(/-$/, '')}`);

/** A screenshot of one part of the page, beside the full-page ones. */
const shoot = (part: Locator, name: string) => part.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });

describe('validation hooks in the dashboard', () => {
  it('sets a hook in the builder, shows the secret once, sends a test batch, and shows the hook on an import', async () => {
    let secret: string | undefined;
    let importCalls = 0;
    const hook = await startHookServer(
      () => secret,
      (request) => {
        // The import's first call fails once: its retry, and the failed attempt, show on the import's page.
        if (request.mode === 'import' && ++importCalls === 1) return { status: 503, raw: 'busy' };
        return { json: check(request) };
      },
    );
    const { page, problems, person, organizationId, close } = await newOrganizationOwner(browser, 'hooks');
    try {
      // The builder: two columns, then the hook on, sending only the customer and the phone.
      await page.goto(dashboardUrl(`/o/${organizationId}/templates/new`));
      await page.getByRole('heading', { level: 1, name: 'New template' }).waitFor();
      await field(page, 'name').fill('Customers');
      await field(page, 'columns[0].key').fill('customer_id');
      await field(page, 'columns[0].name').fill('Customer');
      await page.getByRole('button', { name: 'Add column' }).click();
      await field(page, 'columns[1].key').fill('phone');
      await field(page, 'columns[1].name').fill('Phone');
      await page.getByRole('button', { name: 'Add column' }).click();
      await field(page, 'columns[2].key').fill('note');
      await field(page, 'columns[2].name').fill('Note');
      const section = page.getByRole('region', { name: 'Validation hook' });
      expect(await section.getByLabel('Hook URL').count()).toBe(0);
      await section.getByRole('switch', { name: 'Call a validation hook' }).check();
      await section.getByLabel('Hook URL').fill(hook.url);
      expect(await section.getByLabel('Rows per request').inputValue()).toBe('1000');
      await section.getByRole('radio', { name: 'Only the columns chosen here' }).check();
      await section.getByRole('checkbox', { name: 'Column 1: Customer' }).check();
      await section.getByRole('checkbox', { name: 'Column 2: Phone' }).check();
      await section.getByLabel('Rows per request').fill('2');
      await section.getByLabel('Time limit per attempt (milliseconds)').fill('500');
      // Before it is saved there is no template to test with: the section says so.
      await section.getByText('Create the template first').waitFor();

      // The API refuses the time limit: its message is at that field.
      await page.getByRole('button', { name: 'Create template' }).click();
      const summary = page.getByRole('alert').filter({ hasText: 'The template was not saved' });
      await summary.waitFor();
      expect(await summary.innerText()).toContain('Validation hook, timeoutMs');
      const timeout = field(page, 'validationHook.timeoutMs');
      expect(await timeout.getAttribute('aria-invalid')).toBe('true');
      await summary.getByRole('button', { name: 'Go to the field' }).click();
      await eventually(async () => expect(await page.evaluate('document.activeElement?.id')).toBe('field-validationHook-timeoutMs'));
      await timeout.fill('8000');
      await section.getByRole('radio', { name: 'Let rows through unchecked' }).check();

      // Created: the organization's first secret, shown once.
      await page.getByRole('button', { name: 'Create template' }).click();
      await page.waitForURL(/\/templates\/tpl_[0-9A-Z]+$/);
      const templateId = new URL(page.url()).pathname.split('/').pop()!;
      await page.getByText('Template saved.').waitFor();
      const shownSecret = page.getByRole('textbox', { name: /webhook secret/ });
      secret = await shownSecret.inputValue();
      expect(secret).toMatch(/^whsec_/);
      // Saved as set.
      const owner = await signedInUser(person);
      const saved = (await owner.call('GET', `/dashboard/v1/organizations/${organizationId}/templates/${templateId}`)).body;
      expect(saved.validationHook).toEqual({ url: hook.url, columns: ['customer_id', 'phone'], batchSize: 2, timeoutMs: 8000, onFailure: 'accept' });

      // A test batch: two rows typed (the third left empty is not sent).
      await section.getByRole('textbox', { name: 'Row 1, Customer' }).fill('C-9');
      await section.getByRole('textbox', { name: 'Row 1, Phone' }).fill('415 555 0100');
      await section.getByRole('textbox', { name: 'Row 2, Customer' }).fill('C-2');
      await section.getByRole('textbox', { name: 'Row 2, Note' }).fill('call first');
      await section.getByRole('button', { name: 'Send a test batch' }).click();
      await section.getByText('The hook answered').waitFor();
      expect(hook.received).toHaveLength(1);
      expect(hook.received[0]).toMatchObject({ verified: true, body: { mode: 'test' } });
      expect(hook.received[0].body.rows.map((row) => row.values)).toEqual([
        { customer_id: 'C-9', phone: '415 555 0100' },
        { customer_id: 'C-2', phone: null },
      ]);
      const results = section.getByRole('table', { name: /^Each row after the hook/ });
      const lines = (await results.getByRole('row').allInnerTexts()).slice(1).map((line) => line.replace(/\s+/g, ' ').trim());
      expect(lines).toEqual([
        '1 Customer Error Customer C-9 does not exist Code: unknown_customer · Suggestion: C-1',
        '1 Phone Changed by the hook 415 555 0100 → +14155550100',
        '2 Customer Warning Customer C-2 is on hold',
      ]);
      expect(await section.getByRole('table', { name: 'The call' }).innerText()).toMatch(/HTTP status\s+200/);
      await section.getByText('The answer as it came').click();
      expect(await section.locator('pre').innerText()).toContain('"unknown_customer"');
      expect(await runAxe(page)).toEqual([]);
      await shoot(section, 'dashboard-hook-builder');
      await screenshot(page, 'dashboard-hook-builder-page');

      // An unsaved setting is what is tested: a port nobody listens on fails, and says why.
      await section.getByLabel('Hook URL').fill('http://127.0.0.1:9/validate');
      await section.getByRole('button', { name: 'Send a test batch' }).click();
      await section.getByText('The hook call failed').waitFor();
      expect(await section.getByRole('table', { name: 'The call' }).innerText()).toMatch(/Error\s+\S+/);
      await shoot(section.getByRole('region', { name: 'Send a test batch' }), 'dashboard-hook-test-failed');
      expect(hook.received).toHaveLength(1);
      await section.getByLabel('Hook URL').fill(hook.url);

      // The secret is gone after a reload: the API never answers it again.
      await page.reload();
      await field(page, 'validationHook.url').waitFor();
      expect(await field(page, 'validationHook.url').inputValue()).toBe(hook.url);
      expect(await page.getByRole('textbox', { name: /webhook secret/ }).count()).toBe(0);

      // An import with the hook: its first call fails once, its retry answers.
      const record = await runImport(organizationId, templateId, csv(['Customer', 'Phone', 'Note'], [['C-1', '4155550101', 'a'], ['C-2', '', 'b'], ['C-1', '', 'c']]));
      expect(record.status).toBe('COMPLETED');
      await page.goto(dashboardUrl(`/o/${organizationId}/imports/${record.id}`));
      const panel = page.getByRole('region', { name: 'Validation hook' });
      await panel.waitFor();
      await panel.getByText('Ran').waitFor();
      const calls = panel.getByRole('table', { name: 'Validation hook calls, in the order they were made' });
      await calls.waitFor();
      const callRows = (await calls.getByRole('row').allInnerTexts()).slice(1).map((line) => line.split('\t').map((cell) => cell.trim()));
      // In the order made: the second batch leaves while the first waits for its retry, so compare sorted.
      expect(callRows.map((cells) => cells.slice(1, 6)).sort((a, b) => a.join().localeCompare(b.join()))).toEqual([
        ['Import', '0', '2', '1', 'HTTP 503'],
        ['Import', '0', '2', '2', 'HTTP 200'],
        ['Import', '1', '1', '1', 'HTTP 200'],
      ]);
      expect(callRows.find((cells) => cells[5] === 'HTTP 503')![7]).not.toBe('');
      expect(await panel.innerText()).toMatch(/Calls\s+3\s+Failed calls\s+1\s+Rows checked\s+3/);
      expect(await runAxe(page)).toEqual([]);
      await shoot(panel, 'dashboard-hook-import-panel');
      await screenshot(page, 'dashboard-hook-import');

      // The one expected refusal: the time limit.
      expect(problems.errors).toEqual([]);
      expect(problems.dialogs).toEqual([]);
      expect(problems.consoleErrors).toHaveLength(1);
      expect(problems.consoleErrors[0]).toMatch(/status of 400/);

      // A viewer reads the setting and the calls, and is offered no test and no save.
      const viewer = newPerson('hook-viewer');
      const invitation = (await owner.call('POST', `/dashboard/v1/organizations/${organizationId}/invitations`, { email: viewer.email, role: 'viewer' })).body;
      const viewing = await openPage(browser);
      try {
        await signUp(viewing.page, viewer, new URL(invitation.acceptUrl).pathname.replace(/^\/dashboard/, ''));
        await viewing.page.getByRole('button', { name: 'Accept invitation' }).click();
        await viewing.page.waitForURL(new RegExp(`/dashboard/o/${organizationId}$`));
        await viewing.page.goto(dashboardUrl(`/o/${organizationId}/templates/${templateId}`));
        const url = field(viewing.page, 'validationHook.url');
        await url.waitFor();
        expect([await url.inputValue(), await url.getAttribute('readonly')]).toEqual([hook.url, '']);
        expect(await viewing.page.getByRole('radio', { name: 'Let rows through unchecked' }).isChecked()).toBe(true);
        expect(await viewing.page.getByRole('button', { name: /Send a test batch|Save template/ }).count()).toBe(0);
        expect(await runAxe(viewing.page)).toEqual([]);
        await viewing.page.goto(dashboardUrl(`/o/${organizationId}/imports/${record.id}`));
        await viewing.page.getByRole('table', { name: 'Validation hook calls, in the order they were made' }).waitFor();
        expect(await runAxe(viewing.page)).toEqual([]);
        expect(viewing.problems).toEqual(noProblems);
      } finally {
        await viewing.close();
      }
    } catch (error) {
      await screenshot(page, 'dashboard-hooks-failure');
      throw error;
    } finally {
      await close();
      await hook.stop();
    }
  });
});

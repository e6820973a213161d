// The dashboard's team pages in Chromium: the overview of a new organization (its first steps), then with
// imports (figures, the chart, what needs attention); usage and cost per day; inviting a viewer who signs
// up from the link, joins and is offered no member management; changing their role, removing them; the
// last owner refused to demote themself (409 LAST_OWNER shown); the audit log naming who did what.
// axe finds nothing serious on each page; each page's screenshot is written for a person to look at.
import type { Browser, Page } from 'playwright-core';
import { contactsTemplate } from './support/api';
import { launchBrowser, noProblems, runAxe, screenshot } from './support/browser';
import { dashboardUrl, newOrganizationOwner, newPerson, openPage, signUp } from './support/dashboard-browser';
import { signedInUser } from './support/dashboard';
import { csv, runImport, until } from './support/imports';

jest.setTimeout(180_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name });

describe('overview, usage, members and audit log', () => {
  it('a new owner starts from an empty overview, then follows imports, their cost and their team', async () => {
    const owner = await newOrganizationOwner(browser, 'team-owner');
    const viewerSession = await openPage(browser);
    const { page, problems, organizationId } = owner;
    try {
      // An organization without imports: the getting-started checklist.
      await page.getByText('Welcome: no imports yet').waitFor();
      for (const step of [/Create a template/, /Set a webhook URL/, /Create an API key/]) expect(await page.getByRole('link', { name: step }).count()).toBe(1);
      expect(await runAxe(page)).toEqual([]);
      await screenshot(page, 'dashboard-overview-empty');

      // Prepare: a template made through the dashboard API as the same person, a completed and a failed import.
      const created = await (await signedInUser(owner.person)).call('POST', `/dashboard/v1/organizations/${organizationId}/templates`, contactsTemplate());
      expect(created.status).toBe(201);
      const templateId: string = created.body.id;
      await runImport(organizationId, templateId, csv(['email', 'age'], [['a@example.com', '1'], ['b@example.com', '2'], ['c@example.com', '3']]), { fileName: 'good.csv' });
      const failed = await runImport(organizationId, templateId, csv(['email', 'age'], [['d@example.com', 'x'], ['e@example.com', '4']]), { fileName: 'bad.csv' });
      expect(failed.status).toBe('FAILED');

      // The overview with imports: the figures, the chart and the failed import to look at.
      await page.reload();
      await page.getByRole('heading', { name: 'Imports per day' }).waitFor();
      const chart = page.getByRole('img', { name: /Bar chart of imports per day over 30 days: 2 imports in all/ });
      expect(await chart.count()).toBe(1);
      expect(await page.getByText('1 completed, 1 failed').count()).toBe(1);
      const attention = page.getByRole('table', { name: 'Imports that need attention' });
      expect(await attention.getByRole('link', { name: 'bad.csv' }).count()).toBe(1);
      expect(await attention.getByRole('link', { name: 'good.csv' }).count()).toBe(0);
      await page.getByText('Show the numbers').click();
      await page.getByRole('table', { name: 'Imports per day, by outcome' }).waitFor();
      expect(await runAxe(page)).toEqual([]);
      await screenshot(page, 'dashboard-overview');

      // Usage and cost: the day of the imports with its rows and dollars, the range's $ figures.
      await nav(page, 'Usage and cost').click();
      const perDay = page.getByRole('table', { name: 'Usage and estimated cost per day' });
      await perDay.waitFor();
      const today = new Date().toISOString().slice(0, 10);
      const todayRow = perDay.getByRole('row', { name: new RegExp(`^${today}`) });
      expect(await todayRow.getByRole('cell').allInnerTexts()).toEqual(['1', '1', '5', '4', '1', '0', '0', '0', expect.stringMatching(/^\$0\.0000\d+$/)]);
      for (const figure of ['Per import', 'Per million rows']) {
        expect(await page.locator('.mantine-Card-root', { hasText: figure }).innerText()).toMatch(/\$\d/);
      }
      expect(await page.getByText(/What the estimate counts/).count()).toBe(1);
      await page.getByLabel('Only days with activity').check();
      expect(await perDay.getByRole('row').count()).toBeLessThanOrEqual(3);
      expect(await runAxe(page)).toEqual([]);
      await screenshot(page, 'dashboard-usage');

      // Members: the owner invites a viewer; locally no email leaves, so the link is shown to share.
      await nav(page, 'Members').click();
      const viewer = newPerson('team-viewer');
      await page.getByLabel('Email address').fill(viewer.email);
      await page.getByLabel('Role', { exact: true }).selectOption('viewer');
      await page.getByRole('button', { name: 'Send invitation' }).click();
      const link = page.getByLabel('Invitation link');
      await link.waitFor();
      const acceptUrl = new URL(await link.inputValue());
      expect(acceptUrl.pathname).toMatch(/^\/dashboard\/invitations\/inv_/);
      const invitations = page.getByRole('table', { name: 'Pending invitations' });
      await invitations.getByRole('cell', { name: viewer.email, exact: true }).waitFor();
      expect(await runAxe(page)).toEqual([]);
      await screenshot(page, 'dashboard-members');

      // The viewer signs up from the link, accepts, sees the overview, and no member management.
      await signUp(viewerSession.page, viewer, acceptUrl.pathname.replace(/^\/dashboard/, ''));
      await viewerSession.page.getByRole('button', { name: 'Accept invitation' }).click();
      await viewerSession.page.waitForURL(dashboardUrl(`/o/${organizationId}`));
      await viewerSession.page.getByRole('heading', { name: 'Imports per day' }).waitFor();
      await nav(viewerSession.page, 'Members').click();
      const viewerMembers = viewerSession.page.getByRole('table', { name: 'Members' });
      await viewerMembers.getByRole('cell', { name: new RegExp(owner.person.email) }).waitFor();
      expect(await viewerSession.page.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
      expect(await viewerSession.page.getByRole('button', { name: /Remove/ }).count()).toBe(0);
      expect(await viewerSession.page.getByRole('combobox', { name: /Role of/ }).count()).toBe(0);
      expect(await runAxe(viewerSession.page)).toEqual([]);
      await screenshot(viewerSession.page, 'dashboard-members-viewer');
      expect(viewerSession.problems).toEqual(noProblems);

      // The owner makes the viewer a developer, then removes them (after confirming).
      await page.reload();
      await page.getByLabel(`Role of ${viewer.email}`).selectOption('developer');
      await page.getByText(`${viewer.email} is now Developer.`).waitFor();
      await page.getByRole('button', { name: `Remove ${viewer.email}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove this member?' });
      await dialog.waitFor();
      expect(await runAxe(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Remove member' }).click();
      await page.getByText(`${viewer.email} was removed.`).waitFor();
      await page.getByRole('table', { name: 'Members' }).getByRole('cell', { name: viewer.email, exact: true }).waitFor({ state: 'detached' });
      expect(problems).toEqual(noProblems);

      // The audit log: the invitation, its acceptance, the role change and the removal, each with its actor.
      await nav(page, 'Audit log').click();
      const log = page.getByRole('table', { name: 'Audit log entries' });
      await log.waitFor();
      const invited = log.getByRole('row', { name: /invitation\.created/ });
      expect(await invited.innerText()).toContain(owner.person.email);
      expect(await invited.innerText()).toContain(viewer.email);
      expect(await log.getByRole('row', { name: /invitation\.accepted/ }).innerText()).toContain(viewer.email);
      expect(await log.getByRole('row', { name: /member\.role_changed/ }).innerText()).toMatch(/viewer[\s\S]*developer|developer[\s\S]*viewer/);
      expect(await log.getByRole('row', { name: /member\.removed/ }).count()).toBe(1);
      expect(await runAxe(page)).toEqual([]);
      await screenshot(page, 'dashboard-audit-log');
      expect(problems).toEqual(noProblems);

      // The only owner cannot demote themself: the API's LAST_OWNER, shown; the select keeps "Owner".
      await nav(page, 'Members').click();
      const own = page.getByLabel(`Role of ${owner.person.email}`);
      await own.selectOption('admin');
      const alert = page.getByRole('alert');
      await alert.getByText(/LAST_OWNER/).waitFor();
      // Back to what the API holds once the members are read again after the refusal.
      await until(() => own.inputValue(), (value) => value === 'owner', 10_000);
      await screenshot(page, 'dashboard-members-last-owner');
      expect(problems.errors).toEqual([]);
      expect(problems.consoleErrors.every((line) => /409/.test(line))).toBe(true);
    } finally {
      await viewerSession.close();
      await owner.close();
    }
  });
});

// A review link as its recipient uses it (docs/api.md "Review links"): an API import of a file with errors
// created with review: true, its link opened in Chromium by someone with no account (a fresh browser
// context, never signed in): the dashboard's /review page shows the organization's widget at the
// correction step; the bad cell is fixed with the keyboard, the rows are submitted, and the webhook
// brings import.completed with the fixed row. The template is not embed-enabled: the link needs no more.
import { updateOrganization } from '../shared/data/organizations';
import { newWebhookSecret } from '../shared/domain/ids';
import { call, newOrganization } from './support/api';
import { runAxe, screenshot, watchPage } from './support/browser';
import { until } from './support/imports';
import { startReceiver } from './support/receiver';
import { browserPerFile, eventually, waitForStep } from './support/widget-page';

jest.setTimeout(120_000);

const session = browserPerFile({ viewport: { width: 1100, height: 900 } });

const TEMPLATE = {
  name: 'Suppliers',
  allowPartialImport: false,
  columns: [
    { key: 'code', name: 'Code', type: 'string', required: true },
    { key: 'email', name: 'Email', type: 'email', required: true },
  ],
};

test('someone with no account opens the link, fixes the row in the grid and submits; the import completes', async () => {
  const org = await newOrganization();
  const hook = await startReceiver([]);
  try {
    await updateOrganization(org.organizationId, { webhookUrl: hook.url, webhookSecret: newWebhookSecret() });
    const template = await org.api.post('/api/v1/templates', TEMPLATE);
    const file = 'Code,Email\nS1,one@example.com\nS2,two-at-example.com\nS3,three@example.com\n';
    const created = await call('POST', '/api/v1/imports', {
      key: org.apiKey,
      body: { templateId: template.body.id, fileName: 'suppliers.csv', fileSize: Buffer.byteLength(file), review: true },
    });
    const put = await fetch(created.body.upload.url, { method: 'PUT', headers: created.body.upload.headers, body: file });
    expect(put.status).toBe(200);
    const importId = created.body.importId as string;
    await until(() => call('GET', `/api/v1/imports/${importId}`, { key: org.apiKey }), (d) => d.body.phase === 'AWAITING_CORRECTIONS');
    const link = await call('POST', `/api/v1/imports/${importId}/review-link`, { key: org.apiKey, body: {} });
    expect(link.status).toBe(201);

    const page = await session.context.newPage();
    const problems = watchPage(page);
    await page.goto(link.body.url);
    await page.getByRole('heading', { name: 'Review your import' }).waitFor();
    await waitForStep(page, 'corrections', 30_000);
    // No way to another file on a review link's page.
    expect(await page.getByRole('button', { name: 'Choose another file' }).count()).toBe(0);
    await screenshot(page, 'review-link-1-grid');
    expect(await runAxe(page, { context: 'import-widget' })).toEqual([]);

    // The one cell in error: reached by Tab and arrows, typed over, Enter.
    const bad = page.locator('import-widget [role=gridcell][aria-invalid=true]');
    await eventually(async () => expect(await bad.count()).toBe(1));
    await bad.click();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('two@example.com');
    await page.keyboard.press('Enter');
    await eventually(async () => expect(await bad.count()).toBe(0));
    await screenshot(page, 'review-link-2-fixed');
    await page.locator('import-widget .iw-actions .iw-primary').click();
    await waitForStep(page, 'result', 60_000);
    expect(await page.getByRole('button', { name: 'Import another file' }).count()).toBe(0);
    await screenshot(page, 'review-link-3-result');
    expect(problems.errors).toEqual([]);

    await until(async () => hook.received.length, (n) => n > 0);
    const event = JSON.parse(hook.received[0].body.toString('utf8'));
    expect(event).toMatchObject({ event: 'import.completed', importId, source: 'api', stats: { validRows: 3, errorRows: 0, correctedRows: 1 } });
    expect(event.data.rows[1]).toEqual({ code: 'S2', email: 'two@example.com' });
    // Once submitted, the link changes nothing more.
    const token = new URLSearchParams(new URL(link.body.url).hash.slice(1)).get('token');
    const late = await call('PATCH', `/embed/v1/imports/${importId}/rows`, { headers: { authorization: `Bearer ${token}` }, body: { changes: [] } });
    expect([400, 409]).toContain(late.status);
  } finally {
    await hook.stop();
  }
});

test('an incomplete link says so', async () => {
  const page = await session.context.newPage();
  const { baseUrl } = await import('./support/api');
  await page.goto(`${baseUrl()}/dashboard/review`);
  await page.getByText('This review link is incomplete').waitFor();
});

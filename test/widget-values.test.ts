// The mapping review's questions about the file itself, in Chromium, keyboard only, in English, German
// and Japanese (docs/values.md): a report whose header sits under a title is proposed at the right row,
// another row is picked and the proposal picked back with the arrow keys; a column of dates that read
// two ways and a column of numbers that read two ways are asked about, the answers switched, and the
// import delivers what was chosen. German and US exports are imported with no question and no error.
// axe-core finds nothing serious on the review, every Tab stop shows its focus, and screenshots are kept.
import type { Page } from 'playwright-core';
import { MESSAGES } from '../widget/src/i18n';
import { screenshot } from './support/browser';
import { tabThrough } from './support/keyboard';
import { browserPerFile, embeddedTemplate, eventually, expectAccessible, openDemo, tempFile, waitForStep } from './support/widget-page';

jest.setTimeout(120_000);

const session = browserPerFile({ viewport: { width: 900, height: 1100 } });

const TEMPLATE = {
  name: 'Customers',
  allowPartialImport: true,
  columns: [
    { key: 'name', name: 'Name', type: 'string', required: true },
    { key: 'signup', name: 'Signed up', type: 'date' },
    { key: 'amount', name: 'Amount', type: 'number' },
  ],
};

/** What has focus inside the widget's shadow root. */
async function focused(page: Page): Promise<{ tag: string; type: string | null; name: string | null; value: string | null; text: string }> {
  return page.evaluate(`(() => {
    let element = document.activeElement;
    while (element && element.shadowRoot && element.shadowRoot.activeElement) element = element.shadowRoot.activeElement;
    return { tag: element.tagName.toLowerCase(), type: element.getAttribute('type'), name: element.getAttribute('name'), value: element.getAttribute('value'), text: (element.textContent || '').trim() };
  })()`);
}

/** Tab until `wanted` holds of the focused element (at most `limit` presses). */
async function tabTo(page: Page, wanted: (stop: Awaited<ReturnType<typeof focused>>) => boolean, limit = 40) {
  for (let i = 0; i < limit; i++) {
    if (wanted(await focused(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`focus never reached the wanted element (at ${JSON.stringify(await focused(page))})`);
}

const checked = (page: Page, name: string) => page.locator(`import-widget input[name="${name}"]:checked`).getAttribute('value');
const headers = (page: Page) => page.locator('import-widget table[part=mapping-table] tbody th label').allInnerTexts();

/** Starts an import of `file` from the welcome step by keyboard (the file itself is given to the input, as a person's file dialog would). */
async function startImport(page: Page, name: string, content: string) {
  await page.keyboard.press('Tab');
  await tabTo(page, (stop) => stop.tag === 'button');
  await page.keyboard.press('Enter');
  await waitForStep(page, 'choose');
  await page.locator('import-widget input[type=file]').setInputFiles(tempFile(name, content));
  await waitForStep(page, 'review', 60_000);
}

async function deliveredRows(api: { get(path: string): Promise<{ body: any }> }) {
  let id: string | undefined;
  await eventually(async () => {
    const list = await api.get('/api/v1/imports');
    id = list.body.data[0]?.id;
    expect(list.body.data[0]?.status).toBe('COMPLETED');
  }, 30_000);
  return (await api.get(`/api/v1/imports/${id}/rows`)).body.data;
}

describe.each(['en', 'de', 'ja'])('the review in %s', (locale) => {
  const t = MESSAGES[locale];

  test('proposes the header row under a title, picks another and back by keyboard, asks about ambiguous dates and numbers and delivers the answers', async () => {
    const org = await embeddedTemplate('free', TEMPLATE);
    const page = await openDemo(session.context, org.templateId, { locale });
    const report = 'Customer report\nGenerated 2024-05-01\n\nName,Signed up,Amount\nAnn,03/08/2024,"1,234"\nBob,04/09/2024,7\n';
    await startImport(page, 'report.csv', report);

    // Proposed: row 4, under the title and the date line; the picker is open because it is not row 1.
    const picker = page.locator('import-widget details[part=header-row]');
    expect(await picker.getAttribute('open')).not.toBeNull();
    expect(await picker.locator('summary').innerText()).toBe(t.headerRowSummary.replace('{n}', '4'));
    expect(await headers(page)).toEqual(['Name', 'Signed up', 'Amount']);
    await screenshot(page, `values-${locale}-1-review`);
    await expectAccessible(page, `review (${locale})`);
    const stops = await tabThrough(page);
    expect(stops.filter((stop) => !stop.visible)).toEqual([]);

    // Keyboard: into the header-row group (its checked radio), one row up (row 2, the date line), and back.
    await tabTo(page, (stop) => stop.name === 'iw-header-row');
    expect((await focused(page)).value).toBe('4');
    await page.keyboard.press('ArrowUp');
    await eventually(async () => expect(await headers(page)).toEqual(['Generated 2024-05-01']));
    expect(await checked(page, 'iw-header-row')).toBe('2');
    await page.keyboard.press('ArrowDown');
    await eventually(async () => expect(await headers(page)).toEqual(['Name', 'Signed up', 'Amount']));
    expect(await picker.locator('summary').innerText()).toBe(t.headerRowSummary.replace('{n}', '4'));

    // The two questions: each preset (the locale's own order and mark), switched with one arrow key.
    const questions = page.locator('import-widget fieldset.iw-format');
    await eventually(async () => expect(await questions.count()).toBe(2));
    expect(await questions.nth(0).locator('legend').innerText()).toBe(t.datesQuestion.replace('{name}', 'Signed up'));
    const firstOrder = await checked(page, 'iw-fmt-0');
    const firstMark = await checked(page, 'iw-fmt-1');
    expect(firstOrder).toBe(locale === 'de' ? 'DMY' : 'MDY');
    expect(firstMark).toBe(locale === 'de' ? 'comma' : 'point');
    await tabTo(page, (stop) => stop.name === 'iw-fmt-0');
    await page.keyboard.press('ArrowDown');
    await tabTo(page, (stop) => stop.name === 'iw-fmt-1');
    await page.keyboard.press('ArrowDown');
    const order = await checked(page, 'iw-fmt-0');
    const mark = await checked(page, 'iw-fmt-1');
    expect([order, mark]).toEqual([firstOrder === 'DMY' ? 'MDY' : 'DMY', firstMark === 'comma' ? 'point' : 'comma']);
    await screenshot(page, `values-${locale}-2-answered`);
    await expectAccessible(page, `review answered (${locale})`);

    await tabTo(page, (stop) => stop.tag === 'button' && stop.text === t.confirm);
    await page.keyboard.press('Enter');
    await waitForStep(page, 'result', 60_000);
    expect(await deliveredRows(org.api)).toEqual([
      { name: 'Ann', signup: order === 'DMY' ? '2024-08-03' : '2024-03-08', amount: mark === 'comma' ? 1.234 : 1234 },
      { name: 'Bob', signup: order === 'DMY' ? '2024-09-04' : '2024-04-09', amount: 7 },
    ]);
  });
});

test.each([
  ['de', 'kunden.csv', 'Name;Signed up;Amount\nAnna;31.12.2024;1.234,56\nBernd;01.02.2024;4,5\n', [1234.56, 4.5]],
  ['en', 'customers.csv', 'Name,Signed up,Amount\nAnn,12/31/2024,"1,234.56"\nBob,02/01/2024,4.5\n', [1234.56, 4.5]],
])('a %s export imports with no question and no error', async (locale, name, file, amounts) => {
  const org = await embeddedTemplate('free', TEMPLATE);
  const page = await openDemo(session.context, org.templateId, { locale });
  await startImport(page, name, file);
  expect(await page.locator('import-widget fieldset.iw-format').count()).toBe(0);
  // Row 1 is the header: nothing to pick, so the picker stays folded.
  expect(await page.locator('import-widget details[part=header-row]').getAttribute('open')).toBeNull();
  await page.locator('import-widget .iw-actions .iw-primary').click();
  await waitForStep(page, 'result', 60_000);
  const rows = await deliveredRows(org.api);
  expect(rows.map((row: { signup: string; amount: number }) => [row.signup, row.amount])).toEqual([
    ['2024-12-31', amounts[0]],
    ['2024-02-01', amounts[1]],
  ]);
});

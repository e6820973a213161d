// The mapping review's questions about the file itself, in Chromium, keyboard only, in English, German
// and Japanese (docs/values.md): a report whose header sits under a title is proposed at the right row,
// another row is picked and the proposal picked back with the arrow keys; a column of dates that read
// two ways and a column of numbers that read two ways are asked about, the answers switched, and the
// import delivers what was chosen. German and US exports are imported with no question and no error.
// A header row answering late or not at all leaves the picker and the table agreeing; a template's own
// date order asks nothing; a sample mixing both orders says so.
// axe-core finds nothing serious on the review, every Tab stop shows its focus, and screenshots are kept.
import type { Page } from 'playwright-core';
import { MESSAGES } from '../widget/src/i18n';
import { screenshot } from './support/browser';
import { tabThrough } from './support/keyboard';
import { browserPerFile, embeddedTemplate, eventually, expectAccessible, openDemo, tempFile, valve, waitForStep } from './support/widget-page';

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
    id = list.body.data?.[0]?.id;
    expect(list.body.data?.[0]?.status).toBe('COMPLETED');
  }, 30_000);
  return (await api.get(`/api/v1/imports/${id}/rows`)).body.data;
}

const REPORT = 'Customer report\nGenerated 2024-05-01\n\nName,Signed up,Amount\nAnn,03/08/2024,"1,234"\nBob,04/09/2024,7\n';

// The mapping deadline is 8 s after the preview in the test stack (test/support/global-setup.ts): the
// looking (axe, a Tab pass) and the importing are two tests, so neither keeps an import waiting that long.
describe.each(['en', 'de', 'ja'])('the review in %s', (locale) => {
  const t = MESSAGES[locale];

  test('proposes the header row under a title and picks another and back by keyboard; axe-clean with its questions, every Tab stop visible', async () => {
    const org = await embeddedTemplate('free', TEMPLATE);
    const page = await openDemo(session.context, org.templateId, { locale });
    await startImport(page, 'report.csv', REPORT);

    // Proposed: row 4, under the title and the date line; the picker is open because it is not row 1.
    const picker = page.locator('import-widget details[part=header-row]');
    expect(await picker.getAttribute('open')).not.toBeNull();
    expect(await picker.locator('summary').innerText()).toBe(t.headerRowSummary.replace('{n}', '4'));
    expect(await headers(page)).toEqual(['Name', 'Signed up', 'Amount']);
    // The blank row 3 is not offered.
    expect(await page.locator('import-widget input[name=iw-header-row]').evaluateAll((radios) => radios.map((radio) => radio.getAttribute('value')))).toEqual(['1', '2', '4', '5', '6']);

    // Keyboard: into the header-row group (its checked radio), one row up (row 2, the date line), and back.
    await page.keyboard.press('Tab');
    await tabTo(page, (stop) => stop.name === 'iw-header-row');
    expect((await focused(page)).value).toBe('4');
    await page.keyboard.press('ArrowUp');
    await eventually(async () => expect(await headers(page)).toEqual(['Generated 2024-05-01']));
    expect(await checked(page, 'iw-header-row')).toBe('2');
    expect(await page.locator('import-widget fieldset.iw-format').count()).toBe(0);
    await page.keyboard.press('ArrowDown');
    await eventually(async () => expect(await headers(page)).toEqual(['Name', 'Signed up', 'Amount']));
    expect(await picker.locator('summary').innerText()).toBe(t.headerRowSummary.replace('{n}', '4'));
    await eventually(async () => expect(await page.locator('import-widget fieldset.iw-format').count()).toBe(2));
    await screenshot(page, `values-${locale}-1-review`);
    await expectAccessible(page, `review (${locale})`);
    const stops = await tabThrough(page);
    expect(stops.filter((stop) => !stop.visible)).toEqual([]);
  });

  test('asks about ambiguous dates and numbers, the answers switched by keyboard, and the import delivers them under the header row proposed', async () => {
    const org = await embeddedTemplate('free', TEMPLATE);
    const page = await openDemo(session.context, org.templateId, { locale });
    await startImport(page, 'report.csv', REPORT);

    // The two questions: each preset (the locale's own order and mark), switched with one arrow key.
    const questions = page.locator('import-widget fieldset.iw-format');
    expect(await questions.count()).toBe(2);
    expect(await questions.nth(0).locator('legend').innerText()).toBe(t.datesQuestion.replace('{name}', 'Signed up'));
    expect(await questions.nth(1).locator('legend').innerText()).toBe(t.numbersQuestion.replace('{name}', 'Amount'));
    const firstOrder = await checked(page, 'iw-fmt-0');
    const firstMark = await checked(page, 'iw-fmt-1');
    expect(firstOrder).toBe(locale === 'de' ? 'DMY' : 'MDY');
    expect(firstMark).toBe(locale === 'de' ? 'comma' : 'point');
    await page.keyboard.press('Tab');
    await tabTo(page, (stop) => stop.name === 'iw-fmt-0');
    await page.keyboard.press('ArrowDown');
    await tabTo(page, (stop) => stop.name === 'iw-fmt-1');
    await page.keyboard.press('ArrowDown');
    const order = await checked(page, 'iw-fmt-0');
    const mark = await checked(page, 'iw-fmt-1');
    expect([order, mark]).toEqual([firstOrder === 'DMY' ? 'MDY' : 'DMY', firstMark === 'comma' ? 'point' : 'comma']);
    await screenshot(page, `values-${locale}-2-answered`);

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
  await tabTo(page, (stop) => stop.tag === 'button' && stop.text === MESSAGES[locale].confirm);
  await page.keyboard.press('Enter');
  await waitForStep(page, 'result', 60_000);
  const rows = await deliveredRows(org.api);
  expect(rows.map((row: { signup: string; amount: number }) => [row.signup, row.amount])).toEqual([
    ['2024-12-31', amounts[0]],
    ['2024-02-01', amounts[1]],
  ]);
});

test('a header row that answers late is dropped for the one picked after it; one that fails puts the picker back and says why', async () => {
  const org = await embeddedTemplate('free', TEMPLATE);
  const page = await openDemo(session.context, org.templateId, { locale: 'en' });
  const t = MESSAGES.en;
  const summary = page.locator('import-widget details[part=header-row] summary');
  await startImport(page, 'report.csv', 'Customer report\nGenerated 2024-05-01\n\nName,Signed up,Amount\nAnn,03/08/2024,7\n');
  const rowTwo = await valve(page, /\/preview\?.*headerRow=2\b/, 'GET');

  // Row 2 is held while row 4 is picked back: row 4 answers first, then row 2's late answer must not redraw.
  await tabTo(page, (stop) => stop.name === 'iw-header-row');
  const fourAnswered = page.waitForResponse(/\/preview\?.*headerRow=4\b/);
  await page.keyboard.press('ArrowUp');
  await eventually(() => expect(rowTwo.held()).toBe(1));
  await page.keyboard.press('ArrowDown');
  await fourAnswered;
  const twoAnswered = page.waitForResponse(/\/preview\?.*headerRow=2\b/);
  rowTwo.open();
  await twoAnswered;
  await page.waitForTimeout(300);
  expect(await headers(page)).toEqual(['Name', 'Signed up', 'Amount']);
  expect(await checked(page, 'iw-header-row')).toBe('4');
  expect(await summary.innerText()).toBe(t.headerRowSummary.replace('{n}', '4'));
  expect(await page.locator('import-widget table[part=mapping-table]').locator('xpath=..').getAttribute('aria-busy')).toBeNull();

  // Row 1 cannot be loaded (no answer at all): the picker goes back to row 4, focus stays on it, the alert says why.
  await page.route(/\/preview\?.*headerRow=1\b/, (route) => route.abort());
  await page.keyboard.press('ArrowUp');
  await eventually(async () => expect(await headers(page)).toEqual(['Generated 2024-05-01']));
  await page.keyboard.press('ArrowUp');
  await eventually(async () => expect(await page.locator('import-widget .iw-alert[role=alert]').innerText()).toBe(t.network));
  await eventually(async () => expect(await checked(page, 'iw-header-row')).toBe('2'));
  expect(await summary.innerText()).toBe(t.headerRowSummary.replace('{n}', '2'));
  expect(await headers(page)).toEqual(['Generated 2024-05-01']);
  expect(await focused(page)).toMatchObject({ name: 'iw-header-row', value: '2' });
});

test('no question where the template fixes the order; a sample mixing both orders says so', async () => {
  const fixed = await embeddedTemplate('free', { ...TEMPLATE, columns: TEMPLATE.columns.map((column) => (column.key === 'signup' ? { ...column, dateOrder: 'DMY' } : column)) });
  const page = await openDemo(session.context, fixed.templateId, { locale: 'en' });
  await startImport(page, 'fixed.csv', 'Name,Signed up,Amount\nAnn,03/08/2024,7\n');
  expect(await page.locator('import-widget fieldset.iw-format').count()).toBe(0);

  const mixed = await embeddedTemplate('free', TEMPLATE);
  const other = await openDemo(session.context, mixed.templateId, { locale: 'de' });
  await startImport(other, 'mixed.csv', 'Name,Signed up,Amount\nAnn,13/01/2024,7\nBob,01/13/2024,8\nCy,03/08/2024,9\n');
  const question = other.locator('import-widget fieldset.iw-format');
  expect(await question.count()).toBe(1);
  expect(await question.locator('legend').innerText()).toBe(MESSAGES.de.datesConflict.replace('{name}', 'Signed up'));
  // Nothing in the sample decides: the German widget proposes its own day/month/year, 3 August.
  expect(await checked(other, 'iw-fmt-0')).toBe('DMY');
  expect(await question.locator('label').first().innerText()).toBe('Tag/Monat/Jahr: 03/08/2024 ist der 3. August 2024');
  await expectAccessible(other, 'review with a mixed date column (de)');
  // The questions follow the mapping: Signed up not imported, nothing to ask; mapped again, asked again.
  const select = other.locator('import-widget select[data-header="Signed up"]');
  await select.selectOption('');
  expect(await question.count()).toBe(0);
  await select.selectOption('signup');
  expect(await question.count()).toBe(1);
});

test('a template without a header row shows no header-row picker', async () => {
  const org = await embeddedTemplate('free', { ...TEMPLATE, skipHeaderRows: 0 });
  const page = await openDemo(session.context, org.templateId, { locale: 'en' });
  await startImport(page, 'positional.csv', 'Ann,2024-01-15,7\n');
  expect(await page.locator('import-widget [part=header-row]').count()).toBe(0);
  expect(await page.locator('import-widget table[part=mapping-table] tbody tr').count()).toBeGreaterThan(0);
});

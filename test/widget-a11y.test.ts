// axe-core on every step of the widget in Chromium (docs/widget.md, Accessibility): welcome, choose (and
// a file refused there), upload, reading, the mapping review (and its problems), processing and the
// result with its errors table; the problem screens are checked where they are made
// (test/widget-failures.test.ts, test/widget-scenarios.test.ts). Steps that pass in a blink are held
// on screen by delaying their requests (valve), never by answering for the service.
import { en } from '../widget/src/i18n/en';
import { noProblems, runAxe, screenshot, watchPage } from './support/browser';
import { browserPerFile, CONTACTS_TEMPLATE, embeddedTemplate, eventually, expectAccessible, importAsIs, openDemo, tempFile, valve, waitForStep } from './support/widget-page';

jest.setTimeout(60_000);

const session = browserPerFile({ viewport: { width: 900, height: 900 } });

/** Headers that need one correction; one bad email and one bad phone for the errors table. */
const CSV = 'E-Mail Address,Customer,Phone\nann@example.com,Ann Lee,+1 555 0100\nbob@,Bob Stone,+1 555 0101\ncarl@example.com,Carl,555 ext\n';

describe('axe-core on every step of the widget', () => {
  it('finds no serious or critical violation from welcome to the result', async () => {
    const org = await embeddedTemplate('free', CONTACTS_TEMPLATE);
    const page = await openDemo(session.context, org.templateId);
    const problems = watchPage(page);
    const check = async (step: string) => {
      await screenshot(page, `a11y-${step}`);
      await expectAccessible(page, step);
    };
    await waitForStep(page, 'welcome');
    await check('1-welcome');

    await page.getByRole('button', { name: en.start }).click();
    await waitForStep(page, 'choose');
    await check('2-choose');
    // A file refused before anything is sent: the alert.
    await page.locator('import-widget input[type=file]').setInputFiles(tempFile('notes.txt', 'hello'));
    await eventually(async () => expect(await page.getByRole('alert').textContent()).toContain('notes.txt'));
    await check('3-choose-refused');

    // Held: the upload's PUT, then the status polls (reading, and later processing).
    const upload = await valve(page, '**/local-s3/**', 'PUT');
    const status = await valve(page, /\/embed\/v1\/imports\/imp_\w+$/, 'GET');
    await page.locator('import-widget input[type=file]').setInputFiles(tempFile('contacts.csv', CSV));
    await waitForStep(page, 'upload');
    await check('4-upload');
    upload.open();
    await waitForStep(page, 'reading');
    await check('5-reading');
    status.open();

    await waitForStep(page, 'review');
    await check('6-review');
    await page.getByRole('button', { name: en.confirm, exact: true }).click();
    await eventually(async () => expect(await page.getByRole('alert').textContent()).toContain('Name'));
    await check('7-review-problems');
    await page.getByRole('combobox', { name: 'Customer' }).selectOption('name');

    status.close();
    const polls = status.held();
    await page.getByRole('button', { name: en.confirm, exact: true }).click();
    await waitForStep(page, 'processing');
    await eventually(async () => expect(status.held()).toBeGreaterThan(polls));
    await check('8-processing');
    status.open();

    // The rows in error wait for corrections (checked in depth by test/widget-corrections.test.ts).
    await waitForStep(page, 'corrections', 60_000);
    await page.locator('import-widget [role=grid] [aria-invalid=true]').first().waitFor();
    await check('9-corrections');
    await importAsIs(page);
    await waitForStep(page, 'result');
    await eventually(async () => expect(await page.getByRole('table', { name: en.errorsTable }).getByRole('row').count()).toBe(3));
    await check('10-result');
    expect(problems).toEqual(noProblems);

    // The check is not vacuous: a nameless button put into the shadow root is found there.
    await page.locator('import-widget').evaluate((widget: any) => widget.shadowRoot.querySelector('.iw-body').append(widget.ownerDocument.createElement('button')));
    expect((await runAxe(page)).map((violation) => violation.id)).toContain('button-name');
  });
});

// The organization's branding (SPEC 2.6) as the widget shows it in Chromium, on the demo page the local
// stack serves: set with PUT /api/v1/organization/branding (the plan rules decide what a plan may set),
// read by the widget from the embed API, and checked as computed styles through the shadow root. The
// three read-only fields (headerStyle, headingFontFamily, customErrorText) have no API: the test writes
// them through the data layer, as a dashboard would. Screenshots go to test-results/screenshots/.
import type { Page } from 'playwright-core';
import { updateBranding } from '../shared/data/branding';
import type { BrandingUpdate } from '../shared/domain/branding';
import { de } from '../widget/src/i18n/de';
import { noProblems, screenshot, watchPage } from './support/browser';
import {
  CONTACTS_CSV,
  browserPerFile,
  embeddedTemplate,
  eventually,
  importAsIs,
  openDemo,
  rgb,
  styles,
  tempFile,
  waitForStep,
  widgetText,
} from './support/widget-page';

jest.setTimeout(60_000);

const PATH = '/api/v1/organization/branding';
/** An https logo (the only kind the API takes), answered by the test so nothing leaves the machine. */
const LOGO_URL = 'https://cdn.acme.test/logo.svg';
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" rx="6" fill="#0f766e"/>' +
  '<text x="60" y="27" font-family="sans-serif" font-size="20" fill="#fff" text-anchor="middle">ACME</text></svg>';

const session = browserPerFile({ viewport: { width: 900, height: 900 } });
beforeEach(async () => {
  await session.context.route(LOGO_URL, (route) => route.fulfill({ contentType: 'image/svg+xml', body: LOGO_SVG }));
});

/** Read-only fields, written as the dashboard would (the public API refuses them). */
const setReadOnlyBranding = (organizationId: string, fields: { headerStyle?: string; headingFontFamily?: string; customErrorText?: string }) =>
  updateBranding(organizationId, fields as BrandingUpdate);

const primaryButton = (page: Page) => page.locator('import-widget .iw-primary');
const header = (page: Page) => page.locator('import-widget [part=header]');
const footer = (page: Page) => page.locator('import-widget [part=footer]');

describe('branding in the widget', () => {
  it('free plan: its colors and logo, the default look otherwise, and the powered-by badge', async () => {
    const org = await embeddedTemplate('free');
    const put = await org.api.put(PATH, { primaryColor: '#0F766E', secondaryColor: '#B45309', logoUrl: LOGO_URL });
    expect(put.status).toBe(200);
    // The plan rule holds: the rest of the look stays the service's default.
    expect((await org.api.put(PATH, { showPoweredBy: false })).status).toBe(403);

    const page = await openDemo(session.context, org.templateId);
    const problems = watchPage(page);
    await waitForStep(page, 'welcome');
    // Filled (the default button style): the primary color behind white text, medium radius.
    expect(await styles(primaryButton(page), 'background-color', 'color', 'border-radius')).toEqual({
      'background-color': rgb('#0F766E'),
      color: rgb('#FFFFFF'),
      'border-radius': '8px',
    });
    // headerStyle default: logo and name in a row over a bottom border.
    expect(await styles(header(page), 'flex-direction', 'border-bottom-width', 'border-bottom-style')).toEqual({
      'flex-direction': 'row',
      'border-bottom-width': '1px',
      'border-bottom-style': 'solid',
    });
    const logo = page.locator('import-widget img[part=logo]');
    expect(await logo.getAttribute('src')).toBe(LOGO_URL);
    await eventually(async () => expect(await logo.evaluate((img: any) => img.complete && img.naturalWidth)).toBe(120));
    expect(await footer(page).isVisible()).toBe(true);
    expect(await footer(page).textContent()).toBe('Powered by Import Service');
    await screenshot(page, 'branding-free-welcome');

    await page.getByRole('button', { name: 'Get started' }).click();
    // The secondary color edges the drop zone.
    expect((await styles(page.locator('import-widget [part=dropzone]'), 'border-top-color'))['border-top-color']).toBe(rgb('#B45309'));
    await screenshot(page, 'branding-free-choose');
    expect(problems).toEqual(noProblems);
  });

  it('paid plan: all of SPEC 2.6 visible, customCss inside the shadow root only, no badge', async () => {
    const org = await embeddedTemplate('pro');
    const branding = {
      primaryColor: '#1D4ED8',
      secondaryColor: '#7C3AED',
      accentColor: '#FDE047',
      backgroundColor: '#FFFBEB',
      textColor: '#1F2937',
      borderColor: '#D97706',
      errorColor: '#B91C1C',
      successColor: '#15803D',
      logoUrl: LOGO_URL,
      showPoweredBy: false,
      fontFamily: 'Georgia, serif',
      fontSize: 'large',
      borderRadius: 'full',
      buttonStyle: 'outline',
      // A rule for every <p>: it must reach the widget's paragraphs and none of the page's.
      customCss: 'p { outline: 3px solid rgb(1, 2, 3) }',
      customWelcomeText: 'Welcome to Acme!\nSend us your contacts.',
      customSuccessText: 'Thanks, Acme has your contacts.',
    };
    expect((await org.api.put(PATH, branding)).status).toBe(200);
    await setReadOnlyBranding(org.organizationId, { headerStyle: 'centered', headingFontFamily: '"Trebuchet MS", sans-serif' });

    const page = await openDemo(session.context, org.templateId);
    const problems = watchPage(page);
    await waitForStep(page, 'welcome');
    await screenshot(page, 'branding-pro-welcome');

    // The frame: background, text color, border, body font and size.
    expect(await styles(page.locator('import-widget [part=container]'), 'background-color', 'color', 'border-top-color', 'font-family', 'font-size')).toEqual({
      'background-color': rgb(branding.backgroundColor),
      color: rgb(branding.textColor),
      'border-top-color': rgb(branding.borderColor),
      'font-family': 'Georgia, serif',
      'font-size': '18px',
    });
    // Outline: no fill, the primary color as border and text; fully rounded.
    expect(await styles(primaryButton(page), 'background-color', 'border-top-color', 'border-top-style', 'color', 'border-radius', 'font-family')).toEqual({
      'background-color': 'rgba(0, 0, 0, 0)',
      'border-top-color': rgb(branding.primaryColor),
      'border-top-style': 'solid',
      color: rgb(branding.primaryColor),
      'border-radius': '9999px',
      'font-family': 'Georgia, serif',
    });
    // headerStyle centered, headingFontFamily on the header and the step heading.
    expect(await styles(header(page), 'flex-direction', 'text-align', 'font-family')).toEqual({
      'flex-direction': 'column',
      'text-align': 'center',
      'font-family': '"Trebuchet MS", sans-serif',
    });
    expect((await styles(page.locator('import-widget h2'), 'font-family'))['font-family']).toBe('"Trebuchet MS", sans-serif');
    // The accent color behind the "required" tags.
    expect((await styles(page.locator('import-widget .iw-tag'), 'background-color'))['background-color']).toBe(rgb(branding.accentColor));
    expect(await page.locator('import-widget img[part=logo]').isVisible()).toBe(true);
    // customWelcomeText instead of the default text, its line break kept.
    expect(await page.locator('import-widget [part=welcome-text]').innerText()).toBe(branding.customWelcomeText);
    expect(await widgetText(page)).not.toContain('Upload a CSV or Excel file');
    // customCss: inside, the widget's paragraph gets the outline; outside, the page's paragraph does not.
    expect((await styles(page.locator('import-widget [part=welcome-text]'), 'outline'))['outline']).toBe('rgb(1, 2, 3) solid 3px');
    expect((await styles(page.locator('#usage'), 'outline-style'))['outline-style']).toBe('none');
    // showPoweredBy false on a paid plan: no badge.
    expect(await footer(page).isVisible()).toBe(false);
    expect(await widgetText(page)).not.toContain('Powered by');

    // customSuccessText at the end of an import, on the success color's edge.
    await page.getByRole('button', { name: 'Get started' }).click();
    await page.locator('import-widget input[type=file]').setInputFiles(tempFile('branded.csv', CONTACTS_CSV));
    await waitForStep(page, 'review');
    await screenshot(page, 'branding-pro-review');
    // Selects keep the branding's font and colors.
    expect(await styles(page.locator('import-widget select'), 'font-family', 'color')).toEqual({ 'font-family': 'Georgia, serif', color: rgb(branding.textColor) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await importAsIs(page);
    await waitForStep(page, 'result');
    const success = page.locator('import-widget [part=success-text]');
    expect(await success.innerText()).toBe(branding.customSuccessText);
    expect((await styles(success, 'border-left-color'))['border-left-color']).toBe(rgb(branding.successColor));
    await eventually(async () => expect(await page.getByRole('table', { name: 'Errors by row' }).getByRole('row').count()).toBe(2));
    await screenshot(page, 'branding-pro-result');
    expect(problems).toEqual(noProblems);
  });

  it('headerStyle minimal drops the border; an unknown headerStyle falls back to default', async () => {
    const org = await embeddedTemplate('starter');
    await setReadOnlyBranding(org.organizationId, { headerStyle: 'minimal' });
    let page = await openDemo(session.context, org.templateId);
    expect((await styles(header(page), 'border-bottom-style'))['border-bottom-style']).toBe('none');
    await screenshot(page, 'branding-header-minimal');
    await page.close();

    await setReadOnlyBranding(org.organizationId, { headerStyle: 'fancy' });
    page = await openDemo(session.context, org.templateId);
    expect(await styles(header(page), 'border-bottom-style', 'flex-direction')).toEqual({ 'border-bottom-style': 'solid', 'flex-direction': 'row' });
  });

  it('a change with PUT /organization/branding shows on reload: colors, font, button style, texts, locale', async () => {
    const org = await embeddedTemplate('starter');
    const page = await openDemo(session.context, org.templateId);
    const problems = watchPage(page);
    await waitForStep(page, 'welcome');
    // The defaults first: indigo, filled, English.
    expect((await styles(primaryButton(page), 'background-color'))['background-color']).toBe(rgb('#4F46E5'));
    expect(await page.getByRole('heading', { name: 'Import your data' }).isVisible()).toBe(true);
    await screenshot(page, 'branding-reload-1-before');

    const change = {
      primaryColor: '#9D174D',
      textColor: '#0C4A6E',
      backgroundColor: '#F0F9FF',
      fontFamily: '"Courier New", monospace',
      fontSize: 'small',
      borderRadius: 'none',
      buttonStyle: 'ghost',
      customWelcomeText: 'Willkommen bei Acme.',
      customSuccessText: 'Danke!',
      locale: 'de',
    };
    expect((await org.api.put(PATH, change)).status).toBe(200);
    await page.reload();
    await waitForStep(page, 'welcome');
    await screenshot(page, 'branding-reload-2-after');

    // Ghost: primary text, underlined, no fill and no visible border; square corners.
    expect(await styles(primaryButton(page), 'background-color', 'border-top-color', 'color', 'text-decoration-line', 'border-radius')).toEqual({
      'background-color': 'rgba(0, 0, 0, 0)',
      'border-top-color': 'rgba(0, 0, 0, 0)',
      color: rgb(change.primaryColor),
      'text-decoration-line': 'underline',
      'border-radius': '0px',
    });
    expect(await styles(page.locator('import-widget [part=container]'), 'font-family', 'font-size', 'color', 'background-color')).toEqual({
      'font-family': '"Courier New", monospace',
      'font-size': '14px',
      color: rgb(change.textColor),
      'background-color': rgb(change.backgroundColor),
    });
    expect(await page.locator('import-widget [part=welcome-text]').innerText()).toBe(change.customWelcomeText);
    // The branding's locale: the German strings.
    expect(await page.getByRole('heading', { name: de.welcomeHeading }).isVisible()).toBe(true);
    expect(await primaryButton(page).textContent()).toBe(de.start);
    expect(await footer(page).textContent()).toBe(de.poweredBy.replace('{name}', 'Import Service'));
    expect(problems).toEqual(noProblems);
  });
});

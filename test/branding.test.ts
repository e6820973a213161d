// Branding API with plan rules, through the local gateway against the real table.
import { newOrganization, updateOrganization } from './support/api';
import { DEFAULT_BRANDING } from '../shared/domain/branding';

const PATH = '/api/v1/organization/branding';
const ALL_FIELDS = [
  'primaryColor', 'secondaryColor', 'accentColor', 'backgroundColor', 'textColor', 'borderColor', 'errorColor',
  'successColor', 'logoUrl', 'faviconUrl', 'showPoweredBy', 'fontFamily', 'headingFontFamily', 'fontSize',
  'borderRadius', 'buttonStyle', 'headerStyle', 'customCss', 'customWelcomeText', 'customSuccessText',
  'customErrorText', 'locale',
].sort();

describe('GET /api/v1/organization/branding', () => {
  it('returns every field of SPEC 2.6 with the documented defaults for a new organization', async () => {
    const { api } = await newOrganization();
    const res = await api.get(PATH);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(ALL_FIELDS);
    expect(res.body).toEqual(DEFAULT_BRANDING);
    expect(res.body).toMatchObject({ showPoweredBy: true, headerStyle: 'default', locale: 'en', customCss: null });
    expect(res.headers.get('x-ratelimit-limit')).toBe('100');
  });

  it("keeps each organization's settings to itself", async () => {
    const a = await newOrganization();
    const b = await newOrganization();
    await a.api.put(PATH, { primaryColor: '#123456' });
    expect((await b.api.get(PATH)).body.primaryColor).toBe(DEFAULT_BRANDING.primaryColor);
  });
});

describe('PUT /api/v1/organization/branding', () => {
  it('updates only the fields sent and answers { success, message } as a write', async () => {
    const { api } = await newOrganization('free');
    const res = await api.put(PATH, { primaryColor: '#ff0000', logoUrl: 'https://cdn.example.com/logo.png' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Branding settings updated' });
    expect(res.headers.get('x-ratelimit-limit')).toBe('30');
    await api.put(PATH, { secondaryColor: '#00F' });
    const after = (await api.get(PATH)).body;
    expect(after).toEqual({
      ...DEFAULT_BRANDING,
      primaryColor: '#ff0000',
      secondaryColor: '#00F',
      logoUrl: 'https://cdn.example.com/logo.png',
    });
    await api.put(PATH, { logoUrl: null });
    expect((await api.get(PATH)).body.logoUrl).toBeNull();
  });

  const valid: [string, unknown][] = [
    ['accentColor', '#abc'], ['backgroundColor', '#FFFFFF'], ['textColor', '#000'], ['borderColor', '#e5e7eb'],
    ['errorColor', '#B91C1C'], ['successColor', '#15803d'], ['showPoweredBy', false], ['showPoweredBy', true],
    ['fontFamily', '"Open Sans", Arial, sans-serif'], ['fontSize', 'small'], ['fontSize', 'large'],
    ['borderRadius', 'none'], ['borderRadius', 'full'], ['buttonStyle', 'outline'], ['buttonStyle', 'ghost'],
    ['customCss', '.widget { color: red; } @media (max-width: 600px) { .a { margin: 0 } }'], ['customCss', null],
    ['customWelcomeText', 'Welcome! Upload your contacts.'], ['customWelcomeText', null],
    ['customSuccessText', 'x'.repeat(1000)], ['locale', 'ja'], ['locale', 'pt'],
  ];
  it.each(valid)('accepts a valid %s (%j) on starter and shows it', async (field, value) => {
    const { api } = await newOrganization('starter');
    const res = await api.put(PATH, { [field]: value });
    expect(res.status).toBe(200);
    expect((await api.get(PATH)).body[field]).toEqual(value);
  });

  const invalid: [string, unknown, RegExp][] = [
    ['primaryColor', 'red', /primaryColor must be a hex color/],
    ['primaryColor', '#12345', /hex color/],
    ['primaryColor', '#GGGGGG', /hex color/],
    ['secondaryColor', 123, /secondaryColor must be a string/],
    ['accentColor', '#1234567', /hex color/],
    ['logoUrl', 'http://cdn.example.com/logo.png', /logoUrl must be an https URL/],
    ['logoUrl', 'not a url', /https URL/],
    ['logoUrl', 'javascript:alert(1)', /https URL/],
    ['showPoweredBy', 'false', /showPoweredBy must be a boolean/],
    ['fontFamily', 'Arial; } body { display:none', /fontFamily must be a CSS font-family list/],
    ['fontFamily', '', /fontFamily must be at least 1 character/],
    ['fontSize', 'huge', /fontSize must be one of: small, medium, large/],
    ['borderRadius', 'round', /borderRadius must be one of: none, small, medium, large, full/],
    ['buttonStyle', 'solid', /buttonStyle must be one of: filled, outline, ghost/],
    ['locale', 'en-US', /locale must be one of: en, es, fr, de, pt, it, nl, ja, zh, ko/],
    ['customWelcomeText', 'x'.repeat(1001), /customWelcomeText must be at most 1000 characters/],
    ['customSuccessText', 5, /customSuccessText must be a string/],
    ['customCss', 'a'.repeat(50 * 1024 + 1), /customCss must be at most 50 KB/],
    ['customCss', '</style><script>alert(1)</script>', /customCss must not contain <\/style or <script/],
    ['customCss', '.a{}</STYLE >', /<\/style/],
    ['customCss', '<script src=x>', /<script/],
    ['customCss', '.a { background: url(javascript:alert(1)) }', /javascript: URLs/],
    ['customCss', '.a { background: url("JavaScript :alert(1)") }', /javascript: URLs/],
    ['customCss', '.a { background: url(java\\script:alert(1)) }', /javascript: URLs/],
    ['customCss', '@import url(https://evil.example/x.css);', /must not @import remote URLs/],
    ['customCss', '@import "//evil.example/x.css";', /@import remote URLs/],
    ['customCss', "@IMPORT 'http://evil.example/x.css';", /@import remote URLs/],
    ['customCss', '@\\69mport url(https://evil.example/x.css);', /@import remote URLs/],
    ['customCss', '@im/**/port url(https://evil.example/x.css);', /@import remote URLs/],
    ['customCss', '.a { width: expression(alert(1)) }', /expression\(\)/],
  ];
  it.each(invalid)('rejects %s = %j with 400 VALIDATION_ERROR on any plan', async (field, value, message) => {
    for (const plan of ['free', 'enterprise'] as const) {
      const { api } = await newOrganization(plan);
      const res = await api.put(PATH, { [field]: value });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.message).toMatch(message);
      expect((await api.get(PATH)).body).toEqual(DEFAULT_BRANDING);
    }
  });

  it('accepts customCss of exactly 50 KB and local @import', async () => {
    const { api } = await newOrganization('pro');
    expect((await api.put(PATH, { customCss: 'a'.repeat(50 * 1024) })).status).toBe(200);
    expect((await api.put(PATH, { customCss: '@import "theme.css"; .a { color: #fff }' })).status).toBe(200);
  });

  it.each(['faviconUrl', 'headingFontFamily', 'headerStyle', 'customErrorText', 'brandName'])(
    'rejects the non-updatable or unknown field %s',
    async (field) => {
      const { api } = await newOrganization('enterprise');
      const res = await api.put(PATH, { [field]: 'x' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { code: 'VALIDATION_ERROR', message: `Validation error: ${field} is not allowed` } });
    },
  );

  it('rejects an empty object', async () => {
    const { api } = await newOrganization();
    const res = await api.put(PATH, {});
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Validation error: body must contain at least one field to update');
  });
});

describe('plan rules', () => {
  it('free: fontFamily is 403 PLAN_UPGRADE_REQUIRED until the plan is starter', async () => {
    const { api, organizationId } = await newOrganization('free');
    const res = await api.put(PATH, { fontFamily: 'Georgia, serif' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: {
        code: 'PLAN_UPGRADE_REQUIRED',
        message: 'The free plan cannot change fontFamily: upgrade to the starter plan or higher',
      },
    });
    expect((await api.get(PATH)).body).toEqual(DEFAULT_BRANDING);
    await updateOrganization(organizationId, { plan: 'starter' });
    expect((await api.put(PATH, { fontFamily: 'Georgia, serif' })).status).toBe(200);
    expect((await api.get(PATH)).body.fontFamily).toBe('Georgia, serif');
  });

  it.each([
    [{ customCss: '.a{}' }, 'customCss'],
    [{ customCss: null }, 'customCss'],
    [{ showPoweredBy: false }, 'showPoweredBy'],
    [{ locale: 'de', accentColor: '#000' }, 'accentColor, locale'],
  ])('free may not change %j', async (body, fields) => {
    const { api } = await newOrganization('free');
    const res = await api.put(PATH, body);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('PLAN_UPGRADE_REQUIRED');
    for (const field of fields.split(', ')) expect(res.body.error.message).toContain(field);
    expect(res.body.error.message).toContain('starter');
  });

  it.each(['starter', 'pro', 'enterprise'] as const)('%s may change every updatable field', async (plan) => {
    const { api } = await newOrganization(plan);
    const res = await api.put(PATH, {
      primaryColor: '#111', secondaryColor: '#222', accentColor: '#333', backgroundColor: '#444', textColor: '#555',
      borderColor: '#666', errorColor: '#777', successColor: '#888', logoUrl: 'https://x.example/l.svg',
      showPoweredBy: false, fontFamily: 'Arial', fontSize: 'large', borderRadius: 'full', buttonStyle: 'ghost',
      customCss: '.a{}', customWelcomeText: 'hi', customSuccessText: 'done', locale: 'fr',
    });
    expect(res.status).toBe(200);
    expect((await api.get(PATH)).body).toMatchObject({ showPoweredBy: false, customCss: '.a{}', locale: 'fr' });
  });

  it('is all or nothing: an allowed field next to a forbidden one changes nothing', async () => {
    const { api } = await newOrganization('free');
    const res = await api.put(PATH, { primaryColor: '#010101', customCss: '.a{}' });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain('customCss');
    expect(res.body.error.message).not.toContain('primaryColor');
    expect((await api.get(PATH)).body.primaryColor).toBe(DEFAULT_BRANDING.primaryColor);
  });

  it('checks values before the plan: an invalid value is 400 even where the plan forbids the field', async () => {
    const { api } = await newOrganization('free');
    const res = await api.put(PATH, { fontSize: 'huge' });
    expect(res.status).toBe(400);
  });

  it('a downgrade keeps stored values, GET shows what the plan allows, an upgrade brings them back', async () => {
    const { api, organizationId } = await newOrganization('starter');
    const paid = { showPoweredBy: false, customCss: '.brand{}', fontFamily: 'Arial', primaryColor: '#0a0a0a' };
    expect((await api.put(PATH, paid)).status).toBe(200);
    await updateOrganization(organizationId, { plan: 'free' });
    const downgraded = (await api.get(PATH)).body;
    expect(downgraded).toMatchObject({
      showPoweredBy: true,
      customCss: null,
      fontFamily: DEFAULT_BRANDING.fontFamily,
      primaryColor: '#0a0a0a',
    });
    await updateOrganization(organizationId, { plan: 'pro' });
    expect((await api.get(PATH)).body).toMatchObject(paid);
  });
});

describe('concurrency', () => {
  it('keeps both values of concurrent PUTs of different fields', async () => {
    const { api } = await newOrganization('pro');
    const updates = [
      { primaryColor: '#100000' }, { secondaryColor: '#200000' }, { accentColor: '#300000' },
      { fontFamily: 'Verdana' }, { locale: 'ko' }, { customWelcomeText: 'hello' }, { buttonStyle: 'outline' },
      { showPoweredBy: false },
    ];
    const results = await Promise.all(updates.map((body) => api.put(PATH, body)));
    for (const res of results) expect(res.status).toBe(200);
    expect((await api.get(PATH)).body).toMatchObject(Object.assign({}, ...updates));
  });
});

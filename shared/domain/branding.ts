// Branding (white-label) settings of the widget: schema of the PUT body, defaults, plan rules, and
// the effective settings a plan shows. Stored values outlive a downgrade; GET shows what the plan allows.
import * as v from 'valibot';
import { msg } from './validation';
import { planAtLeast, type Plan } from './plans';
import { ApiError } from './errors';
import { DEFAULT_THEME } from './branding-theme';
import { brandingFieldPlan } from './branding-plans';

export const LOCALES = ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl', 'ja', 'zh', 'ko'] as const;
export const FONT_SIZES = ['small', 'medium', 'large'] as const;
export const BORDER_RADII = ['none', 'small', 'medium', 'large', 'full'] as const;
export const BUTTON_STYLES = ['filled', 'outline', 'ghost'] as const;

export const MAX_CUSTOM_CSS_BYTES = 50 * 1024;
export const MAX_TEXT_LENGTH = 1000;
const MAX_URL_LENGTH = 2048;
const MAX_FONT_FAMILY_LENGTH = 200;

/** Defaults of a new organization: the default theme (branding-theme.ts), no logo, the badge shown. */
export const DEFAULT_BRANDING = {
  primaryColor: DEFAULT_THEME.primaryColor,
  secondaryColor: DEFAULT_THEME.secondaryColor,
  accentColor: DEFAULT_THEME.accentColor,
  backgroundColor: DEFAULT_THEME.backgroundColor,
  textColor: DEFAULT_THEME.textColor,
  borderColor: DEFAULT_THEME.borderColor,
  errorColor: DEFAULT_THEME.errorColor,
  successColor: DEFAULT_THEME.successColor,
  logoUrl: null as string | null,
  faviconUrl: null as string | null,
  showPoweredBy: true,
  fontFamily: DEFAULT_THEME.fontFamily,
  headingFontFamily: DEFAULT_THEME.fontFamily,
  fontSize: 'medium' as (typeof FONT_SIZES)[number],
  borderRadius: 'medium' as (typeof BORDER_RADII)[number],
  buttonStyle: 'filled' as (typeof BUTTON_STYLES)[number],
  headerStyle: 'default',
  customCss: null as string | null,
  customWelcomeText: null as string | null,
  customSuccessText: null as string | null,
  customErrorText: null as string | null,
  locale: 'en' as (typeof LOCALES)[number],
};

export type Branding = typeof DEFAULT_BRANDING;

const hexColor = v.pipe(v.string(msg.string), v.regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex color (#RGB or #RRGGBB)'));

const httpsUrl = v.pipe(
  v.string(msg.string),
  v.maxLength(MAX_URL_LENGTH, msg.maxChars(MAX_URL_LENGTH)),
  v.check((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'must be an https URL'),
);

const text = v.nullable(v.pipe(v.string(msg.string), v.maxLength(MAX_TEXT_LENGTH, msg.maxChars(MAX_TEXT_LENGTH))));

/** A CSS font-family list: names, quotes, commas and spaces only, so it cannot leave its declaration. */
const fontFamily = v.pipe(
  v.string(msg.string),
  v.minLength(1, msg.minChars(1)),
  v.maxLength(MAX_FONT_FAMILY_LENGTH, msg.maxChars(MAX_FONT_FAMILY_LENGTH)),
  v.regex(/^[A-Za-z0-9 ,'"._-]+$/, 'must be a CSS font-family list (letters, digits, spaces, quotes, commas, . _ -)'),
);

/**
 * customCss is injected into the widget's <style> element: it must not be able to close that element,
 * start a script, run a javascript: URL or pull in remote stylesheets. Comments and CSS escapes are
 * resolved first, so `@\69mport` or `</sty/**\/le` do not slip through.
 */
export function customCssProblem(css: string): string | undefined {
  if (Buffer.byteLength(css, 'utf8') > MAX_CUSTOM_CSS_BYTES) return `must be at most ${MAX_CUSTOM_CSS_BYTES / 1024} KB`;
  if (css.includes('\u0000')) return 'must not contain NUL characters';
  const raw = css.toLowerCase();
  if (/<\/\s*style/.test(raw) || /<\s*script/.test(raw)) return 'must not contain </style or <script';
  const normalized = css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    .replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_m, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff) || 0xfffd))
    .replace(/\\(.)/g, '$1')
    .toLowerCase();
  if (/<\/\s*style/.test(normalized) || /<\s*script/.test(normalized)) return 'must not contain </style or <script';
  if (/javascript\s*:/.test(normalized) || /vbscript\s*:/.test(normalized)) return 'must not contain javascript: URLs';
  if (/expression\s*\(/.test(normalized)) return 'must not contain CSS expression()';
  const imports = normalized.match(/@import\s+[^;]*/g) ?? [];
  if (imports.some((rule) => /(^|[\s("'])(\/\/|[a-z][a-z0-9+.-]*:)/.test(rule.slice('@import'.length)))) {
    return 'must not @import remote URLs';
  }
  return undefined;
}

const customCss = v.nullable(
  v.pipe(
    v.string(msg.string),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const problem = customCssProblem(dataset.value);
      if (problem) addIssue({ message: problem });
    }),
  ),
);

const UPDATABLE_FIELDS = {
      primaryColor: v.optional(hexColor),
      secondaryColor: v.optional(hexColor),
      accentColor: v.optional(hexColor),
      backgroundColor: v.optional(hexColor),
      textColor: v.optional(hexColor),
      borderColor: v.optional(hexColor),
      errorColor: v.optional(hexColor),
      successColor: v.optional(hexColor),
      logoUrl: v.optional(v.nullable(httpsUrl)),
      showPoweredBy: v.optional(v.boolean(msg.boolean)),
      fontFamily: v.optional(fontFamily),
      fontSize: v.optional(v.picklist(FONT_SIZES, msg.oneOf(FONT_SIZES))),
      borderRadius: v.optional(v.picklist(BORDER_RADII, msg.oneOf(BORDER_RADII))),
      buttonStyle: v.optional(v.picklist(BUTTON_STYLES, msg.oneOf(BUTTON_STYLES))),
      customCss: v.optional(customCss),
      customWelcomeText: v.optional(text),
      customSuccessText: v.optional(text),
      locale: v.optional(v.picklist(LOCALES, msg.oneOf(LOCALES))),
};

/** PUT body: only the updatable fields; faviconUrl, headingFontFamily, headerStyle, customErrorText are read-only. */
export const UpdateBrandingSchema = v.pipe(
  v.strictObject(UPDATABLE_FIELDS, msg.object),
  v.check((body) => Object.keys(body).length > 0, 'must contain at least one field to update'),
);

export type BrandingUpdate = v.InferOutput<typeof UpdateBrandingSchema>;
export type UpdatableField = keyof BrandingUpdate;

/** The lowest plan that may change each updatable field (SPEC 4.10 plan rules, branding-plans.ts). */
export function requiredPlan(field: UpdatableField): Plan {
  return brandingFieldPlan(field);
}

/** 403 PLAN_UPGRADE_REQUIRED naming every field the plan may not change; nothing is written. */
export function assertPlanAllows(plan: Plan, update: BrandingUpdate): void {
  const fields = (Object.keys(update) as UpdatableField[]).filter((field) => !planAtLeast(plan, requiredPlan(field)));
  if (fields.length === 0) return;
  const needed = fields.map(requiredPlan).reduce((highest, next) => (planAtLeast(highest, next) ? highest : next));
  throw new ApiError(
    403,
    'PLAN_UPGRADE_REQUIRED',
    `The ${plan} plan cannot change ${fields.join(', ')}: upgrade to the ${needed} plan or higher`,
  );
}

/** Stored values merged over the defaults, with every field the plan does not allow shown at its default. */
export function effectiveBranding(stored: Partial<Branding>, plan: Plan): Branding {
  const branding = { ...DEFAULT_BRANDING };
  for (const field of Object.keys(DEFAULT_BRANDING) as (keyof Branding)[]) {
    if (!(field in stored)) continue;
    const updatable = field in UPDATABLE_FIELDS;
    if (updatable && !planAtLeast(plan, requiredPlan(field as UpdatableField))) continue;
    (branding as Record<string, unknown>)[field] = stored[field];
  }
  return branding;
}

export const BrandingSchema = v.object({
  primaryColor: v.string(),
  secondaryColor: v.string(),
  accentColor: v.string(),
  backgroundColor: v.string(),
  textColor: v.string(),
  borderColor: v.string(),
  errorColor: v.string(),
  successColor: v.string(),
  logoUrl: v.nullable(v.string()),
  faviconUrl: v.nullable(v.string()),
  showPoweredBy: v.boolean(),
  fontFamily: v.string(),
  headingFontFamily: v.string(),
  fontSize: v.picklist(FONT_SIZES),
  borderRadius: v.picklist(BORDER_RADII),
  buttonStyle: v.picklist(BUTTON_STYLES),
  headerStyle: v.string(),
  customCss: v.nullable(v.string()),
  customWelcomeText: v.nullable(v.string()),
  customSuccessText: v.nullable(v.string()),
  customErrorText: v.nullable(v.string()),
  locale: v.picklist(LOCALES),
});

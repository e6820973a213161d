// Every UI string of the widget in all ten locales: no key missing or extra, the same placeholders as
// English, and no value left in English (except where the English text is right in that language).
import { MESSAGES } from '../widget/src/i18n';
import { en, type MessageKey } from '../widget/src/i18n/en';
import { LOCALES } from '../shared/domain/branding';

/**
 * Values that are the same as English on purpose, per locale and key, each with its reason (e.g.
 * `{ de: { fileFormat: 'CSV is CSV in German' } }`). None today: every value is translated.
 */
const SAME_AS_ENGLISH: Partial<Record<string, Partial<Record<MessageKey, string>>>> = {};

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('widget translations', () => {
  it('cover exactly the branding locales', () => {
    expect(Object.keys(MESSAGES).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s has every key, the same placeholders, and no English left', (locale) => {
    const table = MESSAGES[locale] as Record<string, string>;
    expect(Object.keys(table).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as MessageKey[]) {
      const value = table[key];
      expect({ key, value: typeof value === 'string' && value.trim().length > 0 }).toEqual({ key, value: true });
      expect({ key, placeholders: placeholders(value) }).toEqual({ key, placeholders: placeholders(en[key]) });
      if (!SAME_AS_ENGLISH[locale]?.[key]) expect({ key, value }).not.toEqual({ key, value: en[key] });
    }
  });
});

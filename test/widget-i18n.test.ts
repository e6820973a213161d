// Every UI string of the widget in all ten locales, the first load's and the correction step's (loaded
// with its chunk): no key missing or extra, the same placeholders as English, and no value left in
// English (except where the English text is right in that language); a singular|plural pair only where
// the language has one.
import { MESSAGES } from '../widget/src/i18n';
import { en, type MessageKey } from '../widget/src/i18n/en';
import { LOCALES } from '../shared/domain/branding';
import { CORRECTION_MESSAGES, translateCorrection } from '../widget/src/i18n/corrections';
import { en as enCorrections, type CorrectionKey } from '../widget/src/i18n/corrections/en';

/**
 * Values that are the same as English on purpose, per locale and key, each with its reason (e.g.
 * `{ de: { fileFormat: 'CSV is CSV in German' } }`). None today: every value is translated.
 */
const SAME_AS_ENGLISH: Partial<Record<string, Partial<Record<MessageKey, string>>>> = {};

/** The same for the correction step's strings. */
const CORRECTIONS_SAME_AS_ENGLISH: Partial<Record<string, Partial<Record<CorrectionKey, string>>>> = {
  es: { noteError: '"Error: {message}" is the Spanish for it too' },
};

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

  describe('of the correction step', () => {
    /** Placeholders of every form ("one|other"), each once. */
    const names = (text: string) => [...new Set(placeholders(text))].sort();

    it('cover exactly the branding locales', () => {
      expect(Object.keys(CORRECTION_MESSAGES).sort()).toEqual([...LOCALES].sort());
    });

    it.each(LOCALES.filter((locale) => locale !== 'en'))('%s has every key, the same placeholders, and no English left', (locale) => {
      const table = CORRECTION_MESSAGES[locale] as Record<string, string>;
      expect(Object.keys(table).sort()).toEqual(Object.keys(enCorrections).sort());
      const plural = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.includes('one');
      for (const key of Object.keys(enCorrections) as CorrectionKey[]) {
        const value = table[key];
        expect({ key, value: typeof value === 'string' && value.trim().length > 0 }).toEqual({ key, value: true });
        expect({ key, placeholders: names(value) }).toEqual({ key, placeholders: names(enCorrections[key]) });
        expect({ key, forms: value.split('|').length }).toEqual({ key, forms: plural && enCorrections[key].includes('|') ? 2 : 1 });
        if (!CORRECTIONS_SAME_AS_ENGLISH[locale]?.[key]) expect({ key, value }).not.toEqual({ key, value: enCorrections[key] });
      }
    });

    it('picks the plural form and formats numbers in the locale', () => {
      expect(translateCorrection('en', 'importRows', { n: 1 })).toBe('Import 1 row');
      expect(translateCorrection('en', 'importRows', { n: 1200 })).toBe('Import 1,200 rows');
      expect(translateCorrection('de', 'importRows', { n: 1200 })).toBe('1.200 Zeilen importieren');
      expect(translateCorrection('fr', 'removedRows', { n: 0 })).toBe('0 ligne supprimée.');
      expect(translateCorrection('ja', 'importRows', { n: 3 })).toBe('3 行をインポート');
    });
  });
});

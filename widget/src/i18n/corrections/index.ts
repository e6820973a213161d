// The correction step's strings, one table per locale with English the reference: they travel in the
// step's lazily loaded chunk, not in the first load. The locale is the widget's (ctx.locale).
import { de } from './de';
import { en, type CorrectionKey, type CorrectionMessages } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { ja } from './ja';
import { ko } from './ko';
import { nl } from './nl';
import { pt } from './pt';
import { zh } from './zh';

export type { CorrectionKey, CorrectionMessages };

export const CORRECTION_MESSAGES: Record<string, CorrectionMessages> = { en, es, fr, de, pt, it, nl, ja, zh, ko };

/**
 * The text for `key` with its {placeholders} filled, numbers in the locale's format. A "one|other" value
 * takes the form Intl.PluralRules picks for `n`.
 */
export function translateCorrection(locale: string, key: CorrectionKey, params: Record<string, string | number> = {}): string {
  let text: string = (CORRECTION_MESSAGES[locale] ?? en)[key];
  const forms = text.split('|');
  if (forms.length > 1) text = forms[new Intl.PluralRules(locale).select(Number(params.n)) === 'one' ? 0 : 1];
  const number = new Intl.NumberFormat(locale);
  return text.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = params[name];
    return value === undefined ? match : typeof value === 'number' ? number.format(value) : value;
  });
}

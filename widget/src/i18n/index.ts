// The localize registry: one table per locale, English as the reference. The widget's locale is its
// `locale` attribute, else the organization's branding locale, else English.
import { en, type MessageKey, type Messages } from './en';
import { es } from './es';
import { fr } from './fr';
import { de } from './de';
import { pt } from './pt';
import { it } from './it';
import { nl } from './nl';
import { ja } from './ja';
import { zh } from './zh';
import { ko } from './ko';

export type { MessageKey, Messages };

export const MESSAGES: Record<string, Messages> = { en, es, fr, de, pt, it, nl, ja, zh, ko };
export const LOCALE_CODES = Object.keys(MESSAGES);

/** A supported locale for a requested one ('de-CH' -> 'de'), else undefined. */
export function supportedLocale(requested: string | null | undefined): string | undefined {
  const base = (requested ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return base in MESSAGES ? base : undefined;
}

export function translate(locale: string, key: MessageKey, params: Record<string, string | number> = {}): string {
  const text = (MESSAGES[locale] ?? en)[key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

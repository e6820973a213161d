// Month and weekday names in the widget's ten languages, for dates written with words ("15 Jan 2024",
// "15. Januar 2024", "15 janv. 2024"). Built from the runtime's own locale data (Node ships full ICU)
// on first use, so a function that never meets such a date never pays for it.
export const NAME_LOCALES = ['en', 'de', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pt', 'zh'] as const;

/** Lower case, accents dropped, dots left out: "Févr." and "fevr" are one key. */
export function nameKey(word: string): string {
  return word.normalize('NFD').replace(/[\u0300-\u036f.]/g, '').toLowerCase();
}

/**
 * Spellings people type, as keys (nameKey). Some the locale data does not give (Maerz, Mrz, Jänner);
 * the others are listed too, so they keep reading when a runtime's locale data shortens a month
 * another way (CLDR has changed Spanish September between "sep" and "sept").
 */
const EXTRA_MONTHS: Record<string, number> = {
  janv: 1, janner: 1, feber: 2, fev: 2, fevr: 2, marz: 3, maerz: 3, mrz: 3, mrt: 3, juil: 7, aout: 8,
  sep: 9, sept: 9, set: 9, dec: 12,
};
/** A month's name shortened to at least this many letters still names it, where no other month starts so. */
const MIN_PREFIX = 3;

let months: Map<string, number> | undefined;
let weekdays: Set<string> | undefined;

/** The month (1-12) a word names, in any of the ten languages: a full name, an abbreviation, or a prefix of three letters or more that only one month has. */
export function monthOf(word: string): number | undefined {
  months ??= buildMonths();
  return months.get(nameKey(word));
}

/** Whether a word is a weekday's name or abbreviation ("Mon", "Montag", "lundi"): dates may start with one. */
export function isWeekday(word: string): boolean {
  weekdays ??= buildWeekdays();
  return weekdays.has(nameKey(word));
}

function buildMonths(): Map<string, number> {
  const named = new Map<string, number>();
  const prefixes = new Map<string, number | null>();
  for (const locale of NAME_LOCALES) {
    for (const style of ['long', 'short'] as const) {
      const format = new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' });
      for (let month = 1; month <= 12; month++) {
        const key = nameKey(format.format(Date.UTC(2024, month - 1, 15)));
        // CJK locales name months by number ("1月"): those dates are read by their own pattern.
        if (/\d/.test(key)) continue;
        named.set(key, month);
        for (let length = MIN_PREFIX; length < key.length; length++) {
          const prefix = key.slice(0, length);
          const seen = prefixes.get(prefix);
          prefixes.set(prefix, seen === undefined || seen === month ? month : null);
        }
      }
    }
  }
  const result = new Map<string, number>();
  for (const [prefix, month] of prefixes) if (month !== null) result.set(prefix, month);
  for (const [key, month] of named) result.set(key, month);
  for (const [key, month] of Object.entries(EXTRA_MONTHS)) result.set(key, month);
  return result;
}

function buildWeekdays(): Set<string> {
  const names = new Set<string>();
  for (const locale of NAME_LOCALES) {
    for (const style of ['long', 'short'] as const) {
      const format = new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' });
      // 2024-01-01 was a Monday.
      for (let day = 1; day <= 7; day++) names.add(nameKey(format.format(Date.UTC(2024, 0, day))));
    }
  }
  return names;
}

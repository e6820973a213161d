// One date and one number as people write them (shared/engine/values/), and whole columns of them
// through the engine (the CSV reader and runEngine, as the processor runs them, without the bucket):
// every accepted form and every refusal of docs/values.md, and property tests that write random dates
// and numbers in every convention (the runtime's own Intl formats for the ten widget languages) and
// read the same values back, and that an ambiguous column never yields a value.
import fc from 'fast-check';
import { runEngine, type RowSink } from '../shared/engine/engine';
import { DEFAULT_LIMITS } from '../shared/engine/limits';
import { readDelimited } from '../shared/engine/readers/csv';
import { dateEvidence, dateReadings, readDate, type DateOrder } from '../shared/engine/values/dates';
import { isPlainNumber, numberEvidence, numberReadings, readNumber, type NumberFormat } from '../shared/engine/values/numbers';
import { NAME_LOCALES } from '../shared/engine/values/month-names';
import { normalizeColumns, type Column } from '../shared/domain/templates';

const RUNS = { numRuns: 300 };
const iso = (year: number, month: number, day: number) => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const calendarDate = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => ({
  year: date.getUTCFullYear(),
  month: date.getUTCMonth() + 1,
  day: date.getUTCDate(),
}));
const two = (value: number) => String(value).padStart(2, '0');

describe('dates', () => {
  test.each([
    ['2024-12-31', '2024-12-31'],
    ['2024-12-31T23:30:00-05:00', '2024-12-31'],
    ['2024-12-31 10:00', '2024-12-31'],
    ['2024/12/31', '2024-12-31'],
    ['2024.12.31', '2024-12-31'],
    ['20241231', '2024-12-31'],
    ['31.12.2024', '2024-12-31'],
    ['31/12/2024', '2024-12-31'],
    ['12/31/2024', '2024-12-31'],
    ['31-12-2024', '2024-12-31'],
    ['15 Jan 2024', '2024-01-15'],
    ['15-Jan-2024', '2024-01-15'],
    ['January 15, 2024', '2024-01-15'],
    ['Jan 15 2024', '2024-01-15'],
    ['Monday, January 15th, 2024', '2024-01-15'],
    ['15. Januar 2024', '2024-01-15'],
    ['15. März 2024', '2024-03-15'],
    ['15 janv. 2024', '2024-01-15'],
    ['15 févr 2024', '2024-02-15'],
    ['1er janvier 2024', '2024-01-01'],
    ['15 de enero de 2024', '2024-01-15'],
    ['15 gennaio 2024', '2024-01-15'],
    ['3 mrt 2024', '2024-03-03'],
    ['15 de setembro de 2024', '2024-09-15'],
    ['2024年1月15日', '2024-01-15'],
    ['2024년 1월 15일', '2024-01-15'],
    ['05/05/2024', '2024-05-05'],
  ])('%s reads as %s whatever the order', (text, expected) => {
    expect(readDate(text, { order: null, twoDigitYears: false })).toBe(expected);
    expect(dateEvidence(text)).not.toBe('ambiguous');
  });

  test('day/month values: their evidence, each order, and what is refused', () => {
    expect(dateEvidence('31/12/2024')).toBe('DMY');
    expect(dateEvidence('12/31/2024')).toBe('MDY');
    expect(dateEvidence('03/08/2024')).toBe('ambiguous');
    expect(dateReadings('03/08/2024')).toEqual({ DMY: '2024-08-03', MDY: '2024-03-08' });
    expect(readDate('03/08/2024', { order: null, twoDigitYears: false })).toBe('needs-order');
    expect(readDate('03/08/2024', { order: 'DMY', twoDigitYears: false })).toBe('2024-08-03');
    expect(readDate('03/08/2024', { order: 'MDY', twoDigitYears: false })).toBe('2024-03-08');
    expect(readDate('12/31/2024', { order: 'DMY', twoDigitYears: false })).toBe('not-in-order');
    expect(readDate('31/02/2024', { order: 'DMY', twoDigitYears: false })).toBe('not-a-date');
    expect(readDate('2023-02-29', { order: null, twoDigitYears: false })).toBe('not-a-date');
    expect(readDate('03/08/24', { order: 'DMY', twoDigitYears: false })).toBe('two-digit-year');
    expect(readDate('03/08/24', { order: 'DMY', twoDigitYears: true })).toBe('2024-08-03');
    expect(readDate('15 Jan 95', { order: null, twoDigitYears: true })).toBe('1995-01-15');
    expect(readDate('next tuesday', { order: null, twoDigitYears: false })).toBe('not-a-date');
    expect(readDate('12.5', { order: null, twoDigitYears: false })).toBe('not-a-date');
  });

  test('property: a date written day/month or month/day with any separator reads back with its order; evidence is ambiguous exactly when both parts could be the month', () => {
    fc.assert(
      fc.property(calendarDate, fc.constantFrom<DateOrder>('DMY', 'MDY'), fc.constantFrom('/', '.', '-', ' '), fc.boolean(), ({ year, month, day }, order, separator, padded) => {
        const part = (value: number) => (padded ? two(value) : String(value));
        const [first, second] = order === 'DMY' ? [day, month] : [month, day];
        const text = `${part(first)}${separator}${part(second)}${separator}${year}`;
        expect(readDate(text, { order, twoDigitYears: false })).toBe(iso(year, month, day));
        const evidence = dateEvidence(text);
        if (day === month) expect(evidence).toBe('none');
        else if (day <= 12) expect(evidence).toBe('ambiguous');
        else expect(evidence).toBe(order);
        if (evidence === 'ambiguous') expect(readDate(text, { order: null, twoDigitYears: false })).toBe('needs-order');
      }),
      RUNS,
    );
  });

  /** A language's own order of day and month in numeric dates (Intl: day before month, or not). */
  const orderOf = (locale: string): DateOrder => {
    const parts = new Intl.DateTimeFormat(locale, { dateStyle: 'short' }).formatToParts(0).map((part) => part.type);
    return parts.indexOf('day') < parts.indexOf('month') ? 'DMY' : 'MDY';
  };

  test('property: a date as each of the ten languages writes it (Intl: long and short month names, its long and medium styles, numeric ones read with its order) reads back', () => {
    const styles: Intl.DateTimeFormatOptions[] = [
      { day: 'numeric', month: 'long', year: 'numeric' },
      { day: 'numeric', month: 'short', year: 'numeric' },
      { dateStyle: 'long' },
      { dateStyle: 'medium' },
    ];
    fc.assert(
      fc.property(calendarDate, fc.constantFrom(...NAME_LOCALES), fc.constantFrom(...styles), ({ year, month, day }, locale, style) => {
        const text = new Intl.DateTimeFormat(locale, { ...style, timeZone: 'UTC' }).format(Date.UTC(year, month - 1, day));
        expect([text, readDate(text, { order: orderOf(locale), twoDigitYears: false })]).toEqual([text, iso(year, month, day)]);
      }),
      RUNS,
    );
  });
});

describe('numbers', () => {
  test.each([
    ['1.234,56', 1234.56],
    ['1 234,56', 1234.56],
    ['1\u00A0234,56', 1234.56],
    ['1\u202F234,56', 1234.56],
    ["1'234.56", 1234.56],
    ['1,234.56', 1234.56],
    ['1,234,567', 1234567],
    ['1.234.567', 1234567],
    ['4,5', 4.5],
    ['-0,25', -0.25],
    ['1 234', 1234],
    ['0,500', 0.5],
    ['1234.5', 1234.5],
    ['2e3', 2000],
  ])('%s reads as %d with no decision', (text, expected) => {
    expect(readNumber(text, { format: null, currency: false })).toBe(expected);
  });

  test('ambiguous groups, the column mark, currency and percent', () => {
    expect(numberEvidence('1,234', { currency: false })).toBe('ambiguous');
    expect(numberEvidence('1.234', { currency: false })).toBe('ambiguous');
    expect(isPlainNumber('1.234')).toBe(false);
    expect(isPlainNumber('1.2345')).toBe(true);
    expect(numberReadings('1,234')).toEqual({ point: 1234, comma: 1.234 });
    expect(readNumber('1,234', { format: null, currency: false })).toBe('needs-format');
    expect(readNumber('1,234', { format: 'point', currency: false })).toBe(1234);
    expect(readNumber('1,234', { format: 'comma', currency: false })).toBe(1.234);
    expect(readNumber('1.5', { format: 'comma', currency: false })).toBe('not-in-format');
    expect(readNumber('4,5', { format: 'point', currency: false })).toBe('not-in-format');
    expect(readNumber('12%', { format: null, currency: true })).toBe('percent');
    expect(readNumber('$5', { format: null, currency: false })).toBe('currency');
    expect(readNumber('-$5', { format: null, currency: true })).toBe(-5);
    expect(readNumber('1.234,50 €', { format: null, currency: true })).toBe(1234.5);
    expect(readNumber('EUR 1.234,56', { format: 'comma', currency: true })).toBe(1234.56);
    expect(readNumber('CHF 1\'234.50', { format: null, currency: true })).toBe(1234.5);
    expect(readNumber('1,23,456', { format: null, currency: false })).toBe('not-a-number');
    expect(readNumber('ten', { format: null, currency: false })).toBe('not-a-number');
  });

  test('property: a number written by each locale\'s convention (Intl: en, de, fr, de-CH, es, nl, pt-BR; grouped or not) reads back exactly with its mark', () => {
    const locales = [
      ['en', 'point'],
      ['de', 'comma'],
      ['fr', 'comma'],
      ['de-CH', 'point'],
      ['es', 'comma'],
      ['nl', 'comma'],
      ['pt-BR', 'comma'],
      ['ja', 'point'],
    ] as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999_999 }),
        fc.integer({ min: 0, max: 6 }).chain((digits) => fc.tuple(fc.constant(digits), fc.integer({ min: 0, max: 10 ** digits - 1 }))),
        fc.boolean(),
        fc.constantFrom(...locales),
        fc.boolean(),
        (whole, [digits, fraction], negative, [locale, mark], grouping) => {
          const canonical = `${negative ? '-' : ''}${whole}${digits ? `.${String(fraction).padStart(digits, '0')}` : ''}`;
          const value = Number(canonical);
          const text = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: grouping }).format(value);
          expect([text, readNumber(text.replace('\u2212', '-'), { format: mark, currency: false })]).toEqual([text, value]);
        },
      ),
      RUNS,
    );
  });

  test('property: a lone group of three (1,234 / 1.234) never yields a number without a mark', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 999 }), fc.constantFrom(',', '.'), (whole, group, separator) => {
        const text = `${whole}${separator}${String(group).padStart(3, '0')}`;
        expect(readNumber(text, { format: null, currency: false })).toBe('needs-format');
      }),
      RUNS,
    );
  });
});

describe('dates: every form and every refusal', () => {
  const noOrder = { order: null, twoDigitYears: false } as const;

  test.each([
    ['2024-01-15T23:30:00Z', '2024-01-15'],
    ['2024-01-15T23:30:00+05:30', '2024-01-15'],
    ['2024-01-15T00:30:00.123-08:00', '2024-01-15'],
    ['2024-01-15T23:30:00+0530', '2024-01-15'],
    ['2024/01/15', '2024-01-15'],
    ['2024.01.15', '2024-01-15'],
    ['2024.1.5', '2024-01-05'],
    ['2024. 1. 15.', '2024-01-15'],
    ['20240115', '2024-01-15'],
    ['15 JAN 2024', '2024-01-15'],
    ['15 jan. 2024', '2024-01-15'],
    ['Jan. 15, 2024', '2024-01-15'],
    ['15th January 2024', '2024-01-15'],
    ['2024 Jan 15', '2024-01-15'],
    ['15. Jänner 2024', '2024-01-15'],
    ['15. Maerz 2024', '2024-03-15'],
    ['15. Mrz. 2024', '2024-03-15'],
    ['15. Okt. 2024', '2024-10-15'],
    ['15 fevr 2024', '2024-02-15'],
    ['15 août 2024', '2024-08-15'],
    ['15 aout 2024', '2024-08-15'],
    ['15 déc. 2024', '2024-12-15'],
    ['15 Sept 2024', '2024-09-15'],
    ['15 Sept. 2024', '2024-09-15'],
    ['15 sept 2024', '2024-09-15'],
    ['15 set 2024', '2024-09-15'],
    ['15 de fev. de 2024', '2024-02-15'],
    ['15 mei 2024', '2024-05-15'],
    ['3 mrt. 2024', '2024-03-03'],
    ['2024年01月15日', '2024-01-15'],
    ['15/01/2024 10:30', '2024-01-15'],
    ['29.02.2024', '2024-02-29'],
  ])('%s reads as %s, with or without an order', (text, expected) => {
    expect(readDate(text, noOrder)).toBe(expected);
    expect(readDate(text, { order: text.startsWith('2024') ? 'YMD' : 'DMY', twoDigitYears: false })).toBe(expected);
    expect(dateEvidence(text)).not.toBe('ambiguous');
    expect(dateReadings(text)).toBeNull();
  });

  test.each([
    ['2023-02-29', 'not-a-date'],
    ['2024-02-30', 'not-a-date'],
    ['2024-13-01', 'not-a-date'],
    ['2024-01-15Z', 'not-a-date'],
    ['29.02.2023', 'not-a-date'],
    ['31/04/2024', 'not-a-date'],
    ['00/01/2024', 'not-a-date'],
    ['2024/13/01', 'not-a-date'],
    ['2024 01 15', 'not-a-date'],
    ['20241301', 'not-a-date'],
    ['00010115', 'not-a-date'],
    ['09991231', 'not-a-date'],
    ['1/2/345', 'not-a-date'],
    ['15 Foo 2024', 'not-a-date'],
    ['Jan 2024', 'not-a-date'],
    ['15 Jan 2024 extra', 'not-a-date'],
    ['31 Feb 2024', 'not-a-date'],
    ['12.5', 'not-a-date'],
    ['1.2.3', 'not-a-date'],
    ['next tuesday', 'not-a-date'],
    ['03/08/24', 'two-digit-year'],
    ['15 Jan 24', 'two-digit-year'],
    ['13.01.24', 'two-digit-year'],
    ['03/08/2024', 'needs-order'],
    ['3.8.2024', 'needs-order'],
  ])('%s is refused: %s', (text, failure) => {
    expect(readDate(text, noOrder)).toBe(failure);
  });

  test('the column order: day/month values read by it, year-first and named ones whatever it is', () => {
    expect(readDate('13/01/2024', { order: 'MDY', twoDigitYears: false })).toBe('not-in-order');
    expect(readDate('01/13/2024', { order: 'DMY', twoDigitYears: false })).toBe('not-in-order');
    expect(readDate('03/08/2024', { order: 'YMD', twoDigitYears: false })).toBe('not-in-order');
    expect(readDate('13/01/2024', { order: null, twoDigitYears: false })).toBe('2024-01-13');
    expect(readDate('01/13/2024', { order: null, twoDigitYears: false })).toBe('2024-01-13');
    for (const order of ['DMY', 'MDY', 'YMD', null] as const) {
      expect(readDate('2024/03/08', { order, twoDigitYears: false })).toBe('2024-03-08');
      expect(readDate('15 Jan 2024', { order, twoDigitYears: false })).toBe('2024-01-15');
      expect(readDate('05.05.2024', { order: order === 'YMD' ? null : order, twoDigitYears: false })).toBe('2024-05-05');
    }
  });

  test("two-digit years, when the template allows them: Excel's window, 00-29 in 2000-2029 and 30-99 in 1930-1999", () => {
    const allowed = { order: 'DMY', twoDigitYears: true } as const;
    expect(readDate('01/02/00', allowed)).toBe('2000-02-01');
    expect(readDate('01/02/29', allowed)).toBe('2029-02-01');
    expect(readDate('01/02/30', allowed)).toBe('1930-02-01');
    expect(readDate('01/02/99', allowed)).toBe('1999-02-01');
    expect(readDate('15 Jan 24', { order: null, twoDigitYears: true })).toBe('2024-01-15');
    expect(readDate('29.02.01', allowed)).toBe('not-a-date');
    expect(readDate('1/2/345', allowed)).toBe('not-a-date');
  });

  test('evidence and readings of day/month values', () => {
    expect(dateEvidence('2024-01-15')).toBe('none');
    expect(dateEvidence('13/01/2024')).toBe('DMY');
    expect(dateEvidence('01.13.2024')).toBe('MDY');
    expect(dateEvidence('1-2-2024')).toBe('ambiguous');
    expect(dateEvidence('03 08 2024')).toBe('ambiguous');
    expect(dateEvidence('05/05/2024')).toBe('none');
    expect(dateEvidence('not a date')).toBe('none');
    expect(dateReadings('1-2-2024')).toEqual({ DMY: '2024-02-01', MDY: '2024-01-02' });
    expect(dateReadings('13/01/2024')).toBeNull();
    expect(dateReadings('05/05/2024')).toBeNull();
  });

  /** A date written with a given order, separator, padding and year length. */
  const numericDate = fc.record({
    date: calendarDate,
    order: fc.constantFrom<DateOrder>('DMY', 'MDY', 'YMD'),
    separator: fc.constantFrom('/', '.', '-', ' '),
    padded: fc.boolean(),
    shortYear: fc.boolean(),
  });

  test('property: a date in every numeric convention reads back with its order; evidence is ambiguous exactly when day and month are both <= 12 and differ', () => {
    fc.assert(
      fc.property(numericDate, ({ date: { year, month, day }, order, separator: anySeparator, padded, shortYear: short }) => {
        // Year first only with / or . and a four-digit year (what the contract reads).
        const separator = order === 'YMD' && (anySeparator === '-' || anySeparator === ' ') ? '/' : anySeparator;
        const shortYear = short && order !== 'YMD' && year >= 1930 && year <= 2029;
        const part = (value: number) => (padded ? two(value) : String(value));
        const yearText = shortYear ? two(year % 100) : String(year);
        const parts = order === 'YMD' ? [yearText, part(month), part(day)] : order === 'DMY' ? [part(day), part(month), yearText] : [part(month), part(day), yearText];
        const text = parts.join(separator);
        const expected = iso(year, month, day);

        expect(readDate(text, { order, twoDigitYears: true })).toBe(expected);
        if (shortYear) expect(readDate(text, { order, twoDigitYears: false })).toBe('two-digit-year');

        const evidence = dateEvidence(text);
        const ambiguous = order !== 'YMD' && day <= 12 && month <= 12 && day !== month;
        if (order === 'YMD' || day === month) expect(evidence).toBe('none');
        else if (ambiguous) expect(evidence).toBe('ambiguous');
        else expect(evidence).toBe(order);

        const withoutOrder = readDate(text, { order: null, twoDigitYears: true });
        expect(withoutOrder).toBe(ambiguous ? 'needs-order' : expected);
        expect(dateReadings(text)).toEqual(ambiguous ? { DMY: iso(year, order === 'DMY' ? month : day, order === 'DMY' ? day : month), MDY: iso(year, order === 'MDY' ? month : day, order === 'MDY' ? day : month) } : null);
        if (order !== 'YMD') {
          const other = order === 'DMY' ? 'MDY' : 'DMY';
          const read = readDate(text, { order: other, twoDigitYears: true });
          if (ambiguous) expect(read).not.toBe(expected);
          else if (day === month) expect(read).toBe(expected);
          else expect(read).toBe('not-in-order');
          expect(readDate(text, { order: 'YMD', twoDigitYears: true })).toBe('not-in-order');
        }
      }),
      RUNS,
    );
  });

  test('property: YYYYMMDD reads back', () => {
    fc.assert(
      fc.property(calendarDate, ({ year, month, day }) => {
        const text = `${year}${two(month)}${two(day)}`;
        expect(readDate(text, { order: null, twoDigitYears: false })).toBe(iso(year, month, day));
        expect(dateEvidence(text)).toBe('none');
      }),
      RUNS,
    );
  });

  /** Month names as each language's locale data spells them, long and short. */
  const LETTER_LOCALES = NAME_LOCALES.filter((locale) => !['ja', 'ko', 'zh'].includes(locale));
  const monthName = (locale: string, style: 'long' | 'short', month: number) =>
    new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' }).format(Date.UTC(2024, month - 1, 15));
  const spellings = [
    (name: string) => name,
    (name: string) => name.toUpperCase(),
    (name: string) => name.toLowerCase(),
    (name: string) => name.replace(/\.$/, ''),
    (name: string) => (name.endsWith('.') ? name : `${name}.`),
    (name: string) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
  ];
  const layouts = [
    (d: string, m: string, y: string) => `${d} ${m} ${y}`,
    (d: string, m: string, y: string) => `${d}. ${m} ${y}`,
    (d: string, m: string, y: string) => `${d}-${m}-${y}`,
    (d: string, m: string, y: string) => `${m} ${d}, ${y}`,
    (d: string, m: string, y: string) => `${d} de ${m} de ${y}`,
    (d: string, m: string, y: string) => `${y} ${m} ${d}`,
  ];

  test('property: a date with its month named in any of the ten languages (long or short, any case, with or without the dot or accents, in each layout) reads back, whatever the order', () => {
    fc.assert(
      fc.property(
        calendarDate,
        fc.constantFrom(...LETTER_LOCALES),
        fc.constantFrom<'long' | 'short'>('long', 'short'),
        fc.constantFrom(...spellings),
        fc.constantFrom(...layouts),
        fc.constantFrom<DateOrder | null>('DMY', 'MDY', 'YMD', null),
        ({ year, month, day }, locale, style, spell, layout, order) => {
          const text = layout(String(day), spell(monthName(locale, style, month)), String(year));
          expect([text, readDate(text, { order, twoDigitYears: false })]).toEqual([text, iso(year, month, day)]);
          expect(dateEvidence(text)).toBe('none');
        },
      ),
      RUNS,
    );
  });

  test('property: CJK dates (年月日, 년월일), padded or not, read back', () => {
    fc.assert(
      fc.property(calendarDate, fc.boolean(), fc.boolean(), ({ year, month, day }, korean, padded) => {
        const part = (value: number) => (padded ? two(value) : String(value));
        const text = korean ? `${year}년 ${part(month)}월 ${part(day)}일` : `${year}年${part(month)}月${part(day)}日`;
        expect(readDate(text, { order: null, twoDigitYears: false })).toBe(iso(year, month, day));
        expect(dateEvidence(text)).toBe('none');
      }),
      RUNS,
    );
  });

  test('property: an ambiguous day/month value never yields a date without an order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1000, max: 9999 }),
        fc.constantFrom('/', '.', '-', ' '),
        fc.boolean(),
        (first, second, year, separator, padded) => {
          fc.pre(first !== second);
          const part = (value: number) => (padded ? two(value) : String(value));
          const text = `${part(first)}${separator}${part(second)}${separator}${year}`;
          expect(dateEvidence(text)).toBe('ambiguous');
          expect(readDate(text, { order: null, twoDigitYears: true })).toBe('needs-order');
          expect(dateReadings(text)).toEqual({ DMY: iso(year, second, first), MDY: iso(year, first, second) });
        },
      ),
      RUNS,
    );
  });
});

describe('numbers: every form and every refusal', () => {
  const noFormat = { format: null, currency: false } as const;

  test.each([
    ['12', true], ['-3', true], ['+5', true], ['-1.5', true], ['2e5', true], ['1.5E-3', true], ['.5', true], ['5.', true],
    ['1.2345', true], ['0.234', true], ['1234.567', true], ['1.234e5', true],
    ['1.234', false], ['-1.234', false], ['+999.999', false], ['1,5', false], ['', false], ['.', false], ['-', false], ['e5', false],
    ['1e', false], ['1e+', false], ['Infinity', false], ['NaN', false], ['0x10', false], ['1_000', false], [' 5', false], ['5 ', false], ['1..2', false],
  ])('isPlainNumber(%j) is %s', (text, plain) => {
    expect(isPlainNumber(text)).toBe(plain);
  });

  test.each([
    ['1.5', 'point'], ['1,234.56', 'point'], ['1,234,567', 'point'], ['1 234.5', 'point'], ["1'234.56", 'point'], ['0.234', 'point'], ['1234.567', 'point'],
    ['4,5', 'comma'], ['1.234,56', 'comma'], ['1.234.567', 'comma'], ['1 234,56', 'comma'], ['01,234', 'comma'], ['1234,567', 'comma'],
    ['1,234', 'ambiguous'], ['1.234', 'ambiguous'], ['-1.234', 'ambiguous'], ['999,000', 'ambiguous'],
    ['12', 'none'], ['-3', 'none'], ['1 234', 'none'], ["1'234", 'none'], ['2e5', 'none'], ['ten', 'none'], ['12%', 'none'], ['$1,5', 'none'],
  ])('numberEvidence(%j) is %s', (text, evidence) => {
    expect(numberEvidence(text, { currency: false })).toBe(evidence);
  });

  test.each([
    ["1\u2019234.56", 1234.56],
    ["1'234'567.5", 1234567.5],
    ['-1.234,56', -1234.56],
    ['+1,234.56', 1234.56],
    ['\u22121 234,56', -1234.56],
    ['1 234 567,891', 1234567.891],
    ['1,234.5678', 1234.5678],
    ['1,2345', 1.2345],
    [',5', 0.5],
    ['00012', 12],
  ])('%s reads as %d with no decision', (text, expected) => {
    expect(readNumber(text, noFormat)).toBe(expected);
  });

  test.each([
    ['12%', 'percent'],
    ['12 %', 'percent'],
    ['%12', 'percent'],
    ['1,5 %', 'percent'],
    ['1,23,456', 'not-a-number'],
    ['1.234.56', 'not-a-number'],
    ['1,234.567,8', 'not-a-number'],
    ['1,', 'not-a-number'],
    ['12 34', 'not-a-number'],
    ['1 234 5', 'not-a-number'],
    ['--5', 'not-a-number'],
    ['5-', 'not-a-number'],
    ['(5)', 'not-a-number'],
    ['NaN', 'not-a-number'],
    ['Infinity', 'not-a-number'],
    ['0x10', 'not-a-number'],
    ['1_000', 'not-a-number'],
    ['1e5,5', 'not-a-number'],
    ['ten', 'not-a-number'],
    ['1,234', 'needs-format'],
    ['-1.234', 'needs-format'],
  ])('%s is refused: %s', (text, failure) => {
    expect(readNumber(text, noFormat)).toBe(failure);
  });

  test('the column mark: what each format reads and what it refuses', () => {
    const point = { format: 'point', currency: false } as const;
    const comma = { format: 'comma', currency: false } as const;
    expect(readNumber('1 234,56', point)).toBe('not-in-format');
    expect(readNumber('1.234.567', point)).toBe('not-in-format');
    expect(readNumber("1'234.56", comma)).toBe('not-in-format');
    expect(readNumber('1,234,567', comma)).toBe('not-in-format');
    expect(readNumber('1.5e3', comma)).toBe('not-in-format');
    expect(readNumber('2e5', comma)).toBe(200000);
    expect(readNumber('12', comma)).toBe(12);
    expect(readNumber('12', point)).toBe(12);
    expect(readNumber('1.234', point)).toBe(1.234);
    expect(readNumber('1.234', comma)).toBe(1234);
    expect(readNumber('-1,234', comma)).toBe(-1.234);
    expect(numberReadings('-1.234')).toEqual({ point: -1.234, comma: -1234 });
    expect(numberReadings('1.234,5')).toBeNull();
    expect(numberReadings('12')).toBeNull();
  });

  test.each([
    ['$5', null, 5],
    ['-$5', null, -5],
    ['$-5', null, -5],
    ['$ 1,234.56', null, 1234.56],
    ['US$5', null, 5],
    ['5 €', null, 5],
    ['5€', null, 5],
    ['-5 €', null, -5],
    ['€ 1.234,56', null, 1234.56],
    ['EUR 1.234,56', null, 1234.56],
    ['1.234,56 EUR', null, 1234.56],
    ['USD 1,234.56', null, 1234.56],
    ['£1,234.56', null, 1234.56],
    ['¥1,000', 'point', 1000],
    ['₩1,000', 'point', 1000],
    ['₹1,234.50', null, 1234.5],
    ['₽ 5', null, 5],
    ['₺5', null, 5],
    ['₪5', null, 5],
    ['5₫', null, 5],
    ['฿5', null, 5],
    ['R$ 1.234,56', null, 1234.56],
    ['1 234,56 zł', null, 1234.56],
    ['1 234,56 kr', null, 1234.56],
    ['1 234 Kč', null, 1234],
    ['1 234 Ft', null, 1234],
    ["CHF 1'234.50", null, 1234.5],
    ['Fr. 5.50', null, 5.5],
    ['5.50 CHF', null, 5.5],
  ] as const)('%s is %d only where the column takes currency', (text, format, value) => {
    expect(readNumber(text, { format, currency: true })).toBe(value);
    expect(readNumber(text, { format, currency: false })).toBe('currency');
    expect(numberEvidence(text, { currency: false })).toBe('none');
  });

  test('percent wins over currency; a currency alone is not a number', () => {
    expect(readNumber('$5%', { format: null, currency: true })).toBe('percent');
    expect(readNumber('$', { format: null, currency: true })).toBe('not-a-number');
    expect(readNumber('EUR', { format: null, currency: true })).toBe('not-a-number');
    expect(readNumber('-$-5', { format: null, currency: true })).toBe('not-a-number');
  });

  /** isPlainNumber as a regex, what it was before the hand scan. */
  const PLAIN = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
  const ONE_GROUP = /^[+-]?[1-9]\d{0,2}\.\d{3}$/;

  test('property: isPlainNumber is JS number syntax without the lone group of three', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...'0123456789+-.eE, x'), { maxLength: 10 }), (chars) => {
        const text = chars.join('');
        expect([text, isPlainNumber(text)]).toEqual([text, PLAIN.test(text) && !ONE_GROUP.test(text)]);
      }),
      { numRuns: 2000 },
    );
  });

  const GROUP_MARKS = { point: [',', ' ', '\u00A0', '\u202F', "'", '\u2019'], comma: ['.', ' ', '\u00A0', '\u202F', "'"] } as const;
  const writtenNumber = fc
    .record({
      negative: fc.boolean(),
      whole: fc.integer({ min: 0, max: 1e12 }),
      decimals: fc.integer({ min: 0, max: 6 }),
      format: fc.constantFrom<NumberFormat>('point', 'comma'),
      grouped: fc.boolean(),
      markIndex: fc.nat(),
    })
    .chain((number) => fc.record({ number: fc.constant(number), fraction: fc.integer({ min: 0, max: 10 ** number.decimals - 1 }) }));

  test('property: a number in every convention (point or comma decimal, each grouping mark, grouped or not) reads back exactly with its mark', () => {
    fc.assert(
      fc.property(writtenNumber, ({ number: { negative, whole, decimals, format, grouped, markIndex }, fraction }) => {
        const sign = negative ? '-' : '';
        const fractionText = decimals ? String(fraction).padStart(decimals, '0') : '';
        const expected = Number(`${sign}${whole}${decimals ? `.${fractionText}` : ''}`);
        const marks = GROUP_MARKS[format];
        const group = marks[markIndex % marks.length];
        const wholeText = grouped ? String(whole).replace(/\B(?=(\d{3})+$)/g, group) : String(whole);
        const text = `${sign}${wholeText}${decimals ? `${format === 'point' ? '.' : ','}${fractionText}` : ''}`;

        expect([text, readNumber(text, { format, currency: false })]).toEqual([text, expected]);
        const evidence = numberEvidence(text, { currency: false });
        expect(evidence).not.toBe(format === 'point' ? 'comma' : 'point');
        if (evidence === 'ambiguous') {
          expect(readNumber(text, { format: null, currency: false })).toBe('needs-format');
          expect(numberReadings(text)?.[format]).toBe(expected);
        } else {
          expect([text, readNumber(text, { format: null, currency: false })]).toEqual([text, expected]);
        }
      }),
      RUNS,
    );
  });

  test('property: a lone group of three, signed or with a currency, never yields a number without a mark', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom(',', '.'),
        fc.constantFrom('', '-', '+'),
        fc.constantFrom((text: string) => text, (text: string) => `$${text}`, (text: string) => `${text} €`, (text: string) => `EUR ${text}`),
        (whole, group, separator, sign, wrap) => {
          const text = wrap(`${sign}${whole}${separator}${String(group).padStart(3, '0')}`);
          expect(numberEvidence(text, { currency: true })).toBe('ambiguous');
          expect(readNumber(text, { format: null, currency: true })).toBe('needs-format');
          expect(isPlainNumber(text)).toBe(false);
        },
      ),
      RUNS,
    );
  });
});

describe('whole columns through the engine', () => {
  const columns: Column[] = normalizeColumns([
    { key: 'on', name: 'On', type: 'date' },
    { key: 'amount', name: 'Amount', type: 'number' },
  ]);

  async function run(text: string, column: Column[] = columns) {
    const valid: unknown[][] = [];
    const errors: { row: number; errors: { column: string; message: string }[] }[] = [];
    const sink: RowSink = { validRow: (json) => valid.push(JSON.parse(json)), errorRow: (row) => errors.push(row), drain: async () => undefined };
    const source = () => readDelimited(async function* () { yield Buffer.from(text, 'utf8'); }, { limits: DEFAULT_LIMITS, batchRows: 7 });
    const result = await runEngine(
      source(),
      { columns: column, allowExtraColumns: false, skipHeaderRows: 1, allowPartialImport: true, mapping: null, reread: async () => source().batches },
      DEFAULT_LIMITS,
      sink,
    );
    return { valid, errors, result };
  }

  test('property: a column of dates written day-first or month-first, one deciding value anywhere, reads back in file order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(calendarDate, { minLength: 1, maxLength: 40 }),
        fc.constantFrom<DateOrder>('DMY', 'MDY'),
        fc.constantFrom('/', '.', '-'),
        fc.nat(),
        async (dates, order, separator, where) => {
          // One value with a day over 12, so the column can tell.
          const decider = { year: 2024, month: 5, day: 25 };
          const all = [...dates];
          all.splice(where % (all.length + 1), 0, decider);
          const written = all.map(({ year, month, day }) => (order === 'DMY' ? [day, month] : [month, day]).map(two).join(separator) + `${separator}${year}`);
          const { valid, errors, result } = await run(['On,Amount', ...written.map((date) => `${date},1`)].join('\n'));
          expect(errors).toEqual([]);
          expect(valid.map((row) => row[0])).toEqual(all.map(({ year, month, day }) => iso(year, month, day)));
          const decided = all.some(({ day, month }) => day !== month && (day > 12 || month > 12));
          expect(result.columnFormats.on).toEqual(decided ? { dateOrder: order, decidedBy: 'file' } : undefined);
        },
      ),
      { numRuns: 60 },
    );
  });

  test('property: a column of only ambiguous dates never yields one of them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 })), { minLength: 1, maxLength: 30 }), async (pairs) => {
        const ambiguous = pairs.filter(([a, b]) => a !== b);
        const { valid, errors } = await run(['On,Amount', ...ambiguous.map(([a, b]) => `${two(a)}/${two(b)}/2024,1`), '2024-06-01,2'].join('\n'));
        expect(valid.map((row) => row[0])).toEqual(['2024-06-01']);
        expect(errors.map((row) => row.errors[0].message)).toEqual(ambiguous.map(() => expect.stringContaining('no other date in this column tells which')));
      }),
      { numRuns: 60 },
    );
  });

  test('property: a column of numbers in one convention (with one value that tells) reads back exactly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 0, max: 99 })), { minLength: 1, maxLength: 30 }),
        fc.constantFrom('de', 'en', 'fr'),
        async (numbers, locale) => {
          const format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
          const values = [...numbers.map(([whole, cents]) => Number(`${whole}.${two(cents)}`)), 4.5];
          const delimiter = locale === 'en' ? ',' : ';';
          const quote = (text: string) => (text.includes(delimiter) ? `"${text}"` : text);
          const text = ['On;Amount'.replace(';', delimiter), ...values.map((value) => `${delimiter}${quote(format.format(value))}`)].join('\n');
          const { valid, errors } = await run(text);
          expect(errors).toEqual([]);
          expect(valid.map((row) => row[1])).toEqual(values);
        },
      ),
      { numRuns: 60 },
    );
  });
});

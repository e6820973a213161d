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
import { isPlainNumber, numberEvidence, numberReadings, readNumber } from '../shared/engine/values/numbers';
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

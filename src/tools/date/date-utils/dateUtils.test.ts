import { describe, expect, it } from 'vitest';
import { addMonths, age, dateRange, dayOfYear, daysInMonth, epochDay, firstWeekdayOfMonth, formatCivil, fromEpochDay, isLeapYear, isoWeek, isValidCivil, parseCivil, quarter, utcMs, weekday } from './civil';
import { detectUnit, formatUtc, parseTimestamp, toSeconds } from './timestamps';

const d = (text: string) => parseCivil(text)!;

describe('timestamps', () => {
  it('tells seconds from milliseconds', () => {
    expect(detectUnit(1_709_251_200)).toBe('s');
    expect(detectUnit(1_709_251_200_000)).toBe('ms');
    expect(detectUnit(0)).toBe('s');
    expect(detectUnit(-86_400)).toBe('s');
    expect(detectUnit(-864_000_000_000)).toBe('ms');
    expect(detectUnit(99_999_999_999)).toBe('s');
    expect(detectUnit(100_000_000_000)).toBe('ms');
  });

  it('reads the 1970 epoch, 2024 leap day and negative timestamps', () => {
    expect(parseTimestamp('0')).toEqual({ ok: true, ms: 0, unit: 's', value: 0 });
    expect(parseTimestamp(' 1709164800 ')).toMatchObject({ ok: true, ms: 1_709_164_800_000, unit: 's' });
    expect(formatUtc(1_709_164_800_000)).toBe('2024-02-29 00:00:00 UTC');
    expect(new Date(parseTimestamp('1709164800000').ok ? 1_709_164_800_000 : 0).toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseTimestamp('-1')).toMatchObject({ ok: true, ms: -1000, unit: 's' });
    expect(formatUtc(-1000)).toBe('1969-12-31 23:59:59 UTC');
    expect(formatUtc(-1)).toBe('1969-12-31 23:59:59.999 UTC');
    expect(toSeconds(-1)).toBe(-1);
    expect(toSeconds(1999)).toBe(1);
    expect(parseTimestamp('-14182940', 's')).toMatchObject({ ms: -14_182_940_000 }); // Apollo 11 landing
    expect(formatUtc(-14_182_940_000)).toBe('1969-07-20 20:17:40 UTC');
    expect(parseTimestamp('1,709,164,800.5')).toMatchObject({ ok: true, ms: 1_709_164_800_500 });
    expect(parseTimestamp('1709164800', 'ms')).toMatchObject({ ms: 1_709_164_800, unit: 'ms' });
  });

  it('refuses what is not a timestamp', () => {
    expect(parseTimestamp('')).toEqual({ ok: false, reason: 'empty' });
    expect(parseTimestamp('12abc')).toEqual({ ok: false, reason: 'notANumber' });
    expect(parseTimestamp('1e5')).toEqual({ ok: false, reason: 'notANumber' });
    expect(parseTimestamp('9'.repeat(20))).toEqual({ ok: false, reason: 'outOfRange' });
    expect(parseTimestamp('8640000000000001')).toEqual({ ok: false, reason: 'outOfRange' });
    expect(parseTimestamp('8640000000000000')).toMatchObject({ ok: true });
    expect(formatUtc(8.64e15)).toBe('+275760-09-13 00:00:00 UTC');
  });
});

describe('calendar', () => {
  it('knows leap years and month lengths', () => {
    expect([1900, 2000, 2023, 2024, 2100].map(isLeapYear)).toEqual([false, true, false, true, false]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2024, 4)).toBe(30);
    expect(daysInMonth(2024, 12)).toBe(31);
    expect(firstWeekdayOfMonth(2024, 2)).toBe(4); // Thursday
    expect(firstWeekdayOfMonth(1970, 1)).toBe(4);
    expect(firstWeekdayOfMonth(2024, 9)).toBe(0); // Sunday
  });

  it('checks dates', () => {
    expect(isValidCivil(d('2024-02-29'))).toBe(true);
    expect(isValidCivil(d('2023-02-29'))).toBe(false);
    expect(isValidCivil(d('2024-04-31'))).toBe(false);
    expect(isValidCivil(d('2024-13-01'))).toBe(false);
    expect(isValidCivil(d('2024-00-10'))).toBe(false);
    expect(parseCivil('29.02.2024')).toBeNull();
    expect(formatCivil(d('0005-01-02'))).toBe('0005-01-02');
  });

  it('computes weekday, day of year, quarter and ISO week', () => {
    expect(weekday(d('1970-01-01'))).toBe(4);
    expect(weekday(d('1969-12-31'))).toBe(3);
    expect(weekday(d('2024-02-29'))).toBe(4);
    expect(dayOfYear(d('2024-12-31'))).toBe(366);
    expect(dayOfYear(d('2023-12-31'))).toBe(365);
    expect(dayOfYear(d('2024-03-01'))).toBe(61);
    expect(quarter(d('2024-08-20'))).toBe(3);
    expect(isoWeek(d('2024-12-30'))).toEqual({ week: 1, weekYear: 2025 });
    expect(isoWeek(d('2021-01-03'))).toEqual({ week: 53, weekYear: 2020 });
    expect(isoWeek(d('2024-01-01'))).toEqual({ week: 1, weekYear: 2024 });
    expect(isoWeek(d('2026-12-31'))).toEqual({ week: 53, weekYear: 2026 });
    expect(isoWeek(d('1970-01-01'))).toEqual({ week: 1, weekYear: 1970 });
    // Compare with the week numbers JavaScript's Date gives through a different route, for a whole leap year.
    for (let day = epochDay(d('2024-01-01')); day <= epochDay(d('2024-12-31')); day++) {
      const date = new Date(day * 86_400_000);
      const thursday = new Date(date);
      thursday.setUTCDate(date.getUTCDate() + 3 - ((date.getUTCDay() + 6) % 7));
      const week = Math.ceil(((thursday.getTime() - Date.UTC(thursday.getUTCFullYear(), 0, 1)) / 86_400_000 + 1) / 7);
      expect(isoWeek(fromEpochDay(day)).week).toBe(week);
    }
  });

  it('handles years before 100 and negative epoch days', () => {
    expect(utcMs(50, 1, 1)).toBe(-60_589_296_000_000);
    expect(fromEpochDay(-1)).toEqual({ year: 1969, month: 12, day: 31 });
    expect(epochDay(d('1969-12-31'))).toBe(-1);
  });
});

describe('date range', () => {
  it('counts days, weeks and business days', () => {
    expect(dateRange(d('2024-01-01'), d('2024-12-31'), false)).toEqual({ days: 365, weeks: 52, remainderDays: 1, businessDays: 261 });
    expect(dateRange(d('2024-01-01'), d('2024-12-31'), true)).toEqual({ days: 366, weeks: 52, remainderDays: 2, businessDays: 262 });
    // Feb 2024 through the leap day: Mon 5 → Mon 12 is 5 business days
    expect(dateRange(d('2024-02-05'), d('2024-02-12'), false)).toEqual({ days: 7, weeks: 1, remainderDays: 0, businessDays: 5 });
    expect(dateRange(d('2024-02-10'), d('2024-02-11'), true).businessDays).toBe(0); // a weekend
    expect(dateRange(d('2024-02-28'), d('2024-03-01'), false).days).toBe(2);
    expect(dateRange(d('2024-03-01'), d('2024-02-28'), false)).toEqual({ days: -2, weeks: -0, remainderDays: -2, businessDays: -2 });
    expect(dateRange(d('2024-03-15'), d('2024-03-15'), false).days).toBe(0);
    expect(dateRange(d('1969-12-29'), d('1970-01-05'), false)).toEqual({ days: 7, weeks: 1, remainderDays: 0, businessDays: 5 });
  });

  it('counts a DST week as whole days', () => {
    // Europe's 2024 spring-forward night is inside; civil days are not shortened by it.
    expect(dateRange(d('2024-03-30'), d('2024-04-01'), false).days).toBe(2);
  });
});

describe('age', () => {
  it('counts completed years, months and days', () => {
    expect(age(d('1990-05-15'), d('2024-05-14'))).toMatchObject({ years: 33, months: 11, days: 29 });
    expect(age(d('1990-05-15'), d('2024-05-15'))).toMatchObject({ years: 34, months: 0, days: 0 });
    expect(age(d('2024-01-31'), d('2024-03-01'))).toMatchObject({ years: 0, months: 1, days: 1, totalDays: 30 });
    expect(age(d('2024-02-29'), d('2025-02-28'))).toMatchObject({ years: 1, months: 0, days: 0, totalDays: 365 });
    expect(age(d('2024-02-29'), d('2028-02-29'))).toMatchObject({ years: 4, months: 0, days: 0 });
    expect(age(d('1969-07-20'), d('1970-01-01'))).toMatchObject({ years: 0, months: 5, days: 12, totalDays: 165 });
    expect(age(d('2024-05-15'), d('2024-05-14'))).toBeNull();
    expect(addMonths(d('2024-01-31'), 1)).toEqual(d('2024-02-29'));
    expect(addMonths(d('2024-12-15'), -12)).toEqual(d('2023-12-15'));
  });
});

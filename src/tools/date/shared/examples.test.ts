import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { evaluate } from '../../../engines/expression/interpreter';
import { dayjs, dayjsAdapter, dayjsSandbox, setDayjsLocale } from '../dayjs-utils/dayjsSandbox';
import { DAYJS_EXAMPLES } from '../dayjs-utils/examples';
import { MOMENT_EXAMPLES } from '../moment-utils/examples';
import { moment, momentAdapter, momentSandbox, setMomentLocale } from '../moment-utils/momentSandbox';
import { formatResult } from './formatResult';
import { LIB_LOCALE_NAMES } from './libLocale';

// A fixed "now" (a Friday afternoon) so that dayjs() and moment() examples are reproducible.
const NOW = new Date('2024-03-15T14:30:45.123Z');

/**
 * The reference: the example run as real JavaScript against the library (test code only; the app
 * never turns text into code).
 */
function direct(code: string, name: string, lib: unknown): unknown {
  // eslint-disable-next-line no-new-func -- the reference run in Node, on our own example strings
  return new Function(name, `return (${code});`)(lib);
}

const cases = [
  { name: 'dayjs', lib: dayjs, sandbox: dayjsSandbox, adapter: dayjsAdapter, setLocale: setDayjsLocale, groups: DAYJS_EXAMPLES },
  { name: 'moment', lib: moment, sandbox: momentSandbox, adapter: momentAdapter, setLocale: setMomentLocale, groups: MOMENT_EXAMPLES },
] as const;

describe('every clickable example evaluates to what the library returns', () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterAll(() => {
    vi.useRealTimers();
    setDayjsLocale('en');
    setMomentLocale('en');
  });

  for (const { name, lib, sandbox, adapter, setLocale, groups } of cases) {
    const codes = groups.flatMap((g) => g.items);
    it.each(LIB_LOCALE_NAMES.flatMap((locale) => codes.map((code) => [locale, code])))(`${name} in %s: %s`, (locale, code) => {
      setLocale(locale);
      const ours = formatResult(evaluate(code, sandbox), adapter);
      const theirs = formatResult(direct(code, name, lib), adapter);
      expect(ours).toEqual(theirs);
      expect(ours.kind).not.toBe('invalid');
    });
  }

  it('has no duplicate examples and at least one per plugin the issue names', () => {
    const ids = DAYJS_EXAMPLES.filter((g) => g.plugin).map((g) => g.id);
    for (const plugin of ['utc', 'timezone', 'relativeTime', 'duration', 'isoWeek', 'weekOfYear', 'dayOfYear', 'advancedFormat', 'customParseFormat', 'localizedFormat', 'isBetween', 'quarterOfYear', 'minMax']) {
      expect(ids).toContain(plugin);
    }
    for (const groups of [DAYJS_EXAMPLES, MOMENT_EXAMPLES]) {
      const all = groups.flatMap((g) => g.items);
      expect(new Set(all).size).toBe(all.length);
    }
  });

  it('gives the known values a reader can check by hand', () => {
    setDayjsLocale('en');
    setMomentLocale('en');
    const d = (code: string) => evaluate(code, dayjsSandbox);
    const m = (code: string) => evaluate(code, momentSandbox);
    expect(d("dayjs('2024-02-29').add(1, 'year').format('YYYY-MM-DD')")).toBe('2025-02-28');
    expect(d("dayjs('2024-01-31').add(1, 'month').format('YYYY-MM-DD')")).toBe('2024-02-29');
    expect(d('dayjs.unix(0).toISOString()')).toBe('1970-01-01T00:00:00.000Z');
    expect(d("dayjs('2024-12-25').diff(dayjs('2024-01-01'), 'day')")).toBe(359);
    expect(d("dayjs('2024-12-30').isoWeek()")).toBe(1);
    expect(d("dayjs('2024-12-31').dayOfYear()")).toBe(366);
    expect(d("dayjs('2024-08-20').quarter()")).toBe(3);
    expect(d("dayjs.tz('2024-03-10 12:00', 'America/New_York').format('YYYY-MM-DD HH:mm Z')")).toBe('2024-03-10 12:00 -04:00');
    expect(d("dayjs.utc('2024-07-01T12:00:00Z').tz('Asia/Tokyo').format('YYYY-MM-DD HH:mm Z')")).toBe('2024-07-01 21:00 +09:00');
    expect(d("dayjs('2024-01-01').from(dayjs('2024-03-01'))")).toBe('2 months ago');
    expect(d("dayjs.duration(5400, 'seconds').format('HH:mm:ss')")).toBe('01:30:00');
    expect(d("dayjs('2024-02-29').format('LL')")).toBe('February 29, 2024');
    expect(d("dayjs('2024-03-01').format('[Q]Q, Do, wo [week]')")).toBe('Q1, 1st, 9th week');
    expect(d("dayjs('29/02/2024 14:30', 'DD/MM/YYYY HH:mm').format('YYYY-MM-DD HH:mm')")).toBe('2024-02-29 14:30');
    expect(m("moment('2024-02-29').locale('de').format('LL')")).toBe('29. Februar 2024');
    expect(m("moment('2024-02-29').format('LL')")).toBe('February 29, 2024');
    expect(m('moment.duration({ hours: 1, minutes: 30 }).asMinutes()')).toBe(90);
    expect(m("moment.parseZone('2024-06-01T12:00:00+09:00').utcOffset()")).toBe(540);
    expect(m('moment.unix(0).utc().format()')).toBe('1970-01-01T00:00:00Z');
    expect(m("moment('29.02.2024', 'DD.MM.YYYY').format('dddd')")).toBe('Thursday');
    setMomentLocale('de');
    expect(m("moment('2024-02-29').format('LL')")).toBe('29. Februar 2024');
    expect(m('moment.locale()')).toBe('de');
  });
});

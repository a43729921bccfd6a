// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module declaration (types for moment/dist), needed wherever this file is compiled
/// <reference path="../shared/moment-esm.d.ts" />
// The ES module build and its ES locale files: they share one moment instance. (The UMD locale files
// under moment/locale look for `require` and, bundled as ES modules, register on nothing.)
import moment from 'moment/dist/moment';
import 'moment/dist/locale/de';
import 'moment/dist/locale/ja';
import 'moment/dist/locale/ko';
import 'moment/dist/locale/zh-cn';
import 'moment/dist/locale/zh-tw';
import type { Sandbox } from '../../../engines/expression/interpreter';
import type { LibraryAdapter } from '../shared/formatResult';
import { basicKind } from '../shared/kinds';
import { localeArgsOk } from '../shared/libLocale';

// Non-ISO strings fall back to Date() with a console warning; the page already shows what came out.
moment.suppressDeprecationWarnings = true;
// The locale files switch the global locale to the last one loaded: start from English.
moment.locale('en');

const MOMENT_METHODS = new Set([
  'add', 'subtract', 'startOf', 'endOf', 'format', 'fromNow', 'from', 'toNow', 'to', 'calendar', 'diff', 'valueOf',
  'unix', 'daysInMonth', 'toDate', 'toArray', 'toJSON', 'toISOString', 'toObject', 'toString', 'isValid', 'locale',
  'year', 'quarter', 'month', 'date', 'day', 'weekday', 'isoWeekday', 'dayOfYear', 'week', 'isoWeek', 'weekYear',
  'isoWeekYear', 'weeksInYear', 'isoWeeksInYear', 'hour', 'minute', 'second', 'millisecond', 'get', 'set', 'utc',
  'local', 'utcOffset', 'isUTC', 'isLocal', 'isDST', 'isBefore', 'isAfter', 'isSame', 'isSameOrAfter',
  'isSameOrBefore', 'isBetween', 'isLeapYear', 'clone', 'parseZone', 'zoneAbbr', 'zoneName',
]);

const DURATION_METHODS = new Set([
  'humanize', 'milliseconds', 'asMilliseconds', 'seconds', 'asSeconds', 'minutes', 'asMinutes', 'hours', 'asHours',
  'days', 'asDays', 'weeks', 'asWeeks', 'months', 'asMonths', 'years', 'asYears', 'as', 'get', 'add', 'subtract',
  'toISOString', 'toJSON', 'locale', 'clone', 'isValid', 'abs', 'valueOf',
]);

export const momentSandbox: Sandbox = {
  roots: {
    moment: {
      value: moment as unknown as (...args: unknown[]) => unknown,
      statics: {
        utc: {},
        unix: {},
        parseZone: {},
        duration: {},
        isMoment: {},
        isDuration: {},
        isDate: {},
        max: {},
        min: {},
        months: {},
        monthsShort: {},
        weekdays: {},
        weekdaysShort: {},
        weekdaysMin: {},
        locales: { maxArgs: 0 },
        normalizeUnits: {},
        // Reading the global locale is fine; setting it (an argument) would change every later result.
        locale: { maxArgs: 0 },
      },
      constants: ['ISO_8601'],
    },
  },
  methodsFor: (value) => (moment.isMoment(value) ? MOMENT_METHODS : moment.isDuration(value) ? DURATION_METHODS : null),
  // A locale only by the name of one we ship: an object would define a new global locale.
  argRules: { locale: localeArgsOk },
  kindOf: (value) => (moment.isMoment(value) ? 'moment' : moment.isDuration(value) ? 'duration' : basicKind(value)),
};

export const momentAdapter: LibraryAdapter = {
  isDate: (value): value is moment.Moment => moment.isMoment(value),
  isDuration: (value): value is moment.Duration => moment.isDuration(value),
};

/** Makes the UI language Moment's global locale. */
export function setMomentLocale(name: string): void {
  moment.locale(name);
}

export { moment };

import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import dayOfYear from 'dayjs/plugin/dayOfYear';
import duration from 'dayjs/plugin/duration';
import isBetween from 'dayjs/plugin/isBetween';
import isLeapYear from 'dayjs/plugin/isLeapYear';
import isoWeek from 'dayjs/plugin/isoWeek';
import isSameOrAfter from 'dayjs/plugin/isSameOrAfter';
import isSameOrBefore from 'dayjs/plugin/isSameOrBefore';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import minMax from 'dayjs/plugin/minMax';
import quarterOfYear from 'dayjs/plugin/quarterOfYear';
import relativeTime from 'dayjs/plugin/relativeTime';
import timezone from 'dayjs/plugin/timezone';
import toArray from 'dayjs/plugin/toArray';
import toObject from 'dayjs/plugin/toObject';
import utc from 'dayjs/plugin/utc';
import weekOfYear from 'dayjs/plugin/weekOfYear';
import 'dayjs/locale/de';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import type { Sandbox } from '../../../engines/expression/interpreter';
import type { LibraryAdapter } from '../shared/formatResult';
import { basicKind } from '../shared/kinds';
import { localeArgsOk } from '../shared/libLocale';

// This module is the lazily loaded chunk of the Day.js page: it pulls Day.js, the plugins and the locales.
for (const plugin of [customParseFormat, utc, timezone, duration, isoWeek, weekOfYear, dayOfYear, advancedFormat, localizedFormat, isBetween, quarterOfYear, minMax, isLeapYear, isSameOrAfter, isSameOrBefore, toArray, toObject]) {
  dayjs.extend(plugin);
}
dayjs.extend(relativeTime); // typed with its own options, so outside the loop

const DAYJS_METHODS = new Set([
  // core
  'clone', 'isValid', 'year', 'month', 'date', 'day', 'hour', 'minute', 'second', 'millisecond', 'get', 'set',
  'startOf', 'endOf', 'add', 'subtract', 'format', 'diff', 'valueOf', 'unix', 'daysInMonth', 'toDate',
  'toJSON', 'toISOString', 'toString', 'utcOffset', 'isSame', 'isBefore', 'isAfter', 'locale',
  // plugins
  'utc', 'local', 'isUTC', 'tz', 'offsetName', 'fromNow', 'from', 'toNow', 'to', 'isoWeek', 'isoWeekday',
  'isoWeekYear', 'week', 'dayOfYear', 'isBetween', 'quarter', 'isLeapYear', 'isSameOrAfter', 'isSameOrBefore',
  'toArray', 'toObject',
]);

const DURATION_METHODS = new Set([
  'humanize', 'milliseconds', 'asMilliseconds', 'seconds', 'asSeconds', 'minutes', 'asMinutes', 'hours', 'asHours',
  'days', 'asDays', 'weeks', 'asWeeks', 'months', 'asMonths', 'years', 'asYears', 'as', 'get', 'add', 'subtract',
  'format', 'toISOString', 'toJSON', 'locale', 'clone',
]);

export const dayjsSandbox: Sandbox = {
  roots: {
    dayjs: {
      value: dayjs as unknown as (...args: unknown[]) => unknown,
      statics: {
        unix: {},
        utc: {},
        isDayjs: {},
        isDuration: {},
        duration: {},
        max: {},
        min: {},
        // Reading the global locale is fine; setting it (an argument) would change every later result.
        locale: { maxArgs: 0 },
        tz: { value: dayjs.tz as unknown as (...args: unknown[]) => unknown, statics: { guess: { maxArgs: 0 } } },
      },
    },
  },
  methodsFor: (value) => (dayjs.isDayjs(value) ? DAYJS_METHODS : dayjs.isDuration(value) ? DURATION_METHODS : null),
  // A locale only by the name of one we ship: an object would define a new global locale.
  argRules: { locale: localeArgsOk },
  kindOf: (value) => (dayjs.isDayjs(value) ? 'dayjs' : dayjs.isDuration(value) ? 'duration' : basicKind(value)),
};

export const dayjsAdapter: LibraryAdapter = {
  isDate: (value): value is dayjs.Dayjs => dayjs.isDayjs(value),
  isDuration: (value): value is ReturnType<typeof dayjs.duration> => dayjs.isDuration(value),
};

/** Makes the UI language the default locale of Day.js (relative times, localized formats, weekday names). */
export function setDayjsLocale(name: string): void {
  dayjs.locale(name);
}

export { dayjs };

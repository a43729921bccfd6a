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
import type { Sandbox } from '../../../engines/expression/sandbox';
import type { LibraryAdapter } from '../shared/formatResult';
import { basicKind } from '../shared/kinds';
import { configLocalesOk, LIB_LOCALE_NAMES, localeArgsOk, parserLocaleOk } from '../shared/libLocale';
import { playgroundService, type PlaygroundLibrary } from '../shared/runExpression';

// This module is loaded by the Day.js playground's worker only (dayjs.worker.ts): Day.js, the plugins and
// the locales never run on the page's own thread.
for (const plugin of [customParseFormat, utc, timezone, duration, isoWeek, weekOfYear, dayOfYear, advancedFormat, localizedFormat, isBetween, quarterOfYear, minMax, isLeapYear, isSameOrAfter, isSameOrBefore, toArray, toObject]) {
  dayjs.extend(plugin);
}
dayjs.extend(relativeTime); // typed with its own options, so outside the loop

// The shared locale table is complete now: frozen, so that nothing an expression does can add or replace
// a locale (Day.js's parseLocale writes `Ls[name] = object` for any object it is given).
for (const locale of Object.values(dayjs.Ls)) deepFreeze(locale);
Object.freeze(dayjs.Ls);

function deepFreeze(value: unknown): void {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function') || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
}

/** Day.js's own unit normaliser (what `get(unit)` applies before it calls `this[unit]()`). */
const prettyUnit = (dayjs() as unknown as { $utils(): { p(unit: unknown): string } }).$utils().p;

/** The units `get`/`set`/`as` accept: `get(name)` calls `this[name]()`, so nothing else may get there. */
const UNITS = new Set(['year', 'month', 'date', 'day', 'hour', 'minute', 'second', 'millisecond', 'week', 'quarter']);

function isDayjs(value: unknown): value is dayjs.Dayjs {
  // Identity, never shape: dayjs.isDayjs would also accept any object with a $isDayjsObject key.
  return value instanceof dayjs;
}

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
  // dayjs.isDuration is `instanceof` the plugin's own Duration class.
  methodsFor: (value) => (isDayjs(value) ? DAYJS_METHODS : dayjs.isDuration(value) ? DURATION_METHODS : null),
  checkArgs: (call, args) => {
    // A locale only by the name of one we ship: an object would define a new locale in the shared table.
    if (!configLocalesOk(args)) return 'badLocale';
    if (call === '.locale' && !localeArgsOk(args)) return 'badLocale';
    if ((call === 'dayjs' || call === 'dayjs.utc') && !parserLocaleOk(args)) return 'badLocale';
    if ((call === '.get' || call === '.set' || call === '.as') && !(typeof args[0] === 'string' && UNITS.has(prettyUnit(args[0])))) return 'badUnit';
    return null;
  },
  kindOf: (value) => (isDayjs(value) ? 'dayjs' : dayjs.isDuration(value) ? 'duration' : basicKind(value)),
};

export const dayjsAdapter: LibraryAdapter = {
  isDate: isDayjs,
  isDuration: (value): value is ReturnType<typeof dayjs.duration> => dayjs.isDuration(value),
};

/** Makes the UI language the default locale of Day.js (relative times, localized formats, weekday names). */
export function setDayjsLocale(name: string): void {
  dayjs.locale(name);
}

const BUNDLED = LIB_LOCALE_NAMES.map((name) => dayjs.Ls[name]);

export const dayjsLibrary: PlaygroundLibrary = {
  sandbox: dayjsSandbox,
  adapter: dayjsAdapter,
  setLocale: setDayjsLocale,
  state: () =>
    JSON.stringify([
      Object.keys(dayjs.Ls),
      LIB_LOCALE_NAMES.map((name, i) => dayjs.Ls[name] === BUNDLED[i]),
      Reflect.ownKeys(dayjs.prototype).map(String),
      Reflect.ownKeys(Object.getPrototypeOf(dayjs.duration(0))).map(String),
      Reflect.ownKeys(dayjs).map(String),
    ]),
};

export const dayjsService = playgroundService(dayjsLibrary);

export { dayjs };

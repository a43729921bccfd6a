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
import type { Sandbox } from '../../../engines/expression/sandbox';
import type { LibraryAdapter } from '../shared/formatResult';
import { basicKind } from '../shared/kinds';
import { configLocalesOk, LIB_LOCALE_NAMES, localeArgsOk, parserLocaleOk } from '../shared/libLocale';
import { playgroundService, type PlaygroundLibrary } from '../shared/runExpression';

// This module is loaded by the Moment playground's worker only (moment.worker.ts).

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

/** The units `get`/`set`/`as` accept after Moment's own normalizeUnits: `get(name)` calls `this[name]()`. */
const UNITS = new Set(['year', 'quarter', 'month', 'week', 'isoWeek', 'date', 'day', 'weekday', 'isoWeekday', 'dayOfYear', 'hour', 'minute', 'second', 'millisecond', 'weekYear', 'isoWeekYear']);

const isUnit = (unit: unknown) => typeof unit === 'string' && UNITS.has(moment.normalizeUnits(unit as moment.unitOfTime.All));

/** `set(unit, value)` or `set({ unit: value, … })`. */
function unitArgOk(arg: unknown): boolean {
  if (typeof arg === 'string') return isUnit(arg);
  return arg !== null && typeof arg === 'object' && !Array.isArray(arg) && Object.keys(arg).every(isUnit);
}

function isMoment(value: unknown): value is moment.Moment {
  // Identity, never shape: moment.isMoment would also accept any object with an _isAMomentObject key.
  return value instanceof moment;
}

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
  // moment.isDuration is `instanceof` Moment's own Duration class.
  methodsFor: (value) => (isMoment(value) ? MOMENT_METHODS : moment.isDuration(value) ? DURATION_METHODS : null),
  checkArgs: (call, args) => {
    // A locale only by the name of one we ship (Moment looks names up in a plain object: '__proto__' finds Object.prototype).
    if (!configLocalesOk(args)) return 'badLocale';
    if (call === '.locale' && !localeArgsOk(args)) return 'badLocale';
    if ((call === 'moment' || call === 'moment.utc' || call === 'moment.parseZone') && !parserLocaleOk(args)) return 'badLocale';
    if ((call === '.get' || call === '.set' || call === '.as') && !unitArgOk(args[0])) return 'badUnit';
    return null;
  },
  kindOf: (value) => (isMoment(value) ? 'moment' : moment.isDuration(value) ? 'duration' : basicKind(value)),
};

export const momentAdapter: LibraryAdapter = {
  isDate: isMoment,
  isDuration: (value): value is moment.Duration => moment.isDuration(value),
};

/** Makes the UI language Moment's global locale. */
export function setMomentLocale(name: string): void {
  moment.locale(name);
}

const BUNDLED = LIB_LOCALE_NAMES.map((name) => moment.localeData(name));

export const momentLibrary: PlaygroundLibrary = {
  sandbox: momentSandbox,
  adapter: momentAdapter,
  setLocale: setMomentLocale,
  state: () =>
    JSON.stringify([
      moment.locales(),
      LIB_LOCALE_NAMES.map((name, i) => moment.localeData(name) === BUNDLED[i]),
      Reflect.ownKeys(moment.fn).map(String),
      Reflect.ownKeys(Object.getPrototypeOf(moment.duration(0))).map(String),
      Reflect.ownKeys(moment).map(String),
    ]),
};

export const momentService = playgroundService(momentLibrary);

export { moment };

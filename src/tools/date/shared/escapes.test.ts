import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evaluate } from '../../../engines/expression/interpreter';
import type { Sandbox } from '../../../engines/expression/sandbox';
import { ToolError } from '../../../lib/errors';
import { dayjs, dayjsLibrary, dayjsSandbox } from '../dayjs-utils/dayjsSandbox';
import { moment, momentLibrary, momentSandbox } from '../moment-utils/momentSandbox';
import { ESCAPE_CORPUS as CORPUS } from './escapeCorpus.testing';
import { checkOutcome } from './outcome';
import { runExpression } from './runExpression';
import { cpuClock } from '../../../lib/testing/cpuClock';

const PROTOS = { object: Object.prototype, array: Array.prototype, function: Function.prototype, string: String.prototype };

/** Own keys and property descriptors (values by identity) of the prototypes every object shares. */
function protoSnapshot() {
  return Object.fromEntries(Object.entries(PROTOS).map(([name, proto]) => [name, Object.getOwnPropertyDescriptors(proto)]));
}

const BEFORE = protoSnapshot();

function clean() {
  expect((globalThis as Record<string, unknown>).__pwned).toBeUndefined();
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).date).toBeUndefined();
  const now = protoSnapshot();
  for (const name of Object.keys(PROTOS) as (keyof typeof PROTOS)[]) {
    expect(Reflect.ownKeys(now[name]), name).toEqual(Reflect.ownKeys(BEFORE[name]));
    for (const key of Reflect.ownKeys(BEFORE[name])) {
      const [a, b] = [BEFORE[name][key as string], now[name][key as string]];
      const same = a.enumerable === b.enumerable && a.configurable === b.configurable && a.writable === b.writable && Object.is(a.value, b.value) && a.get === b.get && a.set === b.set;
      expect(same, `${name}.prototype.${String(key)}`).toBe(true);
    }
  }
}

/** Runaway evaluation (a missed step limit, catastrophic backtracking) takes seconds to hours. */
const RUNAWAY_MS = 2000;

function runCorpus(root: 'dayjs' | 'moment', sandbox: Sandbox, stillWorks: () => void) {
  const libProto = root === 'dayjs' ? Object.getOwnPropertyNames(Object.getPrototypeOf(dayjs())).sort() : Object.getOwnPropertyNames(moment.fn).sort();
  const libStatics = Object.keys(root === 'dayjs' ? dayjs : moment).sort();

  it.each(CORPUS.map((src) => src.replaceAll('dayjs', root)))('refuses %s', (src) => {
    const cpu = cpuClock();
    let thrown: unknown;
    try {
      evaluate(src, sandbox);
    } catch (error) {
      thrown = error;
    }
    // Refused with a translated reason, never a JavaScript value out of the sandbox.
    expect(thrown).toBeInstanceOf(ToolError);
    const key = (thrown as ToolError).key;
    expect(key).toMatch(/^date-playground:errors\./);
    // The library is never reached with anything that could run code.
    expect(key).not.toBe('date-playground:errors.library');
    // A guard against runaway work (step limits, backtracking), not a speed goal: CPU time, which a loaded machine does not stretch.
    expect(cpu()).toBeLessThan(RUNAWAY_MS);
    clean();
    expect(Object.getOwnPropertyNames(root === 'dayjs' ? Object.getPrototypeOf(dayjs()) : moment.fn).sort()).toEqual(libProto);
    expect(Object.keys(root === 'dayjs' ? dayjs : moment).sort()).toEqual(libStatics);
    stillWorks();
  });
}

describe('escape corpus', () => {
  beforeEach(() => {
    delete (globalThis as Record<string, unknown>).__pwned;
  });
  afterEach(clean);

  describe('Day.js', () => {
    runCorpus('dayjs', dayjsSandbox, () => {
      expect(evaluate("dayjs('2024-02-29').add(1, 'year').format('YYYY-MM-DD')", dayjsSandbox)).toBe('2025-02-28');
      expect(dayjs.locale()).toBe('en');
    });
  });

  describe('Moment', () => {
    runCorpus('moment', momentSandbox, () => {
      expect(evaluate("moment('2024-02-29').add(1, 'year').format('YYYY-MM-DD')", momentSandbox)).toBe('2025-02-28');
      expect(moment.locale()).toBe('en');
    });
  });

  it('refuses the payloads of issue 19 for the reason that matters', () => {
    const keyOf = (src: string, sandbox: Sandbox) => {
      try {
        evaluate(src, sandbox);
      } catch (error) {
        return { key: (error as ToolError).key, name: (error as ToolError).params?.name };
      }
      return null;
    };
    const E = 'date-playground:errors.';
    // The computed '__proto__' is caught on its evaluated value, before any library call sees it.
    expect(keyOf("dayjs('PWNED', dayjs(0,{locale:dayjs().format('[__proto__]')}).get(dayjs().format('[$locale]')))", dayjsSandbox)).toEqual({ key: `${E}forbiddenName`, name: '__proto__' });
    expect(keyOf("dayjs('PWNED', dayjs(0).get('$locale'))", dayjsSandbox)).toEqual({ key: `${E}badUnit`, name: '.get' });
    expect(keyOf("moment().get(moment().format('[__defineGetter__]'))", momentSandbox)).toEqual({ key: `${E}forbiddenName`, name: '__defineGetter__' });
    expect(keyOf("moment().set('_locale', 1)", momentSandbox)).toEqual({ key: `${E}badUnit`, name: '.set' });
    // A locale named 'undefined' would be written into Day.js's shared table.
    expect(keyOf('dayjs(0, { locale: {} })', dayjsSandbox)).toEqual({ key: `${E}badLocale`, name: 'dayjs' });
    expect(keyOf("moment('2024', 'YYYY', 'xx')", momentSandbox)).toEqual({ key: `${E}badLocale`, name: 'moment' });
    // Library markers in a user's object are internals' names: refused, and never make it a library object.
    expect(keyOf('dayjs({ $isDayjsObject: true })', dayjsSandbox)?.key).toBe(`${E}forbiddenName`);
    expect(keyOf('moment.max([{ _isAMomentObject: true }])', momentSandbox)?.key).toBe(`${E}forbiddenName`);
    expect(Object.isFrozen(dayjs.Ls)).toBe(true);
    expect(Object.keys(dayjs.Ls).sort()).toEqual(['de', 'en', 'ja', 'ko', 'zh-cn', 'zh-tw']);
  });

  it('keeps the libraries working where the new checks apply', () => {
    const d = (src: string) => evaluate(src, dayjsSandbox);
    const m = (src: string) => evaluate(src, momentSandbox);
    expect(d("dayjs.max([dayjs('2024-01-01'), dayjs('2025-06-01')]).format('YYYY')")).toBe('2025');
    expect(d("dayjs(dayjs('2024-01-02').toDate()).format('DD')")).toBe('02');
    expect(d("dayjs('2024-03-15').get('month')")).toBe(2);
    expect(d("dayjs('2024-03-15').set('D', 20).format('YYYY-MM-DD')")).toBe('2024-03-20');
    expect(d("dayjs.duration(90, 'minutes').as('hours')")).toBe(1.5);
    expect(d("dayjs('29/02/2024', 'DD/MM/YYYY', 'de').format('MMMM')")).toBe('Februar');
    expect(d("dayjs('2024-02-29', 'YYYY-MM-DD', true).isValid()")).toBe(true);
    expect(d("dayjs(0, { locale: 'ja' }).locale()")).toBe('ja');
    expect(m('moment().set({ year: 2020, month: 1 }).year()')).toBe(2020);
    expect(m("moment('2024-03-15').get('months')")).toBe(2);
    expect(m("moment.duration(90, 'minutes').as('h')")).toBe(1.5);
    expect(m("moment('29.02.2024', 'DD.MM.YYYY', 'de', true).format('MMMM')")).toBe('Februar');
    expect(m("moment.max([moment('2024-01-01'), moment('2025-06-01')]).year()")).toBe(2025);
    // Plain data a library returns is a copy: arrays and objects, never a reference into the library.
    expect(m('moment.months()')).toHaveLength(12);
    expect(m("moment('2024-03-15').toObject()")).toMatchObject({ years: 2024, months: 2, date: 15 });
    clean();
  });

  describe.each([
    { root: 'dayjs', lib: dayjsLibrary },
    { root: 'moment', lib: momentLibrary },
  ])('the $root worker runner', ({ root, lib }) => {
    it('answers the whole corpus with plain data, leaves the library\'s state as it was and still works', () => {
      const state = lib.state();
      for (const src of CORPUS.map((c) => c.replaceAll('dayjs', root))) {
        const outcome = runExpression({ source: src, locale: 'de' }, lib);
        expect(outcome?.ok, src).toBe(false);
        // What crosses to the page: structured-clonable, and unchanged by the page's own check.
        expect(checkOutcome(structuredClone(outcome))).toEqual(outcome);
        expect(lib.state(), src).toBe(state);
      }
      clean();
      expect(runExpression({ source: `${root}('2024-02-29').format('LL')`, locale: 'de' }, lib)).toEqual({ ok: true, value: { kind: 'string', value: '29. Februar 2024' } });
      lib.setLocale('en');
    });
  });

  it('refuses a unicode-escaped name by what it decodes to', () => {
    expect(() => evaluate("dayjs().\\u0063onstructor", dayjsSandbox)).toThrow(expect.objectContaining({ key: 'date-playground:errors.forbiddenName', params: expect.objectContaining({ name: 'constructor' }) }));
    // An escaped allowed name is just that name.
    expect(evaluate("dayjs('2024-01-02').\\u0066ormat('DD')", dayjsSandbox)).toBe('02');
  });

  it('lets a value-like object reach the library only as inert data', () => {
    // Plain data: the library reads it and fails or ignores it; no function of ours is ever inside.
    const shown = evaluate("dayjs({ year: 2024 })", dayjsSandbox) as ReturnType<typeof dayjs>;
    expect(shown.isValid()).toBe(false);
    expect(evaluate("moment({ year: 2024, month: 1, day: 29 }).format('YYYY-MM-DD')", momentSandbox)).toBe('2024-02-29');
    clean();
  });

  it('parses long hostile strings quickly (no catastrophic backtracking)', () => {
    const long = `'${'1'.repeat(1900)}'`;
    for (const src of [`moment(${long})`, `dayjs(${long})`, `moment(${long}, 'YYYY-MM-DD')`, `dayjs(${long}, 'YYYY-MM-DD')`]) {
      const cpu = cpuClock();
      try {
        evaluate(src, src.startsWith('moment') ? momentSandbox : dayjsSandbox);
      } catch {
        // A refusal or a library error is fine; only the time matters here.
      }
      expect(cpu()).toBeLessThan(RUNAWAY_MS);
    }
  });
});

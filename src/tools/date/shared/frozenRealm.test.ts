import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { DAYJS_EXAMPLES } from '../dayjs-utils/examples';
import { MOMENT_EXAMPLES } from '../moment-utils/examples';
import { hardenedRealm } from '../../../engines/expression/harden.testing';

/**
 * The playground workers freeze their intrinsics before Day.js and Moment load. Here the same is done to
 * a fresh realm (node:vm), where the libraries' UMD builds (the same source as the ES builds the app
 * bundles) then load and run: pollution fails, the libraries work.
 */

const require = createRequire(import.meta.url);
const LOCALES = ['de', 'ja', 'ko', 'zh-cn', 'zh-tw'];
const DAYJS_PLUGINS = ['customParseFormat', 'utc', 'timezone', 'duration', 'isoWeek', 'weekOfYear', 'dayOfYear', 'advancedFormat', 'localizedFormat', 'isBetween', 'quarterOfYear', 'minMax', 'isLeapYear', 'isSameOrAfter', 'isSameOrBefore', 'toArray', 'toObject', 'relativeTime'];

/** Loads a UMD file into the realm the way a CommonJS loader would, with `require` answering from `modules`. */
function loadUmd(realm: { run: ReturnType<typeof hardenedRealm>['run'] }, file: string, modules: Record<string, unknown>): unknown {
  const wrapper = realm.run<(module: { exports: unknown }, exports: unknown, require: (name: string) => unknown) => void>(`(function (module, exports, require) {${readFileSync(file, 'utf8')}\n})`);
  const module = realm.run<{ exports: unknown }>('({ exports: {} })');
  wrapper(module, module.exports, (name) => {
    if (!(name in modules)) throw new Error(`unexpected require ${name}`);
    return modules[name];
  });
  return module.exports;
}

/** Examples that do not read the clock (the realm's Date is frozen, so no fake timers there). */
const deterministic = (codes: string[]) => codes.filter((c) => !/(dayjs|moment)\(\)|fromNow|calendar|toNow|locale\(\)$/.test(c));

/** What the playground shows of a value, computed inside the realm that made it. */
function show(value: unknown): unknown {
  const v = value as { toISOString?: () => string; format?: () => string; humanize?: () => string };
  if (v && typeof v === 'object' && typeof v.toISOString === 'function') return [v.toISOString(), v.format?.() ?? v.humanize?.()];
  return JSON.parse(JSON.stringify(value ?? null));
}

describe('the date libraries in a realm with frozen intrinsics', () => {
  it("(the control: in a realm that is not frozen, the '__proto__' locale payload does pollute Object.prototype)", () => {
    const context = vm.createContext({});
    const run = <T,>(code: string): T => vm.runInContext(code, context) as T;
    const dayjs = loadUmd({ run }, require.resolve('dayjs'), {});
    run<(lib: unknown) => unknown>("(function (dayjs) { dayjs('PWNED', dayjs(0, { locale: '__proto__' }).get('$locale')) })")(dayjs);
    expect(run('({}).date')).toBe('PWNED');
  });

  it('lets Day.js, its plugins and locales load and run in the frozen realm, with the same results', async () => {
    const realm = hardenedRealm();
    const started = performance.now();
    const dayjs = loadUmd(realm, require.resolve('dayjs'), {}) as { extend: (p: unknown) => void; locale: (n: string) => void };
    for (const plugin of DAYJS_PLUGINS) dayjs.extend(loadUmd(realm, require.resolve(`dayjs/plugin/${plugin}`), {}));
    for (const locale of LOCALES) loadUmd(realm, require.resolve(`dayjs/locale/${locale}`), { dayjs });
    dayjs.locale('en');
    const loadMs = performance.now() - started;
    const ours = (await import('../dayjs-utils/dayjsSandbox')).dayjs;
    // Day.js's Duration#humanize reads the clock twice (now + ms, then fromNow): 90 minutes is "2 hours" or
    // "an hour" by whether a millisecond passed between the reads, so it is not compared across realms.
    const codes = deterministic(DAYJS_EXAMPLES.flatMap((g) => g.items)).filter((c) => !c.includes('.humanize('));
    expect(codes.length).toBeGreaterThan(20);
    for (const code of codes) {
      const frozen = realm.run<(lib: unknown) => unknown>(`(function (dayjs) { return (${code}) })`)(dayjs);
      // eslint-disable-next-line no-new-func -- the reference run, on our own example strings
      const reference = new Function('dayjs', `return (${code})`)(ours);
      expect(show(frozen), code).toEqual(show(reference));
    }
    // The '__proto__' locale payload, run as plain JavaScript with no interpreter in front: the frozen realm stops it.
    const payload = "(function (dayjs) { try { dayjs('PWNED', dayjs(0, { locale: '__proto__' }).get('$locale')) } catch (e) { return [e.name, ({}).date] } return ['none', ({}).date] })";
    expect(realm.run<(lib: unknown) => unknown>(payload)(dayjs)).toEqual(['TypeError', undefined]);
    console.info(`frozen realm: harden ${realm.hardenMs.toFixed(1)} ms (${realm.report.frozen} objects), Day.js + ${DAYJS_PLUGINS.length} plugins + ${LOCALES.length} locales ${loadMs.toFixed(1)} ms`);
  });

  it('lets Moment and its locales load and run in the frozen realm, with the same results', async () => {
    const realm = hardenedRealm();
    const started = performance.now();
    const moment = loadUmd(realm, require.resolve('moment/moment.js'), {}) as { locale: (n: string) => void; suppressDeprecationWarnings: boolean };
    moment.suppressDeprecationWarnings = true;
    for (const locale of LOCALES) loadUmd(realm, require.resolve(`moment/locale/${locale}.js`), { '../moment': moment });
    moment.locale('en');
    const loadMs = performance.now() - started;
    const ours = (await import('../moment-utils/momentSandbox')).moment;
    ours.locale('en');
    const codes = deterministic(MOMENT_EXAMPLES.flatMap((g) => g.items));
    expect(codes.length).toBeGreaterThan(15);
    for (const code of codes) {
      const frozen = realm.run<(lib: unknown) => unknown>(`(function (moment) { return (${code}) })`)(moment);
      // eslint-disable-next-line no-new-func -- the reference run, on our own example strings
      const reference = new Function('moment', `return (${code})`)(ours);
      expect(show(frozen), code).toEqual(show(reference));
    }
    console.info(`frozen realm: Moment + ${LOCALES.length} locales ${loadMs.toFixed(1)} ms`);
  });
});

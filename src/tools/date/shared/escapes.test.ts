import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evaluate, type Sandbox } from '../../../engines/expression/interpreter';
import { ToolError } from '../../../lib/errors';
import { dayjs, dayjsSandbox } from '../dayjs-utils/dayjsSandbox';
import { moment, momentSandbox } from '../moment-utils/momentSandbox';

/**
 * Escape attempts. Every payload, if it ran as JavaScript, would set globalThis.__pwned, pollute a
 * prototype or reach Function. Written for `dayjs`; the Moment run swaps the root name.
 */
const CORPUS: string[] = [
  // constructor chains
  "dayjs.constructor('globalThis.__pwned = 1')()",
  "dayjs().constructor.constructor('globalThis.__pwned = 1')()",
  "dayjs().format.constructor('globalThis.__pwned = 1')()",
  "dayjs()['constructor']['constructor']('globalThis.__pwned = 1')()",
  "dayjs().add.call(null, 1, 'day')",
  "dayjs().format.apply(null, ['YYYY'])",
  "dayjs().format.bind(null)()",
  "dayjs.extend(dayjs)",
  "dayjs().get('constructor')",
  "dayjs().get('Constructors')",
  "dayjs().set('__proto__', 1)",
  // prototype pollution
  'dayjs().__proto__',
  "dayjs().__proto__.polluted = 1",
  'dayjs.prototype.format',
  "dayjs({ __proto__: { polluted: 1 } })",
  "dayjs({ '__proto__': { polluted: 1 } })",
  "dayjs({ constructor: { prototype: { polluted: 1 } } })",
  "dayjs.duration({ __proto__: { polluted: 1 }, hours: 1 })",
  "dayjs().locale('__proto__')",
  "dayjs().locale('__PROTO__').format('MMMM')",
  "dayjs().locale({ name: 'en', polluted: 1 })",
  "dayjs.locale('x', { name: 'x' })",
  "dayjs().add(1, 'constructor')",
  // template literals
  'dayjs(`${globalThis.__pwned = 1}`)',
  'dayjs`x`',
  'dayjs(`2024-01-01`)',
  // unicode escapes in identifiers
  "dayjs().\\u0063onstructor.\\u0063onstructor('globalThis.__pwned = 1')()",
  "dayjs().\\u{63}onstructor",
  "dayjs().\\u005f_proto__",
  "\\u0065val('globalThis.__pwned = 1')",
  // getters and setters
  'dayjs({ get year() { globalThis.__pwned = 1; return 2024 } })',
  'dayjs({ set year(v) { globalThis.__pwned = 1 } })',
  // toString / valueOf tricks
  "dayjs({ toString() { globalThis.__pwned = 1; return '2024' } })",
  "dayjs({ toString: 'x' })",
  "dayjs({ valueOf: dayjs })",
  "dayjs([{ toString: dayjs.constructor }])",
  "dayjs().toString.constructor",
  "dayjs({ toJSON: 1 })",
  "dayjs({ then: 1 })",
  // computed member access with strings
  "dayjs()['format']('YYYY')",
  "dayjs()['con' + 'structor']",
  "dayjs()[dayjs().format('[constructor]')]",
  // functions, eval, globals, operators, assignment
  '(() => { globalThis.__pwned = 1 })()',
  'function () { globalThis.__pwned = 1 }',
  "new Function('globalThis.__pwned = 1')()",
  "Function('globalThis.__pwned = 1')()",
  "eval('globalThis.__pwned = 1')",
  "globalThis.__pwned = 1",
  "window.eval('1')",
  'this',
  "import('data:text/javascript,globalThis.__pwned=1')",
  'new Date()',
  'dayjs.foo = 1',
  'dayjs().$d = null',
  'dayjs.tz = 1',
  "dayjs() && globalThis",
  "dayjs(1) , globalThis",
  "dayjs(1) ? 1 : 2",
  'typeof dayjs',
  'delete dayjs.tz',
  '[...dayjs()]',
  'dayjs(...[1])',
  'dayjs()?.format()',
  'x = dayjs()',
  'dayjs(); globalThis.__pwned = 1',
  "dayjs().format('YYYY'); eval('1')",
  '/a/.test(1)',
  'dayjs(/(a+)+$/)',
  'dayjs.tz.setDefault("Asia/Tokyo")',
  'dayjs.tz.guess.constructor',
  // huge work via repeated calls
  `dayjs()${".add(1, 'day')".repeat(300)}`,
  `dayjs()${'.clone()'.repeat(250)}`,
  `dayjs(${'['.repeat(500)}${']'.repeat(500)})`,
];

const PROTO_NAMES = {
  object: Object.getOwnPropertyNames(Object.prototype).sort(),
  array: Object.getOwnPropertyNames(Array.prototype).sort(),
  function: Object.getOwnPropertyNames(Function.prototype).sort(),
  string: Object.getOwnPropertyNames(String.prototype).sort(),
};

function clean() {
  expect((globalThis as Record<string, unknown>).__pwned).toBeUndefined();
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTO_NAMES.object);
  expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(PROTO_NAMES.array);
  expect(Object.getOwnPropertyNames(Function.prototype).sort()).toEqual(PROTO_NAMES.function);
  expect(Object.getOwnPropertyNames(String.prototype).sort()).toEqual(PROTO_NAMES.string);
}

/** Runaway evaluation (a missed step limit, catastrophic backtracking) takes seconds to hours. */
const RUNAWAY_MS = 2000;

function runCorpus(root: 'dayjs' | 'moment', sandbox: Sandbox, stillWorks: () => void) {
  const libProto = root === 'dayjs' ? Object.getOwnPropertyNames(Object.getPrototypeOf(dayjs())).sort() : Object.getOwnPropertyNames(moment.fn).sort();
  const libStatics = Object.keys(root === 'dayjs' ? dayjs : moment).sort();

  it.each(CORPUS.map((src) => src.replaceAll('dayjs', root)))('refuses %s', (src) => {
    const started = performance.now();
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
    // A guard against runaway work (step limits, backtracking), not a speed goal: generous for a loaded CI machine.
    expect(performance.now() - started).toBeLessThan(RUNAWAY_MS);
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
      const started = performance.now();
      try {
        evaluate(src, src.startsWith('moment') ? momentSandbox : dayjsSandbox);
      } catch {
        // A refusal or a library error is fine; only the time matters here.
      }
      expect(performance.now() - started).toBeLessThan(RUNAWAY_MS);
    }
  });
});

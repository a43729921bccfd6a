import { describe, expect, it } from 'vitest';
import { ToolError } from '../../lib/errors';
import { evaluate } from './interpreter';
import { DEFAULT_LIMITS, type Sandbox } from './sandbox';

/** A toy library: lib(n) makes a Box; boxes have plus(n) and value(); lib.double(n) is a helper. */
class Box {
  constructor(readonly n: number) {}
  plus(k: number) {
    return new Box(this.n + k);
  }
  value() {
    return this.n;
  }
  secret() {
    return 'not allowed';
  }
}
const calls: unknown[][] = [];
const lib = Object.assign((...args: unknown[]) => (calls.push(args), new Box(typeof args[0] === 'number' ? args[0] : 0)), {
  double: (n: number) => n * 2,
  echo: (x: unknown) => x,
  reset: () => 'reset',
  ns: Object.assign((x: number) => x + 1, { inner: () => 'inner' }),
  PI: 3.14,
  /** Hands back what a careless library might: a prototype, a function, a name computed at run time. */
  leak: (what: string) => (what === 'proto' ? Object.prototype : what === 'fn' ? () => 1 : what === 'map' ? new Map() : what === 'computed' ? ['con', 'structor'].join('') : null),
  /** Returns a Box-shaped plain object: looks like a library object, is not one. */
  fake: () => ({ n: 1, plus: 1 }),
});
const sandbox: Sandbox = {
  roots: {
    lib: {
      value: lib as unknown as (...args: unknown[]) => unknown,
      statics: { double: {}, echo: {}, reset: { maxArgs: 0 }, leak: {}, fake: {}, ns: { value: lib.ns as unknown as (...args: unknown[]) => unknown, statics: { inner: {} } } },
      constants: ['PI'],
    },
  },
  methodsFor: (v) => (v instanceof Box ? new Set(['plus', 'value', 'toString']) : null),
  kindOf: (v) => (v instanceof Box ? 'box' : typeof v),
  checkArgs: (call, args) => (call === '.plus' && typeof args[0] !== 'number' ? 'badUnit' : null),
};

const run = (src: string) => evaluate(src, sandbox);
function errorOf(src: string): { key: string; params?: Record<string, string | number> } {
  try {
    run(src);
  } catch (e) {
    expect(e).toBeInstanceOf(ToolError);
    return { key: (e as ToolError).key, params: (e as ToolError).params };
  }
  throw new Error(`expected ${src} to be refused`);
}

describe('expression interpreter: values that cross into and out of a library', () => {
  it('checks strings computed at run time against the forbidden names, as it checks literals', () => {
    expect(run("lib.leak('computed')")).toBe('constructor');
    expect(errorOf("lib.echo(lib.leak('computed'))")).toEqual({ key: 'date-playground:errors.forbiddenName', params: { name: 'constructor', part: "lib.leak('computed')" } });
    expect(errorOf("lib.echo({ a: [lib.leak('computed')] })").params?.name).toBe('constructor');
  });

  it('refuses what a library returns unless it is a primitive, a library object or plain data', () => {
    expect(errorOf("lib.leak('proto')")).toEqual({ key: 'date-playground:errors.unsafeValue', params: { name: 'lib.leak' } });
    expect(errorOf("lib.leak('fn')").key).toBe('date-playground:errors.unsafeValue');
    expect(errorOf("lib.leak('map')").key).toBe('date-playground:errors.unsafeValue');
    expect(run("lib.leak('none')")).toBeNull();
  });

  it('copies plain data a library returns, so nothing it holds can be reached', () => {
    const inner = { deep: [1] };
    const holder: Sandbox = { ...sandbox, roots: { lib: { value: () => inner, statics: {} } } };
    const out = evaluate('lib()', holder) as typeof inner;
    expect(out).toEqual(inner);
    expect(out).not.toBe(inner);
    expect(out.deep).not.toBe(inner.deep);
  });

  it('knows library objects by identity only: a look-alike has no methods', () => {
    expect(errorOf('lib.fake().value()')).toEqual({ key: 'date-playground:errors.method', params: { name: 'value', target: 'object' } });
    expect(errorOf("lib.echo({ n: 1 }).plus(1)").key).toBe('date-playground:errors.method');
  });

  it('refuses keys that name a library internal and arguments the sandbox refuses', () => {
    expect(errorOf('lib.echo({ _d: 1 })')).toEqual({ key: 'date-playground:errors.forbiddenName', params: { name: '_d', part: '_d' } });
    expect(errorOf('lib.echo({ $L: 1 })').key).toBe('date-playground:errors.forbiddenName');
    expect(errorOf("lib(1).plus('x')")).toEqual({ key: 'date-playground:errors.badUnit', params: { name: '.plus' } });
  });
});

describe('expression interpreter: what is allowed', () => {
  it('calls the root, chains allowed methods and returns their value', () => {
    expect(run('lib(2).plus(3).plus(-1).value()')).toBe(4);
    expect(run('lib(2)')).toBeInstanceOf(Box);
    expect(run('lib.double(21);')).toBe(42);
    expect(run('  lib.ns(1) ')).toBe(2);
    expect(run('lib.ns.inner()')).toBe('inner');
    expect(run('lib.PI')).toBe(3.14);
  });

  it('passes literals, arrays and plain objects of literals as arguments', () => {
    expect(run("lib.echo(['a', 1, true, null, undefined, +2, [3]])")).toEqual(['a', 1, true, null, undefined, 2, [3]]);
    const obj = run("lib.echo({ a: 1, 'b c': 'x', 3: [1], nested: { d: false } })") as Record<string, unknown>;
    expect(obj).toEqual({ a: 1, 'b c': 'x', 3: [1], nested: { d: false } });
    expect(Object.getPrototypeOf(obj)).toBe(Object.prototype);
    expect(run('lib.echo(lib(5)).value()')).toBe(5);
  });

  it('names what it refuses', () => {
    expect(errorOf('foo(1)')).toEqual({ key: 'date-playground:errors.identifier', params: { name: 'foo', roots: 'lib' } });
    expect(errorOf('lib(1).secret()')).toEqual({ key: 'date-playground:errors.method', params: { name: 'secret', target: 'box' } });
    expect(errorOf('lib.nope()')).toEqual({ key: 'date-playground:errors.static', params: { name: 'nope', root: 'lib' } });
    expect(errorOf('lib(1).n')).toEqual({ key: 'date-playground:errors.propertyAccess', params: { part: 'lib(1).n' } });
    expect(errorOf('lib')).toEqual({ key: 'date-playground:errors.bareRoot', params: { name: 'lib' } });
    expect(errorOf('lib.reset(1)')).toEqual({ key: 'date-playground:errors.tooManyArgs', params: { name: 'lib.reset', max: 0 } });
    expect(errorOf('lib(1) + 1')).toEqual({ key: 'date-playground:errors.construct', params: { part: 'lib(1) + 1', kind: 'operator' } });
    expect(errorOf('lib(1); lib(2)').key).toBe('date-playground:errors.oneExpression');
    expect(errorOf('lib(').key).toBe('date-playground:errors.syntax');
    expect(errorOf('lib(1).value(').params).toEqual({ column: 14 });
    expect(errorOf('lib(1).plus(2)(3)').params?.kind).toBe('callResult');
    expect(errorOf('lib(1).n(2)(3)')).toEqual({ key: 'date-playground:errors.method', params: { name: 'n', target: 'box' } });
    expect(errorOf('lib.echo(/a+/)').params?.kind).toBe('regex');
    expect(errorOf('lib.echo(1n)').params?.kind).toBe('bigint');
    expect(errorOf('lib.echo([1,,2])').params?.kind).toBe('other');
    expect(errorOf('lib.echo({ a })').params?.kind).toBe('other');
  });

  it('wraps a library failure with the call that failed', () => {
    expect(errorOf("lib.echo(lib(1)).plus.value()").key).toBe('date-playground:errors.propertyAccess');
    const thrower: Sandbox = { ...sandbox, roots: { lib: { value: () => { throw new RangeError('bad input'); }, statics: {} } } };
    try {
      evaluate('lib(1)', thrower);
      expect.unreachable();
    } catch (e) {
      expect((e as ToolError).key).toBe('date-playground:errors.library');
      expect((e as ToolError).params).toEqual({ name: 'lib', message: 'bad input' });
    }
  });

  it('enforces its size, step, call and depth limits', () => {
    expect(errorOf(`lib.echo('${'x'.repeat(DEFAULT_LIMITS.maxLength)}')`)).toEqual({ key: 'date-playground:errors.tooLong', params: { max: DEFAULT_LIMITS.maxLength } });
    const chain = `lib(0)${'.plus(1)'.repeat(DEFAULT_LIMITS.maxCalls)}.value()`;
    expect(chain.length).toBeLessThan(DEFAULT_LIMITS.maxLength);
    expect(errorOf(chain).key).toBe('date-playground:errors.tooManyCalls');
    expect(run(`lib(0)${'.plus(1)'.repeat(150)}.value()`)).toBe(150);
    const deep = `lib.echo(${'['.repeat(300)}${']'.repeat(300)})`;
    expect(errorOf(deep).key).toBe('date-playground:errors.tooDeep');
    const wide = `lib.echo([${Array.from({ length: 101 }, () => '1').join(',')}])`;
    expect(errorOf(wide).key).toBe('date-playground:errors.tooManyItems');
    const steps = evaluate(`lib.echo([${Array.from({ length: 90 }, () => '[1,2,3,4,5,6,7,8,9]').join(',')}])`, sandbox, { ...DEFAULT_LIMITS, maxLength: 5000 });
    expect((steps as unknown[]).length).toBe(90);
    expect(() => evaluate(`lib.echo([${Array.from({ length: 90 }, () => '[1,2,3,4,5,6,7,8,9]').join(',')}])`, sandbox, { ...DEFAULT_LIMITS, maxLength: 5000, maxSteps: 500 })).toThrow(
      expect.objectContaining({ key: 'date-playground:errors.tooManySteps' }),
    );
  });
});

/**
 * Freezes a realm's JavaScript intrinsics (Object.prototype, Array.prototype, Function.prototype and
 * everything reachable from the standard globals), so that no code running in that realm afterwards can
 * add, change or remove a property of them: a library tricked into `Object.prototype.date = x` fails
 * instead of polluting every object of the realm.
 *
 * A plain Object.freeze breaks ordinary code through the "override mistake": once Object.prototype.toString
 * is a frozen data property, `SomeClass.prototype.toString = fn` throws (Day.js and Moment both assign
 * valueOf/toString/toJSON that way when they load). So, as SES does, every writable data property of a
 * prototype becomes a getter/setter pair first: reading returns the same value, assigning to an object
 * that inherits it defines an own property on that object, and assigning to the prototype itself throws.
 *
 * Run it in a worker before any library loads there. It changes the realm it runs in for good, which is
 * why the page never calls it on its own realm.
 */

/** The standard globals whose object graphs are frozen (host objects such as `self` or `postMessage` are not). */
const STANDARD_GLOBALS = [
  'Object', 'Function', 'Array', 'Number', 'Boolean', 'String', 'Symbol', 'BigInt', 'Date', 'RegExp', 'Promise',
  'Error', 'AggregateError', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError',
  'JSON', 'Math', 'Intl', 'Reflect', 'Proxy', 'Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef', 'FinalizationRegistry',
  'ArrayBuffer', 'SharedArrayBuffer', 'DataView', 'Atomics', 'Int8Array', 'Uint8Array', 'Uint8ClampedArray',
  'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array',
  'BigUint64Array', 'Iterator', 'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'encodeURI', 'encodeURIComponent',
  'decodeURI', 'decodeURIComponent', 'escape', 'unescape', 'eval',
] as const;

/** Intrinsics no global names: reached through syntax (generators, async functions, iterators). */
function hiddenIntrinsics(): object[] {
  return [
    Object.getPrototypeOf(function* () {}),
    Object.getPrototypeOf(async function () {}),
    Object.getPrototypeOf(async function* () {}),
    Object.getPrototypeOf([][Symbol.iterator]()),
    Object.getPrototypeOf(new Map()[Symbol.iterator]()),
    Object.getPrototypeOf(new Set()[Symbol.iterator]()),
    Object.getPrototypeOf(''[Symbol.iterator]()),
    Object.getPrototypeOf(/a/[Symbol.matchAll]('a')),
  ];
}

type Target = object;

function isObjectLike(value: unknown): value is Target {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

/**
 * Turns the writable data properties of a prototype into accessors that allow overriding on inheritors;
 * returns the accessor functions it made (to be frozen with the rest).
 */
function enableOverrides(proto: Target): Target[] {
  const made: Target[] = [];
  for (const key of Reflect.ownKeys(proto)) {
    const desc = Object.getOwnPropertyDescriptor(proto, key);
    if (!desc || !('value' in desc) || !desc.writable || !desc.configurable) continue;
    const value: unknown = desc.value;
    const accessors = {
      get() {
        return value;
      },
      set(this: unknown, next: unknown) {
        if (this === proto || !isObjectLike(this)) throw new TypeError(`Cannot assign to read only property '${String(key)}'`);
        // Reflect.defineProperty fails (false) on a frozen or non-extensible object, as an assignment would.
        if (!Reflect.defineProperty(this, key, { value: next, writable: true, enumerable: true, configurable: true })) {
          throw new TypeError(`Cannot assign to property '${String(key)}'`);
        }
      },
    };
    Object.defineProperty(proto, key, { get: accessors.get, set: accessors.set, enumerable: desc.enumerable, configurable: false });
    made.push(accessors.get, accessors.set);
  }
  return made;
}

/** What was done, for tests and measurements. */
interface HardenReport {
  /** Objects frozen. */
  frozen: number;
  /** Prototype properties made overridable on inheritors. */
  overridable: number;
}

/** Every object reachable from the roots through prototypes and own properties (values, getters, setters). */
function reachable(roots: unknown[]): Set<Target> {
  const seen = new Set<Target>();
  const stack = [...roots];
  while (stack.length) {
    const item = stack.pop();
    if (!isObjectLike(item) || seen.has(item)) continue;
    seen.add(item);
    stack.push(Object.getPrototypeOf(item));
    for (const key of Reflect.ownKeys(item)) {
      const desc = Object.getOwnPropertyDescriptor(item, key);
      if (!desc) continue;
      if ('value' in desc) stack.push(desc.value);
      else stack.push(desc.get, desc.set);
    }
  }
  return seen;
}

/**
 * Freezes every intrinsic of `realm` (its global object; defaults to this one) reachable from the standard
 * globals, plus `extra` roots (the realm's hidden intrinsics; found by syntax for this realm).
 */
export function hardenIntrinsics(realm: Record<string, unknown> = globalThis as unknown as Record<string, unknown>, extra: object[] = realm === (globalThis as unknown) ? hiddenIntrinsics() : []): HardenReport {
  const all = reachable([...STANDARD_GLOBALS.map((name) => realm[name]), ...extra]);
  // The prototypes (of every constructor, plus Object's and Function's) become overridable before anything is frozen.
  const prototypes = new Set<Target>();
  for (const item of all) {
    const proto = typeof item === 'function' && Object.hasOwn(item, 'prototype') ? (item as { prototype?: unknown }).prototype : undefined;
    if (isObjectLike(proto) && all.has(proto)) prototypes.add(proto);
  }
  for (const name of ['Object', 'Function']) {
    const proto = (realm[name] as { prototype?: unknown } | undefined)?.prototype;
    if (isObjectLike(proto)) prototypes.add(proto);
  }
  const accessors: Target[] = [];
  let overridable = 0;
  for (const proto of prototypes) {
    if (Object.isFrozen(proto)) continue;
    const made = enableOverrides(proto);
    overridable += made.length / 2;
    accessors.push(...made);
  }
  for (const item of [...all, ...accessors]) Object.freeze(item);
  return { frozen: all.size + accessors.length, overridable };
}

import { describe, expect, it } from 'vitest';
import { hardenedRealm } from './harden.testing';

/** Whether the code throws a TypeError (of the other realm: instanceof cannot tell). */
function typeErrorOf(realm: ReturnType<typeof hardenedRealm>, code: string): boolean {
  try {
    realm.run(code);
  } catch (error) {
    return (error as Error).name === 'TypeError';
  }
  return false;
}

describe('hardenIntrinsics', () => {
  it('freezes a realm: pollution fails, ordinary code that overrides inherited methods still works', () => {
    const realm = hardenedRealm();
    expect(realm.report.frozen).toBeGreaterThan(500);
    expect(realm.report.overridable).toBeGreaterThan(100);
    for (const name of ['Object.prototype', 'Array.prototype', 'Function.prototype', 'String.prototype', 'Date.prototype', 'Error.prototype', 'JSON', 'Math']) {
      expect(realm.run(`Object.isFrozen(${name})`), name).toBe(true);
    }
    expect(typeErrorOf(realm, "'use strict'; Object.prototype.polluted = 1")).toBe(true);
    expect(typeErrorOf(realm, "'use strict'; Object.prototype.toString = null")).toBe(true);
    expect(typeErrorOf(realm, "'use strict'; Array.prototype.push = null")).toBe(true);
    expect(typeErrorOf(realm, "'use strict'; Object.defineProperty(Object.prototype, 'date', { get() { return 1 } })")).toBe(true);
    expect(realm.run("Object.prototype.polluted = 1; ({}).polluted")).toBeUndefined();
    expect(typeErrorOf(realm, "Object.prototype.__defineGetter__('date', function () { return 1 })")).toBe(true);
    expect(realm.run("'use strict'; function C() {} C.prototype.toString = function () { return 'c' }; C.prototype.valueOf = function () { return 7 }; String(new C()) + (new C() + 1)")).toBe('c8');
    expect(realm.run("'use strict'; var o = {}; o.hasOwnProperty = 1; [o.hasOwnProperty, ({}).hasOwnProperty === Object.prototype.hasOwnProperty, Object.keys(o).join()]")).toEqual([1, true, 'hasOwnProperty']);
    expect(typeErrorOf(realm, "'use strict'; var f = Object.freeze({}); f.toString = 1")).toBe(true);
    // This realm (the test's own) is untouched.
    expect(Object.isFrozen(Object.prototype)).toBe(false);
  });
});

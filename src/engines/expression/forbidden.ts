// Names and keys the interpreter never lets through, in any position.

/** Names that are never allowed anywhere: the ways out of a sandbox. */
export const FORBIDDEN_NAMES = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  ...Object.getOwnPropertyNames(Function.prototype),
  'prototype',
  'then',
  'toJSON',
  'eval',
  'Function',
  'globalThis',
  'window',
  'self',
  'this',
]);

/**
 * The same names as libraries see them after normalising a unit or locale argument (lower case, a
 * plural "s" dropped): a string literal that turns into one of these could reach `this[name]` inside
 * a library, so it is refused too.
 */
const FORBIDDEN_LOWER = new Set([...FORBIDDEN_NAMES].map((n) => n.toLowerCase()));

export function isForbiddenString(value: string): boolean {
  const lower = value.toLowerCase();
  return FORBIDDEN_LOWER.has(lower) || FORBIDDEN_LOWER.has(lower.replace(/s$/, ''));
}

/** Keys starting with _ or $ name a library's internals (Moment's _d, _locale; Day.js's $L, $d): never in a user's object. */
export function isPrivateKey(key: string): boolean {
  return key.startsWith('_') || key.startsWith('$');
}

/** Methods on library objects a FORBIDDEN name would otherwise hide; allowed only as calls on those objects. */
export const SAFE_METHOD_NAMES = new Set(['toString', 'valueOf', 'toJSON', 'toLocaleString']);

/**
 * A tiny interpreter for one JavaScript expression, run against an allow-list.
 *
 * The user's text is parsed into an AST (acorn) and only these shapes are evaluated: calls of an
 * allowed root (`dayjs(…)`), its allowed static helpers (`dayjs.unix(…)`, `dayjs.tz.guess()`),
 * allowed methods on the objects those calls return (`.add(1, 'day').format()`), and literal
 * arguments (strings, numbers, booleans, null, arrays and plain objects of these). Nothing is ever
 * handed to eval, Function or a script tag: no user text becomes code.
 *
 * What crosses into a library call is checked on its evaluated value, whatever produced it: every string
 * (a name computed at run time, such as `format('[__proto__]')`, included) and every object key against
 * the forbidden names; every object must be one the interpreter built from literals or a library object.
 * Library objects are recognised by identity only (`methodsFor` decides by instanceof the library's own
 * classes, and only for objects a library call returned), never by their shape: a user's object literal
 * that carries a library's marker (`_isAMomentObject`, `$isDayjsObject`) stays plain data. What a call
 * returns is adopted: primitives and library objects as they are, arrays, plain objects and Dates as fresh
 * copies (so no reference into a library's shared state survives), anything else refused.
 *
 * The libraries themselves should still run in a realm of their own (see realmWorker.ts): the checks
 * here are the first wall, not the only one.
 */
import type { Node } from 'acorn';
import { ToolError } from '../../lib/errors';
import { FORBIDDEN_NAMES, isForbiddenString, isPrivateKey, SAFE_METHOD_NAMES } from './forbidden';
import { DEFAULT_LIMITS, type Limits, type RootSpec, type Sandbox, type StaticSpec } from './sandbox';
import { errorMessage, kindOfNode, notAllowed, NS, parse, snippet, type AnyNode } from './syntax';

interface State {
  steps: number;
  calls: number;
  source: string;
  /** Arrays, objects and Dates the interpreter built (from literals, or as copies of what a call returned). */
  built: WeakSet<object>;
  /** Objects a library call returned that its sandbox recognises as library objects. */
  library: WeakSet<object>;
  /** Constants read from a root (moment.ISO_8601): passed back to the library as they are. */
  constants: WeakSet<object>;
}

function isObjectLike(value: unknown): value is object {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

/** Evaluates one expression; throws a ToolError whose key says what was refused or what failed. */
export function evaluate(source: string, sandbox: Sandbox, limits: Limits = DEFAULT_LIMITS): unknown {
  const root = parse(source, limits);
  const state: State = { steps: 0, calls: 0, source, built: new WeakSet(), library: new WeakSet(), constants: new WeakSet() };
  const rootNames = Object.keys(sandbox.roots).join(', ');

  const step = (depth: number) => {
    if (++state.steps > limits.maxSteps) throw new ToolError(`${NS}tooManySteps`, { max: limits.maxSteps });
    if (depth > limits.maxDepth) throw new ToolError(`${NS}tooDeep`, { max: limits.maxDepth });
  };

  const checkName = (name: string, node: Node) => {
    if (isForbiddenString(name)) throw new ToolError(`${NS}forbiddenName`, { name, part: snippet(state, node) });
  };

  const isLibraryObject = (value: unknown): boolean => isObjectLike(value) && state.library.has(value) && !state.built.has(value);

  /** The methods of a value: only library objects have any. */
  const methodsOf = (value: unknown): ReadonlySet<string> | null => (isLibraryObject(value) ? sandbox.methodsFor(value) : null);

  const unsafe = (call: string) => new ToolError(`${NS}unsafeValue`, { name: call });

  /**
   * What a library call returned, made safe to hold: primitives and library objects as they are; arrays,
   * plain objects and Dates copied (data properties only); anything else (functions, prototypes, objects
   * of other classes) refused.
   */
  const adopt = (value: unknown, call: string, depth: number): unknown => {
    step(depth);
    if (!isObjectLike(value)) {
      if (typeof value === 'symbol' || typeof value === 'bigint') throw unsafe(call);
      return value;
    }
    if (!state.built.has(value) && sandbox.methodsFor(value)) {
      state.library.add(value);
      return value;
    }
    const proto: unknown = Object.getPrototypeOf(value);
    let copy: object;
    if (value instanceof Date && proto === Date.prototype) {
      copy = new Date(value.getTime());
    } else if (Array.isArray(value) && proto === Array.prototype) {
      if (value.length > limits.maxItems * 10) throw new ToolError(`${NS}tooManyItems`, { max: limits.maxItems * 10 });
      const items: unknown[] = [];
      for (let i = 0; i < value.length; i++) {
        const desc = Object.getOwnPropertyDescriptor(value, i);
        if (desc && !('value' in desc)) throw unsafe(call);
        items.push(adopt(desc?.value, call, depth + 1));
      }
      copy = items;
    } else if (typeof value === 'object' && proto === Object.prototype) {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const desc = Object.getOwnPropertyDescriptor(value, key);
        if (!desc || !('value' in desc)) throw unsafe(call);
        Object.defineProperty(out, key, { value: adopt(desc.value, call, depth + 1), enumerable: true, writable: true, configurable: true });
      }
      copy = out;
    } else {
      throw unsafe(call);
    }
    state.built.add(copy);
    return copy;
  };

  /**
   * An argument, checked on its evaluated value before a library sees it: strings and keys against the
   * forbidden names, objects must be library objects, constants, or data the interpreter built.
   */
  const vet = (value: unknown, call: string, node: Node, depth: number): void => {
    if (depth > limits.maxDepth) throw new ToolError(`${NS}tooDeep`, { max: limits.maxDepth });
    if (typeof value === 'string') {
      checkName(value, node);
      return;
    }
    if (!isObjectLike(value) || isLibraryObject(value) || state.constants.has(value)) return;
    if (!state.built.has(value)) throw unsafe(call);
    if (value instanceof Date) return;
    for (const key of Object.keys(value)) {
      checkName(key, node);
      if (isPrivateKey(key)) throw new ToolError(`${NS}forbiddenName`, { name: key, part: snippet(state, node) });
      vet((value as Record<string, unknown>)[key], call, node, depth + 1);
    }
  };

  /** The spec when the node names a root or one of its static namespaces (dayjs, dayjs.tz), else null. */
  const namespaceOf = (node: AnyNode): RootSpec | null => {
    if (node.type === 'Identifier') {
      const name = node.name as string;
      return Object.hasOwn(sandbox.roots, name) ? sandbox.roots[name] : null;
    }
    if (node.type === 'MemberExpression' && !node.computed && !node.optional && (node.property as AnyNode).type === 'Identifier') {
      const parent = namespaceOf(node.object as AnyNode);
      const name = (node.property as AnyNode).name as string;
      const spec = parent && Object.hasOwn(parent.statics, name) ? parent.statics[name] : null;
      return spec && 'statics' in spec ? (spec as RootSpec) : null;
    }
    return null;
  };

  const memberName = (node: AnyNode): string => {
    if (node.computed) throw notAllowed(state, node, 'computed');
    if (node.optional) throw notAllowed(state, node, 'optional');
    const property = node.property as AnyNode;
    if (property.type !== 'Identifier') throw notAllowed(state, node, 'other');
    const name = property.name as string;
    return name;
  };

  /** What to call for a callee node: the function, its `this`, and a display name. */
  const resolveCallee = (callee: AnyNode, depth: number): { fn: unknown; self: unknown; name: string; spec?: StaticSpec; target?: unknown } => {
    if (callee.type === 'Identifier') {
      const name = callee.name as string;
      checkName(name, callee);
      const spec = Object.hasOwn(sandbox.roots, name) ? sandbox.roots[name] : null;
      if (!spec) throw new ToolError(`${NS}identifier`, { name, roots: rootNames });
      if (spec.notCallable) throw new ToolError(`${NS}notCallable`, { name });
      return { fn: spec.value, self: undefined, name };
    }
    if (callee.type === 'CallExpression') {
      // f()(): refused, but first let the inner call report what is wrong with it (it runs only allowed calls).
      evaluateNode(callee, depth);
      throw notAllowed(state, callee, 'callResult');
    }
    if (callee.type !== 'MemberExpression') throw notAllowed(state, callee, kindOfNode(callee));
    const name = memberName(callee);
    const ns = namespaceOf(callee.object as AnyNode);
    if (ns) {
      checkName(name, callee);
      const spec = Object.hasOwn(ns.statics, name) ? ns.statics[name] : null;
      const owner = snippet(state, callee.object as Node);
      if (!spec) throw new ToolError(`${NS}static`, { name, root: owner });
      if ('statics' in spec) {
        if (spec.notCallable) throw new ToolError(`${NS}notCallable`, { name: `${owner}.${name}` });
        return { fn: spec.value, self: ns.value, name: `${owner}.${name}` };
      }
      return { fn: (ns.value as unknown as Record<string, unknown>)[name], self: ns.value, name: `${owner}.${name}`, spec };
    }
    // A method chain is not nesting: its links share one depth (the source length bounds the recursion).
    const target = evaluateNode(callee.object as AnyNode, depth);
    const methods = methodsOf(target);
    if (FORBIDDEN_NAMES.has(name) && !(SAFE_METHOD_NAMES.has(name) && methods?.has(name))) {
      throw new ToolError(`${NS}forbiddenName`, { name, part: snippet(state, callee) });
    }
    if (!methods || !methods.has(name)) throw new ToolError(`${NS}method`, { name, target: sandbox.kindOf(target) });
    return { fn: (target as Record<string, unknown>)[name], self: target, name: `.${name}`, target };
  };

  const evaluateNode = (node: AnyNode, depth: number): unknown => {
    step(depth);
    switch (node.type) {
      case 'Literal': {
        if (node.regex) throw notAllowed(state, node, 'regex');
        if (node.bigint !== undefined) throw notAllowed(state, node, 'bigint');
        if (typeof node.value === 'string' && isForbiddenString(node.value)) throw new ToolError(`${NS}forbiddenName`, { name: node.value, part: snippet(state, node) });
        return node.value;
      }
      case 'UnaryExpression': {
        // Only a sign in front of a number literal: add(-1, 'day').
        const arg = node.argument as AnyNode;
        if ((node.operator === '-' || node.operator === '+') && arg.type === 'Literal' && typeof arg.value === 'number') {
          step(depth + 1);
          return node.operator === '-' ? -arg.value : arg.value;
        }
        throw notAllowed(state, node, 'operator');
      }
      case 'Identifier': {
        const name = node.name as string;
        if (name === 'undefined') return undefined;
        checkName(name, node);
        if (Object.hasOwn(sandbox.roots, name)) throw new ToolError(`${NS}bareRoot`, { name });
        throw new ToolError(`${NS}identifier`, { name, roots: rootNames });
      }
      case 'ArrayExpression': {
        const elements = node.elements as (AnyNode | null)[];
        if (elements.length > limits.maxItems) throw new ToolError(`${NS}tooManyItems`, { max: limits.maxItems });
        const out = elements.map((el) => {
          if (!el) throw notAllowed(state, node, 'other');
          return evaluateNode(el, depth + 1);
        });
        state.built.add(out);
        return out;
      }
      case 'ObjectExpression': {
        const properties = node.properties as AnyNode[];
        if (properties.length > limits.maxItems) throw new ToolError(`${NS}tooManyItems`, { max: limits.maxItems });
        const out: Record<string, unknown> = {};
        for (const prop of properties) {
          if (prop.type !== 'Property') throw notAllowed(state, prop, kindOfNode(prop));
          if (prop.kind !== 'init' || prop.method) throw notAllowed(state, prop, 'getter');
          if (prop.computed) throw notAllowed(state, prop, 'computed');
          if (prop.shorthand) throw notAllowed(state, prop, 'other');
          const key = prop.key as AnyNode;
          const name = key.type === 'Identifier' ? (key.name as string) : key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number') ? String(key.value) : null;
          if (name === null) throw notAllowed(state, prop, 'other');
          checkName(name, key);
          if (isPrivateKey(name)) throw new ToolError(`${NS}forbiddenName`, { name, part: snippet(state, key) });
          // defineProperty: a plain data property, never a trip through a setter.
          Object.defineProperty(out, name, { value: evaluateNode(prop.value as AnyNode, depth + 1), enumerable: true, writable: true, configurable: true });
        }
        state.built.add(out);
        return out;
      }
      case 'MemberExpression': {
        const name = memberName(node);
        checkName(name, node);
        const ns = namespaceOf(node.object as AnyNode);
        if (ns?.constants?.includes(name)) {
          const value = (ns.value as unknown as Record<string, unknown>)[name];
          if (isObjectLike(value)) state.constants.add(value);
          return value;
        }
        throw new ToolError(`${NS}propertyAccess`, { part: snippet(state, node) });
      }
      case 'CallExpression': {
        if (node.optional) throw notAllowed(state, node, 'optional');
        const { fn, self, name, spec, target } = resolveCallee(node.callee as AnyNode, depth);
        const argNodes = node.arguments as AnyNode[];
        if (argNodes.length > limits.maxItems) throw new ToolError(`${NS}tooManyItems`, { max: limits.maxItems });
        if (spec?.maxArgs !== undefined && argNodes.length > spec.maxArgs) throw new ToolError(`${NS}tooManyArgs`, { name, max: spec.maxArgs });
        const args = argNodes.map((a) => {
          if (a.type === 'SpreadElement') throw notAllowed(state, a, 'spread');
          const value = evaluateNode(a, depth + 1);
          vet(value, name, a, depth + 1);
          return value;
        });
        const refusal = sandbox.checkArgs?.(name, args, target);
        if (refusal) throw new ToolError(`${NS}${refusal}`, { name });
        if (typeof fn !== 'function') throw new ToolError(`${NS}notAFunction`, { name });
        if (++state.calls > limits.maxCalls) throw new ToolError(`${NS}tooManyCalls`, { max: limits.maxCalls });
        let result: unknown;
        try {
          result = Reflect.apply(fn, self, args);
        } catch (error) {
          if (error instanceof ToolError) throw error;
          throw new ToolError(`${NS}library`, { name, message: errorMessage(error) });
        }
        return adopt(result, name, depth + 1);
      }
      default:
        throw notAllowed(state, node, kindOfNode(node));
    }
  };

  return evaluateNode(root, 0);
}

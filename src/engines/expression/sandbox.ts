// What a sandbox hands the interpreter (the library's roots, its methods, its argument checks) and the
// limits every evaluation runs under.

export interface StaticSpec {
  /** At most this many arguments (used to keep global setters such as locale(name) out). */
  maxArgs?: number;
}

export interface RootSpec {
  /** The callable itself, or null for a namespace that can only hold helpers. */
  value: (...args: unknown[]) => unknown;
  /** Callable helpers reachable as root.name(…), or nested namespaces (dayjs.tz.guess()). */
  statics: Record<string, StaticSpec | RootSpec>;
  /** Non-function values readable as root.name (moment.ISO_8601). */
  constants?: readonly string[];
  /** The root is only a namespace for its statics: calling it directly is refused. */
  notCallable?: boolean;
}

export interface Sandbox {
  roots: Record<string, RootSpec>;
  /**
   * The methods callable on a library object, or null for anything else. Decide by identity (instanceof
   * the library's own classes), never by an object's shape; the interpreter only asks about objects that
   * a library call returned.
   */
  methodsFor: (value: unknown) => ReadonlySet<string> | null;
  /** A short, stable label for a value's kind (used in error messages): 'dayjs', 'duration', 'string'… */
  kindOf: (value: unknown) => string;
  /**
   * Checks a call's evaluated arguments before the library sees them: the reason to refuse (an error key
   * under errors., such as 'badLocale' or 'badUnit'), or null. `call` is the name shown in messages:
   * 'dayjs', 'dayjs.utc', '.locale'; `target` is the object a method is called on.
   */
  checkArgs?: (call: string, args: readonly unknown[], target: unknown) => string | null;
}

export interface Limits {
  /** Longest accepted source, in UTF-16 units. */
  maxLength: number;
  /** AST nodes evaluated, all kinds. */
  maxSteps: number;
  /** Library calls made. */
  maxCalls: number;
  /** Nesting of arrays, objects and calls. */
  maxDepth: number;
  /** Elements of one array literal / properties of one object literal. */
  maxItems: number;
}

export const DEFAULT_LIMITS: Limits = { maxLength: 2000, maxSteps: 2000, maxCalls: 200, maxDepth: 200, maxItems: 100 };

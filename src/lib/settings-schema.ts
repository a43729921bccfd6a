// What a stored value may be. Everything read back from localStorage passes through here: a value
// written by an older version, edited by hand or corrupted never reaches a tool as it is. A tool
// declares one rule per settings field; a stored field that breaks its rule takes the default, field
// by field, so one bad value never costs the others and never becomes an error.
import * as v from 'valibot';
import { isColorInputValue } from './hex-colour';

/** The rule one field's stored value must pass. */
export type FieldRule<T> = v.GenericSchema<unknown, T>;

/** One rule per field of a tool's settings; every field needs one (the type checker says so). */
export type SettingsSchema<S> = { readonly [K in keyof S]-?: FieldRule<S[K]> };

/** A finite number in [min, max]. */
export const num = (min: number, max: number): FieldRule<number> => v.pipe(v.number(), v.finite(), v.minValue(min), v.maxValue(max));

/** A whole number in [min, max]. */
export const int = (min: number, max: number): FieldRule<number> => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));

/** One of a fixed list of strings or numbers. */
export const oneOf = <const T extends string | number>(values: readonly T[]): FieldRule<T> => v.picklist(values as T[]) as FieldRule<T>;

export const bool = (): FieldRule<boolean> => v.boolean();

/** Any text up to `max` characters. */
export const text = (max = 1000): FieldRule<string> => v.pipe(v.string(), v.maxLength(max));

/** Text up to `max` characters that passes `test` (a tool's own check, e.g. a time zone name). */
export const textWhere = (max: number, test: (value: string) => boolean): FieldRule<string> => v.pipe(v.string(), v.maxLength(max), v.check(test));

/** "#rrggbb", the form a colour input reads and writes. */
export const color = (): FieldRule<string> => v.pipe(v.string(), v.check(isColorInputValue));

/** A list of up to `max` items, each passing `item`. */
export const listOf = <T>(item: FieldRule<T>, max: number): FieldRule<T[]> => v.pipe(v.array(item), v.maxLength(max));

/** A group of fields kept as one value (e.g. a tool's optional first step): each field by its rule, unknown keys dropped. */
export const group = <T extends object>(rules: SettingsSchema<T>): FieldRule<T> => v.object(rules as unknown as v.ObjectEntries) as unknown as FieldRule<T>;

/** Checks `value` against a rule; anything that fails (or throws) gives the fallback. */
export function checked<T>(rule: FieldRule<T>, value: unknown, fallback: T): T {
  try {
    const result = v.safeParse(rule, value);
    return result.success ? result.output : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Stored settings checked field by field: the fields the schema knows and the stored value has (as its
 * own property) and that pass their rule are kept; every other field takes its default. Unknown keys,
 * `__proto__` included, are dropped. Never throws.
 */
export function parseSettings<S extends object>(stored: unknown, defaults: S, schema: SettingsSchema<S>): S {
  const out = { ...defaults };
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return out;
  for (const key of Object.keys(schema) as (keyof S & string)[]) {
    if (!Object.hasOwn(stored, key)) continue;
    out[key] = checked(schema[key], (stored as Record<string, unknown>)[key], defaults[key]);
  }
  return out;
}

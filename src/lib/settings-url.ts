// A tool's settings in its address: the fields that differ from the defaults, one query parameter each
// (?format=webp&quality=70), so a shared link opens the tool as it was set. What comes back from an address is
// checked by the tool's schema, field by field, like stored settings: a link edited by hand never reaches a tool.
import { checked, type SettingsSchema } from './settings-schema';

/** How a field's value is written: text as it is, numbers and booleans as their literal, lists as JSON. */
function encode(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Reads a parameter back as the type of the field's default; undefined when it cannot be that type. */
function decode(raw: string, like: unknown): unknown {
  if (typeof like === 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

const same = (a: unknown, b: unknown) => encode(a) === encode(b);

/** The settings fields that differ from the defaults, as query parameters in the schema's order. */
export function settingsToParams<S extends object>(settings: S, defaults: S, schema: SettingsSchema<S>): [string, string][] {
  const out: [string, string][] = [];
  for (const key of Object.keys(schema) as (keyof S & string)[]) {
    if (!same(settings[key], defaults[key])) out.push([key, encode(settings[key])]);
  }
  return out;
}

/** The settings fields an address carries that pass their rules; other parameters (the language, …) are ignored. */
export function settingsFromParams<S extends object>(params: URLSearchParams, defaults: S, schema: SettingsSchema<S>): Partial<S> {
  const out: Partial<S> = {};
  for (const key of Object.keys(schema) as (keyof S & string)[]) {
    const raw = params.get(key);
    if (raw === null) continue;
    const value = decode(raw, defaults[key]);
    const invalid = Symbol('invalid');
    const result = checked(schema[key], value, invalid as unknown as S[typeof key]);
    if (result !== (invalid as unknown)) out[key] = result;
  }
  return out;
}

/** The parameter that names the preset a link's settings come from ("copy link to this preset"). */
export const PRESET_PARAM = 'preset';

/**
 * `search` with the settings parameters replaced by `entries`, every other parameter kept in place. `preset` names
 * the preset they are (a link to a preset); null drops the name (the settings are no longer that preset's).
 */
export function withSettingsParams<S extends object>(search: string, entries: [string, string][], schema: SettingsSchema<S>, preset?: string | null): string {
  const params = new URLSearchParams(search);
  for (const key of Object.keys(schema)) params.delete(key);
  if (preset !== undefined) params.delete(PRESET_PARAM);
  if (preset) params.append(PRESET_PARAM, preset);
  for (const [key, value] of entries) params.append(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The address `href` set as a preset, with its name: what "copy link to this preset" puts on the clipboard. */
export function presetLink<S extends object>(href: string, name: string, settings: S, defaults: S, schema: SettingsSchema<S>): string {
  const url = new URL(href);
  url.search = withSettingsParams(url.search, settingsToParams(settings, defaults, schema), schema, name);
  url.hash = '';
  return url.href;
}

// Named settings presets a user saves on the device, per tool. Read back through the tool's schema like stored
// settings: a preset written by an older version keeps the fields that still fit and takes defaults for the rest.
import { parseSettings, type SettingsSchema } from './settings-schema';
import { readJson, STORAGE_KEYS, storeJson } from './storage';

export interface Preset<S> {
  name: string;
  settings: S;
}

export const PRESET_NAME_MAX = 40;
const PRESETS_MAX = 30;

/** The presets kept for a tool, each checked; entries without a usable name are dropped, names unique. */
export function readPresets<S extends object>(toolId: string, defaults: S, schema: SettingsSchema<S>): Preset<S>[] {
  const stored = readJson<unknown>(STORAGE_KEYS.toolPresets(toolId), []);
  if (!Array.isArray(stored)) return [];
  const out: Preset<S>[] = [];
  for (const entry of stored.slice(0, PRESETS_MAX)) {
    if (entry === null || typeof entry !== 'object') continue;
    const name = cleanPresetName((entry as { name?: unknown }).name);
    if (!name || out.some((p) => p.name === name)) continue;
    out.push({ name, settings: parseSettings((entry as { settings?: unknown }).settings, defaults, schema) });
  }
  return out;
}

/** A preset name as kept: trimmed, inner whitespace collapsed, at most PRESET_NAME_MAX characters; '' when unusable. */
export function cleanPresetName(name: unknown): string {
  // Control and format characters (bidi overrides, zero-width joiners) go: a name from a link must not reorder the page's text.
  return typeof name === 'string' ? name.replace(/[\p{Cc}\p{Cf}]/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, PRESET_NAME_MAX) : '';
}

/** The list with `preset` saved: a preset of the same name is replaced in place, a new one goes last. */
export function withPreset<S>(presets: Preset<S>[], preset: Preset<S>): Preset<S>[] {
  const i = presets.findIndex((p) => p.name === preset.name);
  if (i >= 0) return presets.map((p, k) => (k === i ? preset : p));
  return [...presets, preset].slice(-PRESETS_MAX);
}

/** Keeps the list; false when storage is full or disabled. */
export function storePresets<S>(toolId: string, presets: Preset<S>[]): boolean {
  return storeJson(STORAGE_KEYS.toolPresets(toolId), presets);
}

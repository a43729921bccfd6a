import { beforeEach, describe, expect, it } from 'vitest';
import { bool, int, oneOf, type SettingsSchema } from './settings-schema';
import { cleanPresetName, readPresets, storePresets, withPreset, PRESET_NAME_MAX } from './presets';
import { STORAGE_KEYS } from './storage';

interface S {
  quality: number;
  format: 'png' | 'webp';
  keep: boolean;
}
const DEFAULTS: S = { quality: 75, format: 'png', keep: true };
const SCHEMA: SettingsSchema<S> = { quality: int(1, 100), format: oneOf(['png', 'webp']), keep: bool() };

// Node has no localStorage: a Map stands in for the store (the key and the JSON are what is tested).
const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  Object.assign(globalThis, {
    localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) },
  });
});

describe('settings presets', () => {
  it('saves, replaces by name and reads back in order', () => {
    let list = withPreset<S>([], { name: 'Web', settings: { ...DEFAULTS, format: 'webp' } });
    list = withPreset(list, { name: 'Print', settings: { ...DEFAULTS, quality: 95 } });
    list = withPreset(list, { name: 'Web', settings: { ...DEFAULTS, format: 'webp', quality: 60 } });
    expect(storePresets('t', list)).toBe(true);
    expect(readPresets('t', DEFAULTS, SCHEMA)).toEqual([
      { name: 'Web', settings: { quality: 60, format: 'webp', keep: true } },
      { name: 'Print', settings: { quality: 95, format: 'png', keep: true } },
    ]);
  });

  it('checks what it reads: bad fields take defaults, nameless and duplicate entries are dropped', () => {
    store.set(
      STORAGE_KEYS.toolPresets('t'),
      JSON.stringify([{ name: '  A  b ', settings: { quality: 500, format: 'webp', extra: 1 } }, { name: '', settings: {} }, { name: 'A b', settings: {} }, null, 7]),
    );
    expect(readPresets('t', DEFAULTS, SCHEMA)).toEqual([{ name: 'A b', settings: { quality: 75, format: 'webp', keep: true } }]);
    store.set(STORAGE_KEYS.toolPresets('t'), '{not json');
    expect(readPresets('t', DEFAULTS, SCHEMA)).toEqual([]);
  });

  it('keeps names short and clean', () => {
    expect(cleanPresetName('x'.repeat(100))).toHaveLength(PRESET_NAME_MAX);
    expect(cleanPresetName(' \n ')).toBe('');
    expect(cleanPresetName(3)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { parseSettings } from './settings-schema';
import { SAMPLE_DEFAULTS, SAMPLE_SCHEMA } from './settings-sample.testing';

const DEFAULTS = SAMPLE_DEFAULTS;
const SCHEMA = SAMPLE_SCHEMA;

describe('parseSettings', () => {
  it('keeps every stored field that fits its rule', () => {
    const stored = { width: 640, scale: 0.5, format: 'jpeg', keep: false, name: 'logo', background: '#00FF00', zones: ['Asia/Tokyo'] };
    expect(parseSettings(stored, DEFAULTS, SCHEMA)).toEqual(stored);
  });

  it('replaces each field that breaks its rule by its default, keeping the others', () => {
    const stored = { width: 1e308, scale: 'NaN', format: 'bmp', keep: 'yes', name: 'x'.repeat(41), background: 'red', zones: { 0: 'UTC' } };
    expect(parseSettings(stored, DEFAULTS, SCHEMA)).toEqual(DEFAULTS);
    expect(parseSettings({ width: -1, scale: 3 }, DEFAULTS, SCHEMA)).toEqual({ ...DEFAULTS, scale: 3 });
    expect(parseSettings({ width: 12.5, zones: ['UTC', 5] }, DEFAULTS, SCHEMA)).toEqual(DEFAULTS);
    expect(parseSettings({ width: [640], format: ['png'], keep: null }, DEFAULTS, SCHEMA)).toEqual(DEFAULTS);
  });

  it('gives the defaults for a stored value that is no settings object', () => {
    for (const stored of [null, undefined, 5, 'str', [], [1, 2], true, {}]) {
      expect(parseSettings(stored, DEFAULTS, SCHEMA)).toEqual(DEFAULTS);
    }
  });

  it('drops unknown keys and never lets __proto__ through', () => {
    const stored = JSON.parse('{"__proto__": {"polluted": 1, "width": 7}, "constructor": {"x": 1}, "extra": 1, "width": 800}');
    const out = parseSettings(stored, DEFAULTS, SCHEMA);
    expect(out).toEqual({ ...DEFAULTS, width: 800 });
    expect(Object.keys(out).sort()).toEqual(Object.keys(DEFAULTS).sort());
    expect(({} as { polluted?: number }).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });

  it('returns a copy: the defaults object is never changed', () => {
    const out = parseSettings({ width: 10 }, DEFAULTS, SCHEMA);
    expect(out).not.toBe(DEFAULTS);
    expect(DEFAULTS.width).toBe(1280);
  });
});

import { describe, expect, it } from 'vitest';
import { SAMPLE_DEFAULTS, SAMPLE_SCHEMA, type Sample } from './settings-sample.testing';
import { cleanPresetName } from './presets';
import { presetLink, settingsFromParams, settingsToParams, withSettingsParams } from './settings-url';

const DEFAULTS = SAMPLE_DEFAULTS;
const SCHEMA = SAMPLE_SCHEMA;

describe('settings in the address', () => {
  it('writes only the fields that differ from the defaults', () => {
    expect(settingsToParams(DEFAULTS, DEFAULTS, SCHEMA)).toEqual([]);
    const changed = { ...DEFAULTS, width: 640, format: 'jpeg' as const, keep: false, zones: ['UTC', 'Asia/Tokyo'] };
    expect(settingsToParams(changed, DEFAULTS, SCHEMA)).toEqual([
      ['width', '640'],
      ['format', 'jpeg'],
      ['keep', 'false'],
      ['zones', '["UTC","Asia/Tokyo"]'],
    ]);
  });

  it('reads back exactly what it wrote, through a real URL', () => {
    const changed: Sample = { width: 0, scale: 0.5, format: 'jpeg', keep: false, name: 'a&b=c ?#', background: '#00ff00', zones: ['Europe/Berlin'] };
    const url = new URL(`https://x.test/t${withSettingsParams('?lng=de', settingsToParams(changed, DEFAULTS, SCHEMA), SCHEMA)}`);
    expect(url.searchParams.get('lng')).toBe('de');
    expect({ ...DEFAULTS, ...settingsFromParams(url.searchParams, DEFAULTS, SCHEMA) }).toEqual(changed);
  });

  it('drops each parameter that breaks its rule or is not a setting, keeping the others', () => {
    const params = new URLSearchParams('width=99999&scale=abc&format=gif&keep=1&name=ok&background=red&zones=[1]&__proto__=x&lng=ja');
    expect(settingsFromParams(params, DEFAULTS, SCHEMA)).toEqual({ name: 'ok' });
    expect(settingsFromParams(new URLSearchParams('keep=true&scale=1.5'), DEFAULTS, SCHEMA)).toEqual({ keep: true, scale: 1.5 });
  });

  it('replaces old settings parameters and keeps the rest', () => {
    expect(withSettingsParams('?width=10&lng=ko&format=jpeg', [['width', '20']], SCHEMA)).toBe('?lng=ko&width=20');
    expect(withSettingsParams('?width=10', [], SCHEMA)).toBe('');
  });

  it('a link to a preset carries its settings and its name; changed settings drop the name', () => {
    const settings: Sample = { ...DEFAULTS, width: 800, format: 'jpeg' };
    const url = new URL(presetLink('https://x.test/image/resize?lng=ja&width=5&preset=Old#top', 'Shop 800 & more', settings, DEFAULTS, SCHEMA));
    expect(url.pathname).toBe('/image/resize');
    expect(url.hash).toBe('');
    expect(url.searchParams.getAll('preset')).toEqual(['Shop 800 & more']);
    expect(url.searchParams.get('lng')).toBe('ja');
    expect({ ...DEFAULTS, ...settingsFromParams(url.searchParams, DEFAULTS, SCHEMA) }).toEqual(settings);
    expect(withSettingsParams('?preset=Shop&width=800', [['width', '801']], SCHEMA, null)).toBe('?width=801');
    expect(withSettingsParams('?preset=Shop&width=800', [['width', '800']], SCHEMA)).toBe('?preset=Shop&width=800');
  });

  it('a preset name from a link loses control and bidi characters and its excess length', () => {
    expect(cleanPresetName('evil\u202Egnp.exe\u0000\n  name')).toBe('evil gnp.exe name');
    expect(cleanPresetName('x'.repeat(500)).length).toBeLessThanOrEqual(40);
    expect(cleanPresetName(42)).toBe('');
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { builtinPlugins, optimize as svgoNode } from 'svgo';
import { describe, expect, it } from 'vitest';
import { EXTRA_PLUGINS, OPTIMIZER_DEFAULTS, PRESET_PLUGINS, svgoConfig } from './config';
import { optimizeSvg } from '../../../engines/svg/optimize';

const FIXTURES = path.resolve('src/engines/svg/fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
const ALL = ['icon-camera.svg', 'logo-solid.svg', 'graph-dot.svg', 'chart-bars.svg', 'gradient-transform.svg', 'text-card.svg'];

describe('svgo config', () => {
  it('lists exactly svgo 4 preset-default, and only real plugins as extras', () => {
    const preset = builtinPlugins.find((p) => p.name === 'preset-default') as unknown as { plugins: { name: string }[] };
    expect([...PRESET_PLUGINS]).toEqual(preset.plugins.map((p) => p.name));
    const names = new Set(builtinPlugins.map((p) => p.name));
    for (const name of EXTRA_PLUGINS) {
      expect(names.has(name)).toBe(true);
      expect(PRESET_PLUGINS as readonly string[]).not.toContain(name);
    }
  });

  it('builds the config the settings stand for', () => {
    expect(svgoConfig(OPTIMIZER_DEFAULTS)).toEqual({
      multipass: true,
      floatPrecision: 3,
      js2svg: { pretty: false, indent: 2 },
      plugins: [{ name: 'preset-default', params: { overrides: {} } }],
    });
    const custom = svgoConfig({ toggled: ['removeComments', 'removeTitle', 'convertPathData'], precision: 1, multipass: false, pretty: true });
    expect(custom.plugins).toEqual([{ name: 'preset-default', params: { overrides: { removeComments: false, convertPathData: false } } }, 'removeTitle']);
    expect(custom.floatPrecision).toBe(1);
  });

  it("gives, through svgo/browser, byte for byte what svgo's Node build gives with the same config", () => {
    const settingsList = [
      OPTIMIZER_DEFAULTS,
      { toggled: ['removeDesc', 'removeDimensions', 'removeScripts', 'sortAttrs'], precision: 1, multipass: false, pretty: true },
      { toggled: ['convertPathData', 'mergePaths', 'prefixIds', 'reusePaths'], precision: 5, multipass: true, pretty: false },
    ];
    for (const settings of settingsList) {
      for (const name of ALL) {
        const text = fixture(name);
        const ours = optimizeSvg(text, svgoConfig(settings));
        const theirs = svgoNode(text, svgoConfig(settings) as Parameters<typeof svgoNode>[1]).data;
        expect(ours.svg).toBe(theirs);
        expect(ours.bytes).toBeLessThan(ours.originalBytes);
        expect(ours.gzipBytes).toBeGreaterThan(0);
      }
    }
  });

  it('shrinks the fixtures with the defaults and keeps the drawing elements', () => {
    const dot = optimizeSvg(fixture('graph-dot.svg'), svgoConfig(OPTIMIZER_DEFAULTS));
    expect(dot.bytes / dot.originalBytes).toBeLessThan(0.75);
    expect(dot.svg).not.toContain('<!--');
    expect(dot.svg.match(/<text/g)).toHaveLength(4);
    expect(dot.svg).toContain('viewBox="0 0 170 188"');
  });

  it('reports a malformed file with its line and column', () => {
    expect(() => optimizeSvg('<svg xmlns="http://www.w3.org/2000/svg">\n<g>\n</svg>', svgoConfig(OPTIMIZER_DEFAULTS))).toThrow(
      expect.objectContaining({ key: 'svg-tools:errors.invalidAt', params: expect.objectContaining({ line: 3 }) }),
    );
    expect(() => optimizeSvg('', svgoConfig(OPTIMIZER_DEFAULTS))).toThrow('errors.emptyFile');
    expect(() => optimizeSvg('<html></html>', svgoConfig(OPTIMIZER_DEFAULTS))).toThrow('svg-tools:errors.noSvgRoot');
  });
});

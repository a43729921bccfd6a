import { beforeAll, describe, expect, it } from 'vitest';
import { designSvg, isSingleEmoji, validateText, type Design } from './design';
import { findIcon, loadIcons, searchIcons } from './icons';

const base: Design = {
  mode: 'text',
  text: 'LK',
  emoji: '🚀',
  icon: 'rocket',
  fontFamily: '"LK Inter", system-ui, sans-serif',
  fontWeight: 700,
  fontSize: 60,
  fontColor: '#ffffff',
  background: '#1d4ed8',
  shape: 'rounded',
};

describe('text validation (1–2 characters)', () => {
  it('counts characters as people see them', () => {
    expect(validateText('A')).toBeNull();
    expect(validateText('LK')).toBeNull();
    expect(validateText('字体')).toBeNull();
    expect(validateText('👍🏽A')).toBeNull(); // a skin-toned emoji is one character
    expect(validateText('ABC')).toBe('tooLong');
    expect(validateText('')).toBe('empty');
    expect(validateText('  ')).toBe('empty');
  });
  it('accepts exactly one emoji', () => {
    expect(isSingleEmoji('🚀')).toBe(true);
    expect(isSingleEmoji('🏳️‍🌈')).toBe(true);
    expect(isSingleEmoji('🇯🇵')).toBe(true);
    expect(isSingleEmoji('🚀🚀')).toBe(false);
    expect(isSingleEmoji('a')).toBe(false);
  });
});

beforeAll(async () => {
  await loadIcons();
}, 60_000);

describe('the generated SVG', () => {
  it('is a 512 px document with the shape, the escaped text and the embedded font', () => {
    const svg = designSvg({ ...base, text: '<&' }, { fontFace: { family: 'LK Inter', dataUrl: 'data:font/woff2;base64,AAAA', weight: 700 } });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="512" height="512" viewBox="0 0 512 512">/);
    expect(svg).toContain('<rect width="512" height="512" rx="96" fill="#1d4ed8"/>');
    expect(svg).toContain('>&lt;&amp;</text>');
    expect(svg).toContain('@font-face{font-family:"LK Inter";src:url(data:font/woff2;base64,AAAA)');
    expect(svg).toContain('font-size="307.2"');
    expect(svg).not.toContain('<script');
  });
  it('fills the whole square for the apple and maskable variants and scales the glyph into the safe zone', () => {
    const circle = { ...base, shape: 'circle' as const, fontSize: 100 };
    expect(designSvg(circle, {})).toContain('<circle cx="256" cy="256" r="256"');
    expect(designSvg(circle, {}, 'fullBleed')).toContain('<rect width="512" height="512" fill="#1d4ed8"/>');
    const maskable = designSvg(circle, {}, 'maskable');
    expect(maskable).toContain('<rect width="512" height="512" fill="#1d4ed8"/>');
    expect(maskable).toContain('scale(0.5657)');
  });
  it('draws a lucide icon from its node data, and nothing but drawing elements', () => {
    const rocket = findIcon('rocket')!;
    const svg = designSvg({ ...base, mode: 'icon' }, { iconNode: [...rocket.node, ['script', { d: 'x' }], ['path', { d: 'M0 0', onload: 'alert(1)' }]] });
    expect(svg).toContain('stroke="#ffffff" stroke-width="2"');
    expect(svg).toContain(`d="${rocket.node.find(([t]) => t === 'path')![1].d}"`);
    expect(svg).not.toContain('script');
    expect(svg).not.toContain('onload');
  });
  it('refuses to let a colour break out of its attribute', () => {
    expect(designSvg({ ...base, background: '"/><script>' }, {})).not.toContain('<script>');
  });
});

describe('the icon set', () => {
  it('holds lucide’s icons, searchable by words of their names', async () => {
    expect((await loadIcons()).length).toBeGreaterThan(1000);
    expect(searchIcons('arrow up').every((i) => i.name.includes('arrow') && i.name.includes('up'))).toBe(true);
    expect(searchIcons('rocket').map((i) => i.name)).toContain('rocket');
    expect(searchIcons('zzzz-nothing')).toEqual([]);
  });
});

describe('the icon set (lucide-static)', () => {
  it('holds lucide’s icons as drawing data, the same drawing as lucide-react’s for the default icon', async () => {
    const icons = await loadIcons();
    expect(icons.length).toBeGreaterThan(1500);
    for (const { name, node } of icons) {
      expect(node.length, name).toBeGreaterThan(0);
      for (const [tag, attrs] of node) expect(typeof tag === 'string' && typeof attrs === 'object', name).toBe(true);
    }
    const { __iconData } = (await import('/node_modules/lucide-react/dist/esm/icons/rocket.mjs' as string)) as { __iconData: { node: [string, Record<string, unknown>][] } };
    const withoutKeys = __iconData.node.map(([tag, { key: _key, ...attrs }]) => [tag, attrs]);
    expect(findIcon('rocket')?.node).toEqual(withoutKeys);
  });
});

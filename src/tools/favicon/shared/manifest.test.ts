import { beforeAll, describe, expect, it } from 'vitest';
import { loadCodecWasmInNode } from '../../../engines/codecs/node-wasm.testing';
import { encodeIcons } from './encode';
import { buildSnippet, manifestJson, normalizeBasePath, type SiteInfo } from './manifest';
import { assemblePackage, fileBlob } from './package';
import { blank } from './raster';
import { ICON_KEYS, ICON_SIZE, type IconImages } from './spec';

const info: SiteInfo = { name: 'Café "Résumé" <b>', shortName: 'Café', themeColor: '#1d4ed8', backgroundColor: '#ffffff', basePath: '/' };

describe('site.webmanifest', () => {
  it('is valid JSON with the names, colours and the three Android icons', () => {
    const manifest = JSON.parse(manifestJson(info));
    expect(manifest).toMatchObject({ name: 'Café "Résumé" <b>', short_name: 'Café', theme_color: '#1d4ed8', background_color: '#ffffff', display: 'standalone' });
    expect(manifest.icons).toEqual([
      { src: '/android-chrome-192x192.png', sizes: '192x192', type: 'image/png' },
      { src: '/android-chrome-512x512.png', sizes: '512x512', type: 'image/png' },
      { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });
  it('leaves the names out when none is given, never writing "name": ""', () => {
    const text = manifestJson({ ...info, name: '  ', shortName: '' });
    expect(text).not.toMatch(/"name"|"short_name"/);
    expect(JSON.parse(text)).toMatchObject({ display: 'standalone', theme_color: '#1d4ed8' });
    expect(JSON.parse(manifestJson({ ...info, name: '', shortName: 'Café' }))).toMatchObject({ name: 'Café', short_name: 'Café' });
  });

  it('falls back to the name for the short name and follows the base path', () => {
    const m = JSON.parse(manifestJson({ ...info, shortName: ' ', basePath: 'static/icons' }));
    expect(m.short_name).toBe(m.name);
    expect(m.icons[0].src).toBe('static/icons/android-chrome-192x192.png');
    expect(normalizeBasePath('  ')).toBe('/');
    expect(normalizeBasePath('/a"><script>/')).toBe('/ascript/');
  });
});

describe('the <head> snippet', () => {
  it('links every file, escapes the name and mentions the SVG only when there is one', () => {
    const html = buildSnippet(info, true);
    expect(html.split('\n')).toEqual([
      '<link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48">',
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
      '<link rel="icon" href="/favicon-32x32.png" type="image/png" sizes="32x32">',
      '<link rel="icon" href="/favicon-16x16.png" type="image/png" sizes="16x16">',
      '<link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180">',
      '<link rel="manifest" href="/site.webmanifest">',
      '<meta name="theme-color" content="#1d4ed8">',
      '<meta name="apple-mobile-web-app-title" content="Café">',
    ]);
    expect(buildSnippet(info, false)).not.toContain('favicon.svg');
    expect(buildSnippet({ ...info, shortName: '' }, false)).toContain('content="Café &quot;Résumé&quot; &lt;b&gt;"');
  });
});

describe('the package', () => {
  beforeAll(loadCodecWasmInNode);
  it('lists the ICO, the optional SVG, six PNGs and the manifest', async () => {
    const images = Object.fromEntries(ICON_KEYS.map((k) => [k, blank(ICON_SIZE[k], ICON_SIZE[k], [1, 2, 3])])) as IconImages;
    const files = assemblePackage(await encodeIcons(images), '<svg/>', info);
    expect(files.map((f) => f.name)).toEqual([
      'favicon.ico',
      'favicon.svg',
      'favicon-16x16.png',
      'favicon-32x32.png',
      'apple-touch-icon.png',
      'android-chrome-192x192.png',
      'android-chrome-512x512.png',
      'maskable-icon-512x512.png',
      'site.webmanifest',
    ]);
    expect(JSON.parse(await (await fileBlob(files.at(-1)!)).text()).name).toBe(info.name);
    expect(assemblePackage(await encodeIcons(images), undefined, info).some((f) => f.kind === 'svg')).toBe(false);
  });
});

describe('a base path on another site', () => {
  it('is flagged with its host; a path on the site is not', async () => {
    const { foreignBaseHost } = await import('./manifest');
    expect(foreignBaseHost('https://evil.example/icons')).toBe('evil.example');
    expect(foreignBaseHost('//evil.example/icons')).toBe('evil.example');
    expect(foreignBaseHost(' HTTP://Evil.example:8080/')).toBe('evil.example:8080');
    expect(foreignBaseHost('data:text/html,x')).not.toBeNull();
    expect(foreignBaseHost('/')).toBeNull();
    expect(foreignBaseHost('static/icons')).toBeNull();
    expect(foreignBaseHost('/assets/icons/')).toBeNull();
  });
});

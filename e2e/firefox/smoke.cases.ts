import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/tools/registry';
import { tr } from '../support/locales';
import { recordWorks } from '../support/matrix';
import { foreignRequests, identify, load, settle, SKIP_FIREFOX, type FirefoxSession } from './support';
import { sharedFirefox } from './shared';
import { ui } from './ui';

// The Firefox ESR smoke suite: every route renders, and the most used tools process a real file through the UI,
// each download read by an outside program (ImageMagick). The full suite runs in Chromium (e2e/*.e2e.ts).
const IMAGES = path.resolve('src/engines/codecs/fixtures');
const SVGS = path.resolve('src/engines/svg/fixtures');


describe.skipIf(SKIP_FIREFOX)('Firefox ESR', { timeout: 120_000 }, () => {
  let ff: FirefoxSession;
  let $: ReturnType<typeof ui>;
  beforeAll(async () => {
    ff = await sharedFirefox();
    $ = ui(ff);
    // The one page load: it installs the service worker and downloads the codecs for offline use. The tests
    // then move inside the app, as links do.
    await load(ff, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);

  it('renders home, privacy, not-found and every tool route in English, with no error', { timeout: 240_000 }, async () => {
    const { page } = ff;
    expect(await $.text('[data-testid="home-title"]')).toBe('Localkit');
    expect(await $.attr('html', 'lang')).toBe('en');
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);

    for (const tool of TOOLS) {
      await $.openTool(tool.path);
      await expect.poll(() => page.title()).toBe(`${tr('en', `tools.${tool.id}.name`)} — ${tr('en', 'brand.name')}`);
    }

    await $.navigate('/privacy');
    await expect.poll(() => page.$eval('h1', (h) => h.textContent)).toBe(tr('en', 'privacy.title'));
    await $.navigate('/no/such/page');
    await page.waitForSelector('[data-testid="not-found"]');
    expect(await $.text('h1')).toBe(tr('en', 'notFound.title'));
    expect(ff.errors).toEqual([]);
  });

  it('image compress: a JPEG comes back a whole JPEG of the same size (ImageMagick)', async () => {
    await $.openTool('/image/image-compress');
    await $.upload(path.join(IMAGES, 'cat.jpg'));
    await settle(ff.page, 1, 0);
    const out = await ff.download($.rowDownload('cat.jpg'));
    expect(out.name).toBe('cat.jpg');
    expect(identify(out.file)).toEqual({ format: 'JPEG', width: 320, height: 213 });
    recordWorks('firefox', 'image-compress', 'JPEG, ImageMagick identify');
    await $.clear();
  });

  it('image convert: PNG to WebP', async () => {
    await $.openTool('/image/image-converter');
    await $.select('[data-testid="output-format"]', 'webp');
    await $.upload(path.join(IMAGES, 'coffee.png'));
    await settle(ff.page, 1, 0);
    const out = await ff.download($.rowDownload('coffee.png'));
    expect(out.name).toBe('coffee.webp');
    expect(identify(out.file)).toEqual({ format: 'WEBP', width: 225, height: 150 });
    recordWorks('firefox', 'image-converter', 'PNG → WebP, ImageMagick identify');
    await $.clear();
  });

  it('image resize: a JPEG to 160 px wide, aspect kept', async () => {
    await $.openTool('/image/image-resize');
    await $.fill('[data-testid="resize-width"]', '160');
    await $.upload(path.join(IMAGES, 'cat.jpg'));
    await settle(ff.page, 1, 0);
    const out = await ff.download($.rowDownload('cat.jpg'));
    expect(out.name).toBe('cat.jpg');
    expect(identify(out.file)).toEqual({ format: 'JPEG', width: 160, height: 107 });
    recordWorks('firefox', 'image-resize', 'JPEG to 160 px, ImageMagick identify');
    await $.clear();
  });

  it('SVG to PNG at 2×', async () => {
    await $.openTool('/svg/svg-to-png');
    await $.click('[data-testid="scale-2"]');
    expect(await ff.page.$eval('[data-testid="scale-2"]', (r) => (r as HTMLInputElement).checked)).toBe(true);
    await $.upload(path.join(SVGS, 'icon-camera.svg'));
    await settle(ff.page, 1, 0);
    const out = await ff.download($.rowDownload('icon-camera.svg'));
    expect(out.name).toBe('icon-camera.png');
    expect(identify(out.file)).toEqual({ format: 'PNG', width: 48, height: 48 });
    recordWorks('firefox', 'svg-to-png', 'PNG at 2×, ImageMagick identify');
    await $.clear();
  });

  it('text diff: two typed texts, the changed lines counted', async () => {
    await $.openTool('/text/text-diff');
    await $.fill('[data-testid="text-input"]', 'alpha\nbravo\ncharlie\ndelta\n');
    await $.fill('[data-testid="text-input-b"]', 'alpha\nbravo two\ncharlie\nfoxtrot\n');
    await expect.poll(() => $.attr('[data-testid="removed-count"]', 'data-value')).toBe('2');
    await expect.poll(() => $.attr('[data-testid="added-count"]', 'data-value')).toBe('2');
    expect(await $.text('[data-testid="text-output"]')).toContain('foxtrot');
    recordWorks('firefox', 'text-diff', 'changed lines of typed texts');
  });

  it('word count: typed text counted', async () => {
    await $.openTool('/writer/word-count');
    await $.fill('[data-testid="text-input"]', 'A well-known fact, stated plainly.');
    await expect.poll(() => $.attr('[data-testid="stat-words"]', 'data-value')).toBe('5');
    recordWorks('firefox', 'word-count', 'typed text counted');
  });

  it('sent nothing off the origin and logged no error', () => {
    // The page's own requests reached the app: the recorder works, so an empty foreign list means something.
    expect(ff.requests.some((u) => u.startsWith(ff.baseURL))).toBe(true);
    expect(foreignRequests(ff)).toEqual([]);
    expect(ff.errors).toEqual([]);
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEBIAN_PDFS } from '../src/engines/pdf/fixtures.testing';
import { TOOLS } from '../src/tools/registry';
import { appForSuite, type AppSession } from './support/app';
import { tr } from './support/locales';
import { walkInApp } from './support/overflow';
import { download, file, inspect, row, settle } from './image-support';

describe('offline after the first visit', () => {
  const app = appForSuite();

  it('installs the service worker and says it is ready offline', async () => {
    const { page } = app;
    await page.goto('/');
    await page.getByTestId('toast').filter({ hasText: tr('en', 'pwa.offlineReady') }).waitFor({ timeout: 30_000 });
    // The job-time code (the converter's dictionaries among it) is stored in the background once installed.
    await page.locator('html[data-offline-codecs="ready"]').waitFor({ state: 'attached', timeout: 120_000 });
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${app.baseURL}/`);
  }, 180_000);

  it('loads the shell and every tool with the network cut', async () => {
    const { page, context } = app;
    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByTestId('home-title').waitFor();
      // The first tool of each section by a full load (the service worker answers the deep URL with the shell), the
      // rest as the app's links go: every tool's own page code (its lazy chunk, below the shell's header) comes from
      // the precache, shown by its body's input rendering with no loading placeholder or error left.
      const sections = new Set<string>();
      for (const tool of TOOLS) {
        const section = tool.path.split('/')[1];
        if (sections.has(section)) await walkInApp(page, tool.path);
        else {
          sections.add(section);
          await page.goto(tool.path);
        }
        const name = tr('en', `tools.${tool.id}.name`);
        await page
          .waitForFunction((h) => document.querySelector('[data-testid="tool-title"]')?.textContent === h && !document.querySelector('[data-testid="loading"]') && !!document.querySelector('[data-testid="text-input"], [data-testid="file-input"]'), name, { polling: 'raf', timeout: 20_000 })
          .catch(() => undefined); // the checks below say what is missing
        expect(await page.getByTestId('tool-title').textContent()).toBe(name);
        expect(await page.getByTestId('loading').count(), `${tool.path}: loading placeholder left`).toBe(0);
        expect(await page.locator('[data-testid="text-input"], [data-testid="file-input"]').count(), `${tool.path}: its page's input`).toBeGreaterThan(0);
      }
      expect(sections.size).toBeGreaterThan(1);
      await page.goto('/writer/word-count');
      await page.getByTestId('text-input').fill('works without a network');
      await expect.poll(() => page.getByTestId('stat-words').getAttribute('data-value')).toBe('4');
      // The diff's worker and the converter's worker come from the precache, its dictionaries from the engine cache.
      await page.goto('/text/text-diff');
      await page.getByTestId('text-input').fill('alpha\nbeta\n');
      await page.getByTestId('text-input-b').fill('alpha\ngamma\n');
      await expect.poll(() => page.getByTestId('added-count').getAttribute('data-value')).toBe('1');
      await page.goto('/text/text-converter');
      await page.getByTestId('mode').selectOption('s2t');
      await page.getByTestId('text-input').fill('简体中文');
      await expect.poll(() => page.getByTestId('text-output').inputValue(), { timeout: 20_000 }).toBe('簡體中文');
      // The favicon generator draws its text in a bundled face, stored in the background with the job-time code.
      await page.goto('/favicon/generator');
      await page.getByTestId('font').selectOption('pacifico');
      await page.locator('[data-testid="result-row"][data-status="done"]').first().waitFor({ timeout: 30_000 });
      expect(await page.locator('[data-testid="result-row"][data-status="error"]').count()).toBe(0);
      await page.goto('/writer/word-count');
      // Another language, never loaded before, is precached too.
      await page.getByTestId('language-picker').selectOption('ko');
      await expect.poll(() => page.getByTestId('tool-title').textContent()).toBe(tr('ko', 'tools.word-count.name'));
    } finally {
      await context.setOffline(false);
    }
  });
});

describe('image codecs offline after a first visit to the home page only', () => {
  const app = appForSuite();

  /** The absolute URLs of the everyday codecs (engines.json, written by the build) and whether each is in the engine cache. */
  const codecCache = (page: AppSession['page']) =>
    page.evaluate(async () => {
      const { engines } = (await (await fetch('/engines.json')).json()) as { engines: { id: string; files: { url: string; size: number }[] }[] };
      const cache = await caches.open('localkit-engines');
      const files = engines.find((e) => e.id === 'codecs')!.files;
      return Promise.all(files.map(async (f) => ({ url: f.url, size: f.size, cached: (await (await cache.match(new URL(f.url, location.origin).href))?.arrayBuffer())?.byteLength ?? 0 })));
    });

  it('fetches the codecs in the background once installed, then compresses, converts and resizes images and compresses a PDF with the network cut', async () => {
    const { page, context } = app;
    await page.goto('/');
    await page.locator('html[data-offline-codecs="ready"]').waitFor({ state: 'attached', timeout: 120_000 });
    const files = await codecCache(page);
    expect(files.map((f) => f.url)).toEqual(expect.arrayContaining([expect.stringMatching(/mozjpeg_enc-.*\.wasm$/), expect.stringMatching(/squoosh_oxipng_bg-.*\.wasm$/), expect.stringMatching(/webp_enc.*\.wasm$/), expect.stringMatching(/avif_enc-.*\.wasm$/), expect.stringMatching(/libheif-.*\.wasm$/), expect.stringMatching(/squoosh_resize_bg-.*\.wasm$/)]));
    for (const f of files) expect(f.cached, f.url).toBe(f.size);

    await context.setOffline(true);
    try {
      // Compress: JPEG (MozJPEG) and PNG (OxiPNG).
      await page.goto('/image/image-compress');
      await page.getByTestId('file-input').setInputFiles([{ name: 'rocket.jpg', mimeType: 'image/jpeg', buffer: readFileSync('bench/image/photos/rocket.jpg') }, file('coffee.png', 'image/png')]);
      await settle(page, 2, 0, 90_000);
      const jpg = await download(page, () => row(page, 'rocket.jpg').getByTestId('download').click());
      expect((await inspect(page, jpg.bytes)).format).toBe('jpeg');
      expect(jpg.bytes.length).toBeLessThan(readFileSync('bench/image/photos/rocket.jpg').length);
      const png = await download(page, () => row(page, 'coffee.png').getByTestId('download').click());
      expect(await inspect(page, png.bytes)).toEqual({ format: 'png', header: { width: 225, height: 150 }, decoded: { width: 225, height: 150 } });

      // Convert: a WebP photo and a HEIC photo to WebP, then to AVIF.
      await page.goto('/image/image-converter');
      await page.getByTestId('output-format').selectOption('webp');
      await page.getByTestId('file-input').setInputFiles([{ name: 'chelsea.webp', mimeType: 'image/webp', buffer: readFileSync('bench/image/photos/chelsea.webp') }, file('coffee.heic', 'image/heic')]);
      await settle(page, 2, 0, 90_000);
      const webp = await download(page, () => row(page, 'coffee.heic').getByTestId('download').click());
      expect(await inspect(page, webp.bytes)).toMatchObject({ format: 'webp', decoded: { width: 225, height: 150 } });
      await page.getByTestId('output-format').selectOption('avif');
      await page.getByTestId('rerun').click();
      await settle(page, 2, 0, 90_000);
      const avif = await download(page, () => row(page, 'chelsea.webp').getByTestId('download').click());
      const chelsea = await inspect(page, readFileSync('bench/image/photos/chelsea.webp'));
      expect(await inspect(page, avif.bytes)).toEqual({ format: 'avif', header: chelsea.decoded, decoded: chelsea.decoded });

      // Resize (Lanczos3 in wasm) a photo to 160 px wide.
      await page.goto('/image/image-resize');
      await page.getByTestId('resize-width').fill('160');
      await page.getByTestId('file-input').setInputFiles([{ name: 'rocket.jpg', mimeType: 'image/jpeg', buffer: readFileSync('bench/image/photos/rocket.jpg') }]);
      await settle(page, 1, 0, 60_000);
      const small = await download(page, () => row(page, 'rocket.jpg').getByTestId('download').click());
      expect((await inspect(page, small.bytes)).decoded.width).toBe(160);

      // Compress a PDF: MuPDF and the PDF engine's operations come from the background download too.
      await page.goto('/pdf/pdf-compress');
      await page.getByTestId('file-input').setInputFiles([{ name: 'mime.pdf', mimeType: 'application/pdf', buffer: readFileSync(DEBIAN_PDFS.mime) }]);
      await settle(page, 1, 0, 90_000);
      const compressed = path.join(mkdtempSync(path.join(tmpdir(), 'localkit-offline-')), 'mime.pdf');
      writeFileSync(compressed, (await download(page, () => row(page, 'mime.pdf').getByTestId('download').click())).bytes);
      expect(execFileSync('qpdf', ['--check', compressed], { encoding: 'latin1' })).toContain('No syntax or stream encoding errors');
    } finally {
      await context.setOffline(false);
    }
  }, 300_000);

  it('says the device is offline and names the engine when a codec is not on it', async () => {
    const { page, context } = app;
    await page.goto('/');
    await page.locator('html[data-offline-codecs="ready"]').waitFor({ state: 'attached', timeout: 120_000 });
    // The JPEG XL encoder taken out of the cache, as if it had never been fetched.
    await page.evaluate(async () => {
      const cache = await caches.open('localkit-engines');
      for (const request of await cache.keys()) if (/jxl_enc-.*\.wasm$/.test(request.url)) await cache.delete(request);
    });
    // And out of the browser's HTTP cache, which would otherwise still answer for it.
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    await context.setOffline(true);
    try {
      await page.goto('/image/image-converter');
      await page.getByTestId('output-format').selectOption('jxl');
      await page.getByTestId('file-input').setInputFiles([file('cat.jpg', 'image/jpeg')]);
      await settle(page, 0, 1, 60_000);
      expect(await row(page, 'cat.jpg').getByTestId('row-error').textContent()).toBe(tr('en', 'engines.offline').replaceAll('{{engine}}', 'JPEG XL'));
    } finally {
      await context.setOffline(false);
    }
    // Back online, the same file converts (the engine is fetched again).
    await page.getByTestId('rerun').click();
    await settle(page, 1, 0, 60_000);
    expect(app.errors.filter((e) => !/Failed to (fetch|load)|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  }, 120_000);
});

describe('Offline and storage (Privacy page)', () => {
  const app = appForSuite();

  it('lists the ffmpeg core with its real size, downloads it with byte progress, keeps it offline, and removes it', async () => {
    const { page, context } = app;
    const dist = path.resolve(process.env.E2E_DIST ?? 'dist');
    // The page is cross-origin isolated under our server, so it uses the multi-threaded core.
    const coreFiles = readdirSync(path.join(dist, 'ffmpeg/mt')).map((name) => ({ url: `/ffmpeg/mt/${name}`, size: statSync(path.join(dist, 'ffmpeg/mt', name)).size }));
    const total = coreFiles.reduce((s, f) => s + f.size, 0);
    expect(total).toBeGreaterThan(30 * 1024 * 1024);

    await page.goto('/privacy');
    await page.locator('html[data-offline-codecs="ready"]').waitFor({ state: 'attached', timeout: 120_000 });
    const ffmpeg = page.locator('[data-testid="engine-row"][data-engine="ffmpeg"]');
    await expect.poll(() => ffmpeg.getAttribute('data-status')).toBe('missing');
    expect(Number(await ffmpeg.getAttribute('data-total'))).toBe(total);
    expect(await ffmpeg.getByTestId('engine-size').textContent()).toBe('31.3 MB');
    // The codecs fetched in the background show as on the device.
    await expect.poll(() => page.locator('[data-testid="engine-row"][data-engine="codecs"]').getAttribute('data-status')).toBe('stored');

    await ffmpeg.getByTestId('engine-download').click();
    // Real byte progress: some bytes in, not all of them yet.
    const seen: number[] = [];
    await expect
      .poll(async () => {
        const received = Number((await ffmpeg.getByTestId('engine-progress').getAttribute('data-received', { timeout: 1000 }).catch(() => null)) ?? -1);
        if (received >= 0) seen.push(received);
        return seen.some((r) => r > 0 && r < total);
      }, { timeout: 60_000, interval: 50 })
      .toBe(true);
    await expect.poll(() => ffmpeg.getAttribute('data-status'), { timeout: 120_000 }).toBe('stored');
    expect(await ffmpeg.getByTestId('engine-status').textContent()).toBe(tr('en', 'offlineStorage.stored'));

    const inCache = (urls: string[]) =>
      page.evaluate(async (list) => {
        const cache = await caches.open('localkit-engines');
        return Promise.all(list.map(async (u) => (await (await cache.match(new URL(u, location.origin).href))?.arrayBuffer())?.byteLength ?? 0));
      }, urls);
    expect(await inCache(coreFiles.map((f) => f.url))).toEqual(coreFiles.map((f) => f.size));

    // Offline, the page still finds it on the device.
    await context.setOffline(true);
    try {
      await page.reload();
      await expect.poll(() => page.locator('[data-testid="engine-row"][data-engine="ffmpeg"]').getAttribute('data-status')).toBe('stored');
    } finally {
      await context.setOffline(false);
    }

    await page.locator('[data-testid="engine-row"][data-engine="ffmpeg"]').getByTestId('engine-remove').click();
    await expect.poll(() => page.locator('[data-testid="engine-row"][data-engine="ffmpeg"]').getAttribute('data-status')).toBe('missing');
    expect(await inCache(coreFiles.map((f) => f.url))).toEqual(coreFiles.map(() => 0));
  }, 300_000);
});

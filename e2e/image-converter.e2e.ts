import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import decodeJxl, { init as initJxl } from '@jsquash/jxl/decode';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isJxl } from '../src/engines/codecs/formats';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { manyFrameGif } from '../src/engines/codecs/gif-frames.testing';
import { browserPixels, download, file, fixture, inspect, row, settle } from './image-support';
import { recordWorks } from './support/matrix';

/** JPEG XL decoded in Node with jSquash's decoder (Chromium cannot show JXL). */
async function jxlPixels(bytes: Uint8Array): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const require = createRequire(import.meta.url);
  await initJxl(new WebAssembly.Module(readFileSync(require.resolve('@jsquash/jxl/codec/dec/jxl_dec.wasm'))));
  const img = await decodeJxl(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return { width: img.width, height: img.height, data: img.data };
}

/** Mean absolute difference per colour channel, 0–255. */
function meanDiff(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) if (i % 4 !== 3) sum += Math.abs(a[i] - b[i]);
  return sum / ((a.length / 4) * 3);
}

describe('image converter', () => {
  let app: AppSession;
  beforeAll(async () => {
    // No service worker: its background codec download (offline use) would mix its requests with the
    // tool's own, which the JPEG XL test counts.
    app = await openApp({ serviceWorkers: 'block' });
    await app.page.goto('/image/image-converter');
    await app.page.getByTestId('file-input').waitFor({ state: 'attached' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('converts to AVIF and to GIF; a PNG named .jpg is read as PNG; a bad file fails alone', async () => {
    const { page } = app;
    await page.getByTestId('output-format').selectOption('avif');
    await page.getByTestId('file-input').setInputFiles([file('cat.jpg', 'image/jpeg'), file('really-png.jpg', 'image/jpeg'), file('truncated.jpg', 'image/jpeg')]);
    await settle(page, 2, 1);
    expect(await row(page, 'truncated.jpg').getByTestId('row-error').textContent()).toBe(tr('en', 'errors.truncated', 'image-codecs').replace('{{format}}', 'JPEG'));
    const avif = await download(page, () => row(page, 'cat.jpg').getByTestId('download').click());
    expect(avif.name).toBe('cat.avif');
    expect(await inspect(page, avif.bytes)).toEqual({ format: 'avif', header: { width: 320, height: 213 }, decoded: { width: 320, height: 213 } });
    const zip = await download(page, () => page.getByTestId('download-all').click());
    const entries = unzipSync(new Uint8Array(zip.bytes));
    expect(Object.keys(entries).sort()).toEqual(['cat.avif', 'really-png.avif']);
    expect((await inspect(page, entries['really-png.avif'])).decoded).toEqual({ width: 225, height: 150 });

    await page.getByTestId('output-format').selectOption('gif');
    await page.getByTestId('rerun').click();
    await settle(page, 2, 1);
    const gif = await download(page, () => row(page, 'really-png.jpg').getByTestId('download').click());
    expect(gif.name).toBe('really-png.gif');
    expect(await inspect(page, gif.bytes)).toEqual({ format: 'gif', header: { width: 225, height: 150 }, decoded: { width: 225, height: 150 } });
    recordWorks('chromium', 'image-converter', 'AVIF and GIF, outputs decoded');
  });

  it('says so when a download or the ZIP fails, and points to single downloads', async () => {
    const { page } = app;
    // The browser refuses to hand out the result (as when its storage is gone): object URLs and blob reads fail.
    await page.evaluate(() => {
      const w = window as unknown as { __restore: () => void };
      const { createObjectURL } = URL;
      const { arrayBuffer } = Blob.prototype;
      URL.createObjectURL = () => {
        throw new DOMException('blocked for the test', 'NotReadableError');
      };
      Blob.prototype.arrayBuffer = () => Promise.reject(new DOMException('blocked for the test', 'NotReadableError'));
      w.__restore = () => {
        URL.createObjectURL = createObjectURL;
        Blob.prototype.arrayBuffer = arrayBuffer;
      };
    });
    try {
      await page.getByTestId('download-all').click();
      const zipToast = page.getByTestId('toast').filter({ hasText: tr('en', 'errors.zipFailed') });
      await zipToast.waitFor();
      expect(await zipToast.textContent()).toContain(tr('en', 'errors.downloadAllFailed', 'image-codecs'));
      await row(page, 'cat.jpg').getByTestId('download').click();
      await page.getByTestId('toast').filter({ hasText: tr('en', 'errors.downloadFailed', 'image-codecs') }).filter({ hasText: 'cat.gif' }).waitFor();
    } finally {
      await page.evaluate(() => (window as unknown as { __restore: () => void }).__restore());
    }
    // Nothing was lost: both results still download.
    const gif = await download(page, () => row(page, 'cat.jpg').getByTestId('download').click());
    expect((await inspect(page, gif.bytes)).format).toBe('gif');
    // The two failures were logged on purpose; later checks start clean.
    expect(app.errors.length).toBe(2);
    app.errors.length = 0;
  });

  it('reads WebP, AVIF, GIF and BMP and writes JPEG over a background', async () => {
    const { page } = app;
    await page.getByTestId('clear-all').click();
    await page.getByTestId('output-format').selectOption('jpeg');
    await page.getByTestId('file-input').setInputFiles([
      file('rocket.webp', 'image/webp'),
      file('astronaut.avif', 'image/avif'),
      file('cat.gif', 'image/gif'),
      file('coffee.bmp', 'image/bmp'),
      file('alpha.png', 'image/png'),
    ]);
    await settle(page, 5, 0);
    const expected: Record<string, [number, number]> = { 'rocket.jpg': [240, 160], 'astronaut.jpg': [160, 160], 'cat.jpg': [96, 64], 'coffee.jpg': [80, 53], 'alpha.jpg': [120, 80] };
    const zip = unzipSync(new Uint8Array((await download(page, () => page.getByTestId('download-all').click())).bytes));
    expect(Object.keys(zip).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, [width, height]] of Object.entries(expected)) {
      expect(await inspect(page, zip[name]), name).toEqual({ format: 'jpeg', header: { width, height }, decoded: { width, height } });
    }
    expect(app.errors).toEqual([]);
    expect(foreignRequests(app)).toEqual([]);
  });

  it('decodes a HEIC photo in the worker (libheif from our origin) and writes PNG', async () => {
    const { page } = app;
    await page.getByTestId('clear-all').click();
    await page.getByTestId('output-format').selectOption('png');
    await page.getByTestId('file-input').setInputFiles([file('coffee.heic', 'image/heic')]);
    await settle(page, 1, 0);
    const png = await download(page, () => row(page, 'coffee.heic').getByTestId('download').click());
    expect(png.name).toBe('coffee.png');
    expect(await inspect(page, png.bytes)).toEqual({ format: 'png', header: { width: 225, height: 150 }, decoded: { width: 225, height: 150 } });
    expect(app.errors).toEqual([]);
    expect(foreignRequests(app)).toEqual([]);
  });

  it('writes JPEG XL (its encoder fetched only now, from our origin), warns that most browsers cannot show it', async () => {
    const { page } = app;
    const jxlWasm = () => app.requests.filter((u) => /\/jxl_[\w-]+\.wasm$/.test(new URL(u).pathname));
    expect(jxlWasm()).toEqual([]);
    if (await page.getByTestId('clear-all').count()) await page.getByTestId('clear-all').click();
    await page.getByTestId('output-format').selectOption('jxl');
    expect(await page.getByTestId('jxl-note').textContent()).toBe(tr('en', 'notes.jxl', 'image-codecs'));
    await page.getByTestId('file-input').setInputFiles([file('cat.jpg', 'image/jpeg'), file('alpha.png', 'image/png')]);
    await settle(page, 2, 0);
    const expected: Record<string, [string, number, number]> = { 'cat.jpg': ['cat.jxl', 320, 213], 'alpha.png': ['alpha.jxl', 120, 80] };
    for (const [input, [name, width, height]] of Object.entries(expected)) {
      const one = await download(page, () => row(page, input).getByTestId('download').click());
      expect(one.name).toBe(name);
      const bytes = new Uint8Array(one.bytes);
      expect(isJxl(bytes), name).toBe(true);
      const pixels = await jxlPixels(bytes);
      expect([pixels.width, pixels.height], name).toEqual([width, height]);
      // alpha.png's bottom-right corner is fully transparent and stays so.
      if (input === 'alpha.png') expect(pixels.data[(79 * 120 + 119) * 4 + 3]).toBe(0);
    }
    const zip = unzipSync(new Uint8Array((await download(page, () => page.getByTestId('download-all').click())).bytes));
    expect(Object.keys(zip).sort()).toEqual(['alpha.jxl', 'cat.jxl']);
    for (const [name, width, height] of Object.values(expected)) {
      expect(isJxl(zip[name]), name).toBe(true);
      const pixels = await jxlPixels(zip[name]);
      expect([pixels.width, pixels.height], name).toEqual([width, height]);
    }
    // The single-threaded encoder only: no decoder (no target-quality search here), no pthread build.
    expect(new Set(jxlWasm().map((u) => new URL(u).pathname.split('/').pop()!.replace(/-[\w-]+\.wasm$/, '.wasm')))).toEqual(new Set(['jxl_enc.wasm']));
    expect(app.errors).toEqual([]);
    expect(foreignRequests(app)).toEqual([]);
  });

  it('converts a HEIC with an ICC profile (Adobe RGB) to the sRGB colours the browser shows', async () => {
    const { page } = app;
    await page.getByTestId('clear-all').click();
    await page.getByTestId('output-format').selectOption('png');
    await page.getByTestId('file-input').setInputFiles([file('coffee-a98.heic', 'image/heic'), file('coffee.heic', 'image/heic')]);
    await settle(page, 2, 0);
    const out = await browserPixels(page, (await download(page, () => row(page, 'coffee-a98.heic').getByTestId('download').click())).bytes);
    // The same pixel values in a PNG tagged with the same profile, as the browser colour-manages it.
    const reference = await browserPixels(page, fixture('coffee-a98.png'));
    const untagged = await browserPixels(page, fixture('coffee.png'));
    // A HEIC without a profile is sRGB already: its values are left as they are (lossy HEVC: close, not equal).
    const plain = await browserPixels(page, (await download(page, () => row(page, 'coffee.heic').getByTestId('download').click())).bytes);
    console.log(`Adobe RGB HEIC vs the browser's rendering ${meanDiff(out.data, reference.data).toFixed(2)} (untagged values ${meanDiff(untagged.data, reference.data).toFixed(2)}); plain HEIC vs its source ${meanDiff(plain.data, untagged.data).toFixed(2)}`);
    expect(meanDiff(out.data, reference.data)).toBeLessThan(1);
    expect(meanDiff(untagged.data, reference.data)).toBeGreaterThan(3);
    expect(meanDiff(plain.data, untagged.data)).toBeLessThan(8);
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
  it('refuses 10,000 frames on a 4000×4000 screen (230 KB) at once, in its row, with the frames × area limit (issue 25.6)', async () => {
    const { page } = app;
    if (await page.getByTestId('clear-all').count()) await page.getByTestId('clear-all').click();
    await page.getByTestId('output-format').selectOption('gif');
    await page.getByTestId('file-input').setInputFiles([{ name: 'frames.gif', mimeType: 'image/gif', buffer: Buffer.from(manyFrameGif(4000, 4000, 10_000)) }]);
    await expect.poll(() => row(page, 'frames.gif').getAttribute('data-status'), { timeout: 10_000 }).toBe('error');
    const params: Record<string, number> = { frames: 10000, width: 4000, height: 4000, megapixels: 160000, limit: 1000 };
    expect(await row(page, 'frames.gif').getByTestId('row-error').textContent()).toBe(tr('en', 'errors.tooManyFramePixels', 'image-codecs').replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k])));
  });

  it('keeps an animated GIF animated as GIF and as WebP, and says before processing that JPEG keeps only the first frame', async () => {
    const { page } = app;
    // Three real photos as the frames of an animated GIF (ImageMagick), 320×213, 0.5 s each.
    const photos = ['rocket.jpg', 'chelsea.webp', 'coffee.webp'].map((n) => path.join('bench/image/photos', n));
    const gif = execFileSync('convert', ['-delay', '50', '-loop', '0', ...photos.flatMap((p) => ['(', p, '-resize', '320x213!', ')']), 'gif:-'], { maxBuffer: 32 * 1024 * 1024 });
    const dir = mkdtempSync(path.join(tmpdir(), 'gif-'));
    const saved = (name: string, bytes: Uint8Array) => {
      const file = path.join(dir, name);
      writeFileSync(file, bytes);
      return file;
    };
    const frameInfo = (file: string) => execFileSync('identify', ['-format', '%w %h %T\n', file]).toString().trim().split('\n');
    const source = saved('source.gif', gif);
    expect(frameInfo(source)).toEqual(['320 213 50', '320 213 50', '320 213 50']);
    const note = page.locator('[data-testid="animation-note"][data-name="photos.gif"]');
    const noteText = (key: string, format: string) => tr('en', key, 'image-codecs').replace('{{name}}', 'photos.gif').replace('{{frames}}', '3').replace('{{format}}', format);

    if (await page.getByTestId('clear-all').count()) await page.getByTestId('clear-all').click();
    await page.getByTestId('output-format').selectOption('jpeg');
    await page.getByTestId('file-input').setInputFiles([{ name: 'photos.gif', mimeType: 'image/gif', buffer: gif }]);
    await note.waitFor();
    expect(await note.textContent()).toBe(noteText('animation.firstFrame', 'JPEG'));
    await settle(page, 1, 0);
    const jpeg = await download(page, () => row(page, 'photos.gif').getByTestId('download').click());
    expect(await inspect(page, jpeg.bytes)).toEqual({ format: 'jpeg', header: { width: 320, height: 213 }, decoded: { width: 320, height: 213 } });

    // WebP: every frame, its delay and its picture (each within 25 dB PSNR of the GIF's frame, by ImageMagick).
    await page.getByTestId('output-format').selectOption('webp');
    expect(await note.textContent()).toBe(noteText('animation.kept', 'WebP'));
    await page.getByTestId('rerun').click();
    await settle(page, 1, 0);
    const webp = await download(page, () => row(page, 'photos.gif').getByTestId('download').click());
    expect(webp.name).toBe('photos.webp');
    const webpFile = saved('out.webp', new Uint8Array(webp.bytes));
    expect(frameInfo(webpFile)).toEqual(['320 213 50', '320 213 50', '320 213 50']);
    for (let i = 0; i < 3; i++) {
      // compare exits 1 when the pictures differ at all; the metric is on stderr either way.
      const psnr = spawnSync('compare', ['-metric', 'PSNR', `${webpFile}[${i}]`, `${source}[${i}]`, 'null:']).stderr.toString();
      expect(Number.parseFloat(psnr), `frame ${i}`).toBeGreaterThan(25);
    }
    // The browser's own decoder sees the animation too.
    const browserFrames = await page.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const decoder = new ImageDecoder({ data: bytes, type: 'image/webp' });
      await decoder.tracks.ready;
      return decoder.tracks.selectedTrack?.frameCount;
    }, Buffer.from(webp.bytes).toString('base64'));
    expect(browserFrames).toBe(3);

    await page.getByTestId('output-format').selectOption('gif');
    expect(await note.getAttribute('data-keeps')).toBe('true');
    await page.getByTestId('rerun').click();
    await settle(page, 1, 0);
    const out = await download(page, () => row(page, 'photos.gif').getByTestId('download').click());
    expect(out.name).toBe('photos.gif');
    expect(frameInfo(saved('out.gif', new Uint8Array(out.bytes)))).toEqual(['320 213 50', '320 213 50', '320 213 50']);
  }, 180_000);
});

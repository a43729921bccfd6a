import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { download, file, inspect, row, settle } from './image-support';

describe('image converter', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp();
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
});

import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { seriousViolations } from './support/axe';
import { tr } from './support/locales';
import { ssim } from 'ssim.js';
import { browserPixels, download, file, fixture, inspect, row, rows, settle } from './image-support';

describe('image compress', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp();
    await app.page.goto('/image/image-compress');
    await app.page.getByTestId('file-input').waitFor({ state: 'attached' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('compresses a JPEG and a PNG in one batch; bad files get their own errors', async () => {
    const { page } = app;
    await page.getByTestId('file-input').setInputFiles([
      file('cat.jpg', 'image/jpeg'),
      file('coffee.png', 'image/png'),
      file('truncated.jpg', 'image/jpeg'),
      file('empty.jpg', 'image/jpeg'),
      file('not-image.jpg', 'image/jpeg'),
    ]);
    await settle(page, 2, 3);
    expect(await row(page, 'truncated.jpg').getByTestId('row-error').textContent()).toBe(tr('en', 'errors.truncated', 'image-codecs').replace('{{format}}', 'JPEG'));
    expect(await row(page, 'empty.jpg').getByTestId('row-error').textContent()).toBe(tr('en', 'errors.emptyFile'));
    expect(await row(page, 'not-image.jpg').getByTestId('row-error').textContent()).toBe(tr('en', 'errors.notImage', 'image-codecs'));

    const jpg = await download(page, () => row(page, 'cat.jpg').getByTestId('download').click());
    expect(jpg.name).toBe('cat.jpg');
    expect(await inspect(page, jpg.bytes)).toEqual({ format: 'jpeg', header: { width: 320, height: 213 }, decoded: { width: 320, height: 213 } });
    const png = await download(page, () => row(page, 'coffee.png').getByTestId('download').click());
    expect(png.name).toBe('coffee.png');
    expect(await inspect(page, png.bytes)).toEqual({ format: 'png', header: { width: 225, height: 150 }, decoded: { width: 225, height: 150 } });
    // OxiPNG is lossless and still smaller than ImageMagick's PNG.
    expect(png.bytes.length).toBeLessThan(file('coffee.png', '').buffer.length);

    const zip = await download(page, () => page.getByTestId('download-all').click());
    expect(zip.name).toBe('localkit-compressed.zip');
    expect(Object.keys(unzipSync(new Uint8Array(zip.bytes))).sort()).toEqual(['cat.jpg', 'coffee.png']);
    await page.getByTestId('compare').waitFor();
  });

  it('aims for a visual quality: the smallest JPEG whose SSIM reaches the level', { timeout: 90_000 }, async () => {
    const { page } = app;
    await page.getByTestId('clear-all').click();
    await page.getByTestId('output-format').selectOption('jpeg');
    await page.getByTestId('mode-ssim').check();
    await page.getByTestId('target-ssim').selectOption('0.98');
    await page.getByTestId('file-input').setInputFiles([file('cat.jpg', 'image/jpeg'), file('coffee.png', 'image/png')]);
    await settle(page, 2, 0, 80_000);
    for (const name of ['cat.jpg', 'coffee.png']) {
      const out = await download(page, () => row(page, name).getByTestId('download').click());
      expect((await inspect(page, out.bytes)).format).toBe('jpeg');
      // Measured here with ssim.js on the browser's decoding of both files, as bench/image does.
      const measured = ssim((await browserPixels(page, fixture(name))) as unknown as ImageData, (await browserPixels(page, out.bytes)) as unknown as ImageData).mssim;
      expect(measured).toBeGreaterThanOrEqual(0.98);
      expect(measured).toBeLessThan(0.995);
      expect(await row(page, name).textContent()).toMatch(/SSIM 0\.9[89]\d/);
    }
    // The mode's own controls (the level select, its hint) pass axe too.
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('mode-quality').check();
  });

  it('aims for a target size in WebP, and remembers the settings', async () => {
    const { page } = app;
    await page.getByTestId('clear-all').click();
    await page.getByTestId('output-format').selectOption('webp');
    await page.getByTestId('mode-size').check();
    await page.getByTestId('target-kb').fill('4');
    await page.getByTestId('file-input').setInputFiles([file('coffee.png', 'image/png'), file('oriented-6.jpg', 'image/jpeg')]);
    await settle(page, 2, 0);
    const webp = await download(page, () => row(page, 'coffee.png').getByTestId('download').click());
    expect(webp.name).toBe('coffee.webp');
    expect(webp.bytes.length).toBeLessThanOrEqual(4096);
    expect((await inspect(page, webp.bytes)).decoded).toEqual({ width: 225, height: 150 });
    // The EXIF orientation is applied: the stored 200×120 picture comes out upright, 120×200.
    const turned = await download(page, () => row(page, 'oriented-6.jpg').getByTestId('download').click());
    expect(await inspect(page, turned.bytes)).toMatchObject({ format: 'webp', header: { width: 120, height: 200 } });

    await page.reload();
    await page.getByTestId('output-format').waitFor();
    expect(await page.getByTestId('output-format').inputValue()).toBe('webp');
    expect(await page.getByTestId('target-kb').inputValue()).toBe('4');
    expect(await rows(page).count()).toBe(0);
    expect(app.errors).toEqual([]);
    expect(foreignRequests(app)).toEqual([]);
  });
});

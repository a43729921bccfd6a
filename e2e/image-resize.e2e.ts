import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { download, file, inspect, row, settle } from './image-support';
import { recordWorks } from './support/matrix';

describe('image resize', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp();
    await app.page.goto('/image/image-resize');
    await app.page.getByTestId('file-input').waitFor({ state: 'attached' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('resizes two files to a width with the aspect kept; a non-image fails alone', async () => {
    const { page } = app;
    await page.getByTestId('resize-width').fill('160');
    await page.getByTestId('file-input').setInputFiles([file('cat.jpg', 'image/jpeg'), file('coffee.png', 'image/png'), file('not-image.jpg', 'image/jpeg')]);
    await settle(page, 2, 1);
    expect(await row(page, 'not-image.jpg').getByTestId('row-error').textContent()).toBe(tr('en', 'errors.notImage', 'image-codecs'));
    const jpg = await download(page, () => row(page, 'cat.jpg').getByTestId('download').click());
    expect(await inspect(page, jpg.bytes)).toEqual({ format: 'jpeg', header: { width: 160, height: 107 }, decoded: { width: 160, height: 107 } });
    const zip = unzipSync(new Uint8Array((await download(page, () => page.getByTestId('download-all').click())).bytes));
    expect(Object.keys(zip).sort()).toEqual(['cat.jpg', 'coffee.png']);
    expect(await inspect(page, zip['coffee.png'])).toEqual({ format: 'png', header: { width: 160, height: 107 }, decoded: { width: 160, height: 107 } });
    recordWorks('chromium', 'image-resize', 'two files to a width, dimensions read');
  });

  it('resizes by percentage and to an exact box in another format', async () => {
    const { page } = app;
    await page.getByTestId('clear-all').click();
    await page.getByTestId('resize-mode-percent').check();
    await page.getByTestId('resize-percent').fill('25');
    await page.getByTestId('output-format').selectOption('webp');
    await page.getByTestId('file-input').setInputFiles([file('cat.jpg', 'image/jpeg'), file('oriented-6.jpg', 'image/jpeg')]);
    await settle(page, 2, 0);
    const zip = unzipSync(new Uint8Array((await download(page, () => page.getByTestId('download-all').click())).bytes));
    expect((await inspect(page, zip['cat.webp'])).decoded).toEqual({ width: 80, height: 53 });
    expect((await inspect(page, zip['oriented-6.webp'])).decoded).toEqual({ width: 30, height: 50 });

    await page.getByTestId('resize-mode-pixels').check();
    await page.getByTestId('resize-width').fill('100');
    await page.getByTestId('resize-height').fill('100');
    await page.getByTestId('keep-aspect').uncheck();
    await page.getByTestId('rerun').click();
    await settle(page, 2, 0);
    const box = await download(page, () => row(page, 'cat.jpg').getByTestId('download').click());
    expect(box.name).toBe('cat.webp');
    expect(await inspect(page, box.bytes)).toEqual({ format: 'webp', header: { width: 100, height: 100 }, decoded: { width: 100, height: 100 } });
  });

  it("does not enlarge a smaller photo by default (fit, width); unticked, it does", async () => {
    const { page } = app;
    await page.getByTestId('clear-all').click();
    await page.getByTestId('resize-mode-pixels').check();
    await page.getByTestId('keep-aspect').check();
    await page.getByTestId('output-format').selectOption('keep');
    expect(await page.getByTestId('no-enlarge').isChecked()).toBe(true);
    // cat.jpg is a 320×213 photo: "fit inside 800×800" and "width 800" leave it as it is.
    await page.getByTestId('resize-width').fill('800');
    await page.getByTestId('resize-height').fill('800');
    await page.getByTestId('file-input').setInputFiles([file('cat.jpg', 'image/jpeg')]);
    await settle(page, 1, 0);
    expect(await inspect(page, (await download(page, () => row(page, 'cat.jpg').getByTestId('download').click())).bytes)).toMatchObject({ decoded: { width: 320, height: 213 } });
    await page.getByTestId('resize-height').fill('');
    await page.getByTestId('rerun').click();
    await settle(page, 1, 0);
    expect(await inspect(page, (await download(page, () => row(page, 'cat.jpg').getByTestId('download').click())).bytes)).toMatchObject({ decoded: { width: 320, height: 213 } });
    await page.getByTestId('resize-width').fill('');
    await page.getByTestId('resize-height').fill('600');
    await page.getByTestId('rerun').click();
    await settle(page, 1, 0);
    expect(await inspect(page, (await download(page, () => row(page, 'cat.jpg').getByTestId('download').click())).bytes)).toMatchObject({ decoded: { width: 320, height: 213 } });
    // Unticked: fit inside 800×800 scales it up to 800×533.
    await page.getByTestId('resize-width').fill('800');
    await page.getByTestId('resize-height').fill('800');
    await page.getByTestId('no-enlarge').uncheck();
    await page.getByTestId('rerun').click();
    await settle(page, 1, 0);
    expect(await inspect(page, (await download(page, () => row(page, 'cat.jpg').getByTestId('download').click())).bytes)).toEqual({ format: 'jpeg', header: { width: 800, height: 533 }, decoded: { width: 800, height: 533 } });
    await page.getByTestId('no-enlarge').check();
  });

  it('resizes a 50 MP photo, and refuses from its header an image too large for memory', async () => {
    const { page } = app;
    await page.getByTestId('clear-all').click();
    await page.getByTestId('resize-mode-percent').check();
    await page.getByTestId('resize-percent').fill('10');
    await page.getByTestId('output-format').selectOption('keep');
    // 8660×5773 (50 MP), made by the browser's own JPEG encoder.
    const big = await page.evaluate(async () => {
      const canvas = new OffscreenCanvas(8660, 5773);
      const ctx = canvas.getContext('2d')!;
      const g = ctx.createLinearGradient(0, 0, 8660, 5773);
      g.addColorStop(0, '#134');
      g.addColorStop(1, '#fc8');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, 8660, 5773);
      const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 })).arrayBuffer());
      let bin = '';
      for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(bin);
    });
    // A real PNG whose header claims 20000×20000 (400 MP).
    const huge = Buffer.from(file('coffee.png', '').buffer);
    huge.writeUInt32BE(20000, 16);
    huge.writeUInt32BE(20000, 20);
    await page.getByTestId('file-input').setInputFiles([
      { name: 'big.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(big, 'base64') },
      { name: 'huge.png', mimeType: 'image/png', buffer: huge },
    ]);
    await settle(page, 1, 1, 60_000);
    expect(await row(page, 'huge.png').getByTestId('row-error').textContent()).toBe(
      tr('en', 'errors.tooManyPixels', 'image-codecs').replace('{{width}}', '20000').replace('{{height}}', '20000').replace('{{megapixels}}', '400').replace('{{limit}}', '100'),
    );
    const small = await download(page, () => row(page, 'big.jpg').getByTestId('download').click());
    expect(await inspect(page, small.bytes)).toEqual({ format: 'jpeg', header: { width: 866, height: 577 }, decoded: { width: 866, height: 577 } });
    expect(app.errors).toEqual([]);
    expect(foreignRequests(app)).toEqual([]);
  }, 90_000);
});

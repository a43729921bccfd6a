import { describe, expect, it } from 'vitest';
import { appForSuite, foreignRequests } from './support/app';
import { tr } from './support/locales';
import { download, file, row, settle } from './image-support';
import { identify } from './support/identify';


describe('image pipeline: resize, then compress or convert, in one pass', () => {
  const app = appForSuite();

  it('compress: resize first to 160 px, then WebP; the row shows both steps, the link carries them', async () => {
    const { page } = app;
    await page.goto('/image/image-compress?lng=en');
    await page.getByTestId('resize-first').check();
    await page.getByTestId('resize-width').fill('160');
    await page.getByTestId('output-format').selectOption('webp');
    expect(await page.getByTestId('pipeline').textContent()).toBe(
      `${tr('en', 'pipeline.label', 'image-codecs')}${tr('en', 'pipeline.resize', 'image-codecs').replace('{{size}}', `160 × ${tr('en', 'resize.auto', 'image-codecs')}`)}${tr('en', 'pipeline.compress', 'image-codecs').replace('{{format}}', 'WebP')}`,
    );
    await page.getByTestId('file-input').setInputFiles([file('cat.jpg', 'image/jpeg')]);
    await settle(page, 1, 0);
    expect(await row(page, 'cat.jpg').textContent()).toContain('320×213 → 160×107');
    const out = await download(page, () => row(page, 'cat.jpg').getByTestId('download').click());
    expect(out.name).toBe('cat.webp');
    expect(identify(out.bytes)).toBe('WEBP 160x107');
    const resize = JSON.parse(new URL(page.url()).searchParams.get('resize')!);
    expect(resize).toMatchObject({ on: true, width: 160 });
    expect(app.errors).toEqual([]);
  });

  it('convert: a link with the resize step opens set up and converts in one pass', async () => {
    const { page } = app;
    const step = { on: true, mode: 'percent', width: 1280, height: 0, percent: 50, keepAspect: true, noEnlarge: true };
    await page.goto(`/image/image-converter?lng=en&format=png&resize=${encodeURIComponent(JSON.stringify(step))}`);
    await page.getByTestId('file-input').waitFor({ state: 'attached' });
    expect(await page.getByTestId('resize-first').isChecked()).toBe(true);
    expect(await page.getByTestId('resize-percent').inputValue()).toBe('50');
    await page.getByTestId('file-input').setInputFiles([file('coffee.png', 'image/png')]);
    await settle(page, 1, 0);
    expect(await row(page, 'coffee.png').textContent()).toContain('225×150 → 113×75');
    const out = await download(page, () => row(page, 'coffee.png').getByTestId('download').click());
    expect(identify(out.bytes)).toBe('PNG 113x75');
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});

// Crop: JPEG judged against jpegtran -crop (decoded by djpeg), PNG against ImageMagick's -crop.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { download, file, FIXTURES, inspect, row, settle } from './image-support';
import { tr } from './support/locales';
import { recordWorks } from './support/matrix';
import { differing, djpeg, scratch } from './image-edit-judges';

const { dir, save, jpegtran } = scratch('crop-e2e-');

describe('image crop', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp();
    await app.page.goto('/image/image-crop');
    await app.page.getByTestId('file-input').waitFor({ state: 'attached' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('cuts a typed box: JPEG losslessly on its block grid (identical to jpegtran -crop), PNG exactly; the page says the box is snapped', async () => {
    const { page } = app;
    for (const [id, v] of [['crop-x', '40'], ['crop-y', '20'], ['crop-width', '100'], ['crop-height', '60']]) {
      await page.getByTestId(id).fill(v);
      await page.getByTestId(id).blur();
    }
    await page.getByTestId('file-input').setInputFiles([file('cat.jpg', 'image/jpeg'), file('coffee.png', 'image/png')]);
    await settle(page, 2, 0);
    await expect.poll(() => page.getByTestId('snap-note').getAttribute('data-snapped')).toBe('true');
    expect(await page.getByTestId('box').isVisible()).toBe(true);
    const zip = unzipSync(new Uint8Array((await download(page, () => page.getByTestId('download-all').click())).bytes));
    const jpg = save('cat.jpg', zip['cat.jpg']);
    expect(djpeg(jpg).equals(djpeg(jpegtran(['-crop', '100x60+40+20'], 'cat.jpg')))).toBe(true);
    expect(await inspect(page, zip['cat.jpg'])).toMatchObject({ decoded: { width: 108, height: 64 } });
    const png = save('coffee.png', zip['coffee.png']);
    const reference = path.join(dir, 'coffee-ref.png');
    execFileSync('convert', [path.join(FIXTURES, 'coffee.png'), '-crop', '100x60+40+20', '+repage', reference]);
    expect(differing(png, reference)).toBe(0);
    recordWorks('chromium', 'image-crop', 'lossless JPEG crop equal to jpegtran -crop, PNG equal to ImageMagick');
  });

  it('centres an aspect on each picture of a batch', async () => {
    const { page } = app;
    await page.getByTestId('aspect-1:1').click();
    await page.getByTestId('batch-centred').check();
    await page.getByTestId('rerun').click();
    await settle(page, 2, 0);
    const zip = unzipSync(new Uint8Array((await download(page, () => page.getByTestId('download-all').click())).bytes));
    // cat.jpg 320×213: the 213×213 square at x 53, its corner snapped to 48 for a lossless crop.
    expect(djpeg(save('sq.jpg', zip['cat.jpg'])).equals(djpeg(jpegtran(['-crop', '213x213+53+0'], 'cat.jpg')))).toBe(true);
    expect((await inspect(page, zip['coffee.png'])).decoded).toEqual({ width: 150, height: 150 });
    expect(app.errors).toEqual([]);
    expect(foreignRequests(app)).toEqual([]);
  });

  it('keeps EXIF and XMP in PNG and AVIF outputs (exiftool), and the rows say nothing was dropped', async () => {
    const { page } = app;
    await page.getByTestId('clear-all').click();
    await page.getByTestId('output-format').selectOption('png');
    const gps = { name: 'gps.webp', mimeType: 'image/webp', buffer: readFileSync(path.resolve('src/tools/image/image-metadata/fixtures/gps.webp')) };
    await page.getByTestId('file-input').setInputFiles([gps]);
    await settle(page, 1, 0);
    const png = save('gps.png', (await download(page, () => row(page, 'gps.webp').getByTestId('download').click())).bytes);
    const tags = JSON.parse(execFileSync('exiftool', ['-j', '-G1', '-n', png], { encoding: 'utf8' }))[0];
    expect([tags['IFD0:Make'], tags['XMP-dc:Creator'], tags['IFD0:Orientation']]).toEqual(['LocalkitCam', 'Ada', 1]);
    expect(await row(page, 'gps.webp').textContent()).not.toContain('EXIF/XMP');
    await page.getByTestId('output-format').selectOption('avif');
    await page.getByTestId('rerun').click();
    await settle(page, 1, 0);
    const avif = save('gps.avif', (await download(page, () => row(page, 'gps.webp').getByTestId('download').click())).bytes);
    const avifTags = JSON.parse(execFileSync('exiftool', ['-j', '-G1', '-n', avif], { encoding: 'utf8' }))[0];
    expect([avifTags['IFD0:Make'], avifTags['XMP-dc:Creator'], avifTags['IFD0:Orientation']]).toEqual(['LocalkitCam', 'Ada', 1]);
    expect(await row(page, 'gps.webp').textContent()).not.toContain(tr('en', 'files.metadataDropped', 'image-codecs').replace('{{format}}', 'AVIF'));
    recordWorks('chromium', 'image-crop', 'EXIF/XMP carried into PNG and AVIF (exiftool)');
  });

  it('cuts a lossy WebP where asked (odd corner too), saved near-lossless within butteraugli 1.0, and says so in the row', async () => {
    const { page } = app;
    await page.getByTestId('clear-all').click();
    await page.getByTestId('output-format').selectOption('keep');
    await page.getByTestId('aspect-free').click();
    await page.getByTestId('batch-same').check();
    for (const [id, v] of [['crop-x', '13'], ['crop-y', '7'], ['crop-width', '100'], ['crop-height', '80']]) {
      await page.getByTestId(id).fill(v);
      await page.getByTestId(id).blur();
    }
    await page.getByTestId('file-input').setInputFiles([file('rocket.webp', 'image/webp')]);
    await settle(page, 1, 0);
    await expect.poll(() => page.getByTestId('snap-note').count()).toBe(0);
    expect(await row(page, 'rocket.webp').textContent()).toContain(tr('en', 'files.nearLossless', 'image-codecs'));
    const webp = save('rocket-crop.webp', (await download(page, () => row(page, 'rocket.webp').getByTestId('download').click())).bytes);
    expect(execFileSync('identify', ['-format', '%m %wx%h', webp], { encoding: 'utf8' })).toBe('WEBP 100x80');
    const got = save('rocket-crop.png', execFileSync('convert', [webp, 'png:-']));
    const ref = save('rocket-ref.png', execFileSync('convert', [path.join(FIXTURES, 'rocket.webp'), '-crop', '100x80+13+7', '+repage', 'png:-']));
    const distance = Number(execFileSync('butteraugli', [ref, got], { encoding: 'utf8' }).trim());
    console.log(`rocket.webp cut at (13, 7): butteraugli ${distance.toFixed(3)}, ${statSync(path.join(FIXTURES, 'rocket.webp')).size} -> ${statSync(webp).size} B`);
    expect(distance).toBeLessThan(1);
    recordWorks('chromium', 'image-crop', 'lossy WebP cut where asked, near-lossless (ImageMagick 100x80, butteraugli < 1)');
  });
});

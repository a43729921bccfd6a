// Rotate: JPEG turns judged against jpegtran (decoded by djpeg), other formats against ImageMagick, orientation by exiftool.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { download, file, FIXTURES, inspect, row, settle } from './image-support';
import { recordWorks } from './support/matrix';
import { differing, djpeg, scratch } from './image-edit-judges';
import { expectEditedLike } from './support/turn-judge';

const { dir, save, jpegtran } = scratch('rotate-e2e-');

describe('image rotate', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp();
    await app.page.goto('/image/image-rotate');
    await app.page.getByTestId('file-input').waitFor({ state: 'attached' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('turns JPEGs 90° losslessly (identical to jpegtran -rotate 90 -trim), its EXIF orientation included, and a PNG exactly', async () => {
    const { page } = app;
    expect(await page.getByTestId('angle').inputValue()).toBe('90');
    expect(await page.getByTestId('lossless-hint').getAttribute('data-lossless')).toBe('true');
    await page.getByTestId('file-input').setInputFiles([file('cat.jpg', 'image/jpeg'), file('oriented-6.jpg', 'image/jpeg'), file('coffee.png', 'image/png'), file('coffee-odd.webp', 'image/webp'), file('not-image.jpg', 'image/jpeg')]);
    await settle(page, 4, 1);
    expect(await row(page, 'cat.jpg').textContent()).toContain(tr('en', 'files.losslessTrimmed', 'image-codecs'));
    expect(await row(page, 'oriented-6.jpg').textContent()).toContain(tr('en', 'files.lossless', 'image-codecs'));
    const zip = unzipSync(new Uint8Array((await download(page, () => page.getByTestId('download-all').click())).bytes));
    expect(djpeg(save('cat.jpg', zip['cat.jpg'])).equals(djpeg(jpegtran(['-rotate', '90', '-trim'], 'cat.jpg')))).toBe(true);
    // Stored turned (tag 6: shown 90° clockwise), then 90° more: jpegtran's 180° of the stored picture, tag reset.
    const oriented = save('oriented-6.jpg', zip['oriented-6.jpg']);
    expect(djpeg(oriented).equals(djpeg(jpegtran(['-rotate', '180', '-trim'], 'oriented-6.jpg')))).toBe(true);
    expect(execFileSync('exiftool', ['-s3', '-n', '-Orientation', oriented], { encoding: 'utf8' }).trim()).toBe('1');
    expect(execFileSync('exiftool', ['-s3', '-Make', oriented], { encoding: 'utf8' }).trim()).toBe('LocalkitCam');
    const png = save('coffee.png', zip['coffee.png']);
    const reference = path.join(dir, 'coffee-ref.png');
    execFileSync('convert', [path.join(FIXTURES, 'coffee.png'), '-rotate', '90', reference]);
    expect(differing(png, reference)).toBe(0);
    // A lossy WebP of odd size (223×149): kept WebP, re-encoded, every pixel where ImageMagick's turn puts it.
    const odd = save('coffee-odd.webp', zip['coffee-odd.webp']);
    expect(execFileSync('identify', ['-format', '%m %w %h', odd], { encoding: 'utf8' })).toBe('WEBP 149 223');
    console.log('odd WebP turned 90°: PSNR / one pixel off (dB)', expectEditedLike(odd, path.join(FIXTURES, 'coffee-odd.webp'), ['-rotate', '90']));
    recordWorks('chromium', 'image-rotate', 'lossless JPEG 90° equal to jpegtran, PNG equal to ImageMagick');
  });

  it('flips like jpegtran -flip horizontal, and any other angle re-encodes onto a larger canvas', async () => {
    const { page } = app;
    await page.getByTestId('clear-all').click();
    await page.getByTestId('angle').fill('0');
    await page.getByTestId('flip-h').check();
    await page.getByTestId('file-input').setInputFiles([file('cat.jpg', 'image/jpeg')]);
    await settle(page, 1, 0);
    const flipped = await download(page, () => row(page, 'cat.jpg').getByTestId('download').click());
    expect(djpeg(save('flip.jpg', flipped.bytes)).equals(djpeg(jpegtran(['-flip', 'horizontal', '-trim'], 'cat.jpg')))).toBe(true);

    await page.getByTestId('flip-h').uncheck();
    await page.getByTestId('angle').fill('30');
    await page.getByTestId('angle').blur();
    expect(await page.getByTestId('lossless-hint').getAttribute('data-lossless')).toBe('false');
    await page.getByTestId('rerun').click();
    await settle(page, 1, 0);
    const tilted = await download(page, () => row(page, 'cat.jpg').getByTestId('download').click());
    expect(await inspect(page, tilted.bytes)).toEqual({ format: 'jpeg', header: { width: 384, height: 344 }, decoded: { width: 384, height: 344 } });
    expect(app.errors).toEqual([]);
    expect(foreignRequests(app)).toEqual([]);
  });
});

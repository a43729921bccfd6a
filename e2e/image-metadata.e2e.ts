// Image metadata: exiftool (not our code) judges what is left; ImageMagick and exiftool's own stripping judge
// that the image data did not change.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { tr } from './support/locales';
import { file as codecFile, download, row, settle } from './image-support';
import { recordWorks } from './support/matrix';

const FIXTURES = path.resolve('src/tools/image/image-metadata/fixtures');
const dir = mkdtempSync(path.join(tmpdir(), 'metadata-e2e-'));
const fixture = (name: string, mimeType: string) => ({ name, mimeType, buffer: readFileSync(path.join(FIXTURES, name)) });

function save(name: string, bytes: Uint8Array): string {
  const at = path.join(dir, name);
  writeFileSync(at, bytes);
  return at;
}

/** exiftool's tags by group:name, without the file system's and exiftool's own. */
function tags(at: string): Record<string, unknown> {
  const [all] = JSON.parse(execFileSync('exiftool', ['-j', '-G1', '-a', '-n', at], { encoding: 'utf8' })) as Record<string, unknown>[];
  return Object.fromEntries(Object.entries(all).filter(([k]) => !/^(SourceFile|System:|ExifTool:|File:(?!Comment))/.test(k)));
}

/** ImageMagick's signature of the decoded pixels. */
const pixels = (at: string) => execFileSync('identify', ['-format', '%#', at], { encoding: 'utf8' });

/** The file with every metadata block removed by exiftool: equal bytes mean equal image data (exiftool 12 writes no WebP). */
function bare(at: string): Buffer {
  const out = `${at}.bare${path.extname(at)}`;
  rmSync(out, { force: true });
  execFileSync('exiftool', ['-q', '-all=', '-o', out, at]);
  return readFileSync(out);
}
const sameImageData = (a: string, b: string) => a.endsWith('.webp') || bare(a).equals(bare(b));

describe('image metadata', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp();
    await app.page.goto('/image/image-metadata');
    await app.page.getByTestId('file-input').waitFor({ state: 'attached' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('removes only the location (the default) from JPEG, PNG and WebP: no GPS tag, every other tag and the image data unchanged', async () => {
    const { page } = app;
    expect(await page.getByTestId('mode-location').isChecked()).toBe(true);
    await page.getByTestId('file-input').setInputFiles([fixture('gps.jpg', 'image/jpeg'), fixture('gps.png', 'image/png'), fixture('gps.webp', 'image/webp'), codecFile('not-image.jpg', 'image/jpeg')]);
    await settle(page, 3, 1);
    expect(await row(page, 'not-image.jpg').getByTestId('row-error').textContent()).toBe(tr('en', 'errors.notImage', 'image-codecs'));
    // The page shows what the photo says, the location as coordinates.
    await row(page, 'gps.jpg').click();
    await expect.poll(() => page.getByTestId('metadata-before-location').textContent()).toContain('48.85830, 2.29450');
    await expect.poll(() => page.getByTestId('metadata-after').getAttribute('data-groups')).toBe('exif iptc xmp icc comment');
    expect(await page.getByTestId('metadata-before').getAttribute('data-groups')).toBe('exif gps iptc xmp icc comment');

    const zip = unzipSync(new Uint8Array((await download(page, () => page.getByTestId('download-all').click())).bytes));
    expect(Object.keys(zip).sort()).toEqual(['gps.jpg', 'gps.png', 'gps.webp']);
    for (const name of ['gps.jpg', 'gps.png', 'gps.webp']) {
      const input = save(`in-${name}`, readFileSync(path.join(FIXTURES, name)));
      const output = save(`location-${name}`, zip[name]);
      const before = tags(input);
      const after = tags(output);
      expect(Object.keys(after).filter((k) => /gps/i.test(k)), name).toEqual([]);
      const expected = Object.fromEntries(Object.entries(before).filter(([k]) => !/gps/i.test(k)));
      expect(after, name).toEqual(expected);
      expect(pixels(output), name).toBe(pixels(input));
      expect(sameImageData(output, input), name).toBe(true);
    }
    recordWorks('chromium', 'image-metadata', 'location removed from JPEG/PNG/WebP, judged by exiftool');
  });

  it('"remove all" leaves no metadata but the Orientation tag that keeps the photo upright', async () => {
    const { page } = app;
    await page.getByTestId('mode-all').check();
    await page.getByTestId('rerun').click();
    await settle(page, 3, 1);
    const zip = unzipSync(new Uint8Array((await download(page, () => page.getByTestId('download-all').click())).bytes));
    for (const name of ['gps.jpg', 'gps.png', 'gps.webp']) {
      const input = save(`in-${name}`, readFileSync(path.join(FIXTURES, name)));
      const output = save(`all-${name}`, zip[name]);
      const left = Object.keys(tags(output)).filter((k) => /^(IFD0|ExifIFD|GPS|XMP|IPTC|ICC|Photoshop|Composite:GPS|File:Comment)/.test(k));
      expect(left, name).toEqual(['IFD0:Orientation']);
      expect(tags(output)['IFD0:Orientation'], name).toBe(6);
      expect(pixels(output), name).toBe(pixels(input));
      expect(sameImageData(output, input), name).toBe(true);
    }
    // The browser still shows it upright: 107 wide turned to stand 160 high... as the input does.
    const dims = await page.evaluate(async (b64) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))]));
      return [bitmap.width, bitmap.height];
    }, Buffer.from(zip['gps.jpg']).toString('base64'));
    expect(dims).toEqual([213, 320]);
    expect(app.errors).toEqual([]);
    expect(foreignRequests(app)).toEqual([]);
  });

  it('says which formats it cannot edit, and keeps going', async () => {
    const { page } = app;
    await page.getByTestId('clear-all').click();
    await page.getByTestId('file-input').setInputFiles([codecFile('coffee.bmp', 'image/bmp'), codecFile('empty.jpg', 'image/jpeg'), codecFile('truncated.jpg', 'image/jpeg'), codecFile('cat.jpg', 'image/jpeg')]);
    await settle(page, 1, 3);
    expect(await row(page, 'coffee.bmp').getByTestId('row-error').textContent()).toBe(tr('en', 'errors.unsupported', 'image-metadata').replace('{{format}}', 'BMP'));
    expect(await row(page, 'truncated.jpg').getByTestId('row-error').textContent()).toBe(tr('en', 'errors.truncated', 'image-codecs').replace('{{format}}', 'JPEG'));
    await page.getByTestId('mode-location').check();
  });

  it('HEIC and AVIF: the location removed (every other tag kept), then everything; the pixels and the browser\'s picture unchanged', async () => {
    const { page } = app;
    await page.getByTestId('clear-all').click();
    const names = ['gps.heic', 'gps.avif'];
    await page.getByTestId('file-input').setInputFiles([fixture('gps.heic', 'image/heic'), fixture('gps.avif', 'image/avif')]);
    await settle(page, 2, 0);
    let zip = unzipSync(new Uint8Array((await download(page, () => page.getByTestId('download-all').click())).bytes));
    for (const name of names) {
      const input = save(`in-${name}`, readFileSync(path.join(FIXTURES, name)));
      const output = save(`location-${name}`, zip[name]);
      const after = tags(output);
      expect(Object.keys(after).filter((k) => /gps/i.test(k)), name).toEqual([]);
      expect(after, name).toEqual(Object.fromEntries(Object.entries(tags(input)).filter(([k]) => !/gps/i.test(k))));
      expect(pixels(output), name).toBe(pixels(input));
    }
    await page.getByTestId('mode-all').check();
    await page.getByTestId('rerun').click();
    await settle(page, 2, 0);
    zip = unzipSync(new Uint8Array((await download(page, () => page.getByTestId('download-all').click())).bytes));
    for (const name of names) {
      const input = save(`in-${name}`, readFileSync(path.join(FIXTURES, name)));
      const output = save(`all-${name}`, zip[name]);
      expect(Object.keys(tags(output)).filter((k) => /^(IFD0|ExifIFD|GPS|XMP)/.test(k)), name).toEqual([]);
      expect(execFileSync('exiftool', ['-validate', '-warning', '-s3', output], { encoding: 'utf8' }).trim(), name).toBe('OK');
      expect(pixels(output), name).toBe(pixels(input));
    }
    const dims = await page.evaluate(async (b64) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/avif' }));
      return [bitmap.width, bitmap.height];
    }, Buffer.from(zip['gps.avif']).toString('base64'));
    expect(dims.join('x')).toBe(execFileSync('identify', ['-format', '%wx%h', path.join(FIXTURES, 'gps.avif')], { encoding: 'utf8' }));
    expect(app.errors).toEqual([]);
    await page.getByTestId('mode-location').check();
  });
});

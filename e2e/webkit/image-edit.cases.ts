import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GLYPH_SETTINGS, glyphInk, plainPicture } from '../support/glyphs';
import { recordWorks } from '../support/matrix';
import { expectEditedLike } from '../support/turn-judge';
import { clear, fill, openTool, rowDownload } from './app';
import { foreignRequests, load, settle, SKIP_WEBKIT, upload, type WebKitSession } from './support';
import { sharedWebKit } from './shared';

// WebKitGTK smoke of the image editing tools (issue 30): exiftool and jpegtran judge the downloads.
const GPS = path.resolve('src/tools/image/image-metadata/fixtures/gps.jpg');
const CAT = path.resolve('src/engines/codecs/fixtures/cat.jpg');
const COFFEE = path.resolve('src/engines/codecs/fixtures/coffee.png');
const ODD_WEBP = path.resolve('src/engines/codecs/fixtures/coffee-odd.webp');
const ROCKET_WEBP = path.resolve('src/engines/codecs/fixtures/rocket.webp');
/** ImageMagick's count of differing pixels in one region of two pictures. */
const regionDiff = (a: string, b: string, box: string) => {
  try {
    execFileSync('compare', ['-metric', 'AE', '-extract', box, a, b, 'null:'], { stdio: 'pipe' });
    return 0;
  } catch (error) {
    return Number(String((error as { stderr: Buffer }).stderr));
  }
};

describe.skipIf(SKIP_WEBKIT)('WebKit: image editing tools', { timeout: 120_000 }, () => {
  let wk: WebKitSession;
  beforeAll(async () => {
    wk = await sharedWebKit();
    await load(wk, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);

  it('metadata: the location removed, the camera kept', async () => {
    await openTool(wk, '/image/image-metadata');
    await upload(wk, [GPS]);
    await settle(wk, 1, 0);
    const out = await wk.download(rowDownload('gps.jpg'));
    const tags = execFileSync('exiftool', ['-s', '-G1', '-a', out.file], { encoding: 'utf8' });
    expect(tags).not.toMatch(/GPS/);
    expect(tags).toMatch(/Make\s+: LocalkitCam/);
    recordWorks('webkit', 'image-metadata', 'location removed, exiftool');
    await clear(wk);
  });

  it('rotate: a JPEG turned 90° losslessly, as jpegtran does', async () => {
    await openTool(wk, '/image/image-rotate');
    await upload(wk, [CAT]);
    await settle(wk, 1, 0);
    const out = await wk.download(rowDownload('cat.jpg'));
    const reference = execFileSync('sh', ['-c', `jpegtran -rotate 90 -trim '${CAT}' | djpeg -ppm`]);
    expect(execFileSync('djpeg', ['-ppm', out.file]).equals(reference)).toBe(true);
    recordWorks('webkit', 'image-rotate', 'lossless 90°, equal to jpegtran');
    await clear(wk);
  });

  it('rotate: a lossy WebP of odd size (223×149) turned 90°, kept WebP, every pixel where ImageMagick puts it', async () => {
    await openTool(wk, '/image/image-rotate');
    await upload(wk, [ODD_WEBP]);
    await settle(wk, 1, 0);
    const out = await wk.download(rowDownload('coffee-odd.webp'));
    expect(execFileSync('identify', ['-format', '%m %w %h', out.file], { encoding: 'utf8' })).toBe('WEBP 149 223');
    expectEditedLike(out.file, ODD_WEBP, ['-rotate', '90']);
    await clear(wk);
  });

  it('crop: a typed box cut losslessly, as jpegtran -crop does, and from a lossy WebP (near-lossless, kept WebP) where ImageMagick cuts', async () => {
    await openTool(wk, '/image/image-crop');
    for (const [id, v] of [['crop-x', '40'], ['crop-y', '20'], ['crop-width', '100'], ['crop-height', '60']]) await fill(wk, `[data-testid="${id}"]`, v);
    await upload(wk, [CAT, ROCKET_WEBP]);
    await settle(wk, 2, 0);
    const webp = await wk.download(rowDownload('rocket.webp'));
    expect(execFileSync('identify', ['-format', '%m %w %h', webp.file], { encoding: 'utf8' })).toBe('WEBP 100 60');
    expectEditedLike(webp.file, ROCKET_WEBP, ['-crop', '100x60+40+20'], { margin: 8 });
    const out = await wk.download(rowDownload('cat.jpg'));
    const reference = execFileSync('sh', ['-c', `jpegtran -crop 100x60+40+20 '${CAT}' | djpeg -ppm`]);
    expect(execFileSync('djpeg', ['-ppm', out.file]).equals(reference)).toBe(true);
    recordWorks('webkit', 'image-crop', 'lossless crop, equal to jpegtran -crop');
    await clear(wk);
  });

  it('watermark: the default text mark drawn in the worker at the bottom right, the top left untouched', async () => {
    await openTool(wk, '/image/image-watermark');
    await upload(wk, [COFFEE]);
    await settle(wk, 1, 0);
    const out = await wk.download(rowDownload('coffee.png'));
    expect(execFileSync('identify', ['-format', '%m %w %h', out.file], { encoding: 'utf8' })).toBe('PNG 225 150');
    expect(regionDiff(out.file, COFFEE, '100x32+112+108')).toBeGreaterThan(20);
    expect(regionDiff(out.file, COFFEE, '112x75+0+0')).toBe(0);
    recordWorks('webkit', 'image-watermark', 'text mark where asked, rest exact (ImageMagick)');
    await clear(wk);
  });

  it('watermark: Chinese, Japanese and Korean text in real glyphs, not tofu (Hangul from the font we ship)', async () => {
    const plain = plainPicture();
    await openTool(wk, '/image/image-watermark');
    // The anchor's radio is see-through over its picture (WebDriver calls it hidden): clicked as assistive tech does.
    await wk.driver.exec(() => (document.querySelector('[data-testid="anchor-centre"]') as HTMLInputElement).click());
    for (const [id, v] of GLYPH_SETTINGS) await fill(wk, `[data-testid="${id}"]`, v);
    await upload(wk, [plain]);
    await settle(wk, 1, 0);
    const ink = glyphInk((await wk.download(rowDownload('plain.png'))).file, plain);
    for (const line of ink.lines) {
      expect(line.sparse, line.script).toBeGreaterThan(50);
      expect(line.dense / line.sparse, line.script).toBeGreaterThan(2.5);
    }
    expect(ink.outside).toBe(0);
    await clear(wk);
  });

  it('sent nothing off the origin and logged no error', async () => {
    expect(await foreignRequests(wk)).toEqual([]);
    expect(wk.errors).toEqual([]);
  });
});

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GLYPH_SETTINGS, glyphInk, plainPicture } from '../support/glyphs';
import { recordWorks } from '../support/matrix';
import { expectEditedLike } from '../support/turn-judge';
import { foreignRequests, load, settle, SKIP_FIREFOX, type FirefoxSession } from './support';
import { sharedFirefox } from './shared';
import { ui } from './ui';

// Firefox ESR smoke of the image editing tools (issue 30): exiftool and jpegtran judge the downloads.
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

describe.skipIf(SKIP_FIREFOX)('Firefox ESR: image editing tools', { timeout: 120_000 }, () => {
  let ff: FirefoxSession;
  let $: ReturnType<typeof ui>;
  beforeAll(async () => {
    ff = await sharedFirefox();
    $ = ui(ff);
    await load(ff, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);

  it('metadata: the location removed, the camera kept', async () => {
    await $.openTool('/image/image-metadata');
    await $.upload(GPS);
    await settle(ff.page, 1, 0);
    const out = await ff.download($.rowDownload('gps.jpg'));
    const tags = execFileSync('exiftool', ['-s', '-G1', '-a', out.file], { encoding: 'utf8' });
    expect(tags).not.toMatch(/GPS/);
    expect(tags).toMatch(/Make\s+: LocalkitCam/);
    recordWorks('firefox', 'image-metadata', 'location removed, exiftool');
    await $.clear();
  });

  it('rotate: a JPEG turned 90° losslessly, as jpegtran does', async () => {
    await $.openTool('/image/image-rotate');
    await $.upload(CAT);
    await settle(ff.page, 1, 0);
    const out = await ff.download($.rowDownload('cat.jpg'));
    const reference = execFileSync('sh', ['-c', `jpegtran -rotate 90 -trim '${CAT}' | djpeg -ppm`]);
    expect(execFileSync('djpeg', ['-ppm', out.file]).equals(reference)).toBe(true);
    recordWorks('firefox', 'image-rotate', 'lossless 90°, equal to jpegtran');
    await $.clear();
  });

  it('rotate: a lossy WebP of odd size (223×149) turned 90°, kept WebP, every pixel where ImageMagick puts it', async () => {
    await $.openTool('/image/image-rotate');
    await $.upload(ODD_WEBP);
    await settle(ff.page, 1, 0);
    const out = await ff.download($.rowDownload('coffee-odd.webp'));
    expect(execFileSync('identify', ['-format', '%m %w %h', out.file], { encoding: 'utf8' })).toBe('WEBP 149 223');
    expectEditedLike(out.file, ODD_WEBP, ['-rotate', '90']);
    await $.clear();
  });

  it('crop: a typed box cut losslessly, as jpegtran -crop does, and from a lossy WebP (re-encoded, kept WebP) where ImageMagick cuts', async () => {
    await $.openTool('/image/image-crop');
    for (const [id, v] of [['crop-x', '40'], ['crop-y', '20'], ['crop-width', '100'], ['crop-height', '60']]) await $.fill(`[data-testid="${id}"]`, v);
    await $.upload(CAT, ROCKET_WEBP);
    await settle(ff.page, 2, 0);
    const webp = await ff.download($.rowDownload('rocket.webp'));
    expect(execFileSync('identify', ['-format', '%m %w %h', webp.file], { encoding: 'utf8' })).toBe('WEBP 100 60');
    expectEditedLike(webp.file, ROCKET_WEBP, ['-crop', '100x60+40+20'], { margin: 8 });
    const out = await ff.download($.rowDownload('cat.jpg'));
    const reference = execFileSync('sh', ['-c', `jpegtran -crop 100x60+40+20 '${CAT}' | djpeg -ppm`]);
    expect(execFileSync('djpeg', ['-ppm', out.file]).equals(reference)).toBe(true);
    recordWorks('firefox', 'image-crop', 'lossless crop, equal to jpegtran -crop');
    await $.clear();
  });

  it('watermark: the default text mark drawn in the worker at the bottom right, the top left untouched', async () => {
    await $.openTool('/image/image-watermark');
    await $.upload(COFFEE);
    await settle(ff.page, 1, 0);
    const out = await ff.download($.rowDownload('coffee.png'));
    expect(execFileSync('identify', ['-format', '%m %w %h', out.file], { encoding: 'utf8' })).toBe('PNG 225 150');
    expect(regionDiff(out.file, COFFEE, '100x32+112+108')).toBeGreaterThan(20);
    expect(regionDiff(out.file, COFFEE, '112x75+0+0')).toBe(0);
    recordWorks('firefox', 'image-watermark', 'text mark where asked, rest exact (ImageMagick)');
    await $.clear();
  });

  it('watermark: Chinese, Japanese and Korean text in real glyphs, not tofu (Hangul from the font we ship)', async () => {
    const plain = plainPicture();
    await $.openTool('/image/image-watermark');
    await $.click('[data-testid="anchor-centre"]');
    for (const [id, v] of GLYPH_SETTINGS) await $.fill(`[data-testid="${id}"]`, v);
    await $.upload(plain);
    await settle(ff.page, 1, 0);
    const ink = glyphInk((await ff.download($.rowDownload('plain.png'))).file, plain);
    for (const line of ink.lines) {
      expect(line.sparse, line.script).toBeGreaterThan(50);
      expect(line.dense / line.sparse, line.script).toBeGreaterThan(2.5);
    }
    expect(ink.outside).toBe(0);
    await $.clear();
  });

  it('sent nothing off the origin and logged no error', () => {
    expect(foreignRequests(ff)).toEqual([]);
    expect(ff.errors).toEqual([]);
  });
});

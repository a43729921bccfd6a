import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordWorks } from '../support/matrix';
import { foreignRequests, identify, load, settle, SKIP_FIREFOX, type FirefoxSession } from './support';
import { sharedFirefox } from './shared';
import { ui } from './ui';

// Firefox ESR: background removal, mosaic and the two favicon tools, each download read by ImageMagick and unzip.
const REMOVEBG = path.resolve('src/tools/image/removebg/fixtures/coffee.jpg');
const MOSAIC = path.resolve('src/tools/image/mosaic/fixtures/coffee.png');
const FAVICON = path.resolve('src/tools/favicon/converter/fixtures/logo-600x400.png');
const CONVERT = '/usr/bin/convert';

/** ImageMagick's answer to an fx expression over a file (e.g. the mean alpha, or one pixel's alpha). */
const fx = (file: string, expr: string) => Number(execFileSync(CONVERT, [file, '-format', `%[fx:${expr}]`, 'info:'], { encoding: 'utf8' }));
/** The number of distinct colours in a region of a picture. */
const colours = (file: string, crop: string) => Number(execFileSync(CONVERT, [file, '-crop', crop, '+repage', '-format', '%k', 'info:'], { encoding: 'utf8' }));

/** Every picture in a favicon package, as ImageMagick reads it: name → the sizes of its frames. */
function unzipPackage(zip: string): Record<string, string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ff-favicon-'));
  try {
    execFileSync('unzip', ['-q', zip, '-d', dir]);
    const out: Record<string, string[]> = {};
    for (const name of readdirSync(dir)) {
      if (!/\.(png|ico)$/.test(name)) {
        out[name] = [];
        continue;
      }
      // An ICO's frames are PNG-compressed, so ImageMagick names their format PNG: the file's own header says ICO.
      const ico = name.endsWith('.ico') && readFileSync(path.join(dir, name)).subarray(0, 4).equals(Buffer.from([0, 0, 1, 0]));
      out[name] = execFileSync('identify', ['-format', '%m %wx%h\n', path.join(dir, name)], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .map((frame) => (ico ? frame.replace(/^\w+/, 'ICO') : frame));
    }
    if (out['favicon.svg']) out['favicon.svg'] = [readFileSync(path.join(dir, 'favicon.svg'), 'utf8')];
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function checkPackage(files: Record<string, string[]>) {
  expect(files['favicon.ico']).toEqual(['ICO 16x16', 'ICO 32x32', 'ICO 48x48']);
  expect(files['favicon-16x16.png']).toEqual(['PNG 16x16']);
  expect(files['favicon-32x32.png']).toEqual(['PNG 32x32']);
  expect(files['apple-touch-icon.png']).toEqual(['PNG 180x180']);
  expect(files['android-chrome-192x192.png']).toEqual(['PNG 192x192']);
  expect(files['android-chrome-512x512.png']).toEqual(['PNG 512x512']);
  expect(files['maskable-icon-512x512.png']).toEqual(['PNG 512x512']);
  expect(Object.keys(files)).toContain('site.webmanifest');
}

describe.skipIf(SKIP_FIREFOX)('Firefox ESR: image and favicon tools', { timeout: 120_000 }, () => {
  let ff: FirefoxSession;
  let $: ReturnType<typeof ui>;
  beforeAll(async () => {
    ff = await sharedFirefox();
    $ = ui(ff);
    await load(ff, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);

  it('background removal: the model from our origin, a PNG cut-out with a transparent table', { timeout: 240_000 }, async () => {
    await $.openTool('/image/image-removebg');
    await expect.poll(() => $.attr('[data-testid="gpu-status"]', 'data-gpu')).not.toBe('checking');
    const gpu = await $.attr('[data-testid="gpu-status"]', 'data-gpu');
    const started = Date.now();
    await $.upload(REMOVEBG);
    await settle(ff.page, 1, 0, 200_000);
    console.log(`Firefox background removal (${gpu === 'true' ? 'WebGPU' : 'CPU'}), model download included: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const out = await ff.download($.rowDownload('coffee.jpg'));
    expect(out.name).toBe('coffee-no-bg.png');
    expect(identify(out.file)).toEqual({ format: 'PNG', width: 600, height: 400 });
    // The cup and saucer stay opaque, the table became transparent: about half and half, corners clear.
    const meanAlpha = fx(out.file, 'mean.a');
    expect(meanAlpha).toBeGreaterThan(0.3);
    expect(meanAlpha).toBeLessThan(0.75);
    expect(fx(out.file, 'p{5,5}.a')).toBe(0);
    expect(fx(out.file, 'p{290,150}.a')).toBeGreaterThan(0.97);
    recordWorks('firefox', 'image-removebg', 'cut-out PNG alpha, ImageMagick', gpu === 'true' ? undefined : 'CPU (wasm)');
    await $.clear();
  });

  it('mosaic: the whole picture pixelated in 10 px blocks, full size', async () => {
    await $.openTool('/image/image-mosaic');
    await $.upload(MOSAIC);
    await ff.page.waitForSelector('[data-testid="mosaic-surface"]');
    await $.fill('[data-testid="block-size"]', '10');
    await $.click('[data-testid="whole-image"]');
    await expect.poll(() => $.attr('[data-testid="region-count"]', 'data-count')).toBe('1');
    await $.click('[data-testid="start"]');
    await settle(ff.page, 1, 0);
    const out = await ff.download('[data-testid="result-row"] [data-testid="download"]');
    expect(out.name).toBe('coffee-mosaic.png');
    expect(identify(out.file)).toEqual({ format: 'PNG', width: 320, height: 213 });
    // Every 10 × 10 block is one colour; the same regions of the photo had many.
    for (const crop of ['10x10+0+0', '10x10+150+100', '10x10+300+200']) {
      expect(colours(out.file, crop), crop).toBe(1);
      expect(colours(MOSAIC, crop), crop).toBeGreaterThan(5);
    }
    recordWorks('firefox', 'image-mosaic', 'uniform 10 px blocks, ImageMagick');
    await $.clear();
  });

  it('favicon converter: a 600 × 400 logo into a package of ICO and PNG icons', async () => {
    await $.openTool('/favicon/converter');
    await $.upload(FAVICON);
    await ff.page.waitForSelector('[data-testid="result-row"][data-status="done"]', { timeout: 60_000 });
    await expect.poll(() => ff.page.$eval('[data-testid="download-all"]', (b) => !(b as HTMLButtonElement).disabled)).toBe(true);
    const zip = await ff.download('[data-testid="download-all"]');
    expect(zip.name).toBe('favicon-package.zip');
    checkPackage(unzipPackage(zip.file));
    recordWorks('firefox', 'favicon-converter', 'ZIP unzipped, ICO and PNGs identified');
  });

  it('favicon generator: letters into a package with a vector favicon.svg', async () => {
    await $.openTool('/favicon/generator');
    await $.fill('[data-testid="text-input"]', 'LK');
    await ff.page.waitForSelector('[data-testid="live-preview"]');
    await ff.page.waitForSelector('[data-testid="result-row"][data-status="done"]', { timeout: 60_000 });
    await expect.poll(() => ff.page.$eval('[data-testid="download-all"]', (b) => !(b as HTMLButtonElement).disabled)).toBe(true);
    const zip = await ff.download('[data-testid="download-all"]');
    const files = unzipPackage(zip.file);
    checkPackage(files);
    expect(files['favicon.svg'][0]).toContain('>LK</text>');
    recordWorks('firefox', 'favicon-generator', 'ZIP unzipped, ICO and PNGs identified');
  });

  it('sent nothing off the origin and logged no error', () => {
    expect(foreignRequests(ff)).toEqual([]);
    expect(ff.errors).toEqual([]);
  });
});

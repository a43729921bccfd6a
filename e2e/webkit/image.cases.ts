import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tr } from '../support/locales';
import { recordWorks } from '../support/matrix';
import { compare } from './check';
import { clear, fill, openTool, rowDownload, select } from './app';
import { until } from './poll';
import { attr, click, foreignRequests, identify, load, settle, SKIP_WEBKIT, text, upload, waitFor, type WebKitSession } from './support';
import { sharedWebKit } from './shared';

// The image tools in WebKitGTK: a real file through the UI, the download read by ImageMagick.
const IMAGES = path.resolve('src/engines/codecs/fixtures');
const REMOVEBG = path.resolve('src/tools/image/removebg/fixtures/coffee.jpg');
const MOSAIC = path.resolve('src/tools/image/mosaic/fixtures/coffee.png');

describe.skipIf(SKIP_WEBKIT)('WebKit: image tools', { timeout: 120_000 }, () => {
  let wk: WebKitSession;
  beforeAll(async () => {
    wk = await sharedWebKit();
    await load(wk, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);

  it('image compress: a JPEG comes back a whole JPEG of the same size', async () => {
    await openTool(wk, '/image/image-compress');
    await upload(wk, [path.join(IMAGES, 'cat.jpg')]);
    await settle(wk, 1, 0);
    const out = await wk.download(rowDownload('cat.jpg'));
    expect(out.name).toBe('cat.jpg');
    expect(identify(out.file)).toEqual({ format: 'JPEG', width: 320, height: 213 });
    recordWorks('webkit', 'image-compress', 'JPEG, identify');
    await clear(wk);
  });

  it('image convert: PNG to WebP and to AVIF', async () => {
    await openTool(wk, '/image/image-converter');
    await select(wk, '[data-testid="output-format"]', 'webp');
    await upload(wk, [path.join(IMAGES, 'coffee.png')]);
    await settle(wk, 1, 0);
    const webp = await wk.download(rowDownload('coffee.png'));
    expect(webp.name).toBe('coffee.webp');
    expect(identify(webp.file)).toEqual({ format: 'WEBP', width: 225, height: 150 });
    await clear(wk);
    await select(wk, '[data-testid="output-format"]', 'avif');
    await upload(wk, [path.join(IMAGES, 'coffee.png')]);
    await settle(wk, 1, 0);
    const avif = await wk.download(rowDownload('coffee.png'));
    expect(avif.name).toBe('coffee.avif');
    expect(execFileSync('identify', ['-format', '%m %w %h', avif.file], { encoding: 'utf8' })).toMatch(/^(AVIF|HEIC) 225 150$/);
    recordWorks('webkit', 'image-converter', 'PNG → WebP and AVIF, identify');
    await clear(wk);
  });

  it('image resize: a JPEG to 160 px wide, aspect kept', async () => {
    await openTool(wk, '/image/image-resize');
    await fill(wk, '[data-testid="resize-width"]', '160');
    await upload(wk, [path.join(IMAGES, 'cat.jpg')]);
    await settle(wk, 1, 0);
    const out = await wk.download(rowDownload('cat.jpg'));
    expect(out.name).toBe('cat.jpg');
    expect(identify(out.file)).toEqual({ format: 'JPEG', width: 160, height: 107 });
    recordWorks('webkit', 'image-resize', 'JPEG 160 px wide, identify');
    await clear(wk);
  });

  it('image mosaic: the whole image pixelated, a PNG of the same size that differs from the original', async () => {
    await openTool(wk, '/image/image-mosaic');
    await upload(wk, [MOSAIC]);
    await waitFor(wk, '[data-testid="mosaic-surface"]');
    await click(wk, '[data-testid="whole-image"]');
    await until(() => attr(wk, '[data-testid="region-count"]', 'data-count'), (n) => n === '1', { message: 'one region' });
    await click(wk, '[data-testid="start"]');
    await settle(wk, 1, 0);
    const out = await wk.download('[data-testid="result-row"] [data-testid="download"]');
    expect(out.name).toBe('coffee-mosaic.png');
    expect(identify(out.file)).toEqual({ format: 'PNG', width: 320, height: 213 });
    // ImageMagick counts the pixels that differ from the original: a pixelated picture changes most of them.
    expect(compare(MOSAIC, out.file, 'AE')).toBeGreaterThan(0.5 * 320 * 213);
    recordWorks('webkit', 'image-mosaic', 'whole image pixelated PNG, identify and compare');
  });

  it('background removal: a PNG cut-out with clear and opaque parts', { timeout: 240_000 }, async () => {
    await openTool(wk, '/image/image-removebg');
    await upload(wk, [REMOVEBG]);
    await settle(wk, 1, 0, 200_000);
    const out = await wk.download(rowDownload('coffee.jpg'));
    expect(out.name).toBe('coffee-no-bg.png');
    expect(identify(out.file)).toEqual({ format: 'PNG', width: 600, height: 400 });
    // ImageMagick's alpha statistics: the table is cut away (alpha 0), the cup kept (alpha 1).
    const [min, max, mean] = execFileSync('convert', [out.file, '-alpha', 'extract', '-format', '%[fx:minima] %[fx:maxima] %[fx:mean]', 'info:'], { encoding: 'utf8' }).split(' ').map(Number);
    expect([min, max]).toEqual([0, 1]);
    expect(mean).toBeGreaterThan(0.2);
    expect(mean).toBeLessThan(0.8);
    // WebGPU is the first choice; the page says when the model ran on the CPU (onnxruntime's wasm) instead.
    const gpu = await attr(wk, '[data-testid="gpu-status"]', 'data-gpu');
    expect(await text(wk, '[data-testid="gpu-status"]')).toBe(tr('en', gpu === 'true' ? 'engine.gpu' : 'engine.cpu', 'image-removebg'));
    recordWorks('webkit', 'image-removebg', 'cut-out PNG alpha, ImageMagick', gpu === 'true' ? undefined : 'CPU (wasm)');
    await clear(wk);
  });

  it('sent nothing off the origin and logged no error', async () => {
    expect(await foreignRequests(wk)).toEqual([]);
    expect(wk.requests.some((u) => u.startsWith(wk.baseURL))).toBe(true);
    expect(wk.errors).toEqual([]);
  });
});

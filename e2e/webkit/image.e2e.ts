import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordWorks } from '../support/matrix';
import { clear, openTool, rowDownload, select } from './app';
import { foreignRequests, identify, load, openWebKit, settle, SKIP_WEBKIT, upload, type WebKitSession } from './support';

// The image tools in WebKitGTK: a real file through the UI, the download read by ImageMagick.
const IMAGES = path.resolve('src/engines/codecs/fixtures');

describe.skipIf(SKIP_WEBKIT)('WebKit: image tools', { timeout: 120_000 }, () => {
  let wk: WebKitSession;
  beforeAll(async () => {
    wk = await openWebKit();
    await load(wk, '/?lng=en', '[data-testid="home-title"]');
  }, 300_000);
  afterAll(async () => {
    await wk?.close();
  });

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

  it('sent nothing off the origin and logged no error', async () => {
    expect(await foreignRequests(wk)).toEqual([]);
    expect(wk.requests.some((u) => u.startsWith(wk.baseURL))).toBe(true);
    expect(wk.errors).toEqual([]);
  });
});

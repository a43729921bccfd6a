import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appForSuite, foreignRequests } from './support/app';
import { download, recordProgress, row, rows } from './support/results';
import { tr } from './support/locales';
import { recordWorks } from './support/matrix';

const photo = readFileSync(path.resolve('src/tools/image/removebg/fixtures/coffee.jpg'));

/** The download of the row for this input file. */
const downloadRow = (page: Page, name: string) => download(page, () => row(page, name).getByTestId('download').click());

interface AlphaStats {
  type: string;
  width: number;
  height: number;
  opaque: number;
  clear: number;
  /** [alpha at the cup's centre, alpha at the top-left and bottom-right corners]. */
  probes: number[];
  rgbAtCorner: number[];
}

/** Decodes the downloaded file in the browser and measures its alpha channel. */
async function alphaStats(page: Page, bytes: Buffer): Promise<AlphaStats> {
  return page.evaluate(async (b64) => {
    const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const type = data[0] === 0x89 && data[1] === 0x50 ? 'png' : 'other';
    const bitmap = await createImageBitmap(new Blob([data]));
    const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const px = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let opaque = 0;
    let clear = 0;
    for (let i = 3; i < px.length; i += 4) {
      if (px[i] >= 250) opaque++;
      else if (px[i] === 0) clear++;
    }
    const n = bitmap.width * bitmap.height;
    const at = (x: number, y: number) => (y * bitmap.width + x) * 4;
    return {
      type,
      width: bitmap.width,
      height: bitmap.height,
      opaque: opaque / n,
      clear: clear / n,
      probes: [px[at(290, 150) + 3], px[at(5, 5) + 3], px[at(bitmap.width - 5, bitmap.height - 5) + 3]],
      rgbAtCorner: Array.from(px.subarray(at(bitmap.width - 5, bitmap.height - 5), at(bitmap.width - 5, bitmap.height - 5) + 4)),
    };
  }, bytes.toString('base64'));
}

describe('remove background', () => {
  const app = appForSuite();

  it('downloads the model from our origin with byte progress and cuts out a cup on a table', { timeout: 150_000 }, async () => {
    const { page } = app;
    await page.goto('/image/image-removebg');
    await page.getByTestId('toast').filter({ hasText: tr('en', 'pwa.offlineReady') }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('gpu-status').getAttribute('data-gpu')).not.toBe('checking');
    expect(await page.getByTestId('gpu-status').textContent()).toBe(tr('en', 'engine.cpu', 'image-removebg'));

    const progressSamples = await recordProgress(page);
    const started = Date.now();
    await page.getByTestId('file-input').setInputFiles([{ name: 'coffee.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await expect.poll(() => row(page, 'coffee.jpg').getAttribute('data-status'), { timeout: 120_000, interval: 500 }).toBe('done');
    // The first use showed the model's download in bytes (the model and onnxruntime's wasm, ~57 MB),
    // counting up to its total.
    const samples = (await progressSamples()).filter((s) => s.name === 'coffee.jpg');
    const totals = [...new Set(samples.map((s) => s.total))];
    expect(totals).toHaveLength(1);
    expect(totals[0]).toBeGreaterThan(50e6);
    expect(totals[0]).toBeLessThan(60e6);
    const done = samples.map((s) => s.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    console.log(`progress samples: ${samples.length}, last ${done.at(-1)} of ${totals[0]}`);
    expect(done.at(-1)).toBe(totals[0]);
    console.log(`first cut-out, model download included: ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const file = await downloadRow(page, 'coffee.jpg');
    expect(file.name).toBe('coffee-no-bg.png');
    const stats = await alphaStats(page, file.bytes);
    console.log('alpha split', stats);
    expect(stats.type).toBe('png');
    expect([stats.width, stats.height]).toEqual([600, 400]);
    // The cup and saucer cover roughly half the picture; the table is the rest.
    expect(stats.opaque).toBeGreaterThan(0.3);
    expect(stats.clear).toBeGreaterThan(0.25);
    expect(stats.opaque + stats.clear).toBeGreaterThan(0.9);
    expect(stats.probes[0]).toBeGreaterThanOrEqual(250);
    expect(stats.probes[1]).toBe(0);
    expect(stats.probes[2]).toBe(0);
    await page.getByTestId('before-after').waitFor();
    // The same rule in every engine: without WebGPU the model runs on the CPU, and the matrix says so.
    const gpu = await page.getByTestId('gpu-status').getAttribute('data-gpu');
    recordWorks('chromium', 'image-removebg', 'cut-out PNG with alpha, mask checked', gpu === 'true' ? undefined : 'CPU (wasm)');
  });

  it('works with the network cut: the model comes from the cache; a broken file fails in its own row', { timeout: 90_000 }, async () => {
    const { page, context } = app;
    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByTestId('file-input').waitFor();
      await page.getByTestId('bg-color').check();
      await page.getByTestId('bg-color-value').fill('#00ff00');
      // Cancel terminates the engine's worker; a retry starts a new one, which loads the model from the cache.
      await page.getByTestId('file-input').setInputFiles([{ name: 'offline.jpg', mimeType: 'image/jpeg', buffer: photo }]);
      await expect.poll(() => row(page, 'offline.jpg').getAttribute('data-status')).toBe('working');
      await row(page, 'offline.jpg').getByTestId('cancel').click();
      await expect.poll(() => row(page, 'offline.jpg').getAttribute('data-status')).toBe('ready');
      const started = Date.now();
      await row(page, 'offline.jpg').getByTestId('retry').click();
      await page.getByTestId('file-input').setInputFiles([{ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('this is not an image at all') }]);
      await expect.poll(async () => [await rows(page, 'done').count(), await rows(page, 'error').count()], { timeout: 80_000, interval: 500 }).toEqual([1, 1]);
      console.log(`offline batch (model from cache + one image): ${((Date.now() - started) / 1000).toFixed(1)} s`);
      expect(await row(page, 'broken.png').getByTestId('row-error').textContent()).toBe(tr('en', 'errors.notImage', 'image-removebg'));
      const stats = await alphaStats(page, (await downloadRow(page, 'offline.jpg')).bytes);
      // On a colour background nothing is transparent; the table became green.
      expect(stats.clear).toBe(0);
      expect(stats.opaque).toBe(1);
      expect(stats.rgbAtCorner).toEqual([0, 255, 0, 255]);
      // Another background after the results: they are not left silently stale, the notice offers to apply it again.
      expect(await page.getByTestId('stale-results').count()).toBe(0);
      await page.getByTestId('bg-transparent').check();
      expect(await page.getByTestId('stale-results').textContent()).toContain(tr('en', 'stale', 'image-removebg'));
      await page.getByTestId('apply-again').click();
      await expect.poll(async () => [await rows(page, 'done').count(), await rows(page, 'error').count()], { timeout: 80_000, interval: 500 }).toEqual([1, 1]);
      expect(await page.getByTestId('stale-results').count()).toBe(0);
      const again = await alphaStats(page, (await downloadRow(page, 'offline.jpg')).bytes);
      expect(again.clear).toBeGreaterThan(0.25);
    } finally {
      await context.setOffline(false);
    }
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});

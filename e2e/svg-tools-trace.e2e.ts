import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foreignRequests, openApp, type AppSession } from './support/app';
import { darkMask, decodeImage, download, iou, meanDiff, renderSvgInPage, row, rows } from './svg-tools-helpers';

const FIXTURES = path.resolve('src/tools/svg/raster-to-svg/fixtures');
const image = (name: string, mimeType: string) => ({ name, mimeType, buffer: readFileSync(path.join(FIXTURES, name)) });

describe('PNG / JPG to SVG tracing', () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('traces a silhouette in black and white: the re-rendered SVG covers the same dark area (IoU)', async () => {
    const { page } = app;
    await page.goto('/svg/png-to-svg');
    expect(await page.getByTestId('mode-bw').isChecked()).toBe(true);
    await page.getByTestId('file-input').setInputFiles([
      image('mark-silhouette.png', 'image/png'),
      { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is not a png at all') },
    ]);
    await expect.poll(async () => [await rows(page, 'done').count(), await rows(page, 'error').count()], { timeout: 30_000 }).toEqual([1, 1]);
    expect(await row(page, 'fake.png').getByTestId('row-error').textContent()).toBe('This file is not an image the browser can decode.');
    await page.getByTestId('trace-preview').waitFor();
    expect(await page.getByTestId('trace-facts').textContent()).toMatch(/^3 paths · /);

    const svg = await download(page, () => row(page, 'mark-silhouette.png').getByTestId('download').click());
    expect(svg.name).toBe('mark-silhouette.svg');
    const text = svg.bytes.toString('utf8');
    expect(text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="512" height="384" viewBox="0 0 512 384">/);
    expect(text.match(/<path /g)).toHaveLength(3);
    const original = await decodeImage(page, readFileSync(path.join(FIXTURES, 'mark-silhouette.png')), 'image/png');
    const traced = await renderSvgInPage(page, text, 512, 384, '#ffffff');
    const score = iou(darkMask(original), darkMask(traced));
    console.log(`bw trace IoU ${score.toFixed(4)}, ${text.length} bytes`);
    expect(score).toBeGreaterThan(0.97);
  });

  it('traces a JPEG logo in colour: close to the original pixels, dark shapes in place', async () => {
    const { page } = app;
    await page.goto('/svg/jpg-to-svg');
    expect(await page.getByTestId('mode-color').isChecked()).toBe(true);
    await page.getByTestId('colors').fill('4');
    await page.getByTestId('file-input').setInputFiles([image('logo-colour.jpg', 'image/jpeg')]);
    await expect.poll(() => rows(page, 'done').count(), { timeout: 30_000 }).toBe(1);
    const svg = await download(page, () => page.getByTestId('download').first().click());
    const text = svg.bytes.toString('utf8');
    const original = await decodeImage(page, readFileSync(path.join(FIXTURES, 'logo-colour.jpg')), 'image/jpeg');
    const traced = await renderSvgInPage(page, text, 480, 320, '#ffffff');
    const score = iou(darkMask(original), darkMask(traced));
    const diff = meanDiff(original, traced);
    console.log(`colour trace IoU ${score.toFixed(4)}, mean diff ${diff.toFixed(2)}, ${text.length} bytes`);
    expect(score).toBeGreaterThan(0.95);
    expect(diff).toBeLessThan(6);
    expect(text).toMatch(/fill="rgb\(2\d\d,1\d\d,\d{1,2}\)"/); // the orange disc kept its colour

    // Fewer colours after the fact: the result is stale until traced again.
    await page.getByTestId('colors').fill('2');
    await page.getByTestId('convert-again').click();
    await expect.poll(() => rows(page, 'done').count(), { timeout: 30_000 }).toBe(1);
  });

  it('sent nothing to another origin and raised no error', () => {
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});

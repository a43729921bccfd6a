import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appForSuite, foreignRequests } from './support/app';
import { darkMask, decodeImage, download, iou, meanDiff, renderSvgInPage, row, rows } from './svg-tools-helpers';
import { recordWorks } from './support/matrix';
import { underLoad } from './support/load';

const FIXTURES = path.resolve('src/tools/svg/raster-to-svg/fixtures');
const image = (name: string, mimeType: string) => ({ name, mimeType, buffer: readFileSync(path.join(FIXTURES, name)) });

describe('PNG / JPG to SVG tracing', () => {
  const app = appForSuite();

  it('traces a silhouette in black and white: the re-rendered SVG covers the same dark area (IoU)', async () => {
    const { page } = app;
    await page.goto('/svg/png-to-svg');
    // Automatic by default: a black-and-white mark is traced in black and white.
    expect(await page.getByTestId('mode-auto').isChecked()).toBe(true);
    await page.getByTestId('file-input').setInputFiles([
      image('mark-silhouette.png', 'image/png'),
      { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is not a png at all') },
    ]);
    await expect.poll(async () => [await rows(page, 'done').count(), await rows(page, 'error').count()], { timeout: 120_000 }).toEqual([1, 1]);
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
    recordWorks('chromium', 'png-to-svg', 'traced SVG re-rendered, IoU');
  }, 240_000);

  it('traces a JPEG logo in colour: close to the original pixels, dark shapes in place', async () => {
    const { page } = app;
    await page.goto('/svg/jpg-to-svg');
    expect(await page.getByTestId('mode-auto').isChecked()).toBe(true);
    await page.getByTestId('colors').fill('4');
    await page.getByTestId('file-input').setInputFiles([image('logo-colour.jpg', 'image/jpeg')]);
    await expect.poll(() => rows(page, 'done').count(), { timeout: 120_000 }).toBe(1);
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
    await expect.poll(() => rows(page, 'done').count(), { timeout: 120_000 }).toBe(1);
    recordWorks('chromium', 'jpg-to-svg', 'traced SVG close to the original pixels');
  }, 240_000);

  it('PNG to SVG picks colour for a colour logo by default (it used to trace it in black and white, nearly empty)', async () => {
    const { page } = app;
    await page.goto('/svg/png-to-svg');
    expect(await page.getByTestId('mode-auto').isChecked()).toBe(true);
    const png = execFileSync('convert', [path.join(FIXTURES, 'logo-colour.jpg'), 'png:-']);
    await page.getByTestId('file-input').setInputFiles([{ name: 'logo-colour.png', mimeType: 'image/png', buffer: png }]);
    await expect.poll(() => rows(page, 'done').count(), { timeout: 120_000 }).toBe(1);
    const text = (await download(page, () => row(page, 'logo-colour.png').getByTestId('download').click())).bytes.toString('utf8');
    // In colour: saturated fills (the orange disc, the teal bar), not just black on white.
    const fills = [...text.matchAll(/fill="rgb\((\d+),(\d+),(\d+)\)"/g)].map((m) => [1, 2, 3].map((i) => Number(m[i])));
    expect(fills.filter(([r, g, b]) => Math.max(r, g, b) - Math.min(r, g, b) > 100).length).toBeGreaterThan(1);
    const diff = meanDiff(await decodeImage(page, png, 'image/png'), await renderSvgInPage(page, text, 480, 320, '#ffffff'));
    console.log(`auto colour PNG trace mean diff ${diff.toFixed(2)}, ${text.length} bytes`);
    expect(diff).toBeLessThan(8);
  }, 240_000);

  it('holds a 12 MP photo back with an estimate; cancel drops it; downscale traces a smaller copy fast', async () => {
    const { page } = app;
    // A real photo at its own detail, tiled to 3840×2989 (11.5 MP): rocket.jpg 6 across, 7 down.
    const row6 = ['(', ...Array(6).fill('bench/image/photos/rocket.jpg'), '+append', ')'];
    const big = execFileSync('convert', [...Array(7).fill(row6).flat(), '-append', '-quality', '92', 'jpg:-'], { maxBuffer: 64 * 1024 * 1024 });
    const photo = { name: 'rockets.jpg', mimeType: 'image/jpeg', buffer: big };
    await page.goto('/svg/jpg-to-svg');
    await page.getByTestId('file-input').setInputFiles([photo]);
    const guard = page.getByTestId('trace-guard-item');
    await guard.waitFor({ timeout: 60_000 });
    const cost = (await guard.getByTestId('trace-guard-text').textContent())!;
    console.log(cost, '|', await guard.getByTestId('trace-guard-offer').textContent());
    expect(cost).toContain('3840×2989 (11.5 MP)');
    const seconds = Number(/about (\d+) s/.exec(cost)![1]);
    expect(seconds).toBeGreaterThan(15);
    expect(await rows(page).count()).toBe(0);

    await guard.getByTestId('trace-cancel').click();
    await expect.poll(() => page.getByTestId('trace-guard-item').count()).toBe(0);
    expect(await rows(page).count()).toBe(0);

    await page.getByTestId('file-input').setInputFiles([photo]);
    await page.getByTestId('trace-guard-item').waitFor({ timeout: 60_000 });
    const label = (await page.getByTestId('trace-downscale').textContent())!;
    const [, w, h] = /(\d+)×(\d+)/.exec(label)!.map(Number);
    expect(w * h).toBeLessThan(3e6);
    const started = Date.now();
    await page.getByTestId('trace-downscale').click();
    await expect.poll(() => rows(page, 'done').count(), { timeout: 120_000 }).toBe(1);
    const took = (Date.now() - started) / 1000;
    const svg = await download(page, () => row(page, 'rockets.jpg').getByTestId('download').click());
    const text = svg.bytes.toString('utf8');
    console.log(`downscaled trace ${w}×${h} in ${took.toFixed(1)} s, ${(text.length / 1e6).toFixed(1)} MB`);
    expect(text.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"`)).toBe(true);
    expect(text.length).toBeLessThan(12e6);
    // The downscaled trace beats the full size's estimate; a loaded machine stretches the wall time (support/load.ts).
    expect(took).toBeLessThan(underLoad(seconds * 1000) / 1000);
  }, 240_000);

  it('sent nothing to another origin and raised no error', () => {
    expect(foreignRequests(app)).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});

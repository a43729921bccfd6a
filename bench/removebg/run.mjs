// Background removal benchmark, run by hand (not in CI): `node bench/removebg/run.mjs [distDir]`.
// Serves a production build (default dist/, built with the model plugin) with the app's own server and
// headers, drives Debian's Chromium (CHROME_PATH to change) through the real page, and prints:
//   cold: seconds from choosing a 1024×1024 photo to its result in a fresh profile (model download from
//         our origin included), and the same once the model is in the cache (new worker, model from cache);
//   warm: seconds per further 1024×1024 photo with the model loaded.
// WebGPU is used when the browser has an adapter (pass CHROME_ARGS="--enable-unsafe-webgpu" on a GPU machine).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../../e2e/support/chromium.mjs';
import { createServer } from '../../scripts/serve.mjs';

const dist = path.resolve(process.argv[2] ?? 'dist');
const server = createServer(dist);
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;
const photo = readFileSync(path.resolve('src/tools/image/removebg/fixtures/coffee.jpg'));
const profile = mkdtempSync(path.join(tmpdir(), 'removebg-bench-'));
const extra = (process.env.CHROME_ARGS ?? '').split(' ').filter(Boolean);
const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: ['--no-sandbox', ...extra] });
const page = context.pages()[0] ?? (await context.newPage());

/** The photo squeezed to 1024×1024 (the model's own input size), as a PNG made by the browser. */
async function square(name) {
  const b64 = await page.evaluate(async (src) => {
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(src), (c) => c.charCodeAt(0))]));
    const canvas = new OffscreenCanvas(1024, 1024);
    canvas.getContext('2d').drawImage(bitmap, 0, 0, 1024, 1024);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  }, photo.toString('base64'));
  return { name, mimeType: 'image/png', buffer: Buffer.from(b64, 'base64') };
}

async function timeOne(name) {
  const started = performance.now();
  await page.getByTestId('file-input').setInputFiles([await square(name)]);
  await page.locator(`[data-testid="result-row"][data-name="${name}"][data-status="done"]`).waitFor({ timeout: 180_000 });
  return (performance.now() - started) / 1000;
}

await page.goto(`${base}/image/image-removebg`);
await page.locator('[data-testid="gpu-status"]:not([data-gpu="checking"])').waitFor();
const gpu = await page.getByTestId('gpu-status').getAttribute('data-gpu');
const isolated = await page.evaluate(() => crossOriginIsolated);
const cold = await timeOne('cold.png');
const warm = [];
for (let i = 0; i < 3; i++) warm.push(await timeOne(`warm-${i}.png`));
// A new page: a new worker, the model from Cache Storage.
await page.reload();
await page.getByTestId('file-input').waitFor();
const cached = await timeOne('cached.png');

console.log(`device: ${gpu === 'true' ? 'WebGPU' : 'WebAssembly (CPU)'}, cross-origin isolated: ${isolated}, cores: ${await page.evaluate(() => navigator.hardwareConcurrency)}`);
console.log(`cold, first use (model download from our origin): ${cold.toFixed(1)} s`);
console.log(`first image with the model from the cache:       ${cached.toFixed(1)} s`);
console.log(`warm, per 1024×1024 image: ${warm.map((s) => s.toFixed(1)).join(' s, ')} s`);
await context.close();
rmSync(profile, { recursive: true, force: true });
server.close();

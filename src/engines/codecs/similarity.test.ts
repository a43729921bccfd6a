// The fast SSIM against ssim.js's own (slow) default path, on real photos at every downsampling factor.
import { readFileSync } from 'node:fs';
import { ssim } from 'ssim.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from './decode';
import { encodeImage } from './encode';
import { loadCodecWasmInNode } from './node-wasm.testing';
import { resizePixels } from './pipeline';
import type { Pixels } from './pixels';
import { similarity } from './similarity';

beforeAll(loadCodecWasmInNode);

const reference = (a: Pixels, b: Pixels) => ssim(a as unknown as ImageData, b as unknown as ImageData).mssim;

describe('similarity (SSIM)', () => {
  it('equals ssim.js on real photos at downsampling factors 1 to 12', async () => {
    const photo = await decodeImage(new Uint8Array(readFileSync('bench/image/photos/chelsea.webp')), 'webp', 'image/webp');
    // Sizes whose shorter side gives f = 1, 2, 3, 6 (even: the filter window is off-centre) and 12.
    for (const [width, height] of [[300, 200], [600, 400], [1100, 733], [2304, 1536], [4000, 3000]]) {
      const original = await resizePixels(photo, width, height);
      const jpeg = await decodeImage(await encodeImage(original, 'jpeg', { quality: 40 }), 'jpeg', 'image/jpeg');
      let t = performance.now();
      const fast = similarity(original, jpeg);
      const fastMs = performance.now() - t;
      t = performance.now();
      const slow = reference(original, jpeg);
      const slowMs = performance.now() - t;
      console.log(`${width}×${height}: ${fast.toFixed(6)} vs ssim.js ${slow.toFixed(6)}, ${fastMs.toFixed(0)} vs ${slowMs.toFixed(0)} ms`);
      expect(Math.abs(fast - slow)).toBeLessThan(1e-5);
      expect(fast).toBeLessThan(0.999);
    }
  }, 120_000);

  it('is 1 for identical images and 0 for different sizes', async () => {
    const photo = await decodeImage(new Uint8Array(readFileSync('bench/image/photos/chelsea.webp')), 'webp', 'image/webp');
    expect(similarity(photo, photo)).toBeCloseTo(1, 10);
    expect(similarity(photo, await resizePixels(photo, 100, 100))).toBe(0);
  });
});

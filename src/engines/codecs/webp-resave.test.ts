// An edited lossy WebP saved again: its chroma restored keeps it closer to the input than a plain re-encode.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from './decode';
import { encodeImage } from './encode';
import { loadCodecWasmInNode } from './node-wasm.testing';
import { processImage } from './pipeline';
import { ssimulacra2 } from './ssimulacra2';
import { restoreWebpChroma, WEBP_RESAVE_QUALITY } from './webp-resave';

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(__dirname, 'fixtures', name)));
const decodeWebp = (b: Uint8Array) => decodeImage(b, 'webp', 'image/webp');
const luma = (d: Uint8ClampedArray, i: number) => 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];

/** Mean absolute difference of JFIF chroma (Cb, Cr) per pixel. */
function chromaError(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 4) {
    const [dr, dg, db] = [a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]];
    sum += Math.abs(-0.168736 * dr - 0.331264 * dg + 0.5 * db) + Math.abs(0.5 * dr - 0.418688 * dg - 0.081312 * db);
  }
  return sum / (a.length / 4);
}

beforeAll(loadCodecWasmInNode);

describe('restoreWebpChroma', () => {
  it('leaves each pixel’s luma where it was (within rounding, where no channel clips)', async () => {
    const input = await decodeWebp(fixture('coffee-q70.webp'));
    const out = restoreWebpChroma(input);
    let moved = 0;
    let counted = 0;
    for (let i = 0; i < out.data.length; i += 4) {
      if ([0, 1, 2].some((c) => out.data[i + c] === 0 || out.data[i + c] === 255)) continue;
      counted++;
      if (Math.abs(luma(out.data, i) - luma(input.data, i)) > 1) moved++;
    }
    expect(counted).toBeGreaterThan((out.data.length / 4) * 0.9);
    expect(moved).toBe(0);
    expect(out.data).not.toEqual(input.data);
  });

  it('saved again at the same quality, the colours stay closer to the input’s than a plain re-encode’s (and SSIMULACRA 2 no lower on the photo)', async () => {
    for (const name of ['coffee-q70.webp', 'rocket.webp']) {
      const input = await decodeWebp(fixture(name));
      const again = async (p: typeof input) => decodeWebp(await encodeImage(p, 'webp', { quality: WEBP_RESAVE_QUALITY, webpDefaults: true }));
      const plain = await again(input);
      const restored = await again(restoreWebpChroma(input));
      expect(chromaError(restored.data, input.data), name).toBeLessThan(0.9 * chromaError(plain.data, input.data));
      if (name === 'coffee-q70.webp') expect(ssimulacra2(input, restored)).toBeGreaterThan(ssimulacra2(input, plain));
    }
  });
});

describe('an edited lossy WebP', () => {
  it('is saved again at the resave quality with its own estimate under it, a lossless one stays lossless', async () => {
    const lossy = fixture('coffee-q70.webp');
    const { width, height } = await decodeWebp(lossy);
    const out = await processImage(lossy, { output: 'keep', quality: 85, matchQuality: true, crop: { x: 0, y: 0, width, height } });
    expect(out.ok && out.quality).toBe(WEBP_RESAVE_QUALITY);
    const turned = await processImage(lossy, { output: 'keep', quality: 85, matchQuality: true, transform: { angle: 90, flipH: false, flipV: false } });
    expect(turned.ok && [turned.width, turned.height]).toEqual([height, width]);
    const lossless = await processImage(fixture('small-lossless.webp'), { output: 'keep', quality: 85, matchQuality: true, transform: { angle: 180, flipH: false, flipV: false } });
    expect(lossless.ok && lossless.quality).toBeUndefined();
  });

  it('is cut from an even pixel (its 2×2 colour grid), the box grown to keep its far edges; a PNG output is cut where asked', async () => {
    const lossy = fixture('coffee-q70.webp');
    const odd = await processImage(lossy, { output: 'keep', quality: 85, matchQuality: true, crop: { x: 13, y: 7, width: 100, height: 80 } });
    expect(odd.ok && [odd.cropped, odd.webpGrid, odd.width, odd.height]).toEqual([{ x: 12, y: 6, width: 101, height: 81 }, true, 101, 81]);
    const even = await processImage(lossy, { output: 'keep', quality: 85, matchQuality: true, crop: { x: 14, y: 8, width: 100, height: 80 } });
    expect(even.ok && [even.cropped, even.webpGrid]).toEqual([{ x: 14, y: 8, width: 100, height: 80 }, undefined]);
    const png = await processImage(lossy, { output: 'png', quality: 85, crop: { x: 13, y: 7, width: 100, height: 80 } });
    expect(png.ok && [png.cropped, png.webpGrid]).toEqual([{ x: 13, y: 7, width: 100, height: 80 }, undefined]);
  });
});

import { describe, expect, it } from 'vitest';
import type { RgbaImage } from './png';
import { resizeRgba } from './resize';

function image(w: number, h: number, f: (x: number, y: number) => [number, number, number, number]): RgbaImage {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set(f(x, y), (y * w + x) * 4);
  return { width: w, height: h, data };
}

/** What a one-step canvas shrink does at worst: pick the nearest source pixel. */
function nearest(src: RgbaImage, w: number, h: number): RgbaImage {
  return image(w, h, (x, y) => {
    const o = (Math.floor(((y + 0.5) * src.height) / h) * src.width + Math.floor(((x + 0.5) * src.width) / w)) * 4;
    return [src.data[o], src.data[o + 1], src.data[o + 2], src.data[o + 3]];
  });
}

/** The exact answer for an integer reduction: the mean of each block. */
function boxMean(src: RgbaImage, factor: number): RgbaImage {
  const w = src.width / factor;
  return image(w, src.height / factor, (x, y) => {
    const sum = [0, 0, 0, 0];
    for (let j = 0; j < factor; j++) for (let i = 0; i < factor; i++) for (let c = 0; c < 4; c++) sum[c] += src.data[((y * factor + j) * src.width + x * factor + i) * 4 + c];
    return sum.map((s) => s / factor / factor) as [number, number, number, number];
  });
}

function rmse(a: RgbaImage, b: RgbaImage): number {
  let s = 0;
  for (let i = 0; i < a.data.length; i++) s += (a.data[i] - b.data[i]) ** 2;
  return Math.sqrt(s / a.data.length);
}

describe('Lanczos resize', () => {
  it('keeps a flat colour flat and gives the requested size', () => {
    const out = resizeRgba(image(300, 200, () => [10, 120, 250, 255]), 37, 23);
    expect([out.width, out.height]).toEqual([37, 23]);
    for (let i = 0; i < out.data.length; i += 4) expect(Array.from(out.data.subarray(i, i + 4))).toEqual([10, 120, 250, 255]);
  });

  it('averages fine detail instead of aliasing it (a 1 px checkerboard becomes grey)', () => {
    const checker = image(512, 512, (x, y) => ((x + y) % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255]));
    const out = resizeRgba(checker, 32, 32);
    for (let i = 0; i < out.data.length; i += 4) expect(Math.abs(out.data[i] - 127.5)).toBeLessThan(2);
    // One-step nearest sampling turns the same pattern into solid black or white.
    const naive = nearest(checker, 32, 32);
    expect(new Set(Array.from(naive.data.filter((_, i) => i % 4 === 0)))).not.toContain(127);
  });

  it('is far closer to the exact block mean than one-step sampling on a zone plate', () => {
    const zone = image(512, 512, (x, y) => {
      const r2 = (x - 256) ** 2 + (y - 256) ** 2;
      const v = 127.5 + 127.5 * Math.cos(r2 / 180);
      return [v, v, v, 255];
    });
    const exact = boxMean(zone, 16);
    const lanczos = rmse(resizeRgba(zone, 32, 32), exact);
    const naive = rmse(nearest(zone, 32, 32), exact);
    expect(lanczos).toBeLessThan(naive / 3);
  });

  it('does not darken edges against transparency (colours are weighted by alpha)', () => {
    // A red disc on fully transparent black: a straight average would pull the rim towards black.
    const disc = image(256, 256, (x, y) => ((x - 128) ** 2 + (y - 128) ** 2 < 100 ** 2 ? [255, 0, 0, 255] : [0, 0, 0, 0]));
    const out = resizeRgba(disc, 16, 16);
    for (let i = 0; i < out.data.length; i += 4) if (out.data[i + 3] > 8) expect(out.data[i]).toBeGreaterThan(240);
  });
});

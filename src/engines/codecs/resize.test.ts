import { beforeAll, describe, expect, it } from 'vitest';
import { loadCodecWasmInNode } from './node-wasm.testing';
import type { Pixels } from './pixels';
import { resizePixels } from './resize';

beforeAll(loadCodecWasmInNode);

function image(w: number, h: number, f: (x: number, y: number) => [number, number, number, number]): Pixels {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set(f(x, y), (y * w + x) * 4);
  return { width: w, height: h, data };
}

/** What a one-step canvas shrink does at worst: pick the nearest source pixel. */
function nearest(src: Pixels, w: number, h: number): Pixels {
  return image(w, h, (x, y) => {
    const o = (Math.floor(((y + 0.5) * src.height) / h) * src.width + Math.floor(((x + 0.5) * src.width) / w)) * 4;
    return [src.data[o], src.data[o + 1], src.data[o + 2], src.data[o + 3]];
  });
}

const toLinear = (v: number) => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const toSrgb = (v: number) => 255 * (v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055);

/** The exact answer for an integer reduction of an opaque image: the mean light of each block (in linear light). */
function boxMean(src: Pixels, factor: number): Pixels {
  return image(src.width / factor, src.height / factor, (x, y) => {
    const sum = [0, 0, 0];
    for (let j = 0; j < factor; j++) for (let i = 0; i < factor; i++) for (let c = 0; c < 3; c++) sum[c] += toLinear(src.data[((y * factor + j) * src.width + x * factor + i) * 4 + c]);
    const [r, g, b] = sum.map((s) => toSrgb(s / factor / factor));
    return [r, g, b, 255];
  });
}

function rmse(a: Pixels, b: Pixels): number {
  let s = 0;
  for (let i = 0; i < a.data.length; i++) s += (a.data[i] - b.data[i]) ** 2;
  return Math.sqrt(s / a.data.length);
}

describe('Lanczos resize (jSquash, linear light)', () => {
  it('keeps flat colours exact (0 to 255), shrinking and enlarging, and gives the requested size', async () => {
    // jSquash alone truncates (255 -> 254, 120 -> 119, 1 -> 0); flat-areas.ts puts the exact colour back.
    for (const [w, h] of [[37, 23], [900, 600]]) {
      for (let v = 0; v < 256; v += 15) {
        const colour = [v, 255 - v, (v * 7) % 256, 255];
        const out = await resizePixels(image(300, 200, () => [colour[0], colour[1], colour[2], 255]), w, h);
        expect([out.width, out.height]).toEqual([w, h]);
        const wrong = out.data.findIndex((c, i) => c !== colour[i % 4]);
        expect(wrong, `${colour} at ${w}x${h}`).toBe(-1);
      }
    }
  });

  it('keeps two flat halves exact away from their edge, and blends only within reach of the filter', async () => {
    const halves = image(400, 100, (x) => (x < 200 ? [255, 255, 255, 255] : [24, 58, 170, 255]));
    const out = await resizePixels(halves, 40, 10);
    for (let y = 0; y < 10; y++) {
      for (let x = 0; x < 40; x++) {
        const o = (y * 40 + x) * 4;
        const px = Array.from(out.data.slice(o, o + 3));
        // Lanczos3 at a factor of 10 reads 30 input pixels each side: 3 output pixels.
        if (x < 17) expect(px).toEqual([255, 255, 255]);
        if (x > 22) expect(px).toEqual([24, 58, 170]);
      }
    }
  });

  it('averages fine detail instead of aliasing it (a 1 px checkerboard becomes the grey of half the light)', async () => {
    const checker = image(512, 512, (x, y) => ((x + y) % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255]));
    const out = await resizePixels(checker, 32, 32);
    const half = toSrgb(0.5); // 187.5
    for (let i = 0; i < out.data.length; i += 4) expect(Math.abs(out.data[i] - half)).toBeLessThan(2);
    // One-step nearest sampling turns the same pattern into solid black or white.
    const naive = nearest(checker, 32, 32);
    expect(new Set(Array.from(naive.data.filter((_, i) => i % 4 === 0)))).not.toContain(188);
  });

  it('is far closer to the exact block mean than one-step sampling on a zone plate, and as close as our former resampler', async () => {
    const zone = image(512, 512, (x, y) => {
      const r2 = (x - 256) ** 2 + (y - 256) ** 2;
      const v = 127.5 + 127.5 * Math.cos(r2 / 180);
      return [v, v, v, 255];
    });
    // The hand-written sRGB Lanczos-3 the favicon tools had, measured the same way against its own (sRGB) block mean.
    const former: Record<number, number> = { 32: 2.35, 16: 0.81 };
    for (const size of [32, 16]) {
      const exact = boxMean(zone, 512 / size);
      const lanczos = rmse(await resizePixels(zone, size, size), exact);
      const naive = rmse(nearest(zone, size, size), exact);
      console.log(`zone plate 512 -> ${size} px: RMSE ${lanczos.toFixed(2)} (nearest ${naive.toFixed(2)}, former ${former[size]})`);
      expect(lanczos).toBeLessThan(naive / 3);
      expect(lanczos).toBeLessThanOrEqual(former[size]);
    }
  });

  it('does not darken edges against transparency (colours are weighted by alpha)', async () => {
    // A red disc on fully transparent black: a straight average would pull the rim towards black.
    const disc = image(256, 256, (x, y) => ((x - 128) ** 2 + (y - 128) ** 2 < 100 ** 2 ? [255, 0, 0, 255] : [0, 0, 0, 0]));
    const out = await resizePixels(disc, 16, 16);
    for (let i = 0; i < out.data.length; i += 4) if (out.data[i + 3] > 8) expect(out.data[i]).toBeGreaterThan(240);
  });
});

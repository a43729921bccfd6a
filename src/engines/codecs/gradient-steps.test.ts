// The smooth-gradient check that picks the MozJPEG chroma rule, on bench/image's photos, and the 8×8 step measure
// that judged the rule (bench/image/README.md, "Chroma under luma and smooth gradients").
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from './decode';
import { encodeImage, mozjpegOptions } from './encode';
import { blockSteps, hasSmoothGradients, smoothGradientShare, SMOOTH_GRADIENT_SHARE } from './gradient-steps';
import { jpegEncoder } from './loaders';
import { loadCodecWasmInNode } from './node-wasm.testing';
import type { Pixels } from './pixels';

beforeAll(loadCodecWasmInNode);

const photo = (name: string) => decodeImage(new Uint8Array(readFileSync(`bench/image/photos/${name}`)), name.endsWith('.jpg') ? 'jpeg' : 'webp', name.endsWith('.jpg') ? 'image/jpeg' : 'image/webp');
const jpegDecoded = (bytes: Uint8Array) => decodeImage(bytes, 'jpeg', 'image/jpeg');

function filled(width: number, height: number, rgb: (x: number, y: number) => [number, number, number]): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      data.set([...rgb(x, y), 255], (y * width + x) * 4);
    }
  return { data, width, height };
}

describe('smooth gradients', () => {
  it('finds them on the colour wheel and a drawn gradient, not on the photos or a flat colour', async () => {
    expect(smoothGradientShare(await photo('color.webp'))).toBeGreaterThan(3 * SMOOTH_GRADIENT_SHARE);
    for (const name of ['astronaut.webp', 'chelsea.webp', 'coffee.webp', 'hubble.webp', 'ihc.webp', 'retina.webp', 'rocket.jpg']) {
      const share = smoothGradientShare(await photo(name));
      expect(share, name).toBeLessThan(SMOOTH_GRADIENT_SHARE * 0.6);
    }
    // Dark red to orange over 256 pixels: every block smooth, every block's colour another than its neighbours'.
    expect(smoothGradientShare(filled(256, 64, (x) => [80 + x / 2, x / 4, 8]))).toBe(1);
    expect(smoothGradientShare(filled(256, 64, () => [120, 30, 20]))).toBe(0);
    // Noise masks steps: ±8 levels of it makes no block smooth; a steep ramp rounded to 8 bits (3 levels a pixel) is.
    expect(smoothGradientShare(filled(88, 64, (x, y) => [Math.round(x * 2.7 + y * 0.3), 0, 0]))).toBe(1);
    let seed = 1;
    const noise = () => ((seed = (seed * 16807) % 2147483647) % 17) - 8;
    expect(smoothGradientShare(filled(256, 64, (x) => [80 + x / 2 + noise(), x / 4 + noise(), 8 + noise()]))).toBe(0);
  });

  it('codes the colour wheel with chroma 25 under luma at 65–85, a photo with 35 under', async () => {
    const encode = await jpegEncoder();
    const wheel = await photo('color.webp');
    const cat = await photo('chelsea.webp');
    expect([hasSmoothGradients(wheel), hasSmoothGradients(cat)]).toEqual([true, false]);
    const raw = async (p: Pixels, smooth: boolean) => new Uint8Array(await encode({ data: p.data, width: p.width, height: p.height } as ImageData, mozjpegOptions(80, 0, smooth)));
    expect(await encodeImage(wheel, 'jpeg', { quality: 80 })).toEqual(await raw(wheel, true));
    expect(await encodeImage(cat, 'jpeg', { quality: 80 })).toEqual(await raw(cat, false));
    // Decided by the caller for the whole image, the flag wins over the pixels given (a search's crops).
    expect(await encodeImage(cat, 'jpeg', { quality: 80, jpegSmoothGradients: true })).toEqual(await raw(cat, true));
  });
});

describe('8×8 steps', () => {
  it('measures none on the original and more on the colour wheel with chroma 35 under luma than 25 at quality 80', async () => {
    const wheel = await photo('color.webp');
    expect(blockSteps(wheel, wheel)).toMatchObject({ edge: 0, inside: 0, ratio: 1 });
    const at = async (smooth: boolean) => blockSteps(wheel, await jpegDecoded(await encodeImage(wheel, 'jpeg', { quality: 80, jpegSmoothGradients: smooth })));
    const [under25, under35] = [await at(true), await at(false)];
    // bench/image/README.md: 2.28 and 2.65 on the whole wheel.
    expect(under25.ratio).toBeGreaterThan(1.5);
    expect(under35.ratio).toBeGreaterThan(under25.ratio + 0.2);
    expect(under35.pairs).toBe(under25.pairs);
  });
});

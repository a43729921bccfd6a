// The butteraugli stand-in on real bytes: bench photos through the app's own encoders and decoders, against the
// distances Debian's butteraugli 0.0~git20220207 measured on the same decodings (written as PNG, 2026-11-29).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { butteraugliEstimate, butteraugliPredict, ESTIMATE_MARGIN, EstimateReference, PROXY_WEIGHTS, proxyPlanes, proxyWorst, toScale } from './butteraugli-proxy';
import { ssimulacra2 } from './ssimulacra2';
import { decodeImage, decodeOutput } from './decode';
import { encodeImage } from './encode';
import { loadCodecWasmInNode } from './node-wasm.testing';
import { qualityForDistance, searchVisualTarget, tileMosaic } from './visual-target';
import { resizePixels } from './resize';
import type { OutputFormat } from './formats';

beforeAll(loadCodecWasmInNode);

const photo = (name: string) => decodeImage(new Uint8Array(readFileSync(`bench/image/photos/${name}.webp`)), 'webp', 'image/webp');

/** butteraugli (max distance) of the app's encodings at these qualities. */
const MEASURED: Record<string, [OutputFormat, number, number][]> = {
  chelsea: [['jpeg', 20, 5.697626], ['jpeg', 50, 3.888746], ['jpeg', 80, 2.37863], ['jpeg', 95, 1.05241], ['webp', 50, 4.495609], ['webp', 90, 1.773094]],
  hubble: [['jpeg', 20, 6.739689], ['jpeg', 50, 4.590018], ['jpeg', 80, 2.482457], ['jpeg', 95, 1.206251], ['webp', 50, 4.916043], ['webp', 90, 1.693104]],
};

describe('butteraugli estimate', () => {
  it('is 0 for the same pixels and follows butteraugli within the spread seen on the bench', async () => {
    for (const [name, points] of Object.entries(MEASURED)) {
      const original = await photo(name);
      expect(butteraugliEstimate(original, original)).toBe(0);
      const estimates: number[] = [];
      for (const [format, quality, distance] of points) {
        const decoded = await decodeOutput(await encodeImage(original, format, { quality }), format);
        const estimate = butteraugliEstimate(original, decoded);
        estimates.push(estimate);
        // With SSIMULACRA 2 joined (butteraugli-predict.mjs: ÷ 0.74 … 1.49 on 300 points; hubble's q95 0.62).
        const predicted = butteraugliPredict(estimate, ssimulacra2(original, decoded));
        expect(distance / predicted, `${name} ${format} q${quality}: predicted ${predicted}`).toBeGreaterThan(0.6);
        expect(distance / predicted, `${name} ${format} q${quality}: predicted ${predicted}`).toBeLessThan(1.5);
        // bench/image butteraugli-proxy.mjs: butteraugli ÷ estimate 0.66 (5th percentile) … 1.49 (worst) on 150 points.
        expect(distance / estimate, `${name} ${format} q${quality}: estimate ${estimate}`).toBeGreaterThan(0.6);
        expect(distance / estimate, `${name} ${format} q${quality}: estimate ${estimate}`).toBeLessThan(1.5);
      }
      // One reference for every candidate, the planes' weighted sum blurred once: the same estimate as the
      // three blurred planes (the fitted form, proxyPlanes), up to float rounding; the tiles' worst holds the max.
      const reference = new EstimateReference(original, 64);
      for (const [i, [format, quality]] of points.entries()) {
        const decoded = await decodeOutput(await encodeImage(original, format, { quality }), format);
        const fitted = toScale(proxyWorst(proxyPlanes(original, decoded), PROXY_WEIGHTS));
        expect(reference.estimate(decoded) / fitted).toBeCloseTo(1, 4);
        expect(estimates[i] / fitted).toBeCloseTo(1, 4);
        expect(toScale(Math.max(...reference.tileWorst))).toBeCloseTo(reference.estimate(decoded), 6);
        expect(reference.tileWorst.length).toBe(Math.ceil(original.width / 64) * Math.ceil(original.height / 64));
      }
      // Higher JPEG quality, lower estimate, as butteraugli says.
      expect(estimates.slice(0, 4)).toEqual([...estimates.slice(0, 4)].sort((a, b) => b - a));
    }
  }, 60_000);

  it('steps quality up by the slope seen, then halves the gap between over and under the aim', () => {
    expect(qualityForDistance([{ quality: 60, distance: 4 }], 2)).toBe(60 + Math.min(15, Math.ceil(Math.log(2) / 0.05) + 1));
    expect(qualityForDistance([{ quality: 60, distance: 2.01 }], 2)).toBe(62);
    expect(qualityForDistance([{ quality: 60, distance: 4 }, { quality: 70, distance: 2.5 }], 2)).toBe(70 + Math.ceil(Math.log(1.25) / (Math.log(4 / 2.5) / 10)) + 1);
    expect(qualityForDistance([{ quality: 60, distance: 4 }, { quality: 75, distance: 1.5 }], 2)).toBe(67);
    expect(qualityForDistance([{ quality: 60, distance: 4 }, { quality: 75, distance: 1.5 }, { quality: 67, distance: 2.2 }, { quality: 71, distance: 1.9 }, { quality: 69, distance: 2.1 }], 2)).toBeNull();
    expect(qualityForDistance([{ quality: 60, distance: 1.5 }], 2)).toBeNull();
    expect(qualityForDistance([{ quality: 95, distance: 9 }], 1)).toBe(100);
    expect(qualityForDistance([{ quality: 100, distance: 9 }], 1)).toBeNull();
  });
});

describe('visual-quality search with a butteraugli bound', () => {
  it('steps quality up until the estimate is under the bound, and the file still reaches the score', async () => {
    const original = await photo('chelsea');
    const options = { format: 'jpeg' as const, options: {}, variants: 2, target: 70, resize: async () => original };
    const free = await searchVisualTarget(original, options);
    const bound = 2.5;
    expect(butteraugliEstimate(original, await decodeOutput(free.bytes, 'jpeg'))).toBeGreaterThan(bound / ESTIMATE_MARGIN);
    const bounded = await searchVisualTarget(original, { ...options, maxDistance: bound });
    const decoded = await decodeOutput(bounded.bytes, 'jpeg');
    expect(bounded.reached).toBe(true);
    expect(bounded.distance).toBeCloseTo(butteraugliEstimate(original, decoded), 9);
    expect(bounded.distance!).toBeLessThanOrEqual(bound / ESTIMATE_MARGIN);
    expect(bounded.quality).toBeGreaterThan(free.quality);
    expect(bounded.score).toBeGreaterThanOrEqual(70);
    console.log(`chelsea JPEG 70: q${free.quality} ${free.bytes.length} B → with butteraugli ≤ ${bound}: q${bounded.quality} ${bounded.bytes.length} B, estimate ${bounded.distance!.toFixed(2)}, SSIMULACRA 2 ${bounded.score.toFixed(2)}`);
  }, 120_000);

  it('on a photo over the proxy size: the step up found on the worst tiles, then one full-size try within both bounds', async () => {
    const small = await photo('chelsea');
    const original = await resizePixels(small, Math.round(small.width * 2.5), Math.round(small.height * 2.5));
    const options = { format: 'jpeg' as const, options: {}, variants: 1, target: 70, resize: resizePixels };
    const free = await searchVisualTarget(original, options);
    const bound = 2.5;
    const freeDistance = butteraugliEstimate(original, await decodeOutput(free.bytes, 'jpeg'));
    expect(freeDistance).toBeGreaterThan(bound / ESTIMATE_MARGIN);
    let attempts = 0;
    const bounded = await searchVisualTarget(original, { ...options, maxDistance: bound, onAttempt: (done) => (attempts = done) });
    const decoded = await decodeOutput(bounded.bytes, 'jpeg');
    expect(bounded.reached).toBe(true);
    // Judged at full size, over the whole photo: the estimate and the score are the file's own.
    expect(bounded.distance!).toBeCloseTo(butteraugliEstimate(original, decoded), 4);
    expect(bounded.distance!).toBeLessThanOrEqual(bound / ESTIMATE_MARGIN);
    expect(bounded.score).toBeCloseTo(ssimulacra2(original, decoded), 6);
    expect(bounded.score).toBeGreaterThanOrEqual(70);
    expect(bounded.quality).toBeGreaterThan(free.quality);
    console.log(`chelsea ×2.5 JPEG 70: q${free.quality} ${free.bytes.length} B (estimate ${freeDistance.toFixed(2)}) → ≤ ${bound}: q${bounded.quality} ${bounded.bytes.length} B, estimate ${bounded.distance!.toFixed(2)}, SSIMULACRA 2 ${bounded.score.toFixed(2)}, ${attempts} tries`);
  }, 180_000);
});

describe('tile mosaic', () => {
  it('copies each tile with its rim onto the 16-pixel grid and keeps only the tiles', () => {
    const [width, height] = [300, 200];
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) data.set([i % 251, (i >> 8) % 251, i % 7, 255], i * 4);
    const p = { data, width, height };
    // Tiles of 128 (3 across): 5 is the bottom-right corner (256…299 × 128…199), 0 the top-left.
    const { mosaic, keep } = tileMosaic(p, [5, 0], 3);
    expect([mosaic.width, mosaic.height]).toEqual([2 * 160, 160]);
    const at = (q: { data: Uint8ClampedArray; width: number }, x: number, y: number) => [...q.data.subarray((y * q.width + x) * 4, (y * q.width + x) * 4 + 4)];
    // Tile 5's rim starts at (240, 112): its corner (256, 128) lands at (16, 16) of the first cell.
    expect(at(mosaic, 16, 16)).toEqual(at(p, 256, 128));
    expect(at(mosaic, 16 + 43, 16 + 71)).toEqual(at(p, 299, 199));
    expect(keep(16, 16) && keep(59, 87)).toBe(true);
    expect(keep(15, 16) || keep(60, 87) || keep(59, 88)).toBe(false);
    // Past the photo's edge the last column and row are repeated.
    expect(at(mosaic, 100, 150)).toEqual(at(p, 299, 199));
    // Tile 0 has no rim above or to the left: (0, 0) at (160, 0), kept up to 128 × 128.
    expect(at(mosaic, 160, 0)).toEqual(at(p, 0, 0));
    expect(keep(160, 0) && keep(287, 127)).toBe(true);
    expect(keep(288, 127) || keep(160, 128)).toBe(false);
  });
});

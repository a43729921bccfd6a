// The WebAssembly pass must give the JavaScript pass's scores: the blur is the same to the bit, only the maps' sums
// add in another order. Odd sizes reach the kernels' one-column tails and the blur's zero rows.
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from './decode';
import { encodeImage } from './encode';
import { loadCodecWasmInNode } from './node-wasm.testing';
import type { Pixels } from './pixels';
import { ssimulacra2, ssimulacra2Reference } from './ssimulacra2';
import { setWasmKernels, WasmRows } from './ssimulacra2-wasm';

beforeAll(loadCodecWasmInNode);
afterEach(() => setWasmKernels(true));

const crop = (p: Pixels, w: number, h: number): Pixels => {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let r = 0; r < h; r++) data.set(p.data.subarray(r * p.width * 4, (r * p.width + w) * 4), r * w * 4);
  return { data, width: w, height: h };
};

describe('SSIMULACRA 2 in WebAssembly', () => {
  it('runs here (Node has WebAssembly SIMD) and scores as the JavaScript pass does', async () => {
    expect(WasmRows.create(64)).not.toBeNull();
    const photo = await decodeImage(new Uint8Array(readFileSync('bench/image/photos/coffee.webp')), 'webp', 'image/webp');
    for (const [w, h, q] of [[600, 400, 40], [301, 199, 75], [37, 21, 30]]) {
      const original = crop(photo, w, h);
      const candidate = await decodeImage(await encodeImage(original, 'jpeg', { quality: q }), 'jpeg', 'image/jpeg');
      const wasm = [ssimulacra2(original, candidate), ssimulacra2Reference(original)(candidate)];
      setWasmKernels(false);
      expect(WasmRows.create(64)).toBeNull();
      const js = [ssimulacra2(original, candidate), ssimulacra2Reference(original)(candidate)];
      setWasmKernels(true);
      for (let i = 0; i < 2; i++) expect(Math.abs(wasm[i] - js[i]), `${w}×${h} q${q}`).toBeLessThan(1e-9);
    }
  }, 60_000);
});

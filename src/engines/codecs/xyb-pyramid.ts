// SSIMULACRA 2's image pyramid: sRGB → linear RGB, 2×2 box downsampling, and libjxl's XYB colour space
// (opsin absorbance, cube root, MakePositiveXYB), one scale at a time.
import type { Pixels } from './pixels';
import { toXybWasm } from './ssimulacra2-wasm';

/** Opsin absorbance (libjxl's kOpsinAbsorbanceMatrix and bias); rows mix linear R, G, B. */
const M = [0.3, 0.622, 0.078, 0.23, 0.692, 0.078, 0.24342268924547819, 0.20476744424496821, 1 - 0.24342268924547819 - 0.20476744424496821];
const BIAS = 0.0037930732552754493;
const BIAS_CBRT = Math.cbrt(BIAS);

const SRGB_TO_LINEAR = Float32Array.from({ length: 256 }, (_, i) => {
  const v = i / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
});

export type Planes = [Float32Array, Float32Array, Float32Array];
const planes = (n: number): Planes => [new Float32Array(n), new Float32Array(n), new Float32Array(n)];

// Cube root for XYB: a bit-level first guess (float exponent ÷ 3) and two Halley steps in double, which agree
// with Math.cbrt far below float precision, at a fraction of its cost.
const cbrtF32 = new Float32Array(1);
const cbrtU32 = new Uint32Array(cbrtF32.buffer);
function cbrt(v: number): number {
  if (v <= 0) return 0;
  cbrtF32[0] = v;
  cbrtU32[0] = ((cbrtU32[0] / 3) | 0) + 0x2a508c2d;
  let y = cbrtF32[0];
  let y3 = y * y * y;
  y = (y * (y3 + 2 * v)) / (2 * y3 + v);
  y3 = y * y * y;
  return (y * (y3 + 2 * v)) / (2 * y3 + v);
}

/**
 * An image's scales, one at a time, in two sets of planes (the full size and a quarter) used in turn: each scale
 * is linear RGB until the next one is downsampled from it (2×2 box mean, edges clamped: libjxl's Downsample), then
 * becomes XYB in place. Allocated once per image size and reused for every candidate.
 */
export class Pyramid {
  private readonly sets: [Planes, Planes];

  constructor(w: number, h: number) {
    this.sets = [planes(w * h), planes(((w + 1) >> 1) * ((h + 1) >> 1))];
  }

  /** Yields each scale's XYB planes with its size; they are overwritten by the next scale. */
  *scales(p: Pixels, background: number, transparent: boolean, count: number): Generator<{ xyb: Planes; w: number; h: number }> {
    let [w, h] = [p.width, p.height];
    if (!count) return;
    linearRgb(p, background, transparent, this.sets[0]);
    for (let s = 0; s < count; s++) {
      const cur = this.sets[s & 1];
      const [nw, nh] = [(w + 1) >> 1, (h + 1) >> 1];
      if (s + 1 < count) downsample(cur, w, h, this.sets[(s + 1) & 1]);
      toXyb(cur, w * h);
      yield { xyb: cur, w, h };
      [w, h] = [nw, nh];
    }
  }
}

/** The image's XYB at full size into `out` (w·h each): one scale of the pyramid without its second set of planes. */
export function xybPlanes(p: Pixels, background: number, transparent: boolean, out: Planes): Planes {
  linearRgb(p, background, transparent, out);
  toXyb(out, p.width * p.height);
  return out;
}

/** Linear RGB; transparent pixels composited over `background` (linear, 0–1). */
function linearRgb(p: Pixels, background: number, transparent: boolean, out: Planes): void {
  const [r, g, b] = out;
  const n = p.width * p.height;
  // One array type here whatever the decoder or resizer returned (a Uint8ClampedArray or a Uint8Array), so this
  // loop stays monomorphic.
  const d = new Uint8Array(p.data.buffer, p.data.byteOffset, 4 * n);
  const L = SRGB_TO_LINEAR;
  if (!transparent) {
    for (let i = 0, j = 0; i < n; i++, j += 4) {
      r[i] = L[d[j]];
      g[i] = L[d[j + 1]];
      b[i] = L[d[j + 2]];
    }
    return;
  }
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    const f = d[j + 3] / 255;
    r[i] = f * L[d[j]] + (1 - f) * background;
    g[i] = f * L[d[j + 1]] + (1 - f) * background;
    b[i] = f * L[d[j + 2]] + (1 - f) * background;
  }
}

function downsample(img: Planes, w: number, h: number, out: Planes): void {
  const ow = (w + 1) >> 1;
  const oh = (h + 1) >> 1;
  for (let c = 0; c < 3; c++) {
    const src = img[c];
    const dst = out[c];
    for (let oy = 0; oy < oh; oy++) {
      const r0 = 2 * oy * w;
      const r1 = Math.min(2 * oy + 1, h - 1) * w;
      const o = oy * ow;
      for (let ox = 0; ox < ow; ox++) {
        const x0 = 2 * ox;
        const x1 = Math.min(x0 + 1, w - 1);
        dst[o + ox] = (src[r0 + x0] + src[r0 + x1] + src[r1 + x0] + src[r1 + x1]) * 0.25;
      }
    }
  }
}

/** Linear RGB → XYB in place, then libjxl's MakePositiveXYB (X·14 + 0.42, Y + 0.01, B − Y + 0.55). */
function toXyb(lin: Planes, n: number): void {
  if (toXybWasm(lin, n, [...M, BIAS, BIAS_CBRT])) return;
  const [r, g, b] = lin;
  const [m00, m01, m02, m10, m11, m12, m20, m21, m22] = M;
  for (let i = 0; i < n; i++) {
    const ri = r[i], gi = g[i], bi = b[i];
    const m0 = cbrt(m00 * ri + m01 * gi + m02 * bi + BIAS) - BIAS_CBRT;
    const m1 = cbrt(m10 * ri + m11 * gi + m12 * bi + BIAS) - BIAS_CBRT;
    const m2 = cbrt(m20 * ri + m21 * gi + m22 * bi + BIAS) - BIAS_CBRT;
    const yy = 0.5 * (m0 + m1);
    r[i] = 0.5 * (m0 - m1) * 14 + 0.42;
    g[i] = yy + 0.01;
    b[i] = m2 - yy + 0.55;
  }
}

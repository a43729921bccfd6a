// How alike two images look: SSIM as ssim.js computes it by default (integer luma, the original paper's
// downsampling by f = round(min(w, h) / 256) with an f × f mean filter, Weber's 11 × 11 window), the same
// measure bench/image uses to compare encoders. ssim.js downsamples with a general 2-D convolution that
// takes seconds on a 12 MP photo; here the luma and the box filter are computed directly (same formulas,
// same symmetric edges) and ssim.js gets the small images (12 MP: 0.19 s instead of 2.4 s). A test keeps both within 1e-5.
import { ssim } from 'ssim.js';
import type { Pixels } from './pixels';

type Matrix = { data: Float64Array | Uint8ClampedArray; width: number; height: number };

const asImage = (m: Matrix) => m as unknown as ImageData;

/** MATLAB's 'symmetric' padding: -1 → 0, -2 → 1, n → n - 1. */
function reflect(i: number, n: number): number {
  if (i < 0) return Math.min(n - 1, -i - 1);
  if (i >= n) return Math.max(0, 2 * n - i - 1);
  return i;
}

/**
 * Integer luma, mean over f × f blocks (the filter's window starts floor(f / 2) before each kept pixel),
 * every f-th pixel kept; returned as grey RGBA whose integer luma rounds to the mean as ssim.js would.
 */
function lumaDownsampled(p: Pixels, f: number): Matrix {
  const { width: w, height: h, data } = p;
  const luma = new Float64Array(w * h);
  for (let i = 0, j = 0; i < luma.length; i++, j += 4) luma[i] = (77 * data[j] + 150 * data[j + 1] + 29 * data[j + 2] + 128) >> 8;
  const ow = Math.ceil(w / f);
  const oh = Math.ceil(h / f);
  const half = Math.floor(f / 2);
  const out = new Float64Array(ow * oh * 4);
  const cols = new Int32Array(f);
  for (let oy = 0; oy < oh; oy++) {
    for (let ox = 0; ox < ow; ox++) {
      for (let b = 0; b < f; b++) cols[b] = reflect(ox * f - half + b, w);
      let sum = 0;
      for (let a = 0; a < f; a++) {
        const row = reflect(oy * f - half + a, h) * w;
        for (let b = 0; b < f; b++) sum += luma[row + cols[b]];
      }
      const o = (oy * ow + ox) * 4;
      out[o] = out[o + 1] = out[o + 2] = sum / (f * f);
      out[o + 3] = 255;
    }
  }
  return { data: out, width: ow, height: oh };
}

export function similarity(original: Pixels, candidate: Pixels): number {
  if (original.width !== candidate.width || original.height !== candidate.height) return 0;
  const f = Math.round(Math.min(original.width, original.height) / 256);
  if (f <= 1) return ssim(asImage(original), asImage(candidate)).mssim;
  return ssim(asImage(lumaDownsampled(original, f)), asImage(lumaDownsampled(candidate, f)), { downsample: false }).mssim;
}

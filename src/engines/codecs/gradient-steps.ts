// Smooth gradients and the 8×8 steps a JPEG's coarse chroma puts in them (bench/image/README.md, "Chroma under luma
// and smooth gradients"): where colour changes slowly and nothing masks it, each block's chroma DC is rounded on its
// own, so the error jumps at block edges (the colour wheel's dark red at chroma quality 45 on table 2).
import type { Pixels } from './pixels';

type Region = { x: number; y: number; width: number; height: number };

/** The largest |second difference| over R, G, B at pixel i (stride `s` between neighbours). */
function bend(d: Uint8Array | Uint8ClampedArray, i: number, s: number): number {
  let m = 0;
  for (let c = 0; c < 3; c++) m = Math.max(m, Math.abs(d[i - s + c] - 2 * d[i + c] + d[i + s + c]));
  return m;
}

/**
 * How much the coding error jumps across 8×8 block edges against inside blocks, on pixel pairs where the original
 * is smooth (no |second difference| over 2 levels on either pixel): `edge` and `inside` are the mean jump in levels
 * (largest of R, G, B), `ratio` edge ÷ inside (about 1 without steps). Measured over `region` (whole image without).
 */
export function blockSteps(original: Pixels, decoded: Pixels, region?: Region): { edge: number; inside: number; ratio: number; pairs: number } {
  const { width: w, height: h } = original;
  const o = original.data;
  const d = decoded.data;
  const r = region ?? { x: 0, y: 0, width: w, height: h };
  const sums = [0, 0];
  const counts = [0, 0];
  const jump = (i: number, j: number) => {
    let m = 0;
    for (let c = 0; c < 3; c++) m = Math.max(m, Math.abs(d[j + c] - o[j + c] - (d[i + c] - o[i + c])));
    return m;
  };
  for (let y = Math.max(1, r.y); y < Math.min(h - 2, r.y + r.height); y++)
    for (let x = Math.max(1, r.x); x < Math.min(w - 2, r.x + r.width); x++) {
      const i = (y * w + x) * 4;
      // The pair (x, x+1) across and (y, y+1) down: an edge pair where the second pixel starts a block.
      if (bend(o, i, 4) <= 2 && bend(o, i + 4, 4) <= 2) {
        const k = (x + 1) % 8 === 0 ? 0 : 1;
        sums[k] += jump(i, i + 4);
        counts[k]++;
      }
      if (bend(o, i, 4 * w) <= 2 && bend(o, i + 4 * w, 4 * w) <= 2) {
        const k = (y + 1) % 8 === 0 ? 0 : 1;
        sums[k] += jump(i, i + 4 * w);
        counts[k]++;
      }
    }
  const edge = counts[0] ? sums[0] / counts[0] : 0;
  const inside = counts[1] ? sums[1] / counts[1] : 0;
  return { edge, inside, ratio: inside > 0 ? edge / inside : edge > 0 ? Infinity : 1, pairs: counts[0] };
}

/** BT.601 chroma (as JPEG's YCbCr) of pixel i. */
const cb = (d: Uint8Array | Uint8ClampedArray, i: number) => -0.168736 * d[i] - 0.331264 * d[i + 1] + 0.5 * d[i + 2];
const cr = (d: Uint8Array | Uint8ClampedArray, i: number) => 0.5 * d[i] - 0.418688 * d[i + 1] - 0.081312 * d[i + 2];

/**
 * The share of 8×8 blocks that are smooth gradients: no pixel bends by more than `maxBend` levels (nothing masks a
 * step; 3 lets a steep ramp rounded to 8 bits count, 2 does not) and
 * the block's mean chroma differs from a neighbouring block's by at least half a level (a flat colour is rounded the
 * same in every block: no steps).
 */
export function smoothGradientShare(p: Pixels, maxBend = 3): number {
  const { width: w, height: h, data } = p;
  const bw = Math.floor(w / 8);
  const bh = Math.floor(h / 8);
  if (!bw || !bh) return 0;
  const smooth = new Uint8Array(bw * bh);
  const meanCb = new Float64Array(bw * bh);
  const meanCr = new Float64Array(bw * bh);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      let sb = 0;
      let sr = 0;
      for (let y = by * 8; y < by * 8 + 8; y++)
        for (let x = bx * 8; x < bx * 8 + 8; x++) {
          const i = (y * w + x) * 4;
          sb += cb(data, i);
          sr += cr(data, i);
        }
      const b = by * bw + bx;
      meanCb[b] = sb / 64;
      meanCr[b] = sr / 64;
      smooth[b] = 1;
      // Most blocks of a photo bend somewhere early: stop at the first.
      bending: for (let y = by * 8; y < by * 8 + 8; y++)
        for (let x = bx * 8; x < bx * 8 + 8; x++) {
          const i = (y * w + x) * 4;
          if ((x > 0 && x < w - 1 && bend(data, i, 4) > maxBend) || (y > 0 && y < h - 1 && bend(data, i, 4 * w) > maxBend)) {
            smooth[b] = 0;
            break bending;
          }
        }
    }
  let n = 0;
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      const b = by * bw + bx;
      if (!smooth[b]) continue;
      const differs = (o: number) => Math.abs(meanCb[o] - meanCb[b]) >= 0.5 || Math.abs(meanCr[o] - meanCr[b]) >= 0.5;
      if ((bx + 1 < bw && differs(b + 1)) || (by + 1 < bh && differs(b + bw)) || (bx > 0 && differs(b - 1)) || (by > 0 && differs(b - bw))) n++;
    }
  return n / (bw * bh);
}

/**
 * At or over this share of smooth-gradient blocks an image keeps chroma 25 qualities under luma (SMOOTH_GRADIENT_RULE
 * in encode.ts): the colour wheel 0.37, a drawn settings page 0.17, synthetic sky and glow gradients 0.94–1; the
 * photos of bench/image 0–0.054 (rocket's sky; bench/image/README.md, "Chroma under luma and smooth gradients").
 */
export const SMOOTH_GRADIENT_SHARE = 0.1;

export const hasSmoothGradients = (p: Pixels): boolean => smoothGradientShare(p) >= SMOOTH_GRADIENT_SHARE;

// SSIM of two 8-bit 4:2:0 pictures as ffmpeg's ssim filter computes it (libavfilter/vf_ssim.c, after x264): sums over
// 4×4 blocks, scored over 8×8 windows stepped by 4, each plane averaged, and "All" the planes weighted by their sizes.
// For pictures ffmpeg.wasm cannot decode (AV1): the browser decodes, this scores, on the same scale as the x264 path.
import type { YuvPlanes } from './yuv';

const C1 = Math.round(0.01 * 0.01 * 255 * 255 * 64);
const C2 = Math.round(0.03 * 0.03 * 255 * 255 * 64 * 63);

/** One 8×8 window's score from its four sums (s1, s2, ss, s12), as ssim_end1. */
function end1(s1: number, s2: number, ss: number, s12: number): number {
  const vars = ss * 64 - s1 * s1 - s2 * s2;
  const covar = s12 * 64 - s1 * s2;
  return ((2 * s1 * s2 + C1) * (2 * covar + C2)) / ((s1 * s1 + s2 * s2 + C1) * (vars + C2));
}

/** The 4×4 block sums of one row of blocks (row `by`), four numbers a block. */
function blockRow(a: Uint8Array, aStride: number, b: Uint8Array, bStride: number, by: number, blocks: number, out: Float64Array): void {
  for (let z = 0; z < blocks; z++) {
    let s1 = 0;
    let s2 = 0;
    let ss = 0;
    let s12 = 0;
    for (let y = 0; y < 4; y++) {
      const ao = (by * 4 + y) * aStride + z * 4;
      const bo = (by * 4 + y) * bStride + z * 4;
      for (let x = 0; x < 4; x++) {
        const p = a[ao + x];
        const q = b[bo + x];
        s1 += p;
        s2 += q;
        ss += p * p + q * q;
        s12 += p * q;
      }
    }
    out[z * 4] = s1;
    out[z * 4 + 1] = s2;
    out[z * 4 + 2] = ss;
    out[z * 4 + 3] = s12;
  }
}

/** One plane's SSIM (ssim_plane): the mean over the (w/4 − 1) × (h/4 − 1) windows. */
export function planeSsim(a: Uint8Array, aStride: number, b: Uint8Array, bStride: number, width: number, height: number): number {
  const blocks = width >> 2;
  const rows = height >> 2;
  if (blocks < 2 || rows < 2) return 1;
  let prev = new Float64Array(blocks * 4);
  let cur = new Float64Array(blocks * 4);
  blockRow(a, aStride, b, bStride, 0, blocks, prev);
  let total = 0;
  for (let y = 1; y < rows; y++) {
    blockRow(a, aStride, b, bStride, y, blocks, cur);
    for (let i = 0; i < blocks - 1; i++) {
      const o = i * 4;
      const n = o + 4;
      total += end1(prev[o] + prev[n] + cur[o] + cur[n], prev[o + 1] + prev[n + 1] + cur[o + 1] + cur[n + 1], prev[o + 2] + prev[n + 2] + cur[o + 2] + cur[n + 2], prev[o + 3] + prev[n + 3] + cur[o + 3] + cur[n + 3]);
    }
    [prev, cur] = [cur, prev];
  }
  return total / ((rows - 1) * (blocks - 1));
}

/** The chroma planes of `p` as two separate planes with their stride (NV12's interleaved plane split). */
function chroma(p: YuvPlanes): { u: Uint8Array; v: Uint8Array; stride: number } {
  if (!p.interleaved) return { u: p.u, v: p.v!, stride: p.uvStride };
  const cw = (p.width + 1) >> 1;
  const ch = (p.height + 1) >> 1;
  const u = new Uint8Array(cw * ch);
  const v = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      u[y * cw + x] = p.u[y * p.uvStride + 2 * x];
      v[y * cw + x] = p.u[y * p.uvStride + 2 * x + 1];
    }
  }
  return { u, v, stride: cw };
}

/** ffmpeg's "All" for one frame pair: Y, U and V weighted by their pixel counts. Both pictures the same size. */
export function frameSsim(a: YuvPlanes, b: YuvPlanes): number {
  const { width, height } = a;
  const cw = (width + 1) >> 1;
  const ch = (height + 1) >> 1;
  const ac = chroma(a);
  const bc = chroma(b);
  const y = planeSsim(a.y, a.yStride, b.y, b.yStride, width, height);
  const u = planeSsim(ac.u, ac.stride, bc.u, bc.stride, cw, ch);
  const v = planeSsim(ac.v, ac.stride, bc.v, bc.stride, cw, ch);
  const luma = width * height;
  const plane = cw * ch;
  return (y * luma + (u + v) * plane) / (luma + 2 * plane);
}

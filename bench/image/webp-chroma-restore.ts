// An edited lossy WebP saved again as lossy WebP. Its pixels came out of libwebp's decoder, which draws each pixel's
// colour (chroma) from the 2×2-subsampled planes by "fancy" upsampling (9-3-3-1 weights). libwebp's encoder takes
// the chroma of each 2×2 block as its mean, and the mean of upsampled samples is the original plane blurred by
// [1 6 1]/8 along each axis: every save would soften the colours again. Here the chroma each block should get is
// found by undoing that blur (a tridiagonal solve per row and column), and each pixel's colour is moved towards it
// along a direction that leaves its luma unchanged. The app used it (at quality 98) until lossy re-saves were
// found not to hold butteraugli 1.0 on every photo (README, "An edited lossy WebP saved again"); the benches keep it
// as the best lossy route to compare the app's near-lossless save against.
import type { Pixels } from '../../src/engines/codecs/pixels';

// JFIF's chroma of an RGB pixel (libwebp's BT.601 limited-range chroma is the same direction, scaled by 224/255).
const uOf = (r: number, g: number, b: number) => -0.168736 * r - 0.331264 * g + 0.5 * b;
const vOf = (r: number, g: number, b: number) => 0.5 * r - 0.418688 * g - 0.081312 * b;

/**
 * Solve the decoder's blur · x = a in place along `n` samples `step` apart: [1 6 1]/8 inside, [0 7 1]/8 at the
 * start and [1 7 0]/8 at the end of an even run of pixels (the edge sample repeated), but [2 6 0]/8 at the end
 * of an odd one: its last sample covers one pixel, which the upsampler draws from it and its left neighbour 3:1.
 */
function unblur(a: Float64Array, start: number, n: number, step: number, oddEnd: boolean, c: Float64Array, d: Float64Array): void {
  if (n < 2) return;
  const last = n - 1;
  const diag = (i: number) => (i === 0 || (i === last && !oddEnd) ? 7 / 8 : 6 / 8);
  const below = (i: number) => (i === last && oddEnd ? 2 / 8 : 1 / 8);
  const above = 1 / 8;
  c[0] = above / diag(0);
  d[0] = a[start] / diag(0);
  for (let i = 1; i < n; i++) {
    const m = diag(i) - below(i) * c[i - 1];
    c[i] = above / m;
    d[i] = (a[start + i * step] - below(i) * d[i - 1]) / m;
  }
  a[start + last * step] = d[last];
  for (let i = n - 2; i >= 0; i--) a[start + i * step] = d[i] - c[i] * a[start + (i + 1) * step];
}

/** The pixels with each 2×2 block's chroma set so that libwebp's encoder stores the planes they were decoded from. */
export function restoreWebpChroma(p: Pixels): Pixels {
  const { width: w, height: h, data } = p;
  const cw = (w + 1) >> 1;
  const ch = (h + 1) >> 1;
  const mean = [new Float64Array(cw * ch), new Float64Array(cw * ch)];
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      let u = 0;
      let v = 0;
      let k = 0;
      for (let py = 2 * y; py < Math.min(h, 2 * y + 2); py++) {
        for (let px = 2 * x; px < Math.min(w, 2 * x + 2); px++) {
          const i = 4 * (py * w + px);
          u += uOf(data[i], data[i + 1], data[i + 2]);
          v += vOf(data[i], data[i + 1], data[i + 2]);
          k++;
        }
      }
      mean[0][y * cw + x] = u / k;
      mean[1][y * cw + x] = v / k;
    }
  }
  const c = new Float64Array(Math.max(cw, ch));
  const d = new Float64Array(Math.max(cw, ch));
  const target = mean.map((plane) => {
    const t = Float64Array.from(plane);
    for (let y = 0; y < ch; y++) unblur(t, y * cw, cw, 1, w % 2 === 1, c, d);
    for (let x = 0; x < cw; x++) unblur(t, x, ch, cw, h % 2 === 1, c, d);
    return t;
  });
  const out = new Uint8ClampedArray(data);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const b = (y >> 1) * cw + (x >> 1);
      const du = target[0][b] - mean[0][b];
      const dv = target[1][b] - mean[1][b];
      const i = 4 * (y * w + x);
      // JFIF's YCbCr → RGB for a change of chroma alone: the luma stays.
      out[i] = data[i] + 1.402 * dv;
      out[i + 1] = data[i + 1] - 0.344136 * du - 0.714136 * dv;
      out[i + 2] = data[i + 2] + 1.772 * du;
    }
  }
  return { ...p, data: out };
}

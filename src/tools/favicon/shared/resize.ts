import type { RgbaImage } from './png';

// High-quality resampling: a separable Lanczos-3 filter whose support widens with the reduction, so
// every source pixel contributes (a one-step canvas drawImage samples only a few and aliases). Colours
// are weighted by alpha (premultiplied) so transparent pixels do not bleed dark fringes into edges.

const LOBES = 3;

function lanczos(x: number): number {
  if (x === 0) return 1;
  if (x <= -LOBES || x >= LOBES) return 0;
  const px = Math.PI * x;
  return (LOBES * Math.sin(px) * Math.sin(px / LOBES)) / (px * px);
}

interface Contrib {
  start: Int32Array;
  count: Int32Array;
  weights: Float32Array;
  stride: number;
}

/** For each output index: the first source index, how many follow, and their normalised weights. */
function contributions(srcSize: number, dstSize: number): Contrib {
  const scale = dstSize / srcSize;
  const filterScale = Math.max(1, 1 / scale);
  const support = LOBES * filterScale;
  const stride = Math.ceil(support * 2) + 2;
  const start = new Int32Array(dstSize);
  const count = new Int32Array(dstSize);
  const weights = new Float32Array(dstSize * stride);
  for (let i = 0; i < dstSize; i++) {
    const center = (i + 0.5) / scale;
    const first = Math.max(0, Math.floor(center - support));
    const last = Math.min(srcSize - 1, Math.ceil(center + support));
    let sum = 0;
    let n = 0;
    for (let j = first; j <= last && n < stride; j++, n++) {
      const w = lanczos((j + 0.5 - center) / filterScale);
      weights[i * stride + n] = w;
      sum += w;
    }
    if (sum !== 0) for (let k = 0; k < n; k++) weights[i * stride + k] /= sum;
    start[i] = first;
    count[i] = n;
  }
  return { start, count, weights, stride };
}

/** Resizes straight RGBA to width × height. Aspect ratio is the caller's business. */
export function resizeRgba(src: RgbaImage, width: number, height: number): RgbaImage {
  if (width < 1 || height < 1) throw new Error('resize: bad size');
  if (width === src.width && height === src.height) return { width, height, data: new Uint8ClampedArray(src.data) };
  const sw = src.width;
  const sh = src.height;
  // Premultiply into floats once.
  const pre = new Float32Array(sw * sh * 4);
  for (let i = 0; i < sw * sh; i++) {
    const a = src.data[i * 4 + 3] / 255;
    pre[i * 4] = src.data[i * 4] * a;
    pre[i * 4 + 1] = src.data[i * 4 + 1] * a;
    pre[i * 4 + 2] = src.data[i * 4 + 2] * a;
    pre[i * 4 + 3] = src.data[i * 4 + 3];
  }
  // Horizontal pass: sw × sh -> width × sh.
  const h = contributions(sw, width);
  const mid = new Float32Array(width * sh * 4);
  for (let y = 0; y < sh; y++) {
    const row = y * sw * 4;
    for (let x = 0; x < width; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      const base = x * h.stride;
      let s = row + h.start[x] * 4;
      for (let k = 0; k < h.count[x]; k++, s += 4) {
        const w = h.weights[base + k];
        r += pre[s] * w;
        g += pre[s + 1] * w;
        b += pre[s + 2] * w;
        a += pre[s + 3] * w;
      }
      const o = (y * width + x) * 4;
      mid[o] = r;
      mid[o + 1] = g;
      mid[o + 2] = b;
      mid[o + 3] = a;
    }
  }
  // Vertical pass: width × sh -> width × height, then un-premultiply.
  const v = contributions(sh, height);
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const base = y * v.stride;
    for (let x = 0; x < width; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      let s = (v.start[y] * width + x) * 4;
      for (let k = 0; k < v.count[y]; k++, s += width * 4) {
        const w = v.weights[base + k];
        r += mid[s] * w;
        g += mid[s + 1] * w;
        b += mid[s + 2] * w;
        a += mid[s + 3] * w;
      }
      const o = (y * width + x) * 4;
      const alpha = Math.min(255, Math.max(0, a));
      if (alpha < 0.5) {
        out[o] = out[o + 1] = out[o + 2] = out[o + 3] = 0;
        continue;
      }
      const k = 255 / alpha;
      out[o] = r * k; // Uint8ClampedArray rounds and clamps
      out[o + 1] = g * k;
      out[o + 2] = b * k;
      out[o + 3] = alpha;
    }
  }
  return { width, height, data: out };
}

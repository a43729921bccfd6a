// jSquash's Lanczos truncates where it converts back to 8 bits (squoosh's resize: `as u8`), so a flat colour comes out
// one level lower, with ±1 noise where the float error wobbles: white 255 → 254, 1 → 0, and PNGs of flat art a third
// bigger. Where the input holds one colour over an output pixel's whole footprint, the exact answer is that colour.
import type { Pixels } from './pixels';

/** Lanczos3 reaches 3 input pixels each side, stretched by the reduction factor when shrinking. */
const LOBES = 3;

function u32(p: Pixels): Uint32Array {
  const d = p.data.byteOffset % 4 ? p.data.slice() : p.data;
  return new Uint32Array(d.buffer, d.byteOffset, p.width * p.height);
}

/** Summed-area table ((w+1) × (h+1)) counting pixels whose colour differs from the neighbour at (+dx, +dy). */
function differences(px: Uint32Array, w: number, h: number, dx: number, dy: number): Uint32Array {
  const W = w + 1;
  const table = new Uint32Array(W * (h + 1));
  const step = dy * w + dx;
  for (let y = 0; y < h; y++) {
    let row = 0;
    const inside = y + dy < h;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (inside && x + dx < w && px[i] !== px[i + step]) row++;
      table[(y + 1) * W + x + 1] = table[y * W + x + 1] + row;
    }
  }
  return table;
}

/** Count over x0..x1, y0..y1 inclusive; 0 for an empty range. */
function count(t: Uint32Array, W: number, x0: number, y0: number, x1: number, y1: number): number {
  if (x1 < x0 || y1 < y0) return 0;
  return t[(y1 + 1) * W + x1 + 1] - t[y0 * W + x1 + 1] - t[(y1 + 1) * W + x0] + t[y0 * W + x0];
}

/** The input span [lo, hi] each output position's filter reads, on one axis. */
function footprints(from: number, to: number): { lo: Int32Array; hi: Int32Array } {
  const scale = from / to;
  const reach = LOBES * Math.max(1, scale);
  const lo = new Int32Array(to);
  const hi = new Int32Array(to);
  for (let o = 0; o < to; o++) {
    const centre = (o + 0.5) * scale - 0.5;
    lo[o] = Math.max(0, Math.floor(centre - reach));
    hi[o] = Math.min(from - 1, Math.ceil(centre + reach));
  }
  return { lo, hi };
}

/** Puts back the exact colour of every output pixel whose footprint in `src` is a single colour. Changes `out`. */
export function restoreFlatAreas(src: Pixels, out: Pixels): void {
  const { width: w, height: h } = src;
  const px = u32(src);
  const target = u32(out);
  const right = differences(px, w, h, 1, 0);
  const down = differences(px, w, h, 0, 1);
  const xs = footprints(w, out.width);
  const ys = footprints(h, out.height);
  const W = w + 1;
  for (let oy = 0; oy < out.height; oy++) {
    const y0 = ys.lo[oy];
    const y1 = ys.hi[oy];
    for (let ox = 0; ox < out.width; ox++) {
      const x0 = xs.lo[ox];
      const x1 = xs.hi[ox];
      if (count(right, W, x0, y0, x1 - 1, y1) === 0 && count(down, W, x0, y0, x1, y1 - 1) === 0) target[oy * out.width + ox] = px[y0 * w + x0];
    }
  }
}

// The Gaussian blur SSIMULACRA 2 uses (libjxl's lib/jxl/gauss_blur.cc, sigma 1.5): Charalampidis' recursive
// filter of three truncated cosines ("Recursive Implementation of the Gaussian Filter Using Truncated Cosine
// Functions", 2016), zero outside the image, run along rows and then down the columns. Coefficients are
// computed in double and stored as float, as there.

interface Coefficients {
  radius: number;
  n2: [number, number, number];
  d1: [number, number, number];
}

function coefficients(sigma: number): Coefficients {
  const radius = Math.round(3.2795 * sigma + 0.2546);
  const w = Math.PI / (2 * radius);
  const omega = [w, 3 * w, 5 * w];
  const p1 = 1 / Math.tan(0.5 * omega[0]);
  const p3 = -1 / Math.tan(0.5 * omega[1]);
  const p5 = 1 / Math.tan(0.5 * omega[2]);
  const r1 = (p1 * p1) / Math.sin(omega[0]);
  const r3 = (-p3 * p3) / Math.sin(omega[1]);
  const r5 = (p5 * p5) / Math.sin(omega[2]);
  const rho = omega.map((o) => Math.exp(-0.5 * sigma * sigma * o * o) / radius);
  const d13 = p1 * r3 - r1 * p3;
  const d35 = p3 * r5 - r3 * p5;
  const d51 = p5 * r1 - r5 * p1;
  const zeta15 = d35 / d13;
  const zeta35 = d51 / d13;
  // Solve A · beta = gamma with A = [[p1, p3, p5], [r1, r3, r5], [zeta15, zeta35, 1]] (Cramer's rule).
  const A = [p1, p3, p5, r1, r3, r5, zeta15, zeta35, 1];
  const gamma = [1, radius * radius - sigma * sigma, zeta15 * rho[0] + zeta35 * rho[1] + rho[2]];
  const det = (m: number[]) => m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6]);
  const dA = det(A);
  const beta = [0, 1, 2].map((col) => {
    const m = A.slice();
    for (let row = 0; row < 3; row++) m[row * 3 + col] = gamma[row];
    return det(m) / dA;
  });
  const n2 = omega.map((o, i) => Math.fround(-beta[i] * Math.cos(o * (radius + 1)))) as Coefficients['n2'];
  const d1 = omega.map((o) => Math.fround(-2 * Math.cos(o))) as Coefficients['d1'];
  return { radius, n2, d1 };
}

/** The filter for sigma 1.5: its reach and the three terms' coefficients (float values, held as doubles). */
export const SIGMA_1_5 = coefficients(1.5);

/** The filter's reach N: input rows n − N − 1 and n + N − 1 enter output n. */
export const BLUR_RADIUS = SIGMA_1_5.radius;
const RING = 2 * BLUR_RADIUS + 1;

/**
 * The blur one row at a time, so a caller can use each output row as it comes and no full-size plane is
 * written: `start(w, h)`, then for n = −N + 1 … h − 1: `horizontal(n + N − 1, …)` while that row is inside the
 * image, then `vertical(n)`; from n = 0 on, `row` holds output row n. The horizontal results of the last 2N + 1
 * rows are kept in a ring (plus one zero row for rows outside the image), the vertical recursion's two previous
 * outputs per column in double, as the full-plane version computed them; every value is rounded to float where
 * that one stored a float plane, so the results are the same to the bit.
 */
export class RowBlur {
  /** The output row after `vertical(n)`, n ≥ 0 (its first w values). */
  readonly row: Float32Array;
  private readonly ring: Float32Array;
  private readonly line: Float32Array;
  /** Per column, six doubles side by side (one cache line): the previous outputs of the three terms, then the ones before. */
  private readonly state: Float64Array;
  private w = 0;
  private h = 0;

  constructor(maxWidth: number) {
    this.row = new Float32Array(maxWidth);
    this.ring = new Float32Array((RING + 1) * maxWidth);
    this.line = new Float32Array(maxWidth + 3 * BLUR_RADIUS);
    this.state = new Float64Array(6 * maxWidth);
  }

  start(w: number, h: number): void {
    this.w = w;
    this.h = h;
    this.line.fill(0);
    this.ring.fill(0, RING * w, (RING + 1) * w);
    this.state.fill(0, 0, 6 * w);
  }

  /** Input row k: `a` from `offset` or, with `b`, the products a·b rounded to float (a stored product plane). */
  horizontal(k: number, a: Float32Array, b: Float32Array | null, offset: number): void {
    const { w, line, ring } = this;
    const N = BLUR_RADIUS;
    const { n2: [a1, a3, a5], d1: [b1, b3, b5] } = SIGMA_1_5;
    // Output n reads line[n + N − 1] and line[n + 3N − 1] (input n − N − 1 and n + N − 1, zero outside the row);
    // outputs before 0 only warm the recursion up.
    const pad = 2 * N;
    if (b) for (let x = 0; x < w; x++) line[pad + x] = a[offset + x] * b[offset + x];
    else line.set(a.subarray(offset, offset + w), pad);
    let p1 = 0, p3 = 0, p5 = 0, q1 = 0, q3 = 0, q5 = 0; // previous and the one before
    for (let j = 0; j < N - 1; j++) {
      const sum = line[j] + line[j + pad];
      const o1 = a1 * sum - b1 * p1 - q1;
      const o3 = a3 * sum - b3 * p3 - q3;
      const o5 = a5 * sum - b5 * p5 - q5;
      q1 = p1; q3 = p3; q5 = p5;
      p1 = o1; p3 = o3; p5 = o5;
    }
    const o = (k % RING) * w - (N - 1);
    for (let j = N - 1; j < w + N - 1; j++) {
      const sum = line[j] + line[j + pad];
      const o1 = a1 * sum - b1 * p1 - q1;
      const o3 = a3 * sum - b3 * p3 - q3;
      const o5 = a5 * sum - b5 * p5 - q5;
      q1 = p1; q3 = p3; q5 = p5;
      p1 = o1; p3 = o3; p5 = o5;
      ring[o + j] = o1 + o3 + o5;
    }
  }

  /** Output row n (n ≥ −N + 1), once input row n + N − 1 went in when it is inside the image. */
  vertical(n: number): void {
    const { w, h, ring, row, state } = this;
    const N = BLUR_RADIUS;
    const { n2: [a1, a3, a5], d1: [b1, b3, b5] } = SIGMA_1_5;
    const top = n - N - 1;
    const bottom = n + N - 1;
    const t = (top >= 0 ? top % RING : RING) * w;
    const b = (bottom < h ? bottom % RING : RING) * w;
    for (let x = 0, k = 0; x < w; x++, k += 6) {
      const sum = ring[t + x] + ring[b + x];
      const p1 = state[k], p3 = state[k + 1], p5 = state[k + 2];
      const o1 = a1 * sum - b1 * p1 - state[k + 3];
      const o3 = a3 * sum - b3 * p3 - state[k + 4];
      const o5 = a5 * sum - b5 * p5 - state[k + 5];
      state[k] = o1; state[k + 1] = o3; state[k + 2] = o5;
      state[k + 3] = p1; state[k + 4] = p3; state[k + 5] = p5;
      row[x] = o1 + o3 + o5;
    }
  }
}

/** Blurs `a` (w × h, row-major; or the products a·b) into `out`, a whole plane through `blur`. Returns `out`. */
export function gaussianBlur(a: Float32Array, w: number, h: number, out: Float32Array, b: Float32Array | null = null, blur = new RowBlur(w)): Float32Array {
  const N = BLUR_RADIUS;
  blur.start(w, h);
  for (let n = -N + 1; n < h; n++) {
    if (n + N - 1 < h) blur.horizontal(n + N - 1, a, b, (n + N - 1) * w);
    blur.vertical(n);
    if (n >= 0) out.set(blur.row.subarray(0, w), n * w);
  }
  return out;
}

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

const SIGMA_1_5 = coefficients(1.5);

/** Blurs `input` (w × h, row-major) into `out`; `temp` holds the horizontal pass. Returns `out`. */
export function gaussianBlur(input: Float32Array, w: number, h: number, temp: Float32Array, out: Float32Array): Float32Array {
  const { radius: N, n2, d1 } = SIGMA_1_5;
  const [a1, a3, a5] = n2;
  const [b1, b3, b5] = d1;
  // Along each row: inputs n − N − 1 and n + N − 1 enter output n (zero outside the row). The row is copied
  // into a zero-padded line so the loop has no bounds checks; outputs before 0 only warm the recursion up.
  const pad = 2 * N; // the first output reads input −2N; the last, w + N − 2
  const line = new Float32Array(w + 3 * N);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    line.set(input.subarray(row, row + w), pad);
    let p1 = 0, p3 = 0, p5 = 0, q1 = 0, q3 = 0, q5 = 0; // previous and the one before
    for (let n = -N + 1; n < w; n++) {
      const sum = line[n - N - 1 + pad] + line[n + N - 1 + pad];
      const o1 = a1 * sum - b1 * p1 - q1;
      const o3 = a3 * sum - b3 * p3 - q3;
      const o5 = a5 * sum - b5 * p5 - q5;
      q1 = p1; q3 = p3; q5 = p5;
      p1 = o1; p3 = o3; p5 = o5;
      if (n >= 0) temp[row + n] = o1 + o3 + o5;
    }
  }
  // Down the columns, all columns at once, row by row (cache-friendly); per column the two previous outputs.
  const s1 = new Float64Array(w), s3 = new Float64Array(w), s5 = new Float64Array(w);
  const r1 = new Float64Array(w), r3 = new Float64Array(w), r5 = new Float64Array(w);
  const zero = new Float32Array(w);
  for (let n = -N + 1; n < h; n++) {
    const top = n - N - 1;
    const bottom = n + N - 1;
    const t = top >= 0 ? temp.subarray(top * w, top * w + w) : zero;
    const b = bottom < h ? temp.subarray(bottom * w, bottom * w + w) : zero;
    for (let x = 0; x < w; x++) {
      const sum = t[x] + b[x];
      const o1 = a1 * sum - b1 * s1[x] - r1[x];
      const o3 = a3 * sum - b3 * s3[x] - r3[x];
      const o5 = a5 * sum - b5 * s5[x] - r5[x];
      r1[x] = s1[x]; r3[x] = s3[x]; r5[x] = s5[x];
      s1[x] = o1; s3[x] = o3; s5[x] = o5;
    }
    if (n >= 0) {
      const o = n * w;
      for (let x = 0; x < w; x++) out[o + x] = s1[x] + s3[x] + s5[x];
    }
  }
  return out;
}

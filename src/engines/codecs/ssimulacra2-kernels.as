// SSIMULACRA 2's hot loops in AssemblyScript, compiled to WebAssembly with SIMD at build and test time
// (vite-plugin-assemblyscript.mjs; the .wasm is never committed). Each is the loop of the same name in
// recursive-gaussian.ts or ssimulacra2.ts, run on rows copied into this module's memory, in the same order of
// double-precision operations and rounded to float where that code stores a float, so the blur is the same to
// the bit; the maps' sums add two columns at a time (f64x2 lanes), which changes their last digits only.
// Pointers are byte offsets into the imported memory; the JavaScript side (ssimulacra2-wasm.ts) lays it out.

// The recursive Gaussian's filter reach N (recursive-gaussian.ts BLUR_RADIUS) and the line's zero padding.
const N: i32 = 5;
const PAD: i32 = 2 * N;

// The filter's coefficients (recursive-gaussian.ts SIGMA_1_5: n2 then d1), set once per instance.
let a1: f64 = 0, a3: f64 = 0, a5: f64 = 0, b1: f64 = 0, b3: f64 = 0, b5: f64 = 0;
export function setBlur(n1: f64, n3: f64, n5: f64, d1: f64, d3: f64, d5: f64): void {
  a1 = n1; a3 = n3; a5 = n5;
  b1 = d1; b3 = d3; b5 = d5;
}

/**
 * One input row through the horizontal recursion into a ring row: `src` (or, when `src2` is not 0, the products
 * src·src2 rounded to float) goes into `line` after PAD zeros; the line's tail past the row stays zero.
 */
export function horizontal(src: usize, src2: usize, line: usize, out: usize, w: i32): void {
  const dst = line + (<usize>PAD << 2);
  if (src2) {
    let x: i32 = 0;
    for (; x + 3 < w; x += 4) {
      const o = <usize>x << 2;
      v128.store(dst + o, f32x4.mul(v128.load(src + o), v128.load(src2 + o)));
    }
    for (; x < w; x++) {
      const o = <usize>x << 2;
      store<f32>(dst + o, load<f32>(src + o) * load<f32>(src2 + o));
    }
  } else memory.copy(dst, src, <usize>w << 2);
  let p1: f64 = 0, p3: f64 = 0, p5: f64 = 0, q1: f64 = 0, q3: f64 = 0, q5: f64 = 0;
  const pad4 = <usize>PAD << 2;
  for (let j: i32 = 0; j < N - 1; j++) {
    const l = line + (<usize>j << 2);
    const sum = <f64>load<f32>(l) + <f64>load<f32>(l + pad4);
    const o1 = a1 * sum - b1 * p1 - q1;
    const o3 = a3 * sum - b3 * p3 - q3;
    const o5 = a5 * sum - b5 * p5 - q5;
    q1 = p1; q3 = p3; q5 = p5;
    p1 = o1; p3 = o3; p5 = o5;
  }
  const end = w + N - 1;
  for (let j: i32 = N - 1; j < end; j++) {
    const l = line + (<usize>j << 2);
    const sum = <f64>load<f32>(l) + <f64>load<f32>(l + pad4);
    const o1 = a1 * sum - b1 * p1 - q1;
    const o3 = a3 * sum - b3 * p3 - q3;
    const o5 = a5 * sum - b5 * p5 - q5;
    q1 = p1; q3 = p3; q5 = p5;
    p1 = o1; p3 = o3; p5 = o5;
    store<f32>(out + (<usize>(j - N + 1) << 2), <f32>(o1 + o3 + o5));
  }
}

/**
 * One output row of the vertical recursion from the ring rows `top` and `bottom`; `state` holds six planes of
 * `stride` doubles (the three terms' previous outputs, then the ones before), two columns per step.
 */
export function vertical(top: usize, bottom: usize, state: usize, row: usize, w: i32, stride: i32): void {
  const A1 = f64x2.splat(a1), A3 = f64x2.splat(a3), A5 = f64x2.splat(a5);
  const B1 = f64x2.splat(b1), B3 = f64x2.splat(b3), B5 = f64x2.splat(b5);
  const S = <usize>stride << 3;
  const sP1 = state, sP3 = state + S, sP5 = state + 2 * S, sQ1 = state + 3 * S, sQ3 = state + 4 * S, sQ5 = state + 5 * S;
  let x: i32 = 0;
  for (; x + 1 < w; x += 2) {
    const o4 = <usize>x << 2;
    const o8 = <usize>x << 3;
    const sum = f64x2.add(f64x2.promote_low_f32x4(v128.load64_zero(top + o4)), f64x2.promote_low_f32x4(v128.load64_zero(bottom + o4)));
    const p1 = v128.load(sP1 + o8), p3 = v128.load(sP3 + o8), p5 = v128.load(sP5 + o8);
    const o1 = f64x2.sub(f64x2.sub(f64x2.mul(A1, sum), f64x2.mul(B1, p1)), v128.load(sQ1 + o8));
    const o3 = f64x2.sub(f64x2.sub(f64x2.mul(A3, sum), f64x2.mul(B3, p3)), v128.load(sQ3 + o8));
    const o5 = f64x2.sub(f64x2.sub(f64x2.mul(A5, sum), f64x2.mul(B5, p5)), v128.load(sQ5 + o8));
    v128.store(sP1 + o8, o1);
    v128.store(sP3 + o8, o3);
    v128.store(sP5 + o8, o5);
    v128.store(sQ1 + o8, p1);
    v128.store(sQ3 + o8, p3);
    v128.store(sQ5 + o8, p5);
    v128.store64_lane(row + o4, f32x4.demote_f64x2_zero(f64x2.add(f64x2.add(o1, o3), o5)), 0);
  }
  for (; x < w; x++) {
    const o4 = <usize>x << 2;
    const o8 = <usize>x << 3;
    const sum = <f64>load<f32>(top + o4) + <f64>load<f32>(bottom + o4);
    const p1 = load<f64>(sP1 + o8), p3 = load<f64>(sP3 + o8), p5 = load<f64>(sP5 + o8);
    const o1 = a1 * sum - b1 * p1 - load<f64>(sQ1 + o8);
    const o3 = a3 * sum - b3 * p3 - load<f64>(sQ3 + o8);
    const o5 = a5 * sum - b5 * p5 - load<f64>(sQ5 + o8);
    store<f64>(sP1 + o8, o1);
    store<f64>(sP3 + o8, o3);
    store<f64>(sP5 + o8, o5);
    store<f64>(sQ1 + o8, p1);
    store<f64>(sQ3 + o8, p3);
    store<f64>(sQ5 + o8, p5);
    store<f32>(row + o4, <f32>(o1 + o3 + o5));
  }
}

// Lane-wise |v|² twice (the 4th power), as the map sums need it.
// @ts-ignore: decorator
@inline function pow4(d: v128): v128 {
  const d2 = f64x2.mul(d, d);
  return f64x2.mul(d2, d2);
}

/** Widens floats x, x+1 at `p` to doubles. */
// @ts-ignore: decorator
@inline function pair(p: usize): v128 {
  return f64x2.promote_low_f32x4(v128.load64_zero(p));
}

/**
 * The SSIM map's row: adds max(0, 1 − SSIM) and its 4th power to acc[0] and acc[1] (doubles at `acc`).
 * m1, v11: the original's blurred mean and mean square; m2, v22: the candidate's; v12: the cross term.
 */
export function ssimRow(m1: usize, v11: usize, m2: usize, v22: usize, v12: usize, w: i32, acc: usize, c2: f64): void {
  const ONE = f64x2.splat(1), TWO = f64x2.splat(2), C2 = f64x2.splat(c2), ZERO = f64x2.splat(0);
  let s1 = ZERO, s4 = ZERO;
  let x: i32 = 0;
  for (; x + 1 < w; x += 2) {
    const o = <usize>x << 2;
    const a = pair(m1 + o), b = pair(m2 + o);
    const diff = f64x2.sub(a, b);
    const numM = f64x2.sub(ONE, f64x2.mul(diff, diff));
    const numS = f64x2.add(f64x2.mul(TWO, f64x2.sub(pair(v12 + o), f64x2.mul(a, b))), C2);
    const denS = f64x2.add(f64x2.add(f64x2.sub(pair(v11 + o), f64x2.mul(a, a)), f64x2.sub(pair(v22 + o), f64x2.mul(b, b))), C2);
    const d = f64x2.max(ZERO, f64x2.sub(ONE, f64x2.div(f64x2.mul(numM, numS), denS)));
    s1 = f64x2.add(s1, d);
    s4 = f64x2.add(s4, pow4(d));
  }
  let t1 = f64x2.extract_lane(s1, 0) + f64x2.extract_lane(s1, 1);
  let t4 = f64x2.extract_lane(s4, 0) + f64x2.extract_lane(s4, 1);
  for (; x < w; x++) {
    const o = <usize>x << 2;
    const a = <f64>load<f32>(m1 + o), b = <f64>load<f32>(m2 + o);
    const numM = 1 - (a - b) * (a - b);
    const numS = 2 * (<f64>load<f32>(v12 + o) - a * b) + c2;
    const denS = <f64>load<f32>(v11 + o) - a * a + (<f64>load<f32>(v22 + o) - b * b) + c2;
    const d = 1 - (numM * numS) / denS;
    if (d > 0) {
      t1 += d;
      t4 += d * d * (d * d);
    }
  }
  store<f64>(acc, load<f64>(acc) + t1);
  store<f64>(acc + 8, load<f64>(acc + 8) + t4);
}

/**
 * The edge maps' row: e = (1 + |i2 − m2|) / (1 + |i1 − m1|) − 1; ringing (e > 0) adds e and e⁴ to acc[2], acc[3],
 * blurring (e < 0) adds −e and e⁴ to acc[4], acc[5].
 */
export function edgeRow(i1: usize, m1: usize, i2: usize, m2: usize, w: i32, acc: usize): void {
  const ONE = f64x2.splat(1), ZERO = f64x2.splat(0);
  let r1 = ZERO, r4 = ZERO, b1 = ZERO, b4 = ZERO;
  let x: i32 = 0;
  for (; x + 1 < w; x += 2) {
    const o = <usize>x << 2;
    const num = f64x2.add(ONE, f64x2.abs(f64x2.sub(pair(i2 + o), pair(m2 + o))));
    const den = f64x2.add(ONE, f64x2.abs(f64x2.sub(pair(i1 + o), pair(m1 + o))));
    const e = f64x2.sub(f64x2.div(num, den), ONE);
    const ring = f64x2.max(ZERO, e);
    const blur = f64x2.max(ZERO, f64x2.neg(e));
    r1 = f64x2.add(r1, ring);
    r4 = f64x2.add(r4, pow4(ring));
    b1 = f64x2.add(b1, blur);
    b4 = f64x2.add(b4, pow4(blur));
  }
  let tr1 = f64x2.extract_lane(r1, 0) + f64x2.extract_lane(r1, 1);
  let tr4 = f64x2.extract_lane(r4, 0) + f64x2.extract_lane(r4, 1);
  let tb1 = f64x2.extract_lane(b1, 0) + f64x2.extract_lane(b1, 1);
  let tb4 = f64x2.extract_lane(b4, 0) + f64x2.extract_lane(b4, 1);
  for (; x < w; x++) {
    const o = <usize>x << 2;
    const e = (1 + Math.abs(<f64>load<f32>(i2 + o) - <f64>load<f32>(m2 + o))) / (1 + Math.abs(<f64>load<f32>(i1 + o) - <f64>load<f32>(m1 + o))) - 1;
    if (e > 0) {
      tr1 += e;
      tr4 += e * e * (e * e);
    } else if (e < 0) {
      tb1 -= e;
      tb4 += e * e * (e * e);
    }
  }
  store<f64>(acc + 16, load<f64>(acc + 16) + tr1);
  store<f64>(acc + 24, load<f64>(acc + 24) + tr4);
  store<f64>(acc + 32, load<f64>(acc + 32) + tb1);
  store<f64>(acc + 40, load<f64>(acc + 40) + tb4);
}

/** xyb-pyramid.ts's cube root: a bit-level first guess (the float's bits ÷ 3) and two Halley steps in double. */
// @ts-ignore: decorator
@inline function cbrt(v: f64): f64 {
  if (v <= 0) return 0;
  const y0 = <f64>reinterpret<f32>(reinterpret<u32>(<f32>v) / 3 + 0x2a508c2d);
  let y = y0;
  let y3 = y * y * y;
  y = (y * (y3 + 2 * v)) / (2 * y3 + v);
  y3 = y * y * y;
  return (y * (y3 + 2 * v)) / (2 * y3 + v);
}

/**
 * Linear RGB → XYB in place on `n` floats of each of three planes (xyb-pyramid.ts toXyb): opsin absorbance
 * (rows m0x, m1x, m2x), cube root, then libjxl's MakePositiveXYB.
 */
export function toXyb(r: usize, g: usize, b: usize, n: i32, m00: f64, m01: f64, m02: f64, m10: f64, m11: f64, m12: f64, m20: f64, m21: f64, m22: f64, bias: f64, biasCbrt: f64): void {
  for (let i: i32 = 0; i < n; i++) {
    const o = <usize>i << 2;
    const ri = <f64>load<f32>(r + o), gi = <f64>load<f32>(g + o), bi = <f64>load<f32>(b + o);
    const c0 = cbrt(m00 * ri + m01 * gi + m02 * bi + bias) - biasCbrt;
    const c1 = cbrt(m10 * ri + m11 * gi + m12 * bi + bias) - biasCbrt;
    const c2 = cbrt(m20 * ri + m21 * gi + m22 * bi + bias) - biasCbrt;
    const yy = 0.5 * (c0 + c1);
    store<f32>(r + o, <f32>(0.5 * (c0 - c1) * 14 + 0.42));
    store<f32>(g + o, <f32>(yy + 0.01));
    store<f32>(b + o, <f32>(c2 - yy + 0.55));
  }
}

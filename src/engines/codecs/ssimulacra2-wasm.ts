// SSIMULACRA 2's per-channel pass (compareChannel in ssimulacra2.ts) on the WebAssembly kernels of
// ssimulacra2-kernels.as: the blur's two recursions and the maps' sums, two columns at a time. Rows are copied
// into the kernels' memory (a few MB per image width, sized once), so the planes stay JavaScript arrays. Where
// WebAssembly SIMD is missing, or a compile is refused (a page's main thread allows only small ones), the
// JavaScript pass runs instead: same scores, about 1.6× the time.
import kernelBytes from './ssimulacra2-kernels.as?wasm';
import { BLUR_RADIUS, SIGMA_1_5 } from './recursive-gaussian';

interface Kernels {
  setBlur(...coefficients: number[]): void;
  horizontal(src: number, src2: number, line: number, out: number, w: number): void;
  vertical(top: number, bottom: number, state: number, row: number, w: number, stride: number): void;
  ssimRow(m1: number, v11: number, m2: number, v22: number, v12: number, w: number, acc: number, c2: number): void;
  edgeRow(i1: number, m1: number, i2: number, m2: number, w: number, acc: number): void;
  toXyb(r: number, g: number, b: number, n: number, ...matrixAndBias: number[]): void;
}

/** Which maps a channel needs at a scale (see ssimulacra2.ts). */
interface Needs {
  ssim: boolean;
  edges: boolean;
}

let compiled: WebAssembly.Module | null | undefined;
let enabled = true;

/** For tests: false runs the JavaScript pass, to compare the two. */
export function setWasmKernels(on: boolean): void {
  enabled = on;
}

function kernelModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      compiled = new WebAssembly.Module(kernelBytes as Uint8Array<ArrayBuffer>);
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

function instantiate(module: WebAssembly.Module, bytes: number): { k: Kernels; memory: WebAssembly.Memory } {
  const memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / 65536) });
  const instance = new WebAssembly.Instance(module, { env: { memory, abort: () => {} } });
  return { k: instance.exports as unknown as Kernels, memory };
}

/** Floats per plane that go through the XYB kernel at a time. */
const XYB_CHUNK = 16384;
let xyb: { k: Kernels; f32: Float32Array } | null | undefined;

/**
 * Linear RGB → XYB in place (xyb-pyramid.ts toXyb, the same operations in double) through the kernel, a chunk of
 * the three planes at a time; false when the kernels cannot run here.
 */
export function toXybWasm(planes: [Float32Array, Float32Array, Float32Array], n: number, matrixAndBias: number[]): boolean {
  if (!enabled) return false;
  if (xyb === undefined) {
    const module = kernelModule();
    xyb = module ? (({ k, memory }) => ({ k, f32: new Float32Array(memory.buffer) }))(instantiate(module, 3 * 4 * XYB_CHUNK)) : null;
  }
  if (!xyb) return false;
  const { k, f32 } = xyb;
  for (let start = 0; start < n; start += XYB_CHUNK) {
    const count = Math.min(XYB_CHUNK, n - start);
    planes.forEach((p, c) => f32.set(p.subarray(start, start + count), c * XYB_CHUNK));
    k.toXyb(0, 4 * XYB_CHUNK, 8 * XYB_CHUNK, count, ...matrixAndBias);
    planes.forEach((p, c) => p.set(f32.subarray(c * XYB_CHUNK, c * XYB_CHUNK + count), start));
  }
  return true;
}

const N = BLUR_RADIUS;
const RING = 2 * N + 1;
const { n2, d1 } = SIGMA_1_5;
const COEFFICIENTS = [...n2, ...d1];
const align = (bytes: number) => Math.ceil(bytes / 16) * 16;
/** The five blurs of compareChannel: the original's mean and mean square, the candidate's, the cross term. */
const BLURS = 5;
const [MU1, S11, MU2, S22, S12] = [0, 1, 2, 3, 4];

/** One image width's buffers in the kernels' own memory, and the kernels bound to it. */
export class WasmRows {
  private readonly k: Kernels;
  private readonly f32: Float32Array;
  private readonly f64: Float64Array;
  private readonly acc = 0;
  private readonly in1: number;
  private readonly in2: number;
  private readonly cmp1: number;
  private readonly cmp2: number;
  private readonly cachedMu: number;
  private readonly cachedSigma: number;
  private readonly line: number;
  private readonly rings: number[] = [];
  private readonly states: number[] = [];
  private readonly rows: number[] = [];

  private constructor(module: WebAssembly.Module, maxWidth: number) {
    let top = 64;
    const take = (bytes: number) => {
      const at = top;
      top += align(bytes);
      return at;
    };
    [this.in1, this.in2, this.cmp1, this.cmp2, this.cachedMu, this.cachedSigma] = Array.from({ length: 6 }, () => take(4 * maxWidth));
    this.line = take(4 * (maxWidth + 3 * N));
    for (let b = 0; b < BLURS; b++) {
      this.rings.push(take(4 * (RING + 1) * maxWidth));
      this.states.push(take(8 * 6 * maxWidth));
      this.rows.push(take(4 * maxWidth));
    }
    const { k, memory } = instantiate(module, top);
    k.setBlur(...COEFFICIENTS);
    this.k = k;
    this.f32 = new Float32Array(memory.buffer);
    this.f64 = new Float64Array(memory.buffer);
  }

  /** Buffers for images up to `maxWidth` wide; null when the kernels cannot run here. */
  static create(maxWidth: number): WasmRows | null {
    const module = enabled ? kernelModule() : null;
    return module ? new WasmRows(module, maxWidth) : null;
  }

  private copy(plane: Float32Array, offset: number, w: number, to: number): void {
    this.f32.set(plane.subarray(offset, offset + w), to >> 2);
  }

  /**
   * compareChannel's six terms for one channel at one scale: [ssim mean, ssim 4-norm, ringing mean, ringing
   * 4-norm, blurring mean, blurring 4-norm]. `cached`: the original's blurred mean and mean square planes.
   */
  compare(i1: Float32Array, i2: Float32Array, w: number, h: number, need: Needs, cached: { mu: Float32Array | null; sigma: Float32Array | null } | null, c2: number): number[] {
    const { ssim, edges } = need;
    if (!ssim && !edges) return [0, 0, 0, 0, 0, 0];
    const { k, f32, f64, rings, states, rows } = this;
    const on = [!cached, !cached && ssim, true, ssim, ssim];
    const active = [MU1, S11, MU2, S22, S12].filter((b) => on[b]);
    f32.fill(0, this.line >> 2, (this.line >> 2) + w + 3 * N);
    for (const b of active) {
      f32.fill(0, (rings[b] >> 2) + RING * w, (rings[b] >> 2) + (RING + 1) * w);
      f64.fill(0, states[b] >> 3, (states[b] >> 3) + 6 * w);
    }
    f64.fill(0, 0, 6);
    const { in1, in2, line } = this;
    const inputs: [number, number][] = [[in1, 0], [in1, in1], [in2, 0], [in2, in2], [in1, in2]];
    const m1 = cached ? this.cachedMu : rows[MU1];
    const v11 = cached ? this.cachedSigma : rows[S11];
    for (let n = -N + 1; n < h; n++) {
      const row = n + N - 1;
      if (row < h) {
        const o = row * w;
        if (on[MU1] || on[S12]) this.copy(i1, o, w, in1);
        this.copy(i2, o, w, in2);
        const out = (row % RING) * w * 4;
        for (const b of active) k.horizontal(inputs[b][0], inputs[b][1], line, rings[b] + out, w);
      }
      const above = n - N - 1;
      const below = n + N - 1;
      const t = (above >= 0 ? above % RING : RING) * w * 4;
      const bt = (below < h ? below % RING : RING) * w * 4;
      for (const b of active) k.vertical(rings[b] + t, rings[b] + bt, states[b], rows[b], w, w);
      if (n < 0) continue;
      const o = n * w;
      if (cached) {
        this.copy(cached.mu!, o, w, this.cachedMu);
        if (ssim) this.copy(cached.sigma!, o, w, this.cachedSigma);
      }
      if (ssim) k.ssimRow(m1, v11, rows[MU2], rows[S22], rows[S12], w, this.acc, c2);
      if (edges) {
        this.copy(i1, o, w, this.cmp1);
        this.copy(i2, o, w, this.cmp2);
        k.edgeRow(this.cmp1, m1, this.cmp2, rows[MU2], w, this.acc);
      }
    }
    const [s1, s4, r1, r4, b1, b4] = f64.subarray(0, 6);
    const count = w * h;
    const root4 = (v: number) => Math.sqrt(Math.sqrt(v / count));
    return [s1 / count, root4(s4), r1 / count, root4(r4), b1 / count, root4(b4)];
  }
}

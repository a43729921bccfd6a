// SSIMULACRA 2.1 (Jon Sneyers, Cloudinary; libjxl's tools/ssimulacra2.cc, April 2023), written after the
// reference: linear sRGB → XYB (rescaled to about 0..1, B as B − Y), 6 scales (2×2 box downsampling in linear
// RGB), per scale and channel an SSIM map without the luminance-gamma term and two edge maps (ringing/blocking:
// the result has edges where the original is smooth; blurring: the reverse), each reduced to its mean and
// 4-norm; 108 weighted terms through the published polynomial. 100 = identical, 90 visually lossless, 70 high
// quality, 50 medium, 30 low. It sees colour: a greyed copy of a photo scores far below a q75 JPEG of it.
import type { Pixels } from './pixels';
import { BLUR_RADIUS, gaussianBlur, RowBlur } from './recursive-gaussian';
import { WasmRows } from './ssimulacra2-wasm';
import { Pyramid, type Planes } from './xyb-pyramid';

/** libjxl's weights, in its order: channel (X, Y, B), scale, norm (1, 4), map (SSIM, ringing, blurring). */
const WEIGHTS = [
  0.0, 0.0007376606707406586, 0.0, 0.0, 0.0007793481682867309, 0.0, 0.0, 0.0004371155730107379, 0.0, 1.1041726426657346, 0.00066284834129271,
  0.00015231632783718752, 0.0, 0.0016406437456599754, 0.0, 1.8422455520539298, 11.441172603757666, 0.0, 0.0007989109436015163, 0.000176816438078653, 0.0,
  1.8787594979546387, 10.94906990605142, 0.0, 0.0007289346991508072, 0.9677937080626833, 0.0, 0.00014003424285435884, 0.9981766977854967,
  0.00031949755934435053, 0.0004550992113792063, 0.0, 0.0, 0.0013648766163243398, 0.0, 0.0, 0.0, 0.0, 0.0, 7.466890328078848, 0.0, 17.445833984131262,
  0.0006235601634041466, 0.0, 0.0, 6.683678146179332, 0.00037724407979611296, 1.027889937768264, 225.20515300849274, 0.0, 0.0, 19.213238186143016,
  0.0011401524586618361, 0.001237755635509985, 176.39317598450694, 0.0, 0.0, 24.43300999870476, 0.28520802612117757, 0.0004485436923833408, 0.0, 0.0, 0.0,
  34.77906344483772, 44.835625328877896, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0008680556573291698, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0005313191874358747, 0.0,
  0.00016533814161379112, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0004179171803251336, 0.0017290828234722833, 0.0, 0.0020827005846636437, 0.0, 0.0, 8.826982764996862,
  23.19243343998926, 0.0, 95.1080498811086, 0.9863978034400682, 0.9834382792465353, 0.0012286405048278493, 171.2667255897307, 0.9807858872435379, 0.0, 0.0,
  0.0, 0.0005130064588990679, 0.0, 0.00010854057858411537,
];
const C2 = 0.0009;
const SCALES = 6;

/** The scales libjxl computes: it stops once the image is under 8 pixels on a side (checked before downsampling). */
function scaleCount(w: number, h: number): number {
  let s = 0;
  for (; s < SCALES; s++) {
    if (w < 8 || h < 8) break;
    if (s) [w, h] = [(w + 1) >> 1, (h + 1) >> 1];
  }
  return s;
}

/** Per scale and channel, which maps the weights use (their index depends on the number of scales, as in libjxl). */
interface Needs {
  ssim: boolean;
  edges: boolean;
}
function needs(scales: number, scale: number, c: number): Needs {
  const i = (c * scales + scale) * 6;
  return { ssim: WEIGHTS[i] !== 0 || WEIGHTS[i + 3] !== 0, edges: [1, 2, 4, 5].some((k) => WEIGHTS[i + k] !== 0) };
}

/** Per scale, per channel: [ssim mean, ssim 4-norm, ringing mean, ringing 4-norm, blur mean, blur 4-norm]. */
type ScaleTerms = number[][];

/** The blurred mean and mean square of one channel of the original at one scale (null: that map is not used). */
interface ChannelStats {
  mu: Float32Array | null;
  sigma: Float32Array | null;
}

/** Row blurs for one scale's channel: the original's mean and mean square, the candidate's, and the cross term. */
class Blurs {
  readonly mu1: RowBlur;
  readonly s11: RowBlur;
  readonly mu2: RowBlur;
  readonly s22: RowBlur;
  readonly s12: RowBlur;
  /** The same pass in WebAssembly (ssimulacra2-wasm.ts), where it runs. */
  readonly wasm: WasmRows | null;
  constructor(w: number) {
    [this.mu1, this.s11, this.mu2, this.s22, this.s12] = Array.from({ length: 5 }, () => new RowBlur(w));
    this.wasm = WasmRows.create(w);
  }
}

/**
 * One channel at one scale, a row at a time: the blurred planes are never stored, each output row is folded into
 * the sums as it comes (in the order a full-plane pass adds them). The original's mean and mean square come from
 * `cached` when given.
 */
function compareChannel(i1: Float32Array, i2: Float32Array, w: number, h: number, need: Needs, cached: ChannelStats | null, blurs: Blurs): number[] {
  const N = BLUR_RADIUS;
  const { ssim, edges } = need;
  if (!ssim && !edges) return [0, 0, 0, 0, 0, 0];
  if (blurs.wasm) return blurs.wasm.compare(i1, i2, w, h, need, cached, C2);
  const mu1 = cached ? null : blurs.mu1;
  const s11 = cached || !ssim ? null : blurs.s11;
  const { mu2 } = blurs;
  const s22 = ssim ? blurs.s22 : null;
  const s12 = ssim ? blurs.s12 : null;
  for (const b of [mu1, s11, mu2, s22, s12]) b?.start(w, h);
  let ssim1 = 0, ssim4 = 0, ring1 = 0, ring4 = 0, blur1 = 0, blur4 = 0;
  for (let n = -N + 1; n < h; n++) {
    const k = n + N - 1;
    if (k < h) {
      const o = k * w;
      mu1?.horizontal(k, i1, null, o);
      s11?.horizontal(k, i1, i1, o);
      mu2.horizontal(k, i2, null, o);
      s22?.horizontal(k, i2, i2, o);
      s12?.horizontal(k, i1, i2, o);
    }
    mu1?.vertical(n);
    s11?.vertical(n);
    mu2.vertical(n);
    s22?.vertical(n);
    s12?.vertical(n);
    if (n < 0) continue;
    const o = n * w;
    // The original's statistics: this row of the cached planes, or the row blurs' output (offset 0).
    const m1 = cached ? cached.mu! : mu1!.row;
    const m1o = cached ? o : 0;
    const m2 = mu2.row;
    if (ssim) {
      const v11 = cached ? cached.sigma! : s11!.row;
      const v22 = s22!.row;
      const v12 = s12!.row;
      for (let x = 0; x < w; x++) {
        const a = m1[m1o + x];
        const b = m2[x];
        const numM = 1 - (a - b) * (a - b);
        const numS = 2 * (v12[x] - a * b) + C2;
        const denS = v11[m1o + x] - a * a + (v22[x] - b * b) + C2;
        let d = 1 - (numM * numS) / denS;
        if (d > 0) {
          ssim1 += d;
          d *= d;
          ssim4 += d * d;
        }
      }
    }
    if (edges) {
      for (let x = 0; x < w; x++) {
        const e = (1 + Math.abs(i2[o + x] - m2[x])) / (1 + Math.abs(i1[o + x] - m1[m1o + x])) - 1;
        if (e > 0) {
          ring1 += e;
          const e2 = e * e;
          ring4 += e2 * e2;
        } else if (e < 0) {
          blur1 -= e;
          const e2 = e * e;
          blur4 += e2 * e2;
        }
      }
    }
  }
  const n = w * h;
  return [ssim1 / n, Math.sqrt(Math.sqrt(ssim4 / n)), ring1 / n, Math.sqrt(Math.sqrt(ring4 / n)), blur1 / n, Math.sqrt(Math.sqrt(blur4 / n))];
}

/** One scale: the six terms of each channel. */
function compareScale(xyb1: Planes, xyb2: Planes, w: number, h: number, scales: number, scale: number, cached: ChannelStats[] | null, blurs: Blurs): ScaleTerms {
  return [0, 1, 2].map((c) => compareChannel(xyb1[c], xyb2[c], w, h, needs(scales, scale, c), cached?.[c] ?? null, blurs));
}

/** The weighted sum of the terms through libjxl's polynomial (fewer scales for small images, as there). */
function scoreFromTerms(scales: ScaleTerms[]): number {
  let sum = 0;
  let i = 0;
  for (let c = 0; c < 3; c++) {
    for (const scale of scales) {
      const t = scale[c];
      for (let norm = 0; norm < 2; norm++) {
        sum += WEIGHTS[i++] * Math.abs(t[norm]);
        sum += WEIGHTS[i++] * Math.abs(t[2 + norm]);
        sum += WEIGHTS[i++] * Math.abs(t[4 + norm]);
      }
    }
  }
  sum *= 0.9562382616834844;
  sum = 2.326765642916932 * sum - 0.020884521182843837 * sum * sum + 6.248496625763138e-5 * sum * sum * sum;
  return sum > 0 ? 100 - 10 * sum ** 0.6276336467831387 : 100;
}

function isTransparent(p: Pixels): boolean {
  for (let i = 3; i < p.data.length; i += 4) if (p.data[i] !== 255) return true;
  return false;
}

/** Transparent images are scored over a dark and a light background (linear 0.1 and 0.9); the worse counts. */
const backgroundsFor = (transparent: boolean) => (transparent ? [0.1, 0.9] : [0.5]);

function checkSizes(a: Pixels, b: Pixels): void {
  if (a.width !== b.width || a.height !== b.height) throw new RangeError('SSIMULACRA2 compares images of one size');
}

/**
 * An original prepared once (its XYB scales and blurred statistics) to score many candidates of the same size,
 * as a quality search does; the candidates' work planes are allocated once too. Keeps about eight float planes
 * of the image: for search proxies, not 12 MP photos.
 */
export function ssimulacra2Reference(original: Pixels): (candidate: Pixels) => number {
  const { width, height } = original;
  const transparent = isTransparent(original);
  const backgrounds = backgroundsFor(transparent);
  const count = scaleCount(width, height);
  const pyramid = new Pyramid(width, height);
  const blurs = new Blurs(width);
  const refs = backgrounds.map((bg) => {
    const scales: { xyb: Planes; stats: ChannelStats[] }[] = [];
    // Copied as each scale comes: the pyramid's planes are reused by the next scales.
    for (const { xyb, w, h } of pyramid.scales(original, bg, transparent, count)) {
      const n = w * h;
      const s = scales.length;
      const copy = xyb.map((c) => c.slice(0, n)) as Planes;
      const stats = copy.map((c, k): ChannelStats => {
        const need = needs(count, s, k);
        return {
          mu: need.ssim || need.edges ? gaussianBlur(c, w, h, new Float32Array(n), null, blurs.mu1) : null,
          sigma: need.ssim ? gaussianBlur(c, w, h, new Float32Array(n), c, blurs.mu1) : null,
        };
      });
      scales.push({ xyb: copy, stats });
    }
    return scales;
  });
  return (candidate) => {
    checkSizes(original, candidate);
    const transparentNow = isTransparent(candidate);
    let worst = Infinity;
    backgrounds.forEach((bg, k) => {
      const terms: ScaleTerms[] = [];
      for (const { xyb, w, h } of pyramid.scales(candidate, bg, transparentNow, count)) {
        const s = terms.length;
        const ref = refs[k][s];
        terms.push(compareScale(ref.xyb, xyb, w, h, count, s, ref.stats, blurs));
      }
      worst = Math.min(worst, scoreFromTerms(terms));
    });
    return worst;
  };
}

/** SSIMULACRA 2.1 of `distorted` against `original` (same size): 100 identical, below 30 poor. One scale at a time. */
export function ssimulacra2(original: Pixels, distorted: Pixels): number {
  checkSizes(original, distorted);
  const { width, height } = original;
  const transparent = isTransparent(original);
  const count = scaleCount(width, height);
  const p1 = new Pyramid(width, height);
  const p2 = new Pyramid(width, height);
  const blurs = new Blurs(width);
  const transparent2 = isTransparent(distorted);
  let worst = Infinity;
  for (const bg of backgroundsFor(transparent)) {
    const terms: ScaleTerms[] = [];
    const other = p2.scales(distorted, bg, transparent2, count);
    for (const { xyb, w, h } of p1.scales(original, bg, transparent, count)) {
      const b = other.next().value as { xyb: Planes };
      terms.push(compareScale(xyb, b.xyb, w, h, count, terms.length, null, blurs));
    }
    worst = Math.min(worst, scoreFromTerms(terms));
  }
  return worst;
}

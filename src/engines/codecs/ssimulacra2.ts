// SSIMULACRA 2.1 (Jon Sneyers, Cloudinary; libjxl's tools/ssimulacra2.cc, April 2023), written after the
// reference: linear sRGB → XYB (rescaled to about 0..1, B as B − Y), 6 scales (2×2 box downsampling in linear
// RGB), per scale and channel an SSIM map without the luminance-gamma term and two edge maps (ringing/blocking:
// the result has edges where the original is smooth; blurring: the reverse), each reduced to its mean and
// 4-norm; 108 weighted terms through the published polynomial. 100 = identical, 90 visually lossless, 70 high
// quality, 50 medium, 30 low. It sees colour: a greyed copy of a photo scores far below a q75 JPEG of it.
import type { Pixels } from './pixels';
import { gaussianBlur } from './recursive-gaussian';

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

/** Opsin absorbance (libjxl's kOpsinAbsorbanceMatrix and bias); rows mix linear R, G, B. */
const M = [0.3, 0.622, 0.078, 0.23, 0.692, 0.078, 0.24342268924547819, 0.20476744424496821, 1 - 0.24342268924547819 - 0.20476744424496821];
const BIAS = 0.0037930732552754493;
const BIAS_CBRT = Math.cbrt(BIAS);

const SRGB_TO_LINEAR = Float32Array.from({ length: 256 }, (_, i) => {
  const v = i / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
});

interface Planes {
  width: number;
  height: number;
  c: [Float32Array, Float32Array, Float32Array];
}

const planes = (width: number, height: number): Planes => ({ width, height, c: [new Float32Array(width * height), new Float32Array(width * height), new Float32Array(width * height)] });

/** Linear RGB; transparent pixels composited over `background` (linear, 0–1). */
function linearRgb(p: Pixels, background: number, transparent: boolean): Planes {
  const out = planes(p.width, p.height);
  const [r, g, b] = out.c;
  const d = p.data;
  const L = SRGB_TO_LINEAR;
  if (!transparent) {
    for (let i = 0, j = 0; i < r.length; i++, j += 4) {
      r[i] = L[d[j]];
      g[i] = L[d[j + 1]];
      b[i] = L[d[j + 2]];
    }
    return out;
  }
  for (let i = 0, j = 0; i < r.length; i++, j += 4) {
    const f = d[j + 3] / 255;
    r[i] = f * L[d[j]] + (1 - f) * background;
    g[i] = f * L[d[j + 1]] + (1 - f) * background;
    b[i] = f * L[d[j + 2]] + (1 - f) * background;
  }
  return out;
}

/** 2×2 box mean, edges clamped (libjxl's Downsample). */
function downsample(img: Planes): Planes {
  const { width: w, height: h } = img;
  const ow = (w + 1) >> 1;
  const oh = (h + 1) >> 1;
  const out = planes(ow, oh);
  for (let c = 0; c < 3; c++) {
    const src = img.c[c];
    const dst = out.c[c];
    for (let oy = 0; oy < oh; oy++) {
      const r0 = 2 * oy * w;
      const r1 = Math.min(2 * oy + 1, h - 1) * w;
      for (let ox = 0; ox < ow; ox++) {
        const x0 = 2 * ox;
        const x1 = Math.min(x0 + 1, w - 1);
        dst[oy * ow + ox] = (src[r0 + x0] + src[r0 + x1] + src[r1 + x0] + src[r1 + x1]) * 0.25;
      }
    }
  }
  return out;
}

/** Linear RGB → XYB, then libjxl's MakePositiveXYB (X·14 + 0.42, Y + 0.01, B − Y + 0.55). */
function toXyb(lin: Planes): Planes {
  const out = planes(lin.width, lin.height);
  const [r, g, b] = lin.c;
  const [x, y, bb] = out.c;
  for (let i = 0; i < r.length; i++) {
    const m0 = Math.cbrt(Math.max(0, M[0] * r[i] + M[1] * g[i] + M[2] * b[i] + BIAS)) - BIAS_CBRT;
    const m1 = Math.cbrt(Math.max(0, M[3] * r[i] + M[4] * g[i] + M[5] * b[i] + BIAS)) - BIAS_CBRT;
    const m2 = Math.cbrt(Math.max(0, M[6] * r[i] + M[7] * g[i] + M[8] * b[i] + BIAS)) - BIAS_CBRT;
    const yy = 0.5 * (m0 + m1);
    x[i] = 0.5 * (m0 - m1) * 14 + 0.42;
    y[i] = yy + 0.01;
    bb[i] = m2 - yy + 0.55;
  }
  return out;
}

/** Per scale, per channel: [ssim mean, ssim 4-norm, ringing mean, ringing 4-norm, blur mean, blur 4-norm]. */
type ScaleTerms = number[][];

/** The blurred mean and mean square of one channel of the original at one scale. */
interface ChannelStats {
  mu: Float32Array;
  sigma: Float32Array;
}

/** Work buffers the size of scale 0 (smaller scales use their first w × h values). */
class Buffers {
  readonly temp: Float32Array;
  readonly scratch: Float32Array;
  readonly mu1: Float32Array;
  readonly s11: Float32Array;
  readonly mu2: Float32Array;
  readonly s22: Float32Array;
  readonly s12: Float32Array;
  constructor(n: number) {
    [this.temp, this.scratch, this.mu1, this.s11, this.mu2, this.s22, this.s12] = Array.from({ length: 7 }, () => new Float32Array(n));
  }
}

function product(a: Float32Array, b: Float32Array, out: Float32Array): Float32Array {
  for (let i = 0; i < a.length; i++) out[i] = a[i] * b[i];
  return out;
}

function channelStats(c: Float32Array, w: number, h: number, temp: Float32Array, scratch: Float32Array, mu: Float32Array, sigma: Float32Array): ChannelStats {
  gaussianBlur(c, w, h, temp, mu);
  gaussianBlur(product(c, c, scratch), w, h, temp, sigma);
  return { mu, sigma };
}

/** One scale: the six terms of each channel; the original's statistics come from `cached` when given. */
function compareScale(xyb1: Planes, xyb2: Planes, cached: ChannelStats[] | null, buf: Buffers): ScaleTerms {
  const { width: w, height: h } = xyb2;
  const n = w * h;
  const out: ScaleTerms = [];
  for (let c = 0; c < 3; c++) {
    const i1 = xyb1.c[c];
    const i2 = xyb2.c[c];
    const { mu: m1, sigma: s11 } = cached?.[c] ?? channelStats(i1, w, h, buf.temp, buf.scratch, buf.mu1, buf.s11);
    const { mu2, s22, s12 } = buf;
    channelStats(i2, w, h, buf.temp, buf.scratch, mu2, s22);
    gaussianBlur(product(i1, i2, buf.scratch), w, h, buf.temp, s12);
    let ssim1 = 0, ssim4 = 0, ring1 = 0, ring4 = 0, blur1 = 0, blur4 = 0;
    for (let i = 0; i < n; i++) {
      const a = m1[i];
      const b = mu2[i];
      const numM = 1 - (a - b) * (a - b);
      const numS = 2 * (s12[i] - a * b) + C2;
      const denS = s11[i] - a * a + (s22[i] - b * b) + C2;
      let d = 1 - (numM * numS) / denS;
      if (d > 0) {
        ssim1 += d;
        d *= d;
        ssim4 += d * d;
      }
      const e = (1 + Math.abs(i2[i] - b)) / (1 + Math.abs(i1[i] - a)) - 1;
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
    out.push([ssim1 / n, Math.sqrt(Math.sqrt(ssim4 / n)), ring1 / n, Math.sqrt(Math.sqrt(ring4 / n)), blur1 / n, Math.sqrt(Math.sqrt(blur4 / n))]);
  }
  return out;
}

/** The weighted sum of the terms through libjxl's polynomial (fewer scales for small images, as there). */
export function scoreFromTerms(scales: ScaleTerms[]): number {
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

/** The scales libjxl computes: stop once the image is under 8 pixels on a side (checked before downsampling). */
function* pyramid(p: Pixels, background: number): Generator<Planes> {
  let lin = linearRgb(p, background, isTransparent(p));
  for (let scale = 0; scale < SCALES; scale++) {
    if (lin.width < 8 || lin.height < 8) return;
    if (scale) lin = downsample(lin);
    yield lin;
  }
}

function isTransparent(p: Pixels): boolean {
  for (let i = 3; i < p.data.length; i += 4) if (p.data[i] !== 255) return true;
  return false;
}

/** Transparent images are scored over a dark and a light background (linear 0.1 and 0.9); the worse counts. */
const backgroundsFor = (original: Pixels) => (isTransparent(original) ? [0.1, 0.9] : [0.5]);

function checkSizes(a: Pixels, b: Pixels): void {
  if (a.width !== b.width || a.height !== b.height) throw new RangeError('SSIMULACRA2 compares images of one size');
}

/**
 * An original prepared once (its XYB pyramid and blurred statistics) to score many candidates of the same size,
 * as a quality search does. Keeps about nine float planes of the image: for search proxies, not 12 MP photos.
 */
export function ssimulacra2Reference(original: Pixels): (candidate: Pixels) => number {
  const backgrounds = backgroundsFor(original);
  const buf = new Buffers(original.width * original.height);
  const refs = backgrounds.map((bg) =>
    [...pyramid(original, bg)].map((lin) => {
      const xyb = toXyb(lin);
      const n = xyb.width * xyb.height;
      const stats = xyb.c.map((c) => channelStats(c, xyb.width, xyb.height, buf.temp, buf.scratch, new Float32Array(n), new Float32Array(n)));
      return { xyb, stats };
    }),
  );
  return (candidate) => {
    checkSizes(original, candidate);
    let worst = Infinity;
    backgrounds.forEach((bg, k) => {
      const terms: ScaleTerms[] = [];
      let s = 0;
      for (const lin of pyramid(candidate, bg)) {
        const ref = refs[k][s++];
        terms.push(compareScale(ref.xyb, toXyb(lin), ref.stats, buf));
      }
      worst = Math.min(worst, scoreFromTerms(terms));
    });
    return worst;
  };
}

/** SSIMULACRA 2.1 of `distorted` against `original` (same size): 100 identical, below 30 poor. One scale at a time. */
export function ssimulacra2(original: Pixels, distorted: Pixels): number {
  checkSizes(original, distorted);
  const buf = new Buffers(original.width * original.height);
  let worst = Infinity;
  for (const bg of backgroundsFor(original)) {
    const terms: ScaleTerms[] = [];
    const other = pyramid(distorted, bg);
    for (const lin1 of pyramid(original, bg)) {
      const lin2 = other.next().value as Planes;
      terms.push(compareScale(toXyb(lin1), toXyb(lin2), null, buf));
    }
    worst = Math.min(worst, scoreFromTerms(terms));
  }
  return worst;
}

// A cheap stand-in for butteraugli's max distance, for the visual-quality mode's second bound. Butteraugli itself
// (no npm package; thousands of lines of C++) is the judge in bench/image; this is what the browser can afford
// on a 12 MP result: one XYB conversion of each image (SSIMULACRA 2's, full size only), the per-channel
// differences' local energy (Gaussian, σ ≈ 2 px), divided by how busy the original is there (its luma's own
// high frequencies: butteraugli's masking), and the worst place. Its weights and the map to butteraugli's scale
// were fitted on bench/image's points (`butteraugli-proxy.mjs`: 12 photos, MozJPEG, canvas JPEG and WebP at
// 8–100, each scored by Debian's butteraugli), where it is checked.
import type { Pixels } from './pixels';
import { gaussianBlur, RowBlur } from './recursive-gaussian';
import { Pyramid, xybPlanes, type Planes } from './xyb-pyramid';

export interface ProxyWeights {
  /** Weights of the X and B channels' squared differences (Y's is 1). */
  x: number;
  b: number;
  /** Masking: the distance is divided by (mask0 + local activity of the original's luma)^gamma. */
  mask0: number;
  gamma: number;
  /** butteraugli ≈ scale · worst^power. */
  scale: number;
  power: number;
}

/** Fitted on bench/image (see butteraugli-proxy.mjs and the README). */
export const PROXY_WEIGHTS: ProxyWeights = { x: 0, b: 0.1, mask0: 0.0025, gamma: 0.5, scale: 15.1245, power: 0.9368 };

/**
 * The estimate joined with the result's SSIMULACRA 2: butteraugli ≈ e^a · estimate^b · (100 − SSIMULACRA 2)^c,
 * least squares in logs on 300 cached bench points (bench/image/butteraugli-predict.mjs): butteraugli ÷ this
 * 0.74 / 1.02 / 1.29 / 1.49 (5 %, median, 95 %, worst), the estimate alone 0.67 / 1.03 / 1.39 / 1.61. Not what the
 * search bounds: aimed at the bound ÷ 1.1 it cost only 1.4 % of the bytes but left the two JPEG files that are over
 * their band over it (bench/image README), as it ranks them no higher than files well inside. Kept for the bench.
 */
export const PREDICT_WEIGHTS = { a: -0.9822, b: 0.4417, c: 0.4989 };

/** The butteraugli distance predicted from the estimate and the SSIMULACRA 2 score of the same result. */
export function butteraugliPredict(estimate: number, score: number, wt = PREDICT_WEIGHTS): number {
  if (estimate <= 0) return 0;
  return Math.exp(wt.a + wt.b * Math.log(estimate) + wt.c * Math.log(Math.max(1, 100 - score)));
}

/**
 * The estimate is aimed this far under a bound: butteraugli ÷ estimate on bench/image's points has its 95th
 * percentile near 1.35 (butteraugli-proxy.mjs), so a file estimated at the bound ÷ 1.3 is rarely over the bound.
 */
export const ESTIMATE_MARGIN = 1.3;

/** The planes the worst place is found from: each channel's blurred squared difference and the original's activity. */
export interface ProxyPlanes {
  ex: Float32Array;
  ey: Float32Array;
  eb: Float32Array;
  activity: Float32Array;
  width: number;
  height: number;
}

function isTransparent(p: Pixels): boolean {
  for (let i = 3; i < p.data.length; i += 4) if (p.data[i] !== 255) return true;
  return false;
}

export function proxyPlanes(original: Pixels, distorted: Pixels): ProxyPlanes {
  const { width: w, height: h } = original;
  if (distorted.width !== w || distorted.height !== h) throw new RangeError('butteraugli proxy compares images of one size');
  const n = w * h;
  const transparent = isTransparent(original) || isTransparent(distorted);
  const a = new Pyramid(w, h).scales(original, 0.5, transparent, 1).next().value!.xyb;
  const b = new Pyramid(w, h).scales(distorted, 0.5, transparent, 1).next().value!.xyb;
  const blur = new RowBlur(w);
  for (let c = 0; c < 3; c++) {
    const [p, q] = [a[c], b[c]];
    for (let i = 0; i < n; i++) {
      const d = p[i] - q[i];
      q[i] = d * d;
    }
    // Twice σ 1.5: about σ 2.1, a JPEG block's worth.
    gaussianBlur(q, w, h, q, null, blur);
    gaussianBlur(q, w, h, q, null, blur);
  }
  // Activity: |Y − blur(Y)| of the original, blurred the same way.
  const [act, y] = [a[0], a[1]];
  gaussianBlur(y, w, h, act, null, blur);
  for (let i = 0; i < n; i++) act[i] = Math.abs(y[i] - act[i]);
  gaussianBlur(act, w, h, act, null, blur);
  gaussianBlur(act, w, h, act, null, blur);
  return { ex: b[0], ey: b[1], eb: b[2], activity: act, width: w, height: h };
}

/** The worst place's masked distance, before the map to butteraugli's scale. */
export function proxyWorst(p: ProxyPlanes, wt: Pick<ProxyWeights, 'x' | 'b' | 'mask0' | 'gamma'>): number {
  const { ex, ey, eb, activity } = p;
  const e = -2 * wt.gamma;
  let worst = 0;
  for (let i = 0; i < ex.length; i++) {
    const d = (wt.x * ex[i] + ey[i] + wt.b * eb[i]) * (wt.mask0 + activity[i]) ** e;
    if (d > worst) worst = d;
  }
  return Math.sqrt(worst);
}

/**
 * The original's side of the estimate, prepared once and reused for every candidate (a search judges several):
 * its XYB planes and its masking, (mask0 + activity)^−2γ. Each estimate then converts only the candidate to XYB
 * and blurs one plane, the channels' weighted squared differences summed first (the blur is linear, so this is
 * proxyPlanes' three blurred planes weighted afterwards, up to float rounding). It also keeps the worst place of
 * each `tile`×`tile` tile of the last candidate, for a search that judges later tries on the worst tiles alone.
 * `keep` (same size as the image, optional) limits the worst place to where it is non-zero.
 */
export class EstimateReference {
  readonly width: number;
  readonly height: number;
  /** The last candidate's worst masked distance per tile (as worst(): row-major, tilesAcross per row). */
  readonly tileWorst: Float32Array;
  readonly tilesAcross: number;
  private readonly original: Planes;
  private readonly mask: Float32Array;
  private readonly work: Planes;
  private readonly blur: RowBlur;

  constructor(
    original: Pixels,
    readonly tile = 128,
    keep?: (x: number, y: number) => boolean,
    private readonly wt: ProxyWeights = PROXY_WEIGHTS,
  ) {
    const { width: w, height: h } = original;
    [this.width, this.height] = [w, h];
    const n = w * h;
    const planes = (): Planes => [new Float32Array(wt.x ? n : 0), new Float32Array(n), new Float32Array(n)];
    this.original = planes();
    this.work = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
    this.blur = new RowBlur(w);
    const xyb = xybPlanes(original, 0.5, isTransparent(original), this.work);
    if (wt.x) this.original[0].set(xyb[0]);
    this.original[1].set(xyb[1]);
    this.original[2].set(xyb[2]);
    // Activity: |Y − blur(Y)| of the original, blurred twice; then the masking factor in its place.
    const [act, y] = [xyb[0], this.original[1]];
    gaussianBlur(y, w, h, act, null, this.blur);
    for (let i = 0; i < n; i++) act[i] = Math.abs(y[i] - act[i]);
    gaussianBlur(act, w, h, act, null, this.blur);
    gaussianBlur(act, w, h, act, null, this.blur);
    this.mask = new Float32Array(n);
    const e = -2 * wt.gamma;
    // (The fitted γ 0.5 makes the power a division, much cheaper than ** on 12 MP.)
    for (let yy = 0, i = 0; yy < h; yy++) for (let x = 0; x < w; x++, i++) this.mask[i] = keep && !keep(x, yy) ? 0 : e === -1 ? 1 / (wt.mask0 + act[i]) : (wt.mask0 + act[i]) ** e;
    this.tilesAcross = Math.ceil(w / tile);
    this.tileWorst = new Float32Array(this.tilesAcross * Math.ceil(h / tile));
  }

  /** The estimate (butteraugli's scale) for a candidate of the same size. */
  estimate(distorted: Pixels): number {
    return toScale(this.worst(distorted), this.wt);
  }

  /** The worst place's masked distance (before the map to butteraugli's scale); fills tileWorst. */
  worst(distorted: Pixels): number {
    const { width: w, height: h, wt, mask, tile, tilesAcross } = this;
    if (distorted.width !== w || distorted.height !== h) throw new RangeError('butteraugli proxy compares images of one size');
    const [x, y, b] = xybPlanes(distorted, 0.5, isTransparent(distorted), this.work);
    const [ox, oy, ob] = this.original;
    const n = w * h;
    for (let i = 0; i < n; i++) {
      const dy = oy[i] - y[i];
      const db = ob[i] - b[i];
      y[i] = dy * dy + wt.b * db * db;
    }
    if (wt.x) {
      for (let i = 0; i < n; i++) {
        const dx = ox[i] - x[i];
        y[i] += wt.x * dx * dx;
      }
    }
    // Twice σ 1.5: about σ 2.1, a JPEG block's worth.
    gaussianBlur(y, w, h, x, null, this.blur);
    gaussianBlur(x, w, h, y, null, this.blur);
    const tiles = this.tileWorst.fill(0);
    let worst = 0;
    for (let yy = 0, i = 0; yy < h; yy++) {
      const row = ((yy / tile) | 0) * tilesAcross;
      for (let xx = 0; xx < w; xx++, i++) {
        const d = y[i] * mask[i];
        const t = row + ((xx / tile) | 0);
        if (d > tiles[t]) tiles[t] = d;
        if (d > worst) worst = d;
      }
    }
    for (let t = 0; t < tiles.length; t++) tiles[t] = Math.sqrt(tiles[t]);
    return Math.sqrt(worst);
  }
}

/** A worst place's masked distance on butteraugli's scale. */
export function toScale(worst: number, wt: Pick<ProxyWeights, 'scale' | 'power'> = PROXY_WEIGHTS): number {
  return wt.scale * worst ** wt.power;
}

/** The masked distance whose estimate is `distance` (toScale's inverse). */
export function fromScale(distance: number, wt: Pick<ProxyWeights, 'scale' | 'power'> = PROXY_WEIGHTS): number {
  return (distance / wt.scale) ** (1 / wt.power);
}

/** An estimate of butteraugli's max distance between the two images (same size, RGBA). */
export function butteraugliEstimate(original: Pixels, distorted: Pixels, wt: ProxyWeights = PROXY_WEIGHTS): number {
  return new EstimateReference(original, 128, undefined, wt).estimate(distorted);
}

// "Aim for a visual quality": the smallest file whose SSIMULACRA 2 score, measured at full size against the
// original, reaches the target. A big photo is searched on a downscaled proxy (each try encoded, decoded and
// scored there), then checked at full size. A downscaled proxy misjudges what the codec does at full size (an
// upscaled or soft photo scores 2–4 points higher at full size), so before the first full-size encode a band of
// the photo at its own resolution (a strip across the middle, on the 16-pixel block grid: its blocks are encoded
// as in the full image) is tried at two qualities, and the first full-size quality is where the band reaches the
// target. The full-size result gets one correction when that score is off: up by what the proxy's slope says is
// missing, or down to where the proxy's tries, shifted by the offset seen at full size, say the target is still
// reached (kept only if it does reach it at full size and is smaller). Only when the upward correction still
// misses is quality 100 encoded, so the file returned reaches the target whenever any quality does.
// With a butteraugli bound (maxDistance), the result's estimated butteraugli distance (butteraugli-proxy.ts, at
// full size) is checked too, and quality stepped up while it is over the bound (aimed under it by the estimate's
// margin): SSIMULACRA 2 alone let a level's outputs spread over 2.5–5.7 butteraugli (bench/image levels.mjs).
// On a big photo each full-size try costs seconds, so the estimate is taken first and a try over the bound is not
// scored; the step up is searched on the worst tiles only (the estimate is a worst place: the tiles of the first
// full-size try within reach of the aim, encoded apart with a rim of their neighbours), and the quality they need
// is encoded once at full size, where the estimate over the whole photo and SSIMULACRA 2 judge it.
import { ESTIMATE_MARGIN, EstimateReference, fromScale } from './butteraugli-proxy';
import { decodeOutput } from './decode';
import { encodeImage, type EncodeOptions } from './encode';
import type { OutputFormat } from './formats';
import type { Pixels } from './pixels';
import { ssimulacra2, ssimulacra2Reference } from './ssimulacra2';
import { maxInterpolatedAttempts, searchByInterpolation } from './interpolated-quality';
import { maxQualityAttempts, searchTargetQuality, type Candidate } from './target-quality';

/** Searches run on at most this many pixels; a bigger image is scaled down to it for the search. */
export const PROXY_PIXELS = 500_000;
/** Full-size encodes after a proxy search, at most (usually one or two: see above). */
const REFINEMENTS = 3;
/** Tries on the native band before the first full-size encode. */
const BAND_TRIES = 2;
/** A full-size score this far above the target is worth one try at a lower quality. */
const SPARE = 2;
/** The downward correction goes at most this many quality steps under the proxy's answer. */
const MAX_DROP = 25;
/** The native-resolution band: this many rows (6 SSIMULACRA 2 scales need 256 or more), at most this many pixels. */
const BAND_ROWS = 256;
const BAND_PIXELS = 1_100_000;
/**
 * The band is aimed this far over the target: it samples a strip only (12 MP astronaut: 1–1.4 points over the
 * full size), and landing a little high costs a smaller file than a second full-size round costs time.
 */
const BAND_MARGIN = 1;

interface VisualTargetResult {
  bytes: Uint8Array;
  quality: number;
  variant: number;
  /** SSIMULACRA 2 of the result at full size. */
  score: number;
  /** With maxDistance: the estimate of its butteraugli distance. */
  distance?: number;
  /** The score reached, and with maxDistance the estimate within the bound's aim. */
  reached: boolean;
}

interface VisualTargetOptions {
  format: OutputFormat;
  options: Omit<EncodeOptions, 'quality' | 'jpegVariant'>;
  variants: number;
  target: number;
  /** A butteraugli distance the result must stay under as well (as estimated: see butteraugliEstimate). */
  maxDistance?: number;
  /** The estimate is aimed this far under maxDistance (default ESTIMATE_MARGIN). */
  margin?: number;
  /** Scales pixels (the pipeline's Lanczos3 resize). */
  resize: (p: Pixels, width: number, height: number) => Promise<Pixels>;
  onAttempt?: (done: number, total: number) => void;
}

function proxySize(p: { width: number; height: number }): { width: number; height: number } | null {
  const n = p.width * p.height;
  if (n <= PROXY_PIXELS) return null;
  const f = Math.sqrt(PROXY_PIXELS / n);
  return { width: Math.max(8, Math.round(p.width * f)), height: Math.max(8, Math.round(p.height * f)) };
}

/**
 * A strip across the middle of the photo at its own resolution, aligned to the codecs' 16-pixel blocks; null when
 * it would not be much smaller than the photo (the full-size tries are cheap enough then).
 */
export function nativeBand(p: Pixels): Pixels | null {
  const rows = BAND_ROWS;
  const width = Math.min(p.width, Math.floor(BAND_PIXELS / rows / 16) * 16);
  if (p.height < 6 * rows || width * rows * 4 > p.width * p.height) return null;
  const x0 = ((p.width - width) >> 5) << 4;
  const y0 = ((p.height - rows) >> 5) << 4;
  const data = new Uint8ClampedArray(width * rows * 4);
  for (let y = 0; y < rows; y++) {
    const from = ((y0 + y) * p.width + x0) * 4;
    data.set(p.data.subarray(from, from + width * 4), y * width * 4);
  }
  return { data, width, height: rows };
}

/** The proxy's score at `quality` for `variant`, linear between its nearest tries (null with fewer than two). */
function proxyScoreAt(tried: Candidate<unknown>[], variant: number, quality: number): number | null {
  const same = tried.filter((c) => c.variant === variant).sort((a, b) => a.quality - b.quality);
  if (same.length < 2) return same[0]?.score ?? null;
  let i = same.findIndex((c) => c.quality >= quality);
  if (i <= 0) i = i === 0 ? 1 : same.length - 1;
  const [a, b] = [same[i - 1], same[i]];
  return a.score + ((quality - a.quality) * (b.score - a.score)) / (b.quality - a.quality);
}

/**
 * Where the native band reaches `target`: tried at the proxy's answer, then where the proxy's curve, shifted by
 * the offset just seen, reaches it; the quality between (or beyond) the two band tries where the band's score
 * crosses the target.
 */
async function bandQuality(band: Pixels, o: VisualTargetOptions, tried: Candidate<unknown>[], variant: number, start: number, onTry: () => void): Promise<number> {
  const score = ssimulacra2Reference(band);
  const at = async (quality: number) => {
    const out = await encodeImage(band, o.format, { ...o.options, quality, jpegVariant: variant });
    const s = score(await decodeOutput(out, o.format));
    onTry();
    return s;
  };
  const s1 = await at(start);
  const offset = s1 - (proxyScoreAt(tried, variant, start) ?? s1);
  const aim = o.target + BAND_MARGIN;
  const guess = qualityFor(tried, variant, aim - offset) ?? start - Math.round((s1 - aim) / slopeNear(tried, variant, start));
  const lowest = Math.max(1, start - MAX_DROP);
  const q2 = Math.max(lowest, Math.min(100, guess === start ? start + (s1 < aim ? 3 : -3) : guess));
  if (q2 === start) return start;
  const s2 = await at(q2);
  if (s1 === s2) return s1 >= aim ? Math.min(start, q2) : Math.max(start, q2);
  const q = Math.ceil(start + ((aim - s1) * (q2 - start)) / (s2 - s1));
  return Math.max(lowest, Math.min(100, q));
}

/** Score gained per quality step near `quality`, from the proxy's tries of the same variant (at least 0.2). */
function slopeNear(tried: Candidate<unknown>[], variant: number, quality: number): number {
  const same = tried.filter((c) => c.variant === variant).sort((a, b) => Math.abs(a.quality - quality) - Math.abs(b.quality - quality));
  const [a, b] = same;
  if (!a || !b || a.quality === b.quality) return 1;
  return Math.max(0.2, (a.score - b.score) / (a.quality - b.quality));
}

/**
 * The quality at which the proxy's tries of `variant` reach `score`, linear between the two tries around the
 * highest crossing; null when no try scores under `score` (the answer lies under them all).
 */
function qualityFor(tried: Candidate<unknown>[], variant: number, score: number): number | null {
  const same = tried.filter((c) => c.variant === variant).sort((a, b) => a.quality - b.quality);
  for (let i = same.length - 1; i > 0; i--) {
    const [a, b] = [same[i - 1], same[i]];
    if (a.score < score && b.score >= score) return Math.ceil(a.quality + ((score - a.score) / (b.score - a.score)) * (b.quality - a.quality));
  }
  return null;
}

/** Full-size encodes, at most, that step quality up for the butteraugli bound. */
export const DISTANCE_STEPS = 4;
/** ln(butteraugli) lost per quality step, for the first step up (MozJPEG's 70 → 90 on bench/image: about 0.058). */
const LN_DISTANCE_PER_STEP = 0.05;

/**
 * The next quality to try for an estimate at most `aim` (null: stop), from the tries so far: halfway between the
 * highest quality over the aim and the lowest under it once both are known, else up from the highest tried by
 * the slope of ln(distance) seen between the last two tries (or LN_DISTANCE_PER_STEP), 2 to 15 steps at a time.
 */
export function qualityForDistance(tries: readonly { quality: number; distance: number }[], aim: number): number | null {
  const over = tries.filter((t) => t.distance > aim);
  const under = tries.filter((t) => t.distance <= aim);
  if (!over.length) return null;
  const lo = over.reduce((a, b) => (b.quality > a.quality ? b : a));
  if (lo.quality >= 100) return null;
  if (under.length) {
    const hi = under.reduce((a, b) => (b.quality < a.quality ? b : a));
    if (hi.quality > lo.quality) return hi.quality - lo.quality > 2 ? Math.floor((lo.quality + hi.quality) / 2) : null;
  }
  const sorted = [...tries].sort((a, b) => a.quality - b.quality);
  const [before, last] = sorted.length > 1 ? sorted.slice(-2) : [null, sorted[0]];
  let slope = LN_DISTANCE_PER_STEP;
  if (before && before.quality !== last.quality) {
    const s = (Math.log(before.distance) - Math.log(last.distance)) / (last.quality - before.quality);
    if (s > LN_DISTANCE_PER_STEP / 2) slope = s;
  }
  const step = Math.ceil(Math.log(lo.distance / aim) / slope) + 1;
  return Math.min(100, lo.quality + Math.max(2, Math.min(15, step)));
}

/** Full-size tries' tiles (px, on the codecs' 16-pixel grid) and the rim of neighbours encoded with each. */
const TILE = 128;
const RIM = 16;
/** Tiles whose estimate at the first full-size try is under the aim ÷ this are left out of the tile tries. */
const TILE_SELECT = 1.3;
/** At most this many tiles (about 0.6 MP with their rims). */
const MAX_TILES = 24;
/** Encodes of the tiles, at most (the first at the full-size try's quality, to calibrate them against it). */
export const TILE_TRIES = 7;
/** SSIMULACRA 2 gained per quality step, for a step up that only the score still needs. */
const SCORE_PER_STEP = 0.5;

/** The estimate at full size against one prepared original, for every try of a search. */
class DistanceJudge {
  private ref: EstimateReference | null = null;

  constructor(
    private readonly pixels: Pixels,
    readonly aim: number,
  ) {}

  estimate(decoded: Pixels): number {
    this.ref ??= new EstimateReference(this.pixels, TILE);
    return this.ref.estimate(decoded);
  }

  /**
   * Lets the original's planes go before a full-size SSIMULACRA 2 (4 planes of the photo's size: 12 MP's peak
   * memory was 0.5 GB higher with them held); rebuilt if another estimate follows (12 MP: about 0.3 s).
   */
  release(): void {
    this.ref = null;
  }

  /** The last estimate's tiles within TILE_SELECT of the aim, worst first, at most MAX_TILES (indices, tilesAcross). */
  worstTiles(): { tiles: number[]; across: number } {
    const ref = this.ref!;
    const floor = fromScale(this.aim / TILE_SELECT);
    const tiles = [...ref.tileWorst.keys()].filter((t) => ref.tileWorst[t] >= floor).sort((a, b) => ref.tileWorst[b] - ref.tileWorst[a]);
    return { tiles: tiles.slice(0, MAX_TILES), across: ref.tilesAcross };
  }
}

/**
 * The tiles side by side, each with its rim (clamped to the photo, edges repeated to fill its cell), in cells on
 * the 16-pixel grid, so each tile's blocks are encoded as in the photo; `keep` says where the tiles themselves are.
 */
export function tileMosaic(p: Pixels, tiles: number[], across: number, tile = TILE, rim = RIM): { mosaic: Pixels; keep: (x: number, y: number) => boolean } {
  const cell = tile + 2 * rim;
  const cols = Math.ceil(Math.sqrt(tiles.length));
  const rows = Math.ceil(tiles.length / cols);
  const width = cols * cell;
  const data = new Uint8ClampedArray(width * rows * cell * 4);
  const inner: [number, number, number, number][] = [];
  for (const [k, t] of tiles.entries()) {
    const [tx0, ty0] = [(t % across) * tile, Math.floor(t / across) * tile];
    const [tx1, ty1] = [Math.min(p.width, tx0 + tile), Math.min(p.height, ty0 + tile)];
    const [rx0, ry0] = [Math.max(0, tx0 - rim), Math.max(0, ty0 - rim)];
    const [rx1, ry1] = [Math.min(p.width, tx1 + rim), Math.min(p.height, ty1 + rim)];
    const [cx, cy] = [(k % cols) * cell, Math.floor(k / cols) * cell];
    for (let y = 0; y < cell; y++) {
      const sy = Math.min(ry1 - 1, ry0 + y);
      const to = ((cy + y) * width + cx) * 4;
      data.set(p.data.subarray((sy * p.width + rx0) * 4, (sy * p.width + rx1) * 4), to);
      const last = (sy * p.width + rx1 - 1) * 4;
      for (let x = rx1 - rx0; x < cell; x++) for (let c = 0; c < 4; c++) data[to + x * 4 + c] = p.data[last + c];
    }
    inner.push([cx + tx0 - rx0, cy + ty0 - ry0, cx + tx1 - rx0, cy + ty1 - ry0]);
  }
  const keep = (x: number, y: number) => {
    const r = inner[Math.floor(y / cell) * cols + Math.floor(x / cell)];
    return !!r && x >= r[0] && y >= r[1] && x < r[2] && y < r[3];
  };
  return { mosaic: { data, width, height: rows * cell }, keep };
}

/**
 * The lowest quality at which the worst tiles of the first full-size try come under the aim: the tiles are encoded
 * at that try's quality first, and their estimates are scaled by the full size's over theirs there; then as
 * qualityForDistance steps. 100 when no try gets under it.
 */
async function tileQuality(pixels: Pixels, o: VisualTargetOptions, judge: DistanceJudge, first: VisualTargetResult, onTry: () => void): Promise<number> {
  const { tiles, across } = judge.worstTiles();
  const { mosaic, keep } = tileMosaic(pixels, tiles, across);
  const ref = new EstimateReference(mosaic, TILE, keep);
  const at = async (quality: number) => {
    const out = await encodeImage(mosaic, o.format, { ...o.options, quality, jpegVariant: first.variant });
    const d = ref.estimate(await decodeOutput(out, o.format));
    onTry();
    return d;
  };
  const here = await at(first.quality);
  const k = here > 0 ? first.distance! / here : 1;
  const tries = [{ quality: first.quality, distance: first.distance! }];
  for (let i = 1; i < TILE_TRIES; i++) {
    const quality = qualityForDistance(tries, judge.aim);
    if (quality === null) break;
    tries.push({ quality, distance: k * (await at(quality)) });
  }
  const under = tries.filter((t) => t.distance <= judge.aim);
  return under.length ? Math.min(...under.map((t) => t.quality)) : 100;
}

export async function searchVisualTarget(pixels: Pixels, o: VisualTargetOptions): Promise<VisualTargetResult> {
  if (!o.maxDistance) return searchScore(pixels, o);
  let total = 0;
  let done = 0;
  const aim = o.maxDistance / (o.margin ?? ESTIMATE_MARGIN);
  const judge = new DistanceJudge(pixels, aim);
  const big = !!proxySize(pixels);
  const found = await searchScore(
    pixels,
    {
      ...o,
      onAttempt: (d, t) => {
        [done, total] = [d, t + DISTANCE_STEPS + (big ? TILE_TRIES : 0)];
        o.onAttempt?.(d, total);
      },
    },
    big ? judge : undefined,
  );
  const next = () => o.onAttempt?.(++done, total);
  const first: VisualTargetResult = found.distance !== undefined ? found : { ...found, distance: judge.estimate(await decodeOutput(found.bytes, o.format)) };
  const within = (r: VisualTargetResult) => r.reached && r.distance! <= aim;
  if (within(first)) return first;
  const results = [first];
  let quality = qualityForDistance([{ quality: first.quality, distance: first.distance! }], aim);
  if (big && quality !== null) quality = await tileQuality(pixels, o, judge, first, next);
  for (let i = 0; i < DISTANCE_STEPS && quality !== null; i++) {
    const bytes = await encodeImage(pixels, o.format, { ...o.options, quality, jpegVariant: first.variant });
    const decoded = await decodeOutput(bytes, o.format);
    const distance = judge.estimate(decoded);
    // A try over the bound is not scored unless it is the last word (quality 100).
    if (distance <= aim || quality >= 100) judge.release();
    const score = distance <= aim || quality >= 100 ? ssimulacra2(pixels, decoded) : NaN;
    next();
    const r: VisualTargetResult = { bytes, quality, variant: first.variant, score, distance, reached: score >= o.target };
    results.push(r);
    // A big photo stops at the first try within both (the tiles chose it); a small one halves the gap on.
    if (big && within(r)) break;
    const tries = results.map((t) => ({ quality: t.quality, distance: t.distance! }));
    // Under the bound but short of the score (the first try was not scored): up by the score's usual slope.
    quality = distance > aim || within(r) || quality >= 100 ? qualityForDistance(tries, aim) : Math.min(100, quality + Math.max(2, Math.ceil((o.target - score) / SCORE_PER_STEP)));
  }
  // The smallest file within both bounds; if none is, the closest to the distance bound (scored if it was not).
  const ok = results.filter(within);
  if (ok.length) return ok.reduce((a, b) => (b.bytes.length < a.bytes.length ? b : a));
  const closest = results.reduce((a, b) => (b.distance! < a.distance! ? b : a));
  const score = Number.isNaN(closest.score) ? ssimulacra2(pixels, await decodeOutput(closest.bytes, o.format)) : closest.score;
  return { ...closest, score, reached: false };
}

async function searchScore(pixels: Pixels, o: VisualTargetOptions, judge?: DistanceJudge): Promise<VisualTargetResult & { over?: boolean }> {
  const small = proxySize(pixels);
  const proxy = small ? await o.resize(pixels, small.width, small.height) : pixels;
  const score = ssimulacra2Reference(proxy);
  const tried: Candidate<Uint8Array>[] = [];
  const encode = async (quality: number, jpegVariant: number) => {
    const out = await encodeImage(proxy, o.format, { ...o.options, quality, jpegVariant });
    return { output: out, size: out.length };
  };
  const measure = async (out: Uint8Array) => score(await decodeOutput(out, o.format));
  const band = small ? nativeBand(pixels) : null;
  const total = small ? maxInterpolatedAttempts(o.variants) + (band ? BAND_TRIES : 0) + REFINEMENTS : maxQualityAttempts(o.variants);
  const found = small
    ? await searchByInterpolation(encode, measure, o.target, {
        variants: o.variants,
        onAttempt: (done) => o.onAttempt?.(done, total),
        onCandidate: (c) => tried.push(c),
      })
    : await searchTargetQuality(encode, measure, o.target, { variants: o.variants, onAttempt: o.onAttempt });
  const { best } = found;
  if (!small) return { bytes: best.output, quality: best.quality, variant: best.variant, score: best.score, reached: found.reached };

  // Full-size check: the final file is measured at full size, never taken on the proxy's word.
  let done = found.attempts;
  const variant = best.variant;
  const next = () => o.onAttempt?.(++done, total);
  // With a judge, a try is estimated first; one over the bound is returned unscored (score NaN, over): the bound
  // needs a higher quality anyway, which searchVisualTarget finds from its worst tiles.
  const full = async (quality: number): Promise<VisualTargetResult & { over?: boolean }> => {
    const bytes = await encodeImage(pixels, o.format, { ...o.options, quality, jpegVariant: variant });
    const decoded = await decodeOutput(bytes, o.format);
    const distance = judge?.estimate(decoded);
    if (distance !== undefined && distance > judge!.aim) {
      next();
      return { bytes, quality, variant, score: NaN, distance, reached: false, over: true };
    }
    judge?.release();
    const s = ssimulacra2(pixels, decoded);
    next();
    return { bytes, quality, variant, score: s, reached: s >= o.target, ...(distance !== undefined ? { distance } : {}) };
  };
  const first = await full(band ? await bandQuality(band, o, tried, variant, best.quality, next) : best.quality);
  if (first.over) return first;
  if (first.reached) {
    // Above the target by more than SPARE: the first quality was more than the full size needs. If the full size
    // scored what the proxy scores plus the offset seen at that quality, the proxy's tries would say where
    // it meets the target; the offset shrinks at lower qualities (12 MP astronaut: +8.1 at quality 85, +4.6 at 68),
    // so one step down half of that way.
    const offset = first.score - (proxyScoreAt(tried, variant, first.quality) ?? best.score);
    const lowest = Math.max(1, first.quality - MAX_DROP);
    const far = Math.max(lowest, qualityFor(tried, variant, o.target - offset + 1) ?? lowest);
    const quality = first.quality - Math.floor((first.quality - far) / 2);
    if (first.score - o.target < SPARE || quality > first.quality - 2) return first;
    const lower = await full(quality);
    return lower.reached && lower.bytes.length < first.bytes.length ? lower : first;
  }
  if (first.quality >= 100) return first;
  const up = await full(Math.min(100, first.quality + Math.max(2, Math.ceil((o.target - first.score) / slopeNear(tried, variant, first.quality)) + 1)));
  if (up.over || up.reached || up.quality >= 100) return up;
  const top = await full(100);
  return top.over || top.score > up.score ? top : up;
}

// "Aim for a visual quality": the smallest file whose SSIMULACRA 2 score, measured at full size against the
// original, reaches the target. A big photo is searched on a downscaled proxy (each try encoded, decoded and
// scored there), then checked at full size: the proxy's answer is encoded and scored once at full size, and one
// correction follows when that score is off: up by what the proxy's slope says is missing, or down to where the
// proxy's tries say the target is still reached (kept only if it does reach it at full size and is smaller). Only when the upward correction
// still misses is quality 100 encoded, so the file returned reaches the target whenever any quality does.
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
/** A full-size score this far above the target is worth one try at a lower quality. */
const SPARE = 2;
/** The downward correction goes at most this many quality steps under the proxy's answer. */
const MAX_DROP = 25;

interface VisualTargetResult {
  bytes: Uint8Array;
  quality: number;
  variant: number;
  /** SSIMULACRA 2 of the result at full size. */
  score: number;
  reached: boolean;
}

interface VisualTargetOptions {
  format: OutputFormat;
  options: Omit<EncodeOptions, 'quality' | 'jpegVariant'>;
  variants: number;
  target: number;
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

export async function searchVisualTarget(pixels: Pixels, o: VisualTargetOptions): Promise<VisualTargetResult> {
  const small = proxySize(pixels);
  const proxy = small ? await o.resize(pixels, small.width, small.height) : pixels;
  const score = ssimulacra2Reference(proxy);
  const tried: Candidate<Uint8Array>[] = [];
  const encode = async (quality: number, jpegVariant: number) => {
    const out = await encodeImage(proxy, o.format, { ...o.options, quality, jpegVariant });
    return { output: out, size: out.length };
  };
  const measure = async (out: Uint8Array) => score(await decodeOutput(out, o.format));
  const total = small ? maxInterpolatedAttempts(o.variants) + REFINEMENTS : maxQualityAttempts(o.variants);
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
  const full = async (quality: number): Promise<VisualTargetResult> => {
    const bytes = await encodeImage(pixels, o.format, { ...o.options, quality, jpegVariant: variant });
    const s = ssimulacra2(pixels, await decodeOutput(bytes, o.format));
    o.onAttempt?.(++done, total);
    return { bytes, quality, variant, score: s, reached: s >= o.target };
  };
  const first = await full(best.quality);
  if (first.reached) {
    // Above the target by more than SPARE: the proxy asked for more than the full size needs. If the full size
    // scored what the proxy scores plus the offset seen at the proxy's answer, the proxy's tries would say where
    // it meets the target; the offset shrinks at lower qualities (12 MP astronaut: +8.1 at quality 85, +4.6 at 68),
    // so one step down half of that way.
    const offset = first.score - best.score;
    const lowest = Math.max(1, first.quality - MAX_DROP);
    const far = Math.max(lowest, qualityFor(tried, variant, o.target - offset + 1) ?? lowest);
    const quality = first.quality - Math.floor((first.quality - far) / 2);
    if (first.score - o.target < SPARE || quality > first.quality - 2) return first;
    const lower = await full(quality);
    return lower.reached && lower.bytes.length < first.bytes.length ? lower : first;
  }
  if (first.quality >= 100) return first;
  const up = await full(Math.min(100, first.quality + Math.max(2, Math.ceil((o.target - first.score) / slopeNear(tried, variant, best.quality)) + 1)));
  if (up.reached || up.quality >= 100) return up;
  const top = await full(100);
  return top.score > up.score ? top : up;
}

// The quality search on a big photo's proxy: per encoder variant, the lowest quality whose score reaches the
// target, found by interpolating the score between the two tries that bracket it (regula falsi, with each step
// kept inside the middle half of the bracket so it always shrinks by a quarter or more). Score against quality
// is smooth enough on a photo that this takes 3–5 tries per variant where a bisection over 1–100 takes 7 plus the
// qualities under its answer. Each variant starts from the previous one's answer. The proxy's answer is only where
// the full-size check starts (visual-target.ts), so the scan under the answer that JPEG's bumpy score asks for on
// small images (target-quality.ts) is left out here.
import { qualityTrials, type Candidate, type QualitySearchResult } from './target-quality';

interface InterpolatedSearchOptions<T> {
  variants: number;
  /** The first quality tried for the first variant. */
  start?: number;
  onAttempt?: (done: number) => void;
  onCandidate?: (candidate: Candidate<T>) => void;
}

/** How far the first step goes from the starting quality when the bracket has one side only. */
const FIRST_STEP = 12;
/** Tries per variant at most (a bracket of 100 qualities shrinks to 1 in at most 17 quarter-steps; this caps it). */
const MAX_TRIES = 9;

/** Upper bound of the encodes the search makes, for progress. */
export const maxInterpolatedAttempts = (variants: number) => variants * MAX_TRIES + 1;

export async function searchByInterpolation<T>(
  encode: (quality: number, variant: number) => Promise<{ output: T; size: number }>,
  score: (output: T) => Promise<number>,
  target: number,
  options: InterpolatedSearchOptions<T>,
): Promise<QualitySearchResult<T>> {
  const trials = qualityTrials(encode, score, options.onCandidate, options.onAttempt);
  const at = trials.at;

  const lowest = async (variant: number, start: number): Promise<Candidate<T> | null> => {
    let lo: Candidate<T> | null = null; // the highest quality tried under the target
    let hi: Candidate<T> | null = null; // the lowest quality tried at or over it
    let q = start;
    for (let n = 0; n < MAX_TRIES; n++) {
      const c = await at(q, variant);
      if (c.score >= target) {
        if (!hi || c.quality < hi.quality) hi = c;
      } else if (!lo || c.quality > lo.quality) lo = c;
      if (hi && hi.quality <= 1) return hi;
      if (!hi) {
        if (lo!.quality >= 100) return null;
        q = Math.min(100, lo!.quality + FIRST_STEP * 2 ** n);
        continue;
      }
      if (!lo) {
        q = Math.max(1, hi.quality - FIRST_STEP * 2 ** n);
        continue;
      }
      const span = hi.quality - lo.quality;
      if (span <= 1) return hi;
      const guess = Math.ceil(lo.quality + ((target - lo.score) / (hi.score - lo.score)) * span);
      const quarter = Math.max(1, Math.floor(span / 4));
      q = Math.max(lo.quality + quarter, Math.min(hi.quality - quarter, guess));
    }
    return hi;
  };

  let best: Candidate<T> | null = null;
  let start = options.start ?? 75;
  for (let v = 0; v < options.variants; v++) {
    const c = await lowest(v, start);
    if (c) start = c.quality;
    if (c && (!best || c.size < best.size)) best = c;
  }
  if (best) return { best, reached: true, attempts: trials.attempts() };
  return { best: await trials.closestAtTop(options.variants), reached: false, attempts: trials.attempts() };
}

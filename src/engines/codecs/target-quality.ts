// "Target quality": the fewest bytes whose decoded image scores at least the target (SSIMULACRA 2) against the original.
// Per encoder variant, a bisection finds the lowest quality that reaches the target; the smallest file
// over all variants wins (their quality scales differ: one table's 55 can look like another's 86). JPEG's score is not monotonic in quality, so a few qualities under
// each bisection's answer are tried as well.

export interface Candidate<T> {
  variant: number;
  quality: number;
  output: T;
  size: number;
  score: number;
}

interface QualitySearchOptions<T = unknown> {
  variants?: number;
  /** Qualities under each bisection's answer to try as well. */
  below?: number;
  onAttempt?: (done: number, total: number) => void;
  /** Every encode tried, with its score (a full-size refinement reads the score's slope from them). */
  onCandidate?: (candidate: Candidate<T>) => void;
}

const steps = (span: number) => Math.ceil(Math.log2(span + 1)) + 1;

/** Upper bound of the encodes the search makes, for progress. */
export function maxQualityAttempts(variants: number, below = 2): number {
  return variants * (steps(100) + below);
}

export interface QualitySearchResult<T> {
  best: Candidate<T>;
  /** False when even quality 100 of every variant stays under the target (the most similar file is returned). */
  reached: boolean;
  attempts: number;
}

/**
 * Encodes and scores each quality of each variant once (a search may come back to one), reporting every new
 * candidate and the count of encodes.
 */
export function qualityTrials<T>(
  encode: (quality: number, variant: number) => Promise<{ output: T; size: number }>,
  score: (output: T) => Promise<number>,
  onCandidate?: (candidate: Candidate<T>) => void,
  onAttempt?: (done: number) => void,
) {
  let attempts = 0;
  const tried = new Map<string, Candidate<T>>();
  const at = async (quality: number, variant: number): Promise<Candidate<T>> => {
    const key = `${variant}:${quality}`;
    let c = tried.get(key);
    if (!c) {
      const { output, size } = await encode(quality, variant);
      c = { variant, quality, output, size, score: await score(output) };
      tried.set(key, c);
      onCandidate?.(c);
      onAttempt?.(++attempts);
    }
    return c;
  };
  return {
    at,
    attempts: () => attempts,
    /** When nothing reached the target: the most similar file at the top quality of any variant. */
    async closestAtTop(variants: number): Promise<Candidate<T>> {
      let closest = await at(100, 0);
      for (let v = 1; v < variants; v++) {
        const c = await at(100, v);
        if (c.score > closest.score) closest = c;
      }
      return closest;
    },
  };
}

export async function searchTargetQuality<T>(
  encode: (quality: number, variant: number) => Promise<{ output: T; size: number }>,
  score: (output: T) => Promise<number>,
  target: number,
  options: QualitySearchOptions<T> = {},
): Promise<QualitySearchResult<T>> {
  const variants = options.variants ?? 1;
  const below = options.below ?? 2;
  const total = maxQualityAttempts(variants, below);
  const trials = qualityTrials(encode, score, options.onCandidate, (done) => options.onAttempt?.(done, total));
  const at = trials.at;
  /** The lowest quality in [lo, hi] reaching the target, assuming the score rises with quality; null if none. */
  const lowest = async (variant: number, lo: number, hi: number): Promise<Candidate<T> | null> => {
    let found: Candidate<T> | null = null;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const c = await at(mid, variant);
      if (c.score >= target) {
        found = c;
        hi = mid - 1;
      } else lo = mid + 1;
    }
    if (!found) return null;
    const answer = found.quality;
    for (let q = answer - 1; q >= Math.max(1, answer - below); q--) {
      const c = await at(q, variant);
      if (c.score >= target && c.size < found.size) found = c;
    }
    return found;
  };

  let best: Candidate<T> | null = null;
  for (let v = 0; v < variants; v++) {
    const c = await lowest(v, 1, 100);
    if (c && (!best || c.size < best.size)) best = c;
  }
  if (best) return { best, reached: true, attempts: trials.attempts() };
  return { best: await trials.closestAtTop(variants), reached: false, attempts: trials.attempts() };
}

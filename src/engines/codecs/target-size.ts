// Finding the quality that lands at or under a size: bisection, then a short upward scan (sizes are
// nearly but not strictly monotonic in quality, most visibly with JPEG).

interface Attempt {
  quality: number;
  size: number;
}

interface SearchResult<T> {
  quality: number;
  output: T;
  size: number;
  /** False when even the lowest quality is over the target (the smallest result is returned). */
  reached: boolean;
  attempts: Attempt[];
}

interface SearchOptions {
  min?: number;
  max?: number;
  /** Qualities above the bisection's answer to try as well. */
  scan?: number;
  onAttempt?: (done: number, total: number) => void;
}

/** At most this many encodes: log2(100) bisection steps, one at the top, the scan. */
export function maxAttempts(min: number, max: number, scan: number): number {
  return Math.ceil(Math.log2(max - min + 1)) + 2 + scan;
}

export async function searchQuality<T>(encode: (quality: number) => Promise<{ output: T; size: number }>, target: number, options: SearchOptions = {}): Promise<SearchResult<T>> {
  const min = options.min ?? 1;
  const max = options.max ?? 100;
  const scan = options.scan ?? 0;
  const total = maxAttempts(min, max, scan);
  const attempts: Attempt[] = [];
  const cache = new Map<number, { output: T; size: number }>();
  const at = async (q: number) => {
    let r = cache.get(q);
    if (!r) {
      r = await encode(q);
      cache.set(q, r);
      attempts.push({ quality: q, size: r.size });
      options.onAttempt?.(attempts.length, total);
    }
    return r;
  };

  const top = await at(max);
  if (top.size <= target) return { quality: max, ...top, reached: true, attempts };
  let lo = min;
  let hi = max - 1;
  let best: number | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((await at(mid)).size <= target) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (best === null) {
    const low = await at(min);
    return { quality: min, ...low, reached: false, attempts };
  }
  for (let q = best + 1; q <= Math.min(max - 1, best + scan); q++) {
    if ((await at(q)).size <= target) best = q;
  }
  const chosen = cache.get(best)!;
  return { quality: best, ...chosen, reached: true, attempts };
}

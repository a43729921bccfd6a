// Normalising to a loudness target under a true-peak ceiling: a gain, and where the gain would push the true peak past
// the ceiling, a look-ahead true-peak limiter. Pure code, run in the loudness worker.
import { measureIntegrated, measureLoudness, toDb, truePeakEnvelope, type Loudness } from './loudness';

export interface NormaliseResult {
  channels: Float32Array[];
  /** Gain applied before the limiter, in dB. */
  gainDb: number;
  /** Largest gain reduction of the limiter in dB (0 when it did nothing). */
  limitedDb: number;
}

/** Running minimum over [n - radius, n + radius] (monotonic deque). */
function windowMin(x: Float32Array, radius: number): Float32Array {
  const n = x.length;
  const out = new Float32Array(n);
  const deque = new Int32Array(n);
  let head = 0;
  let tail = 0;
  let next = 0;
  for (let i = 0; i < n; i++) {
    const hi = Math.min(n - 1, i + radius);
    while (next <= hi) {
      while (tail > head && x[deque[tail - 1]] >= x[next]) tail--;
      deque[tail++] = next++;
    }
    while (deque[head] < i - radius) head++;
    out[i] = x[deque[head]];
  }
  return out;
}

/**
 * Multiplies by `gain` and limits the true peak to `ceiling` (linear): the gain each sample needs is spread over a
 * look-ahead window and smoothed (1 ms attack, 80 ms release), never above what each sample needs.
 * Returns the new channels and the deepest reduction.
 */
export function gainAndLimit(channels: Float32Array[], rate: number, gain: number, ceiling: number): { channels: Float32Array[]; reduction: number } {
  const length = channels[0]?.length ?? 0;
  const scaled = channels.map((x) => {
    const y = new Float32Array(length);
    for (let n = 0; n < length; n++) y[n] = x[n] * gain;
    return y;
  });
  const envelope = new Float32Array(length);
  const { peak } = truePeakEnvelope(scaled, envelope);
  if (peak <= ceiling) return { channels: scaled, reduction: 1 };
  // What each sample needs, held over the interpolator's reach and a little more on each side.
  for (let n = 0; n < length; n++) envelope[n] = envelope[n] > ceiling ? ceiling / envelope[n] : 1;
  const held = windowMin(envelope, Math.max(12, Math.round(rate * 0.0015)));
  const release = 1 - Math.exp(-1 / (0.08 * rate));
  const attack = 1 - Math.exp(-1 / (0.001 * rate));
  let g = 1;
  for (let n = 0; n < length; n++) {
    g = Math.min(held[n], g + (1 - g) * release);
    held[n] = g;
  }
  g = 1;
  let reduction = 1;
  for (let n = length - 1; n >= 0; n--) {
    g = Math.min(held[n], g + (1 - g) * attack);
    held[n] = g;
    if (g < reduction) reduction = g;
  }
  for (const y of scaled) for (let n = 0; n < length; n++) y[n] *= held[n];
  return { channels: scaled, reduction };
}

/**
 * Brings `channels` to `target` LUFS with the true peak at or under `ceilingDb`. Limiting lowers the loudness, and the
 * harder it limits the less each dB of gain adds (one speech take gained 0.3 LU per dB): the gain is found by the
 * secant method on (gain, loudness reached), six rounds at most.
 */
export function normalise(channels: Float32Array[], rate: number, input: Loudness, target: number, ceilingDb: number): NormaliseResult {
  if (!Number.isFinite(input.integrated)) throw new Error('silent');
  const ceiling = Math.pow(10, ceilingDb / 20);
  let gainDb = target - input.integrated;
  let previous: { gainDb: number; reached: number } | undefined;
  let best: NormaliseResult | undefined;
  let bestMiss = Infinity;
  for (let round = 0; round < 6; round++) {
    const { channels: out, reduction } = gainAndLimit(channels, rate, Math.pow(10, gainDb / 20), ceiling);
    const reached = reduction === 1 ? input.integrated + gainDb : measureIntegrated(out, rate);
    const miss = Math.abs(reached - target);
    if (miss < bestMiss) {
      best = { channels: out, gainDb, limitedDb: -toDb(reduction) };
      bestMiss = miss;
    }
    if (miss < 0.05) break;
    // dB of gain per LU reached, from the last two rounds (1 before there are two), kept between 1 and 8.
    const slope = previous && reached !== previous.reached ? Math.min(8, Math.max(1, (gainDb - previous.gainDb) / (reached - previous.reached))) : 1;
    previous = { gainDb, reached };
    gainDb += (target - reached) * slope;
  }
  return best!;
}

export { measureLoudness };

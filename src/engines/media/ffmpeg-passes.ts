// Audio edits of long files as ffmpeg passes over the input read in place (no decoded copy anywhere): what a pass's
// log says (the input's streams, ebur128's summary, astats' sample count) and the filters of the passes. Pure.

/** What ffmpeg's `-i` says of the first audio stream. */
export interface AudioStreamInfo {
  duration?: number;
  rate?: number;
  channels?: number;
}

const LAYOUTS: Record<string, number> = { mono: 1, stereo: 2, '2.1': 3, '3.0': 3, quad: 4, '4.0': 4, '5.0': 5, '5.1': 6, '6.1': 7, '7.1': 8 };

export function parseAudioStream(lines: string[]): AudioStreamInfo {
  const info: AudioStreamInfo = {};
  for (const line of lines) {
    const d = /Duration:\s*(\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(line);
    if (d && info.duration === undefined) info.duration = Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]);
    const a = /Stream #\d+:\d+.*: Audio: [^,]+, (\d+) Hz, ([^,]+),/.exec(line);
    if (a && info.rate === undefined) {
      info.rate = Number(a[1]);
      const layout = a[2].trim().replace(/\(.*\)$/, '');
      info.channels = LAYOUTS[layout] ?? (Number(/^(\d+) channels/.exec(layout)?.[1]) || undefined);
    }
  }
  return info;
}

/** Bytes of the input decoded to 32-bit float: what the in-memory path would hold (several times over). */
export function floatBytes(info: AudioStreamInfo): number {
  return (info.duration ?? 0) * (info.rate ?? 48000) * (info.channels ?? 2) * 4;
}

/** Over this, loudness runs as ffmpeg passes instead of on decoded samples in the page's worker (~12 min of 44.1 kHz stereo). */
export const LONG_FLOAT_BYTES = 256 * 1024 * 1024;

/** ffmpeg's EBU R128 meter with its 4x true peak; the per-frame lines go to the verbose level, which is not logged. */
export const EBUR128_FILTER = 'ebur128=peak=true:framelog=verbose';

/** The input's length in sample frames, counted by astats as ffmpeg decodes it. */
export const COUNT_FILTER = 'astats=metadata=0:measure_perchannel=none:measure_overall=Number_of_samples';

export interface PassLoudness {
  integrated: number;
  range: number;
  truePeak: number;
}

const value = (text: string, label: string) => {
  const m = new RegExp(`${label}:\\s*(-?inf|-?[\\d.]+)`).exec(text);
  if (!m) return undefined;
  return m[1].endsWith('inf') ? -Infinity : Number(m[1]);
};

/** ebur128's summary (the last one in the log): integrated loudness, loudness range, true peak. Null when there is none. */
export function parseEbur128(lines: string[]): PassLoudness | null {
  const text = lines.join('\n');
  const at = text.lastIndexOf('Summary:');
  if (at < 0) return null;
  const summary = text.slice(at);
  const integrated = value(summary, 'I');
  const range = value(summary, 'LRA');
  const truePeak = value(summary, 'Peak');
  if (integrated === undefined || range === undefined || truePeak === undefined) return null;
  // ebur128 says 0.0 LUFS (not -inf) when every block was gated out, with a true peak of -inf for silence.
  return { integrated: truePeak === -Infinity ? -Infinity : integrated, range, truePeak };
}

export function parseSampleCount(lines: string[]): number | null {
  const m = /Number of samples:\s*(\d+)/.exec(lines.join('\n'));
  return m ? Number(m[1]) : null;
}

/** The gain, and a limiter (look-ahead 1 ms, release 80 ms, delay compensated, no automatic level) at `limitDb` when given. */
export function gainFilter(gainDb: number, limitDb: number | null): string {
  const gain = `volume=${gainDb.toFixed(2)}dB`;
  if (limitDb === null) return gain;
  const limit = Math.min(1, Math.max(0.0625, Math.pow(10, limitDb / 20)));
  return `${gain},alimiter=limit=${limit.toFixed(5)}:attack=1:release=80:level=0:latency=1`;
}

/** One attempt's gain and limit, what its written file measured, and what the caller keeps with it (the file). */
export type PassAttempt<T> = T & { gainDb: number; limitDb: number | null; after: PassLoudness };

/**
 * Normalising as passes: each attempt writes the file at a gain (and a sample-peak limit where the gain would push the
 * true peak past the ceiling) and measures what it wrote. A true peak still over the ceiling (between samples, or the
 * encoder's ringing) lowers the limit by the overshoot; loudness the limiter took away is given back by more gain.
 * Four attempts at most; the closest to the target under the ceiling is kept.
 */
export async function normaliseByPasses<T extends { after: PassLoudness }>(before: PassLoudness, target: number, ceilingDb: number, attempt: (gainDb: number, limitDb: number | null) => Promise<T>): Promise<PassAttempt<T>> {
  let gainDb = target - before.integrated;
  // 0.3 dB under the ceiling: the limiter sees samples, the meter 4x oversampled points between them.
  let limitDb: number | null = before.truePeak + gainDb > ceilingDb - 0.1 ? ceilingDb - 0.3 : null;
  let best: PassAttempt<T> | null = null;
  const score = (a: PassAttempt<T>) => Math.abs(a.after.integrated - target) + (a.after.truePeak > ceilingDb ? 10 + a.after.truePeak - ceilingDb : 0);
  for (let round = 0; round < 4; round++) {
    const tried: PassAttempt<T> = { ...(await attempt(gainDb, limitDb)), gainDb, limitDb };
    if (!best || score(tried) < score(best)) best = tried;
    const over = tried.after.truePeak - ceilingDb;
    const miss = target - tried.after.integrated;
    if (over <= 0 && Math.abs(miss) <= 0.3) break;
    if (over > 0) limitDb = (limitDb ?? Math.min(ceilingDb, before.truePeak + gainDb)) - over - 0.1;
    if (Math.abs(miss) > 0.3) {
      gainDb += miss;
      if (limitDb === null && before.truePeak + gainDb > ceilingDb - 0.1) limitDb = ceilingDb - 0.3;
    }
  }
  return best!;
}

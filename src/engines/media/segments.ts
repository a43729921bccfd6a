// Parallel video encoding, the pure part: where the timeline is cut (at the input's key frames, so every
// segment decodes on its own) and how the segments' packets are joined into one track. No WebCodecs here.

/** More encoders than this gain little: each also decodes, and the page and the muxer need a core too. */
export const MAX_SEGMENTS = 4;
/** Each encoder costs a worker, a demuxer and an encoder start (~0.3 s): a segment shorter than this is not worth it. */
export const MIN_SEGMENT_SECONDS = 3;

export interface Segment {
  /** Presentation time of the input key frame the segment opens on, seconds. */
  start: number;
  /** Where the next segment opens; undefined for the last (to the end of the input). */
  end?: number;
  /** Input frames in [start, end): the segment's share of the progress. */
  frames: number;
}

/** How many encoders to run: one per core up to MAX_SEGMENTS, fewer for a short input, one for a very short one. */
export function segmentCount(cores: number | undefined, duration: number): number {
  const byLength = Math.floor(duration / MIN_SEGMENT_SECONDS);
  return Math.max(1, Math.min(MAX_SEGMENTS, cores || 1, byLength));
}

/**
 * Cuts the timeline into at most `count` segments, each opening on a key frame: the key frame nearest to each even
 * share of the time, keeping every segment at least MIN_SEGMENT_SECONDS long. `frames` holds the presentation
 * times of all input frames, `keys` those of the key frames (both in seconds, any order). An input whose key frames
 * are too far apart gets fewer segments (one, when it has a single key frame).
 */
export function splitAtKeyFrames(frames: readonly number[], keys: readonly number[], count: number): Segment[] {
  const times = [...frames].sort((a, b) => a - b);
  const keyTimes = [...new Set(keys)].sort((a, b) => a - b);
  if (times.length === 0) return [];
  const first = times[0];
  const last = times[times.length - 1];
  const starts = [first];
  for (let i = 1; i < count; i++) {
    const target = first + ((last - first) * i) / count;
    const previous = starts[starts.length - 1];
    let best: number | undefined;
    for (const k of keyTimes) {
      if (k - previous < MIN_SEGMENT_SECONDS || last - k < MIN_SEGMENT_SECONDS) continue;
      if (best === undefined || Math.abs(k - target) < Math.abs(best - target)) best = k;
    }
    if (best !== undefined && best > previous) starts.push(best);
  }
  return starts.map((start, i) => {
    const end = starts[i + 1];
    return { start, end, frames: times.filter((t) => t >= start && (end === undefined || t < end)).length };
  });
}

export interface JoinablePacket {
  type: 'key' | 'delta';
  /** Seconds, relative to the start of the segment's own file. */
  timestamp: number;
  duration: number;
}

export interface SegmentTrackInfo {
  codec: string;
  codedWidth: number;
  codedHeight: number;
  /** The decoder configuration record (avcC, vpcC, av1C); undefined where the codec has none. */
  description?: Uint8Array;
  rotation: number;
}

function sameBytes(a?: Uint8Array, b?: Uint8Array): boolean {
  if (!a || !b) return a === b;
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * Whether a segment's track can continue the first one's: one decoder configuration serves the whole track only if
 * the codec string, coded size, rotation and configuration record are identical.
 */
export function sameTrackConfig(a: SegmentTrackInfo, b: SegmentTrackInfo): boolean {
  return a.codec === b.codec && a.codedWidth === b.codedWidth && a.codedHeight === b.codedHeight && a.rotation === b.rotation && sameBytes(a.description, b.description);
}

/**
 * Places one segment's packets on the output timeline: `offset` (seconds) is added to each timestamp. The segment
 * must open on a key frame and must not start before the previous segment's last packet ends minus half a frame
 * (`previousEnd`); returns where this one ends. Throws on a segment that cannot be joined.
 */
export function placeSegment<P extends JoinablePacket>(packets: readonly P[], offset: number, previousEnd: number | undefined): { packets: P[]; end: number } {
  if (packets.length === 0) throw new Error('An encoded segment holds no frames.');
  if (packets[0].type !== 'key') throw new Error('An encoded segment does not open on a key frame.');
  const placed = packets.map((p) => ({ ...p, timestamp: p.timestamp + offset }));
  const start = Math.min(...placed.map((p) => p.timestamp));
  const end = Math.max(...placed.map((p) => p.timestamp + p.duration));
  if (previousEnd !== undefined) {
    const frame = packets[0].duration || 1 / 30;
    if (start < previousEnd - frame / 2) throw new Error(`Segments overlap: one starts at ${start} s, the one before ends at ${previousEnd} s.`);
  }
  return { packets: placed, end };
}

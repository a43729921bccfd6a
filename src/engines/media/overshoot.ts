// Where the browser's H.264 encoder cannot get down to a size asked for: it has a floor on easy content (a screen
// recording asked for 161 kbit/s wrote 650; bench/media app-compare.mjs), and finding that out by encoding the
// whole file first, then again with x264, cost the full browser encode on top. A short window of the video encoded
// the same way up front tells: its key and delta packets, scaled to the whole length, give the bit rate the encoder
// will write. Pure: the media worker measures the window (overshoot-probe.ts).

/** The probe window: this many seconds from the middle of the video (titles and fades sit at its ends). */
export const PROBE_SECONDS = 2;
/** Shorter videos are encoded whole at once (a second or two): a probe of two seconds would save next to nothing. */
export const PROBE_MIN_DURATION = 4;
/** mediabunny's key frame interval in a conversion (its default, which the fast path keeps). */
export const KEY_FRAME_SECONDS = 5;
/**
 * Predicted over the size asked by more than this, x264 makes the file without the browser's try: the retry's own
 * 1.1. The window under-predicts on screen content (a 6 s 640×360 recording: 1.14 predicted where the whole encode
 * overshot by more than 10 %; the 720p one of bench/media: 519 kbit/s predicted, ~650 written), so no lower bar;
 * a miss only costs the retry it would have had anyway.
 */
export const PROBE_OVERSHOOT = 1.1;

export interface PacketInfo {
  bytes: number;
  key: boolean;
}

/** The window to encode: [start, end) in seconds, or null where the video is too short to be worth a probe. */
export function probeWindow(duration: number): { start: number; end: number } | null {
  if (!(duration >= PROBE_MIN_DURATION)) return null;
  const start = Math.max(0, duration / 2 - PROBE_SECONDS / 2);
  return { start, end: start + PROBE_SECONDS };
}

/**
 * The video bit rate (bit/s) the whole encode will write, from the window's packets: its mean key packet for each key
 * frame the whole holds, its mean delta packet for every other frame. `parts`: the lengths of the pieces encoded apart
 * (the parallel path's segments, each opening on a key frame of its own; on screen content the key frames are most of
 * the bytes). Null where the window has no delta frames.
 */
export function predictedBitrate(packets: PacketInfo[], duration: number, fps: number, parts: number[] = [duration]): number | null {
  const keys = packets.filter((p) => p.key);
  const deltas = packets.filter((p) => !p.key);
  if (!deltas.length || !(duration > 0) || !(fps > 0)) return null;
  const mean = (list: PacketInfo[]) => list.reduce((n, p) => n + p.bytes, 0) / list.length;
  const frames = Math.max(1, Math.round(duration * fps));
  const keyFrames = Math.min(frames, parts.reduce((n, seconds) => n + Math.max(1, Math.ceil(seconds / KEY_FRAME_SECONDS - 1e-9)), 0));
  const keyBytes = keys.length ? mean(keys) : mean(deltas);
  const bytes = keyFrames * keyBytes + (frames - keyFrames) * mean(deltas);
  return (bytes * 8) / duration;
}

/** The lengths of the parallel path's segments (each from its start to the next one's, the last to the end). */
export function segmentSeconds(segments: { start: number; end?: number }[], duration: number): number[] {
  return segments.length ? segments.map((s) => Math.max(0, (s.end ?? duration) - s.start)) : [duration];
}

/** Whether the browser's encoder is predicted to overshoot the video bit rate asked (`asked`, bit/s). */
export function overshoots(predicted: number | null, asked: number): boolean {
  return predicted !== null && asked > 0 && predicted > asked * PROBE_OVERSHOOT;
}

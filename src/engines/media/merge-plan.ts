// Video merge (issue 29), the decisions without the bytes: whether the clips' streams can be joined by copying
// packets, where each clip lands on the output timeline, and which sound goes where. Pure; Vitest checks it.
import { sameTrackConfig, type SegmentTrackInfo } from './segments';

export interface ClipAudioInfo {
  /** mediabunny's codec name ('aac', 'opus'…). */
  codec: string | null;
  sampleRate: number;
  channels: number;
  /** The decoder's codec string and configuration record (e.g. the AAC AudioSpecificConfig). */
  config: string;
  description?: Uint8Array;
}

export interface ClipStreams {
  /** mediabunny's codec name of the video ('avc', 'vp9'…). */
  videoCodec: string | null;
  /** The decoder's view of the picture: codec string, coded size, rotation, configuration record. */
  video: SegmentTrackInfo;
  audio: ClipAudioInfo | null;
}

/** Why the clips are re-encoded; each names a sentence in the tool's locale (path.<reason>). */
export type ReencodeReason = 'videoCodec' | 'size' | 'videoConfig' | 'audioMissing' | 'audioFormat' | 'container';

export type JoinVerdict = { copy: true } | { copy: false; reason: ReencodeReason };

function sameBytes(a?: Uint8Array, b?: Uint8Array): boolean {
  if (!a || !b) return !a && !b;
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * Packets of every clip can follow the first clip's only when one decoder configuration serves them all: the same
 * video codec, coded size, rotation and configuration record, and either no sound anywhere or the same sound format
 * (codec, rate, channels, configuration record) everywhere.
 */
export function joinVerdict(clips: readonly ClipStreams[]): JoinVerdict {
  const [first, ...rest] = clips;
  if (!first) return { copy: true };
  for (const c of rest) {
    if (c.videoCodec !== first.videoCodec) return { copy: false, reason: 'videoCodec' };
    if (c.video.codedWidth !== first.video.codedWidth || c.video.codedHeight !== first.video.codedHeight || c.video.rotation !== first.video.rotation) return { copy: false, reason: 'size' };
    if (!sameTrackConfig(first.video, c.video)) return { copy: false, reason: 'videoConfig' };
  }
  const withSound = clips.filter((c) => c.audio).length;
  if (withSound > 0 && withSound < clips.length) return { copy: false, reason: 'audioMissing' };
  if (withSound) {
    const a = first.audio!;
    for (const { audio: b } of rest) {
      if (b!.codec !== a.codec || b!.sampleRate !== a.sampleRate || b!.channels !== a.channels || b!.config !== a.config || !sameBytes(a.description, b!.description)) return { copy: false, reason: 'audioFormat' };
    }
  }
  return { copy: true };
}

/** A clip's picture on its own timeline: the first frame's presentation time and where the last frame ends. */
export interface ClipSpan {
  start: number;
  end: number;
}

/**
 * Where each clip goes: `shift[k]` is added to clip k's own timestamps (so its first frame lands where the previous
 * clip's last frame ends), `at[k]` is where it starts on the output; `duration` is the sum of the clips' lengths.
 */
export function clipTimeline(spans: readonly ClipSpan[]): { at: number[]; shift: number[]; duration: number } {
  const at: number[] = [];
  const shift: number[] = [];
  let t = 0;
  for (const s of spans) {
    at.push(t);
    shift.push(t - s.start);
    t += Math.max(0, s.end - s.start);
  }
  return { at, shift, duration: t };
}

/**
 * The copy path's sound: a packet of clip k (its own time `timestamp`, length `duration`) is kept when most of it
 * lies within the clip's picture, so each clip's sound starts with its picture and stops where the next clip's
 * starts; the priming packet before the first frame and the tail past the last frame are left out. Returns its time
 * on the clip's own timeline relative to the first frame (never below 0), or null when it is left out.
 */
export function audioPacketPlace(timestamp: number, duration: number, span: ClipSpan): number | null {
  const rel = timestamp - span.start;
  const half = duration / 2;
  if (rel + half < 0 || rel + half > span.end - span.start) return null;
  return Math.max(0, rel);
}

/**
 * The re-encode path's sound: a decoded piece (`start` on the output timeline, `frames` at `rate`) placed after the
 * sound written so far (`cursor`) and before the clip's end (`windowEnd`): silence to fill a gap before it, frames to
 * skip at its head (already covered, or before the clip's first frame), frames to keep (up to the clip's end).
 */
export function placeAudioPiece(start: number, frames: number, rate: number, cursor: number, windowEnd: number): { silence: number; skip: number; keep: number } {
  // A gap under one sample is rounding, not silence.
  const silence = start - cursor > 1 / rate ? start - cursor : 0;
  const from = Math.max(start, cursor);
  const skip = Math.min(frames, Math.max(0, Math.round((from - start) * rate)));
  const keep = Math.max(0, Math.min(frames - skip, Math.round((windowEnd - from) * rate)));
  return { silence: Math.min(silence, Math.max(0, windowEnd - cursor)), skip, keep };
}

/**
 * The re-encode path's picture: the output frame times of one clip at `fps` and, for each, the time in the clip to
 * show (the middle of the output frame, so the same frame rate picks each source frame exactly once).
 */
export function frameTimes(span: ClipSpan, fps: number): { count: number; sourceTime: (i: number) => number } {
  const count = Math.max(1, Math.round((span.end - span.start) * fps));
  return { count, sourceTime: (i) => span.start + (i + 0.5) / fps };
}

/** An even size (H.264 wants it), at least 2. */
export const evenSize = (n: number) => Math.max(2, Math.round(n / 2) * 2);

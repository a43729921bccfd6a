// Joining decoded parts (float samples, one rate and channel count) end to end, with an optional equal-power
// crossfade at each join; a join without one that would click is smoothed over a few ms. The merge job runs the same
// plan as one ffmpeg filter graph over the inputs read in place (mergeFilter); joinParts is the plan on samples in
// memory, which the filters are checked against. Pure; Vitest checks both.
import { num, oneOf, type SettingsSchema } from '../../../lib/settings-schema';

export const MERGE_FORMATS = ['mp3', 'wav', 'flac', 'ogg', 'm4a'] as const;
export type MergeFormat = (typeof MERGE_FORMATS)[number];

export interface MergeSettings {
  format: MergeFormat;
  /** Seconds of crossfade at each join (0 = none). */
  crossfade: number;
}

export const MERGE_DEFAULTS: MergeSettings = { format: 'mp3', crossfade: 0 };
export const CROSSFADE_RANGE = [0, 10] as const;
export const MERGE_SCHEMA: SettingsSchema<MergeSettings> = { format: oneOf(MERGE_FORMATS), crossfade: num(...CROSSFADE_RANGE) };

/** How long each side of a hard join (no crossfade) is ramped to silence when the join would click. */
export const DECLICK_SECONDS = 0.005;

/** Frames of crossfade at each join, and of each side of a hard join to look at for a click (see joinPlan). */
export function joinSizes(frames: number[], fadeFrames: number, declickFrames = 0): { fades: number[]; edges: number[] } {
  const cap = (i: number) => (i === 0 || i === frames.length - 1 ? frames[i] : Math.floor(frames[i] / 2));
  const fades = frames.slice(1).map((_, i) => Math.max(0, Math.min(Math.round(fadeFrames), cap(i), cap(i + 1))));
  const edges = fades.map((fade, i) => (fade ? 0 : Math.max(0, Math.min(Math.round(declickFrames), cap(i), cap(i + 1)))));
  return { fades, edges };
}

/**
 * One piece of the joined sound: frames of one part as they are, the crossfade of one part's end into the next's
 * start, or the edges of a hard join (`frames` of each side; smoothed when they would click, else as they are).
 */
export type JoinPiece = { part: number; from: number; to: number } | { fadeOut: number; frames: number } | { join: number; frames: number };

/**
 * The joined sound as pieces in order. Each join overlaps `fadeFrames` frames, at most what each neighbour can give: an
 * end part its whole length, a middle part half of it (it is never faded in and out over the same frames). A join
 * without a crossfade keeps `declickFrames` of each side apart (within the same limits), to be looked at for a click.
 */
export function joinPlan(frames: number[], fadeFrames: number, declickFrames = 0): JoinPiece[] {
  const { fades, edges } = joinSizes(frames, fadeFrames, declickFrames);
  const pieces: JoinPiece[] = [];
  frames.forEach((length, i) => {
    const from = i > 0 ? fades[i - 1] + edges[i - 1] : 0;
    const to = length - (i < fades.length ? fades[i] + edges[i] : 0);
    if (to > from) pieces.push({ part: i, from, to });
    if (i < fades.length && fades[i] > 0) pieces.push({ fadeOut: i, frames: fades[i] });
    if (i < fades.length && edges[i] > 0) pieces.push({ join: i, frames: edges[i] });
  });
  return pieces;
}

/** The raised-cosine gains of a smoothed join at frame `n` of `frames`: down to silence before it, up from it after. */
export const rampDown = (n: number, frames: number) => 0.5 + 0.5 * Math.cos((Math.PI * (n + 1)) / frames);
export const rampUp = (n: number, frames: number) => 0.5 - 0.5 * Math.cos((Math.PI * n) / frames);

/**
 * The two sides of a hard join. When the step across it is larger than any step inside either side (a click), the
 * tail is ramped down to silence and the head up from it by a raised cosine; the length stays. Null when the join
 * is already as smooth as the sound itself (a recording cut in two and joined back stays untouched).
 */
export function declick(tail: Float32Array, head: Float32Array, channels: number): [Float32Array<ArrayBuffer>, Float32Array<ArrayBuffer>] | null {
  const frames = tail.length / channels;
  let own = 0;
  let step = 0;
  for (let c = 0; c < channels; c++) {
    step = Math.max(step, Math.abs(head[c] - tail[tail.length - channels + c]));
    for (let n = 1; n < frames; n++) {
      const at = n * channels + c;
      own = Math.max(own, Math.abs(tail[at] - tail[at - channels]), Math.abs(head[at] - head[at - channels]));
    }
  }
  if (step <= own) return null;
  const down = new Float32Array(tail.length);
  const up = new Float32Array(head.length);
  for (let n = 0; n < frames; n++) {
    const gDown = rampDown(n, frames);
    const gUp = rampUp(n, frames);
    for (let c = 0; c < channels; c++) {
      down[n * channels + c] = tail[n * channels + c] * gDown;
      up[n * channels + c] = head[n * channels + c] * gUp;
    }
  }
  return [down, up];
}

/** The overlap of a join: the outgoing frames faded by cos, the incoming by sin, so the power stays level. */
export function crossfade(tail: Float32Array, head: Float32Array, channels: number): Float32Array<ArrayBuffer> {
  const frames = tail.length / channels;
  const out = new Float32Array(tail.length);
  for (let n = 0; n < frames; n++) {
    const theta = ((n + 0.5) / frames) * (Math.PI / 2);
    const gOut = Math.cos(theta);
    const gIn = Math.sin(theta);
    for (let c = 0; c < channels; c++) out[n * channels + c] = tail[n * channels + c] * gOut + head[n * channels + c] * gIn;
  }
  return out;
}

/** Decoded parts in memory (interleaved float samples) joined into one array: the plan, for tests and short clips. */
export function joinParts(parts: Float32Array[], channels: number, fadeFrames: number, declickFrames = 0): Float32Array {
  const pieces = joinPlan(parts.map((p) => p.length / channels), fadeFrames, declickFrames).flatMap((piece) => {
    if ('part' in piece) return [parts[piece.part].subarray(piece.from * channels, piece.to * channels)];
    const i = 'join' in piece ? piece.join : piece.fadeOut;
    const tail = parts[i].subarray(parts[i].length - piece.frames * channels);
    const head = parts[i + 1].subarray(0, piece.frames * channels);
    if ('join' in piece) return declick(tail, head, channels) ?? [tail, head];
    return [crossfade(tail, head, channels)];
  });
  const out = new Float32Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** What the joined sound is made at: the first file's rate and channel count. */
export interface MergeTarget {
  rate: number;
  channels: number;
}

const LAYOUT_NAMES: Record<number, string> = { 1: 'mono', 2: 'stereo' };

/**
 * The join as one ffmpeg filter graph over inputs 0…n−1, ending in [out]: each input brought to the target's rate,
 * channels and float samples; a join with a crossfade overlaps `fades[i]` frames equal-power (acrossfade, quarter-sine
 * both ways, as `crossfade`); a join marked in `smooth` ramps the last `edges[i]` frames of the one side down and the
 * first of the other up by a raised cosine (as `declick`: the tail by a crossfade into as many frames of silence);
 * the rest are put end to end (concat). Every filter streams: acrossfade holds only the overlap.
 */
export function mergeFilter(count: number, target: MergeTarget, fades: number[], edges: number[], smooth: boolean[]): string {
  const layout = LAYOUT_NAMES[target.channels] ?? `${target.channels}c`;
  const format = `aformat=sample_fmts=fltp:sample_rates=${target.rate}:channel_layouts=${layout},asetpts=PTS-STARTPTS`;
  const chains = Array.from({ length: count }, (_, i) => `[${i}:a:0]${format}[p${i}]`);
  let joined = 'p0';
  for (let i = 0; i + 1 < count; i++) {
    let next = `p${i + 1}`;
    const out = i + 2 === count ? 'out' : `j${i}`;
    if (fades[i] > 0) {
      chains.push(`[${joined}][${next}]acrossfade=ns=${fades[i]}:c1=qsin:c2=qsin[${out}]`);
    } else {
      if (smooth[i] && edges[i] > 0) {
        const n = edges[i];
        chains.push(`aevalsrc=0:s=${target.rate}:c=${layout}:n=${n}:d=1,atrim=end_sample=${n},${format}[z${i}]`);
        chains.push(`[${joined}][z${i}]acrossfade=ns=${n}:c1=hsin:c2=nofade[t${i}]`);
        chains.push(`[${next}]afade=t=in:ns=${n}:curve=hsin[h${i}]`);
        joined = `t${i}`;
        next = `h${i}`;
      }
      chains.push(`[${joined}][${next}]concat=n=2:v=0:a=1[${out}]`);
    }
    joined = out;
  }
  if (count === 1) chains.push('[p0]anull[out]');
  return chains.join(';');
}

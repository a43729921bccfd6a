// Joining decoded parts (float samples, one rate and channel count) end to end, with an optional equal-power
// crossfade at each join. The merge job joins float WAV Blobs; Vitest checks both forms.
import { num, oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import { wavFileHeader } from '../../../engines/media/float-wav';

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

/** One piece of the joined sound: frames of one part as they are, or the crossfade of one part's end into the next's start. */
export type JoinPiece = { part: number; from: number; to: number } | { fadeOut: number; frames: number };

/**
 * The joined sound as pieces in order. Each join overlaps `fadeFrames` frames, at most what each neighbour can give: an
 * end part its whole length, a middle part half of it (it is never faded in and out over the same frames).
 */
export function joinPlan(frames: number[], fadeFrames: number): JoinPiece[] {
  const cap = (i: number) => (i === 0 || i === frames.length - 1 ? frames[i] : Math.floor(frames[i] / 2));
  const fades = frames.slice(1).map((_, i) => Math.max(0, Math.min(Math.round(fadeFrames), cap(i), cap(i + 1))));
  const pieces: JoinPiece[] = [];
  frames.forEach((length, i) => {
    const from = i > 0 ? fades[i - 1] : 0;
    const to = length - (i < fades.length ? fades[i] : 0);
    if (to > from) pieces.push({ part: i, from, to });
    if (i < fades.length && fades[i] > 0) pieces.push({ fadeOut: i, frames: fades[i] });
  });
  return pieces;
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
export function joinParts(parts: Float32Array[], channels: number, fadeFrames: number): Float32Array {
  const pieces = joinPlan(parts.map((p) => p.length / channels), fadeFrames).map((piece) => {
    if ('part' in piece) return parts[piece.part].subarray(piece.from * channels, piece.to * channels);
    const a = parts[piece.fadeOut];
    return crossfade(a.subarray(a.length - piece.frames * channels), parts[piece.fadeOut + 1].subarray(0, piece.frames * channels), channels);
  });
  const out = new Float32Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A decoded part as a float WAV file: its samples stay in the Blob (on disk where the browser puts large ones). */
export interface WavPart {
  blob: Blob;
  /** Byte offset of the samples, and how many frames there are. */
  offset: number;
  frames: number;
}

/**
 * The parts joined into one float WAV without reading them into memory: the kept frames are slices of the parts'
 * Blobs, only the crossfades are read and mixed.
 */
export async function joinWavParts(parts: WavPart[], rate: number, channels: number, fadeFrames: number): Promise<{ blob: Blob; frames: number }> {
  const frameBytes = channels * 4;
  const samples = async (part: WavPart, from: number, to: number) => new Float32Array(await part.blob.slice(part.offset + from * frameBytes, part.offset + to * frameBytes).arrayBuffer());
  const pieces: (Blob | Float32Array<ArrayBuffer>)[] = [];
  let frames = 0;
  for (const piece of joinPlan(parts.map((p) => p.frames), fadeFrames)) {
    if ('part' in piece) {
      const part = parts[piece.part];
      pieces.push(part.blob.slice(part.offset + piece.from * frameBytes, part.offset + piece.to * frameBytes));
      frames += piece.to - piece.from;
    } else {
      const a = parts[piece.fadeOut];
      pieces.push(crossfade(await samples(a, a.frames - piece.frames, a.frames), await samples(parts[piece.fadeOut + 1], 0, piece.frames), channels));
      frames += piece.frames;
    }
  }
  return { blob: new Blob([wavFileHeader(rate, channels, 'f32', frames * frameBytes), ...pieces], { type: 'audio/wav' }), frames };
}

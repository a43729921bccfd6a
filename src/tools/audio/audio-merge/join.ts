// Joining decoded parts (interleaved float samples, one rate and channel count) end to end, with an optional
// equal-power crossfade at each join. Pure: the merge job runs it, Vitest checks it.
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

/**
 * The parts one after another; each join overlaps `fadeFrames` frames (at most the shorter neighbour's length), the
 * outgoing part faded by cos and the incoming by sin, so the power stays level through the join.
 */
export function joinParts(parts: Float32Array[], channels: number, fadeFrames: number): Float32Array {
  const frames = parts.map((p) => p.length / channels);
  const fades = frames.slice(1).map((f, i) => Math.max(0, Math.min(fadeFrames, f, frames[i])));
  const total = frames.reduce((a, b) => a + b, 0) - fades.reduce((a, b) => a + b, 0);
  const out = new Float32Array(total * channels);
  let at = 0; // frame where the next part starts
  parts.forEach((part, i) => {
    const fade = i > 0 ? fades[i - 1] : 0;
    const start = at - fade;
    // The overlap: mixed, sample by sample; the rest copied as it is.
    for (let n = 0; n < fade; n++) {
      const theta = ((n + 0.5) / fade) * (Math.PI / 2);
      const gOut = Math.cos(theta);
      const gIn = Math.sin(theta);
      for (let c = 0; c < channels; c++) {
        const k = (start + n) * channels + c;
        out[k] = out[k] * gOut + part[n * channels + c] * gIn;
      }
    }
    out.set(part.subarray(fade * channels), (start + fade) * channels);
    at = start + frames[i];
  });
  return out;
}

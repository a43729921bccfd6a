// Planar float sound brought to one rate and channel count as it streams (video merge's re-encode path: mediabunny's
// encoder wants one rate throughout, the clips may have others). Linear interpolation: enough for sound that is
// re-encoded lossily anyway. Pure; Vitest checks it.

/** `planes` (one per channel) as `channels` channels: the same, averaged to mono, doubled from mono, or the first ones. */
export function mixChannels(planes: Float32Array[], channels: number): Float32Array[] {
  if (planes.length === channels) return planes;
  if (channels === 1) {
    const out = new Float32Array(planes[0].length);
    for (const p of planes) for (let i = 0; i < out.length; i++) out[i] += p[i] / planes.length;
    return [out];
  }
  return Array.from({ length: channels }, (_, c) => planes[Math.min(c, planes.length - 1)]);
}

/** A streaming linear resampler: chunks pushed one after another come out as one continuous signal at `to` Hz. */
export class LinearResampler {
  /** Where the next output frame falls, in input frames from the start of the next chunk (−1 < t: after the held frame). */
  private t = 0;
  private held: number[] | null = null;
  constructor(
    readonly from: number,
    readonly to: number,
  ) {}

  push(planes: Float32Array[]): Float32Array[] {
    const n = planes[0]?.length ?? 0;
    if (n === 0) return planes.map(() => new Float32Array(0));
    if (this.from === this.to) return planes;
    const step = this.from / this.to;
    const t0 = this.held ? this.t : Math.max(0, this.t);
    const count = t0 > n - 1 ? 0 : Math.floor((n - 1 - t0) / step + 1e-9) + 1;
    const out = planes.map((p, c) => {
      const o = new Float32Array(count);
      for (let k = 0; k < count; k++) {
        const t = t0 + k * step;
        const i = Math.floor(t);
        const frac = t - i;
        const a = i < 0 ? this.held![c] : p[i];
        const b = i + 1 < n ? p[i + 1] : a;
        o[k] = a + (b - a) * frac;
      }
      return o;
    });
    this.t = t0 + count * step - n;
    this.held = planes.map((p) => p[n - 1]);
    return out;
  }
}

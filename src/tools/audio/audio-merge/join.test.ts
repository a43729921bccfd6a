import { describe, expect, it } from 'vitest';
import { wavLayout } from '../../../engines/media/float-wav';
import { joinParts, joinPlan, joinWavParts, type WavPart } from './join';

const maxStep = (x: Float32Array, from = 1, to = x.length) => {
  let m = 0;
  for (let n = Math.max(1, from); n < to; n++) m = Math.max(m, Math.abs(x[n] - x[n - 1]));
  return m;
};

const ramp = (frames: number, channels: number, value: number) => new Float32Array(frames * channels).fill(value);

describe('joinParts', () => {
  it('puts parts end to end without a crossfade', () => {
    const out = joinParts([ramp(3, 2, 1), ramp(2, 2, 2)], 2, 0);
    expect(Array.from(out)).toEqual([1, 1, 1, 1, 1, 1, 2, 2, 2, 2]);
  });

  it('overlaps each join by the crossfade, equal-power and monotonic', () => {
    const a = ramp(48000, 1, 0.5);
    const b = ramp(48000, 1, 0.5);
    const out = joinParts([a, b, ramp(48000, 1, 0.5)], 1, 4800);
    expect(out.length).toBe(3 * 48000 - 2 * 4800);
    // Correlated (equal) signals through an equal-power fade rise by at most √2; never a step between neighbours.
    let jump = 0;
    for (let n = 1; n < out.length; n++) jump = Math.max(jump, Math.abs(out[n] - out[n - 1]));
    expect(jump).toBeLessThan(0.001);
    expect(Math.max(...out.subarray(0, 60000))).toBeLessThanOrEqual(0.5 * Math.SQRT2 + 1e-6);
  });

  it('smooths a hard join that would click, keeping the length; no step then larger than the sound itself makes', () => {
    // A tone ending at its peak (cos) joined to one starting at zero (sin): a 0.5 step, a click.
    const rate = 44100;
    const a = Float32Array.from({ length: rate }, (_, n) => 0.5 * Math.cos((2 * Math.PI * 440 * n) / rate));
    const b = Float32Array.from({ length: rate }, (_, n) => 0.5 * Math.sin((2 * Math.PI * 440 * n) / rate));
    const own = Math.max(maxStep(a), maxStep(b));
    const hard = joinParts([a, b], 1, 0);
    expect(maxStep(hard, rate - 5, rate + 5)).toBeGreaterThan(10 * own);
    const out = joinParts([a, b], 1, 0, 0.005 * rate);
    expect(out.length).toBe(2 * rate);
    expect(maxStep(out)).toBeLessThanOrEqual(own);
    // Away from the join's 5 ms, the samples are the parts' own.
    expect(Array.from(out.subarray(0, rate - 221))).toEqual(Array.from(a.subarray(0, rate - 221)));
    expect(Array.from(out.subarray(rate + 221))).toEqual(Array.from(b.subarray(221)));
  });

  it('leaves a join untouched when it is as smooth as the sound (a recording cut in two and joined back)', () => {
    const tone = Float32Array.from({ length: 2 * 44100 }, (_, n) => 0.5 * Math.sin((2 * Math.PI * 440 * n) / 44100 + 1));
    const out = joinParts([tone.subarray(0, 30_000), tone.subarray(30_000)], 1, 0, 220);
    expect(Array.from(out)).toEqual(Array.from(tone));
  });

  it('never fades longer than the shorter neighbour', () => {
    const out = joinParts([ramp(10, 1, 1), ramp(4, 1, 1)], 1, 100);
    expect(out.length).toBe(10);
  });
});

describe('joinWavParts (the merge job: float WAV Blobs joined as slices)', () => {
  const noise = (frames: number, channels: number, seed: number) => Float32Array.from({ length: frames * channels }, (_, i) => Math.sin(i * 0.37 + seed) * 0.5);
  const asWav = (samples: Float32Array, channels: number): WavPart => {
    const header = 44;
    return { blob: new Blob([new Uint8Array(header), samples as Float32Array<ArrayBuffer>]), offset: header, frames: samples.length / channels };
  };

  it('writes exactly the samples joinParts makes, in a WAV whose header counts them', async () => {
    for (const [fade, declick] of [[0, 0], [300, 0], [0, 240], [300, 240]]) {
      const parts = [noise(1000, 2, 1), noise(700, 2, 2), noise(1200, 2, 3)];
      const expected = joinParts(parts, 2, fade, declick);
      const { blob, frames, smoothed } = await joinWavParts(parts.map((p) => asWav(p, 2)), 48000, 2, fade, declick);
      // The parts' phases differ, so each hard join (no crossfade) steps further than the sound does: both are smoothed.
      expect(smoothed).toBe(declick && !fade ? 2 : 0);
      const bytes = await blob.arrayBuffer();
      const layout = wavLayout(bytes);
      expect([layout.rate, layout.channels, layout.bits, layout.frames, frames]).toEqual([48000, 2, 32, expected.length / 2, expected.length / 2]);
      expect(Array.from(new Float32Array(bytes.slice(layout.offset)))).toEqual(Array.from(expected));
    }
  });

  it('fades a middle part in and out over at most half of it each', () => {
    // The 10-frame clip gives 5 frames to each join and has nothing left to play on its own.
    expect(joinPlan([100, 10, 100], 50)).toEqual([
      { part: 0, from: 0, to: 95 },
      { fadeOut: 0, frames: 5 },
      { fadeOut: 1, frames: 5 },
      { part: 2, from: 5, to: 100 },
    ]);
  });
});

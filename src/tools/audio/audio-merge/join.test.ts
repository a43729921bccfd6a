import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { wavFileHeader } from '../../../engines/media/float-wav';
import { declick, joinParts, joinPlan, joinSizes, mergeFilter } from './join';

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

describe('mergeFilter (the merge job: one ffmpeg graph over the inputs), run by Debian ffmpeg 5.1, the wasm core\'s version', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'audio-merge-graph-'));
  const tone = (frames: number, channels: number, phase: number) => Float32Array.from({ length: frames * channels }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * Math.floor(i / channels)) / 44100 + phase + (i % channels)));
  const wav = (name: string, samples: Float32Array, channels: number) => {
    const file = path.join(dir, name);
    writeFileSync(file, Buffer.concat([Buffer.from(wavFileHeader(44100, channels, 'f32', samples.byteLength)), Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]));
    return file;
  };
  const run = (files: string[], graph: string) => {
    const raw = execFileSync('ffmpeg', ['-v', 'error', ...files.flatMap((f) => ['-i', f]), '-filter_complex', graph, '-map', '[out]', '-c:a', 'pcm_f32le', '-f', 'f32le', '-'], { maxBuffer: 1 << 26 });
    return new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4);
  };
  const parts = [tone(30_000, 2, 0), tone(9_000, 2, 2), tone(20_000, 2, 4)];
  const files = parts.map((p, i) => wav(`p${i}.wav`, p, 2));
  const target = { rate: 44100, channels: 2 };

  it('puts parts end to end, sample for sample, when no join is smoothed', () => {
    const out = run(files, mergeFilter(3, target, [0, 0], [220, 220], [false, false]));
    expect(Array.from(out)).toEqual(Array.from(joinParts(parts, 2, 0)));
  });

  it('crossfades and smooths as joinParts does: the same length, the same samples outside the joins, within 1 % at them', () => {
    for (const [fade, declickFrames] of [[2205, 0], [0, 220]]) {
      const { fades, edges } = joinSizes(parts.map((p) => p.length / 2), fade, declickFrames);
      const smooth = edges.map((n, i) => n > 0 && declick(parts[i].subarray(parts[i].length - 2 * n), parts[i + 1].subarray(0, 2 * n), 2) !== null);
      if (declickFrames) expect(smooth).toContain(true);
      const expected = joinParts(parts, 2, fade, declickFrames);
      const out = run(files, mergeFilter(3, target, fades, edges, smooth));
      expect(out.length).toBe(expected.length);
      let worst = 0;
      for (let i = 0; i < out.length; i++) worst = Math.max(worst, Math.abs(out[i] - expected[i]));
      expect(worst).toBeLessThan(0.01);
      expect(Array.from(out.subarray(0, 2 * 20_000))).toEqual(Array.from(expected.subarray(0, 2 * 20_000)));
    }
  });

  it('brings a mono 48 kHz part to the first part\'s rate and channels', () => {
    const mono = path.join(dir, 'mono48.wav');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=440:r=48000:d=0.5', mono]);
    const out = run([files[0], mono], mergeFilter(2, target, [0], [0], [false]));
    expect(out.length / 2).toBe(30_000 + 22_050);
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

import { describe, expect, it } from 'vitest';
import { LinearResampler, mixChannels } from './pcm-stream';

const sine = (rate: number, from: number, count: number, hz = 1000) => Float32Array.from({ length: count }, (_, i) => Math.sin((2 * Math.PI * hz * (from + i)) / rate));

describe('LinearResampler', () => {
  it('turns 44.1 kHz chunks into one continuous 48 kHz signal of the right length', () => {
    const r = new LinearResampler(44100, 48000);
    const parts: Float32Array[] = [];
    // One second in uneven chunks.
    for (let at = 0, size = 1000; at < 44100; at += size, size = 1000 + (at % 777)) parts.push(r.push([sine(44100, at, Math.min(size, 44100 - at))])[0]);
    const out = Float32Array.from(parts.flatMap((p) => [...p]));
    expect(Math.abs(out.length - 48000)).toBeLessThanOrEqual(2);
    // Every output sample is the 1 kHz sine at its own time (linear interpolation: the error of a straight line between samples, (πf/fs)²/2 = 0.25 %).
    const ref = sine(48000, 0, out.length);
    expect(Math.max(...out.map((v, i) => Math.abs(v - ref[i])))).toBeLessThan(0.003);
  });

  it('passes a chunk at the same rate through', () => {
    const p = [sine(48000, 0, 10)];
    expect(new LinearResampler(48000, 48000).push(p)).toBe(p);
  });
});

describe('mixChannels', () => {
  it('averages to mono, doubles mono, keeps the first two of more', () => {
    const l = Float32Array.from([1, 0]);
    const r = Float32Array.from([0, 1]);
    expect([...mixChannels([l, r], 1)[0]]).toEqual([0.5, 0.5]);
    expect(mixChannels([l], 2)).toEqual([l, l]);
    expect(mixChannels([l, r, l], 2)).toEqual([l, r]);
  });
});

import { AudioSample } from 'mediabunny';
import { describe, expect, it } from 'vitest';
import { toPlanar } from './planar';

describe('toPlanar', () => {
  it('re-makes interleaved samples as planar floats, same channels, rate, time and values', () => {
    // Two channels, three frames, interleaved 16-bit: L0 R0 L1 R1 L2 R2.
    const s16 = new Int16Array([16384, -16384, 8192, -8192, 0, 32767]);
    const input = new AudioSample({ data: s16, format: 's16', numberOfChannels: 2, sampleRate: 44100, timestamp: 1.5 });
    const out = toPlanar(input);
    expect(out).not.toBe(input);
    expect(out.format).toBe('f32-planar');
    expect([out.numberOfChannels, out.numberOfFrames, out.sampleRate, out.timestamp]).toEqual([2, 3, 44100, 1.5]);
    const left = new Float32Array(3);
    const right = new Float32Array(3);
    out.copyTo(left, { planeIndex: 0, format: 'f32-planar' });
    out.copyTo(right, { planeIndex: 1, format: 'f32-planar' });
    expect(Array.from(left)).toEqual([0.5, 0.25, 0]);
    expect(Array.from(right).map((v) => Math.round(v * 1000) / 1000)).toEqual([-0.5, -0.25, 1]);
    out.close();
  });

  it('passes planar samples through untouched', () => {
    const planar = new AudioSample({ data: new Float32Array(4), format: 'f32-planar', numberOfChannels: 2, sampleRate: 48000, timestamp: 0 });
    expect(toPlanar(planar)).toBe(planar);
    planar.close();
  });
});

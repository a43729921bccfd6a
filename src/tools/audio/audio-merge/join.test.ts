import { describe, expect, it } from 'vitest';
import { joinParts } from './join';

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

  it('never fades longer than the shorter neighbour', () => {
    const out = joinParts([ramp(10, 1, 1), ramp(4, 1, 1)], 1, 100);
    expect(out.length).toBe(10);
  });
});

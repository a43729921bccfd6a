import { describe, expect, it } from 'vitest';
import { Frontier, SampleClock } from './peak-segments';
import { PeakCollector } from './peaks';

describe('Frontier', () => {
  it('reaches only as far as every frame from 0 is decoded, across runs finishing in any order', () => {
    const f = new Frontier([0, 100, 200]);
    expect(f.done).toBe(0);
    f.advance(1, 150);
    f.advance(2, 260);
    expect(f.done).toBe(0);
    f.advance(0, 80);
    expect(f.done).toBe(80);
    f.finish(0);
    expect(f.done).toBe(150);
    f.finish(1);
    expect(f.done).toBe(260);
    f.finish(2);
    expect(f.done).toBe(Infinity);
  });
});

describe('SampleClock', () => {
  it('places outputs one after another from the first packet, as mediabunny does', () => {
    // The decoder stamps its first output 0 though the first packet was at 1 s (negative-time fix-up).
    const c = new SampleClock(16_000, 1);
    expect(c.place(0, 576)).toBe(16_000);
    expect(c.place(0.036, 576)).toBe(16_576);
    // A stamp a little off is ignored (the running count is exact), one a whole output off is followed.
    expect(c.place(0.0721, 576)).toBe(17_152);
    expect(c.place(10, 576)).toBe(176_000);
    expect(c.place(10.036, 576)).toBe(176_576);
  });

  it('rounds positions that are not whole frames', () => {
    const c = new SampleClock(44_100, 0);
    expect(c.place(0, 1152)).toBe(0);
    expect(c.place(0.026122, 1152)).toBe(1152);
  });
});

describe('PeakCollector fed by several runs', () => {
  it('gives the same peaks as one run in order, and hands them on only up to the decoded frame', () => {
    const total = 1000;
    const signal = Float32Array.from({ length: total }, (_, i) => Math.sin(i * 0.37) * (i / total));
    const inOrder = new PeakCollector(37, total, () => {});
    inOrder.add(0, [signal], total);
    const chunks: [number, number][] = [];
    const split = new PeakCollector(37, total, (from, values) => chunks.push([from, values.length]));
    // The second half first, then the first half in two pieces.
    split.add(500, [signal.subarray(500)], 500);
    split.flush(false, 0);
    expect(chunks).toEqual([]);
    split.add(0, [signal.subarray(0, 250)], 250);
    split.flush(false, 250);
    split.add(250, [signal.subarray(250, 500)], 250);
    split.flush(false, 1000);
    split.flush(true);
    expect(Array.from(split.peaks)).toEqual(Array.from(inOrder.peaks));
    // Bucket 9 holds frames 244..270: not complete at frame 250.
    expect(chunks).toEqual([
      [0, 9],
      [9, 27],
      [36, 1],
    ]);
  });
});

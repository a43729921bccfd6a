import { describe, expect, it } from 'vitest';
import { atempoChain, scaleTime, tempoFilter } from './tempo';

describe('tempo', () => {
  it('builds the chain for 0.25× to 4×: pad, atempo steps whose product is the factor, cut at seconds ÷ factor', () => {
    expect(tempoFilter(2, 2)).toBe('apad=pad_dur=1,atempo=2.000000,atrim=end=1.000000');
    expect(tempoFilter(0.25, 2)).toBe('apad=pad_dur=1,atempo=0.5,atempo=0.500000,atrim=end=8.000000');
    expect(tempoFilter(4, 3)).toBe('apad=pad_dur=1,atempo=2,atempo=2.000000,atrim=end=0.750000');
    expect(tempoFilter(1, 2)).toBe('apad=pad_dur=1,atrim=end=2.000000');
    expect(atempoChain(0.75)).toEqual(['atempo=0.750000']);
  });

  it('scales timestamps and durations by the factor, order kept', () => {
    expect(scaleTime(3, 2)).toBe(1.5);
    expect(scaleTime(0.04, 0.25)).toBeCloseTo(0.16, 12);
    expect(scaleTime(0, 4)).toBe(0);
    // B-frame presentation times stay in the same order after scaling.
    const pts = [0, 0.3, 0.1, 0.2];
    expect(pts.map((t) => scaleTime(t, 4))).toEqual([0, 0.075, 0.025, 0.05]);
  });
});

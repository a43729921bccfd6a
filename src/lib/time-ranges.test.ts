import { describe, expect, it } from 'vitest';
import { formatTime, keptRanges, normaliseRanges, parseTime, totalLength } from './time-ranges';

describe('parseTime', () => {
  it('reads seconds and clock times', () => {
    expect(parseTime('12.5')).toBe(12.5);
    expect(parseTime('12,5')).toBe(12.5);
    expect(parseTime('02:03')).toBe(123);
    expect(parseTime('1:02:03.250')).toBeCloseTo(3723.25, 9);
    expect(parseTime(' 0:00:01.5 ')).toBe(1.5);
    expect(parseTime('.5')).toBe(0.5);
  });
  it('refuses what is not a time', () => {
    for (const bad of ['', 'abc', '1:75', '-3', '1:2:3:4', '1e3', '1::2', '1:.5x']) expect(parseTime(bad), bad).toBeUndefined();
  });
  it('round-trips through formatTime to the millisecond', () => {
    for (const s of [0, 0.001, 59.999, 61.5, 3599.999, 3723.25]) expect(parseTime(formatTime(s))).toBeCloseTo(s, 6);
    expect(formatTime(3723.25)).toBe('1:02:03.250');
    expect(formatTime(5)).toBe('00:05.000');
  });
});

describe('ranges', () => {
  it('clips, sorts and merges', () => {
    expect(normaliseRanges([{ start: 8, end: 12 }, { start: 1, end: 3 }, { start: 2, end: 4 }, { start: 5, end: 5 }], 10)).toEqual([
      { start: 1, end: 4 },
      { start: 8, end: 10 },
    ]);
  });
  it('keeps the complement in remove mode', () => {
    const kept = keptRanges([{ start: 2, end: 3 }, { start: 5, end: 10 }], 'remove', 10);
    expect(kept).toEqual([
      { start: 0, end: 2 },
      { start: 3, end: 5 },
    ]);
    expect(totalLength(kept)).toBe(4);
    expect(keptRanges([{ start: 0, end: 10 }], 'remove', 10)).toEqual([]);
  });
});

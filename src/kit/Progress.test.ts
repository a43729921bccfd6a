import { describe, expect, it } from 'vitest';
import { estimateSecondsLeft } from './Progress';

describe('estimateSecondsLeft', () => {
  it('extrapolates from the measured rate', () => {
    // 25 of 100 frames in 5 s → 15 s left.
    expect(estimateSecondsLeft({ kind: 'fraction', done: 25, total: 100, unit: 'frames' }, 0, 5000)).toBeCloseTo(15);
  });
  it('counts from when the counted work began, not from an engine download before it', () => {
    // 20 s to fetch and start the engine, then 25 % of the encode in 5 s → 15 s left (not 75 s).
    expect(estimateSecondsLeft({ kind: 'fraction', done: 25, total: 100, unit: 'percent', since: 20_000 }, 0, 25_000)).toBeCloseTo(15);
    expect(estimateSecondsLeft({ kind: 'fraction', done: 1, total: 100, unit: 'percent', since: 20_000 }, 0, 20_500)).toBeUndefined();
  });
  it('says nothing where nothing real is known', () => {
    expect(estimateSecondsLeft({ kind: 'indeterminate' }, 0, 5000)).toBeUndefined();
    expect(estimateSecondsLeft({ kind: 'fraction', done: 0, total: 100, unit: 'bytes' }, 0, 5000)).toBeUndefined();
    expect(estimateSecondsLeft({ kind: 'fraction', done: 10, total: 100, unit: 'bytes' }, 0, 500)).toBeUndefined(); // under a second: too early
    expect(estimateSecondsLeft(undefined, 0, 5000)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { slotTimes } from './thumbnails';

describe('slotTimes', () => {
  it('takes each slot from the middle of its stretch of the timeline, after the first timestamp', () => {
    expect(slotTimes(30, 3)).toEqual([5, 15, 25]);
    expect(slotTimes(10, 4, 0.5)).toEqual([1.75, 4.25, 6.75, 9.25]);
  });
});

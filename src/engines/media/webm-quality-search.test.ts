import { describe, expect, it } from 'vitest';
import { SSIM_TOLERANCE } from './quality-search';
import { chosenKnob, knobFloor, nextKnob, rateAt } from './webm-quality-search';

// Real figures: Chromium 156's WebCodecs AV1 on bench/media's clips (README: "WebM at a target quality").
describe('WebM quality search on the bit rate', () => {
  it("puts the level's rate at knob 23 and halves it every 6 steps, never above the input's own rate", () => {
    // 720p30 "medium" (0.125 bit a pixel): 3,456,000 bit/s.
    expect(rateAt(23, 3_456_000)).toBe(3_456_000);
    expect(rateAt(29, 3_456_000)).toBe(1_728_000);
    expect(rateAt(17, 3_456_000)).toBe(6_912_000);
    // The pan clip's video runs at 3.49 Mbit/s: the level's rate is about all the search may ask.
    expect(knobFloor(3_456_000, 3_490_000)).toBe(23);
    expect(rateAt(knobFloor(3_456_000, 3_490_000), 3_456_000)).toBeLessThanOrEqual(3_490_000);
    // An input at 4× the level's rate leaves two halvings of room; no input rate known: x264's CRF floor.
    expect(knobFloor(1_000_000, 4_000_000)).toBe(11 + 1);
    expect(knobFloor(1_000_000, undefined)).toBe(12);
  });

  it('stops at the first probe within the tolerance (pan clip, medium: 3.456 Mbit/s gave SSIM 0.9712)', () => {
    const probes = [{ crf: 23, ssim: 0.9712 }];
    expect(nextKnob(probes, 0.97, 23)).toBeUndefined();
    expect(chosenKnob(probes, 0.97, SSIM_TOLERANCE)).toEqual({ knob: 23, reached: true });
  });

  it('steps to a lower rate when the first is well above the target, and stops within the tolerance', () => {
    // testsrc 720p, AV1 (equal-quality.mjs): 9.41 Mbit/s gave 0.9564, 3.76 Mbit/s 0.9527. Aiming at 0.95 with 9.41 at
    // knob 23: 0.0064 over is 2 steps (the slope's floor) towards fewer bits.
    const level = 9_410_000;
    expect(nextKnob([{ crf: 23, ssim: 0.9564 }], 0.95, 12)).toBe(25);
    const k376 = Math.round((23 + 6 * Math.log2(level / 3_760_000)) * 2) / 2;
    expect(k376).toBe(31);
    const probes = [
      { crf: 23, ssim: 0.9564 },
      { crf: k376, ssim: 0.9527 },
    ];
    // 0.9527 is within 0.003 of 0.95: done, at the lowest rate that reached it.
    expect(nextKnob(probes, 0.95, 12)).toBeUndefined();
    expect(chosenKnob(probes, 0.95, SSIM_TOLERANCE)).toEqual({ knob: 31, reached: true });
    expect(rateAt(31, level)).toBe(3_734_361);
  });

  it('says when the level cannot be reached under the input rate (testsrc, AV1 levels off near 0.956)', () => {
    // Aiming at "medium" (0.97) with 3.76 Mbit/s at knob 23 and the input at 9.41 Mbit/s (knob 15.5 the floor).
    const floor = knobFloor(3_760_000, 9_410_000);
    expect(floor).toBe(15.5);
    const first = [{ crf: 23, ssim: 0.9527 }];
    // 0.0173 under: 4.3 steps of the slope, rounded to a half.
    expect(nextKnob(first, 0.97, floor)).toBe(18.5);
    // At knob 18.5 (6.32 Mbit/s): the measured curve read between 3.76 and 9.41 Mbit/s (log rate).
    const probes = [...first, { crf: 18.5, ssim: 0.9548 }];
    // Further down the slope lies under the floor: the floor itself, once.
    expect(nextKnob(probes, 0.97, floor)).toBe(floor);
    probes.push({ crf: floor, ssim: 0.9564 });
    expect(nextKnob(probes, 0.97, floor)).toBeUndefined();
    // The highest rate probed, and the row says the level was not reached.
    expect(chosenKnob(probes, 0.97, SSIM_TOLERANCE)).toEqual({ knob: 15.5, reached: false });
  });
});

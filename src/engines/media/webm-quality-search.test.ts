import { describe, expect, it } from 'vitest';
import { SSIM_TOLERANCE } from './quality-search';
import { atEncoderFloor, chosenKnob, correctedKnob, encoderFloor, knobFloor, nextKnob, rateAt } from './webm-quality-search';

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

  // The 8 s 720p clips of bench/media (Chromium 156 AV1, 2026-11-29): sampled 1 s windows, each encoded from a key
  // frame, score under the whole encode at the same rate.
  it('moves the rate by the gap between the windows and the file made (pan: 0.9713 sampled, 0.9801 made)', () => {
    const probes = [{ crf: 23, ssim: 0.9713 }];
    // One whole encode: 0.0101 over the level is 2.5 steps towards fewer bits (half a step kept).
    expect(correctedKnob(probes, [{ crf: 23, ssim: 0.9801 }], 0.97, 23, SSIM_TOLERANCE)).toBe(25.5);
    // Two on one side: their own slope, followed (capped at 9 steps): the pan's AV1 moved 0.0015 in 2.5 steps.
    expect(correctedKnob(probes, [{ crf: 23, ssim: 0.98 }, { crf: 25.5, ssim: 0.9785 }], 0.97, 23, SSIM_TOLERANCE)).toBe(34.5);
    // Under the level on both: towards more bits, never past the floor.
    expect(correctedKnob(probes, [{ crf: 30, ssim: 0.96 }, { crf: 28, ssim: 0.964 }], 0.97, 23, SSIM_TOLERANCE)).toBe(25);
    // Two: the whole encodes alone lead (bracketed: read between them).
    expect(correctedKnob(probes, [{ crf: 23, ssim: 0.9801 }, { crf: 25.5, ssim: 0.9652 }], 0.97, 23, SSIM_TOLERANCE)).toBe(24.5);
  });

  it('takes a probe the gap brings within the tolerance, the cheapest such', () => {
    // Screen recording: the file made at the chosen 36 scores 0.013 over its windows, so the probe at 34 (0.9738)
    // would be 0.9868 and 29 above; neither is close: step on from the file made.
    const probes = [
      { crf: 29, ssim: 0.9897 },
      { crf: 34, ssim: 0.9738 },
      { crf: 36, ssim: 0.9677 },
    ];
    expect(chosenKnob(probes, 0.97, SSIM_TOLERANCE)).toEqual({ knob: 36, reached: true });
    // Moved by the gap, the probes at 34 and 36 say 0.003 a step: 0.0107 over is 3.5 steps.
    expect(correctedKnob(probes, [{ crf: 36, ssim: 0.9807 }], 0.97, 12, SSIM_TOLERANCE)).toBe(39.5);
    // A gap of -0.004 (the file under its windows) brings 34 to 0.9698: taken as it is.
    expect(correctedKnob(probes, [{ crf: 36, ssim: 0.9637 }], 0.97, 12, SSIM_TOLERANCE)).toBe(34);
  });

  it('stops at the floor: no more bits than the input has (dark: 0.9517 sampled, 0.9609 made at the input rate)', () => {
    expect(correctedKnob([{ crf: 23, ssim: 0.9517 }], [{ crf: 23, ssim: 0.9609 }], 0.97, 23, SSIM_TOLERANCE)).toBeUndefined();
  });

  it('names the encoder floor only where the file is better than the level and took well over the rate asked', () => {
    // Firefox's AV1 on a 3 s 480×270 pan: asked 38,186 bit/s, made 96,760 bytes with 96 kbit/s of Opus, SSIM 0.967 for 0.95.
    const made = { bytes: 96_760, duration: 3, audioRate: 96_000 };
    expect(encoderFloor(made, 38_186, 0.967, 0.95, SSIM_TOLERANCE)).toBe(162_027);
    // At the level (within the tolerance), or the rate kept: nothing to name.
    expect(encoderFloor(made, 38_186, 0.953, 0.95, SSIM_TOLERANCE)).toBeUndefined();
    expect(encoderFloor(made, 120_000, 0.967, 0.95, SSIM_TOLERANCE)).toBeUndefined();
    expect(encoderFloor({ ...made, duration: 0 }, 38_186, 0.967, 0.95, SSIM_TOLERANCE)).toBeUndefined();
  });

  it("stops the search at the encoder's floor: a much lower rate asked, about the same bytes, both above the level", () => {
    // Firefox ESR's AV1 on the 3 s 480×270 pan at "low" (0.95), levelRate 272,160 bit/s at knob 23: the windows took
    // 48,652 bytes at 272 kbit/s, 36,500 at 153 and 36,529 at 86.
    const probes = [
      { crf: 23, ssim: 0.9707, bytes: 48_652 },
      { crf: 28, ssim: 0.9698, bytes: 36_500 },
    ];
    expect(atEncoderFloor(probes, 0.95, SSIM_TOLERANCE)).toBe(false);
    expect(atEncoderFloor([...probes, { crf: 33, ssim: 0.9698, bytes: 36_529 }], 0.95, SSIM_TOLERANCE)).toBe(true);
    // Fewer bytes for the lower rate (Chromium's AV1 on the pan clip: the rate honoured), a step too small to say,
    // or the last probe at the level: the search goes on.
    expect(atEncoderFloor([...probes, { crf: 33, ssim: 0.9662, bytes: 24_000 }], 0.95, SSIM_TOLERANCE)).toBe(false);
    expect(atEncoderFloor([probes[1], { crf: 30, ssim: 0.9698, bytes: 36_529 }], 0.95, SSIM_TOLERANCE)).toBe(false);
    expect(atEncoderFloor([probes[1], { crf: 33, ssim: 0.951, bytes: 36_529 }], 0.95, SSIM_TOLERANCE)).toBe(false);
  });
});

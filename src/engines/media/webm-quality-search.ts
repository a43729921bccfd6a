// WebM at a quality level (issue 26): the browser's VP9/AV1 encoders reach SSIM 0.95 only in bit-rate mode (their
// quantizer scale stops near 0.97, bench/media/README.md), so the search runs on the bit rate. It is expressed on
// x264's CRF scale (6 steps halve the rate), so quality-search.ts's nextCrf/chosenCrf drive both paths unchanged.
import { chosenCrf, CRF_MAX, CRF_MIN, nextCrf, type Probe } from './quality-search';

/** The knob's starting point: the level's bits per pixel (bitrate.ts) sits at "CRF 23". */
export const KNOB_START = 23;
const STEPS_PER_HALVING = 6;

/** The bit rate (bit/s) at a knob value, from the level's rate at KNOB_START. */
export function rateAt(knob: number, levelRate: number): number {
  return Math.round(levelRate * 2 ** ((KNOB_START - knob) / STEPS_PER_HALVING));
}

/**
 * The lowest knob (highest bit rate) the search may ask: never above the input's own video bit rate (a WebM no
 * better than the input costs more than it), and within x264's CRF range.
 */
export function knobFloor(levelRate: number, inputRate: number | undefined): number {
  if (!inputRate || !(inputRate > 0)) return CRF_MIN;
  const knob = KNOB_START - STEPS_PER_HALVING * Math.log2(inputRate / levelRate);
  return Math.min(CRF_MAX, Math.max(CRF_MIN, Math.ceil(knob * 2) / 2));
}

/** The next knob to try (nextCrf), kept at or above the floor; undefined when the search is done. */
export function nextKnob(probes: Probe[], target: number, floor: number): number | undefined {
  const next = nextCrf(probes, target);
  if (next === undefined) return undefined;
  const knob = Math.max(floor, next);
  return probes.some((p) => p.crf === knob) ? undefined : knob;
}

/** The knob to encode with, and whether its sampled frames reached the target (within the search's tolerance). */
export function chosenKnob(probes: Probe[], target: number, tolerance: number): { knob: number; reached: boolean } {
  const knob = chosenCrf(probes, target);
  const ssim = probes.find((p) => p.crf === knob)!.ssim;
  return { knob, reached: ssim >= target - tolerance };
}

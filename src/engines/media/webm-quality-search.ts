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

/** A probe of the search with the bytes its windows took (all windows together). */
export interface SizedProbe extends Probe {
  bytes: number;
}

/**
 * The encoder's floor met in the search: the last probe asked at most 0.7× the bit rate of the one before (3 steps
 * or more) yet took at least 0.85× its bytes, and both are above the target by more than the tolerance. Firefox's
 * AV1 (480×270 pan): asked 272, 153, 86, 48 and 38 kbit/s, it scored 0.9707, 0.9698, 0.9698, 0.9694, 0.9674 — the
 * same file from 153 down. Lower rates make the same file: the search stops, the whole video is encoded at the lowest
 * rate the search may ask, and the row names the floor (encoderFloor).
 */
export function atEncoderFloor(probes: readonly SizedProbe[], target: number, tolerance: number): boolean {
  const [a, b] = probes.slice(-2);
  if (!a || !b || b.crf - a.crf < 3) return false;
  return a.ssim > target + tolerance && b.ssim > target + tolerance && b.bytes >= 0.85 * a.bytes;
}

/** The knob to encode with, and whether its sampled frames reached the target (within the search's tolerance). */
export function chosenKnob(probes: Probe[], target: number, tolerance: number): { knob: number; reached: boolean } {
  const knob = chosenCrf(probes, target);
  const ssim = probes.find((p) => p.crf === knob)!.ssim;
  return { knob, reached: ssim >= target - tolerance };
}

/**
 * The knob for another whole encode when the file made missed the target: windows encoded on their own each start
 * with a key frame and a cold rate control, so at one bit rate they score below the same seconds inside the whole
 * encode (0.9713 sampled, 0.9801 made, pan clip 720p at 3.456 Mbit/s). With one whole encode, the probes' curve is
 * moved by that gap; with two or more, the whole encodes alone lead. A point within the tolerance is taken as it is
 * (the cheapest such); undefined where no knob not yet encoded would do better (the floor reached, or bracketed).
 */
export function correctedKnob(probes: Probe[], whole: Probe[], target: number, floor: number, tolerance: number): number | undefined {
  const last = whole.at(-1)!;
  const probed = probes.find((p) => p.crf === whole[0].crf);
  const gap = probed ? whole[0].ssim - probed.ssim : 0;
  const points = whole.length > 1 ? whole : [...probes.filter((p) => p.crf !== last.crf).map((p) => ({ crf: p.crf, ssim: p.ssim + gap })), last];
  const encoded = (knob: number) => whole.some((w) => w.crf === knob);
  const close = points.filter((p) => !encoded(p.crf) && p.crf >= floor && Math.abs(p.ssim - target) <= tolerance).sort((a, b) => b.crf - a.crf)[0];
  if (close) return close.crf;
  const next = secantKnob(points, target) ?? nextCrf(points, target);
  if (next === undefined) return undefined;
  const knob = Math.max(floor, next);
  return encoded(knob) ? undefined : knob;
}

/** Most steps one correction may take along a measured slope (a halving and a half of the rate). */
const MAX_SECANT_STEP = 9;

/**
 * Where every point lies on one side of the target, the slope of the two nearest it, followed to the target: AV1's
 * SSIM can move far less with the rate than x264's with its CRF (pan clip: 0.0006 a step, nextCrf assumes 0.004).
 * Undefined when the points bracket the target or say nothing of a slope.
 */
function secantKnob(points: Probe[], target: number): number | undefined {
  const above = points.every((p) => p.ssim > target);
  if (!above && !points.every((p) => p.ssim < target)) return undefined;
  const [a, b] = [...points].sort((x, y) => (above ? y.crf - x.crf : x.crf - y.crf));
  if (!b || a.crf === b.crf) return undefined;
  const slope = (a.ssim - b.ssim) / (a.crf - b.crf);
  if (!(slope < -1e-5)) return undefined;
  const step = Math.min(MAX_SECANT_STEP, Math.max(1, Math.abs(a.ssim - target) / -slope));
  return Math.round(Math.min(CRF_MAX, Math.max(CRF_MIN, a.crf + (above ? step : -step))) * 2) / 2;
}

/**
 * The video bit rate (bit/s) the encoder would not go below, where the file made is better than the level by more
 * than the tolerance and its video took over 1.5× the rate asked: Firefox's AV1 and VP9 keep a quantizer floor (asked
 * 38 kbit/s, made ~150 on a 480×270 pan), so a lower level cannot be reached there. Undefined otherwise.
 */
export function encoderFloor(made: { bytes: number; duration: number; audioRate: number }, askedRate: number, ssim: number, target: number, tolerance: number): number | undefined {
  if (!(made.duration > 0) || !(ssim > target + tolerance)) return undefined;
  const videoRate = (made.bytes * 8) / made.duration - made.audioRate;
  return videoRate > 1.5 * askedRate ? Math.round(videoRate) : undefined;
}

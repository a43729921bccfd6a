// What tracing an image will cost, from its pixels and how busy its colours are: imagetracer's time and the
// SVG's size both grow with the number of colour edges, so a photo costs far more per pixel than a logo.
import type { TracerImageData } from 'imagetracerjs';

/** Share of neighbouring pixel pairs (on a sample grid) whose colours differ visibly: ~0 for flat art, ~0.5+ for photos. */
export function traceComplexity(img: TracerImageData, samples = 40_000): number {
  const { width, height, data } = img;
  const step = Math.max(1, Math.floor(Math.sqrt((width * height) / samples)));
  let edges = 0;
  let pairs = 0;
  for (let y = 0; y < height - 1; y += step) {
    for (let x = 0; x < width - 1; x += step) {
      const i = (y * width + x) * 4;
      const right = i + 4;
      const below = i + width * 4;
      for (const j of [right, below]) {
        pairs++;
        if (Math.abs(data[i] - data[j]) + Math.abs(data[i + 1] - data[j + 1]) + Math.abs(data[i + 2] - data[j + 2]) + Math.abs(data[i + 3] - data[j + 3]) > 24) edges++;
      }
    }
  }
  return pairs ? edges / pairs : 0;
}

/** More than 2% of the sampled, visible pixels are clearly coloured (not grey): trace in colour. */
export function isColourful(img: TracerImageData, samples = 40_000): boolean {
  const { width, height, data } = img;
  const step = Math.max(1, Math.floor((width * height) / samples));
  let coloured = 0;
  let seen = 0;
  for (let p = 0; p < width * height; p += step) {
    const i = p * 4;
    if (data[i + 3] < 128) continue;
    seen++;
    if (Math.max(data[i], data[i + 1], data[i + 2]) - Math.min(data[i], data[i + 1], data[i + 2]) > 40) coloured++;
  }
  return seen > 0 && coloured / seen > 0.02;
}

export interface TraceEstimate {
  seconds: number;
  bytes: number;
}

/**
 * Rough cost from pixels and edge density, fitted on bench/image's photos in Node (one core): colour tracing
 * took 2.7–7.4 s per megapixel and wrote 1.9–4.4 MB of SVG per megapixel at complexity 0.15–0.25; black and
 * white about 0.5–1.2 s and 0.04–0.4 MB.
 */
export function estimateTrace(pixels: number, complexity: number, mode: 'bw' | 'color'): TraceEstimate {
  const mp = pixels / 1e6;
  return mode === 'color' ? { seconds: mp * (1 + 25 * complexity), bytes: mp * 16e6 * complexity } : { seconds: mp * (0.3 + 4 * complexity), bytes: mp * 1.5e6 * complexity };
}

/** Past these, the page offers to downscale first. */
const SLOW_SECONDS = 15;
const HUGE_BYTES = 15e6;
/** What a downscale aims for. */
const TARGET_SECONDS = 8;
const TARGET_BYTES = 5e6;

export function needsGuard(e: TraceEstimate): boolean {
  return e.seconds > SLOW_SECONDS || e.bytes > HUGE_BYTES;
}

/** The size to downscale to so the estimate falls to about TARGET_SECONDS and TARGET_BYTES (aspect kept). */
export function downscaleTarget(width: number, height: number, e: TraceEstimate): { width: number; height: number } {
  const f = Math.min(1, TARGET_SECONDS / e.seconds, TARGET_BYTES / Math.max(1, e.bytes));
  const s = Math.sqrt(f);
  return { width: Math.max(1, Math.round(width * s)), height: Math.max(1, Math.round(height * s)) };
}

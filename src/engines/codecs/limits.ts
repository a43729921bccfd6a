// What fits: refuse before decoding rather than crash the tab. A 50 MP photo (8660×5773) must pass.
import type { Dimensions } from './header';
import type { OutputFormat } from './formats';

/** RGBA at 4 bytes a pixel: 100 MP is 400 MB decoded, plus the encoder's copy inside its 4 GB wasm memory. */
const MAX_PIXELS = 100_000_000;
export const MAX_SIDE = 32_768;
/** The WebP format cannot store a side over 16383 pixels; JPEG XL's 2^30 − 1 leaves MAX_PIXELS to decide. */
const FORMAT_MAX_SIDE: Partial<Record<OutputFormat, number>> = { webp: 16_383, gif: 65_535, jpeg: 65_500, jxl: 1_073_741_823 };

type LimitProblem = { key: 'tooManyPixels' | 'formatTooLarge' | 'badDimensions'; params: Record<string, number | string> };

export function checkInputSize(d: Dimensions): LimitProblem | null {
  if (!(d.width > 0 && d.height > 0)) return { key: 'badDimensions', params: {} };
  if (d.width * d.height > MAX_PIXELS || d.width > MAX_SIDE || d.height > MAX_SIDE) {
    return { key: 'tooManyPixels', params: { width: d.width, height: d.height, megapixels: Math.round((d.width * d.height) / 1e6), limit: MAX_PIXELS / 1e6 } };
  }
  return null;
}

export function checkOutputSize(d: Dimensions, format: OutputFormat): LimitProblem | null {
  if (!(d.width >= 1 && d.height >= 1)) return { key: 'badDimensions', params: {} };
  const max = FORMAT_MAX_SIDE[format];
  if (max !== undefined && (d.width > max || d.height > max)) return { key: 'formatTooLarge', params: { max, width: d.width, height: d.height } };
  if (d.width * d.height > MAX_PIXELS) return { key: 'tooManyPixels', params: { width: d.width, height: d.height, megapixels: Math.round((d.width * d.height) / 1e6), limit: MAX_PIXELS / 1e6 } };
  return null;
}

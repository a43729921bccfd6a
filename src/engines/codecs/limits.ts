// What fits: refuse before decoding rather than crash the tab. A 50 MP photo (8660×5773) must pass.
import { readDimensions, type Dimensions } from './header';
import { detectFormat, type OutputFormat } from './formats';

/** RGBA at 4 bytes a pixel: 100 MP is 400 MB decoded, plus the encoder's copy inside its 4 GB wasm memory. */
const MAX_PIXELS = 100_000_000;
export const MAX_SIDE = 32_768;
/** The WebP format cannot store a side over 16383 pixels; JPEG XL's 2^30 − 1 leaves MAX_PIXELS to decide. */
const FORMAT_MAX_SIDE: Partial<Record<OutputFormat, number>> = { webp: 16_383, gif: 65_535, jpeg: 65_500, jxl: 1_073_741_823 };

/**
 * An animation's frames are each composited at the logical screen's size and encoded one at a time: memory stays
 * at one frame (MAX_PIXELS bounds it) but the work grows with frames × screen area. Ten single-image limits: a
 * 1080p GIF of 480 frames passes; 10,000 frames on a 4000×4000 screen (160,000 MP, issue 25.6) do not.
 */
const MAX_ANIMATION_PIXELS = 10 * MAX_PIXELS;

type LimitProblem = { key: 'tooManyPixels' | 'tooManyFramePixels' | 'formatTooLarge' | 'badDimensions'; params: Record<string, number | string> };

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

/** The frames × area bound of an animation whose every frame is kept (`screen`: the larger of input and output). */
export function checkAnimationSize(screen: Dimensions, frames: number): LimitProblem | null {
  const total = screen.width * screen.height * frames;
  if (total <= MAX_ANIMATION_PIXELS) return null;
  return { key: 'tooManyFramePixels', params: { frames, width: screen.width, height: screen.height, megapixels: Math.round(total / 1e6), limit: MAX_ANIMATION_PIXELS / 1e6 } };
}

/**
 * The one pixel limit for a file any tool is about to decode (favicon converter included): the format's header
 * read, nothing decoded. null when it fits or when the header cannot be read (the decoder then says why).
 */
export function fileTooLarge(bytes: Uint8Array): LimitProblem | null {
  const format = detectFormat(bytes);
  const size = format && readDimensions(bytes, format);
  return size ? checkInputSize(size) : null;
}

// Whether this device has a font that draws an emoji. Without an emoji font the browser draws the font's
// "missing glyph" box (tofu) into the canvas, and so into every PNG and the ICO: the page says so instead.
import { EMOJI_FONTS } from './design';

const SIZE = 48;
/** A code point no font draws (plane 16, private use): its picture is the missing-glyph box. */
const MISSING = '\u{10FFFD}';

function pixels(ctx: OffscreenCanvasRenderingContext2D, text: string): Uint8ClampedArray {
  ctx.clearRect(0, 0, SIZE, SIZE);
  ctx.fillText(text, SIZE / 2, SIZE / 2);
  return ctx.getImageData(0, 0, SIZE, SIZE).data;
}

const cache = new Map<string, boolean>();

/** False when the emoji comes out blank or as the missing-glyph box; true when some font drew it (or we cannot tell). */
export function canDrawEmoji(emoji: string): boolean {
  const known = cache.get(emoji);
  if (known !== undefined) return known;
  const ctx = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(SIZE, SIZE).getContext('2d', { willReadFrequently: true });
  if (!ctx) return true;
  ctx.font = `${SIZE * 0.75}px ${EMOJI_FONTS}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#000';
  const drawn = pixels(ctx, emoji);
  const box = pixels(ctx, MISSING);
  let blank = true;
  let same = true;
  for (let i = 3; i < drawn.length; i += 4) {
    if (drawn[i] !== 0) blank = false;
    if (drawn[i] !== box[i] || drawn[i - 1] !== box[i - 1] || drawn[i - 3] !== box[i - 3]) same = false;
  }
  const ok = !blank && !same;
  cache.set(emoji, ok);
  return ok;
}

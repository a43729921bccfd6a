import type { Pixels } from '../../../engines/codecs/pixels';
import { resizePixels } from '../../../engines/codecs/resize';
import type { Rgb } from '../../../lib/hex-colour';
import { ICON_KEYS, ICON_SIZE, MASKABLE_CONTENT, type IconImages } from './spec';

/**
 * How the source becomes the square icon: kept as it is (a square source; any other is fitted), its centre
 * cut, fitted whole on transparency, or put on the background colour. Only "pad" gives up transparency.
 */
export type SquareMode = 'keep' | 'crop' | 'fit' | 'pad';
export const SQUARE_MODES: SquareMode[] = ['keep', 'crop', 'fit', 'pad'];

/** The choices that mean something for a source: crop and fit change nothing in a square one. */
export function squareChoices(square: boolean): SquareMode[] {
  return square ? ['keep', 'pad'] : ['crop', 'fit', 'pad'];
}

/** The choice a stored mode amounts to for this source (what the page shows as chosen). */
export function effectiveMode(mode: SquareMode, square: boolean): SquareMode {
  if (square) return mode === 'pad' ? 'pad' : 'keep';
  return mode === 'keep' ? 'fit' : mode;
}

export function blank(width: number, height: number, fill?: Rgb): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  if (fill) for (let i = 0; i < width * height; i++) data.set([fill[0], fill[1], fill[2], 255], i * 4);
  return { width, height, data };
}

/** Draws src over dst at (dx, dy) with source-over alpha blending (src must fit inside dst). */
function drawOver(dst: Pixels, src: Pixels, dx: number, dy: number): void {
  for (let y = 0; y < src.height; y++) {
    for (let x = 0; x < src.width; x++) {
      const s = (y * src.width + x) * 4;
      const d = ((y + dy) * dst.width + x + dx) * 4;
      const sa = src.data[s + 3] / 255;
      if (sa === 0) continue;
      const da = dst.data[d + 3] / 255;
      const oa = sa + da * (1 - sa);
      for (let c = 0; c < 3; c++) dst.data[d + c] = (src.data[s + c] * sa + dst.data[d + c] * da * (1 - sa)) / oa;
      dst.data[d + 3] = oa * 255;
    }
  }
}

/** The same image on an opaque background colour. */
function flatten(src: Pixels, background: Rgb): Pixels {
  const out = blank(src.width, src.height, background);
  drawOver(out, src, 0, 0);
  return out;
}

/**
 * Makes the source square at its own resolution (no resampling): the centre cut, or the whole of it on
 * transparent margins. The background of "pad" is filled in after resampling (iconImagesFromSource).
 */
export function toSquare(src: Pixels, mode: SquareMode): Pixels {
  const { width, height } = src;
  if (width === height) return src;
  if (mode === 'crop') {
    const side = Math.min(width, height);
    const ox = Math.floor((width - side) / 2);
    const oy = Math.floor((height - side) / 2);
    const out = blank(side, side);
    for (let y = 0; y < side; y++) out.data.set(src.data.subarray(((y + oy) * width + ox) * 4, ((y + oy) * width + ox + side) * 4), y * side * 4);
    return out;
  }
  const side = Math.max(width, height);
  const out = blank(side, side);
  drawOver(out, src, Math.floor((side - width) / 2), Math.floor((side - height) / 2));
  return out;
}

/** Content scaled into a centred box on an opaque background (the maskable icon's safe zone). */
async function placeOnBackground(src: Pixels, size: number, contentSize: number, background: Rgb): Promise<Pixels> {
  const out = blank(size, size, background);
  const content = await resizePixels(src, contentSize, contentSize);
  const offset = Math.floor((size - contentSize) / 2);
  drawOver(out, content, offset, offset);
  return out;
}

/**
 * Every icon of the package from one square master image. Small sizes come from the 512 px version
 * when the master is larger (Lanczos from 512 loses nothing visible and costs far less than from a
 * huge source); a master under 512 px is resampled directly to each size.
 */
async function iconImagesFromMaster(master: Pixels, background: Rgb): Promise<IconImages> {
  if (master.width !== master.height) throw new Error('master must be square');
  const big = await resizePixels(master, 512, 512);
  const base = master.width >= 512 ? big : master;
  const images = {} as IconImages;
  for (const key of ICON_KEYS) {
    const size = ICON_SIZE[key];
    if (key === 'android512') images[key] = big;
    else if (key === 'apple180') images[key] = flatten(await resizePixels(base, size, size), background);
    else if (key === 'maskable512') images[key] = await placeOnBackground(base, size, Math.round(size * MASKABLE_CONTENT), background);
    else images[key] = await resizePixels(base, size, size);
  }
  return images;
}

/**
 * The icon set from a decoded source. "pad" puts every icon on the background colour after resampling, so the
 * chosen colour stays exact under the logo's anti-aliased edges too.
 */
export async function iconImagesFromSource(src: Pixels, mode: SquareMode, background: Rgb): Promise<IconImages> {
  const images = await iconImagesFromMaster(toSquare(src, mode), background);
  if (mode === 'pad') for (const key of ICON_KEYS) images[key] = flatten(images[key], background);
  return images;
}

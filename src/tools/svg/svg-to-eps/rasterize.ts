// Rendering the parts the EPS cannot draw, in the page: the same blob-URL <img> → canvas path as SVG → PNG.
import { loadSvgImage, sizedSvgText } from '../../../engines/svg/render';
import type { RasterRequest } from './eps';
import type { RasterImage } from './raster';

/** 2 device pixels per CSS px (192 dpi), fewer when the whole drawing would pass this many pixels. */
export const RASTER_SCALE = 2;
const PIXEL_BUDGET = 8_000_000;

async function draw(svg: string, width: number, height: number, white: boolean): Promise<ImageData> {
  const { img, release } = await loadSvgImage(sizedSvgText(svg, width, height));
  try {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no 2d context');
    if (white) {
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width, height);
    }
    ctx.drawImage(img, 0, 0, width, height);
    return ctx.getImageData(0, 0, width, height);
  } finally {
    release();
  }
}

/** The part's pixels cropped to where it paints, over what lies under it; undefined if it paints nothing. */
export async function renderPart(req: RasterRequest, size: { width: number; height: number }): Promise<RasterImage | undefined> {
  const k = Math.min(RASTER_SCALE, Math.sqrt(PIXEL_BUDGET / (size.width * size.height)));
  const W = Math.max(1, Math.round(size.width * k));
  const H = Math.max(1, Math.round(size.height * k));
  const only = await draw(req.only, W, H, false);
  let x0 = W, y0 = H, x1 = -1, y1 = -1;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if (only.data[(y * W + x) * 4 + 3] === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return undefined;
  const under = await draw(req.upTo, W, H, true);
  const width = x1 - x0 + 1;
  const height = y1 - y0 + 1;
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = ((y0 + y) * W + x0 + x) * 4;
      const d = (y * width + x) * 3;
      rgb[d] = under.data[s];
      rgb[d + 1] = under.data[s + 1];
      rgb[d + 2] = under.data[s + 2];
    }
  }
  // CSS px → pt (0.75), y up from the bottom of the page.
  const sx = (size.width / W) * 0.75;
  const sy = (size.height / H) * 0.75;
  return { rgb, width, height, x: x0 * sx, y: size.height * 0.75 - (y1 + 1) * sy, w: width * sx, h: height * sy };
}

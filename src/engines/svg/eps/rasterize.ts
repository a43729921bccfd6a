// Rendering the parts the EPS cannot draw, in the page: the same blob-URL <img> → canvas path as SVG → PNG.
import { paintedBounds, svgPixels } from '../render';
import type { Approximation, EpsResult, RasterRequest } from './eps';
import { finishEps, type RasterImage } from './raster';

/** 2 device pixels per CSS px (192 dpi), fewer when the whole drawing would pass this many pixels. */
const RASTER_SCALE = 2;
const PIXEL_BUDGET = 8_000_000;

/** The part's pixels cropped to where it paints, over what lies under it; undefined if it paints nothing. */
async function renderPart(req: RasterRequest, size: { width: number; height: number }): Promise<RasterImage | undefined> {
  const k = Math.min(req.scale ?? RASTER_SCALE, Math.sqrt(PIXEL_BUDGET / (size.width * size.height)));
  const W = Math.max(1, Math.round(size.width * k));
  const H = Math.max(1, Math.round(size.height * k));
  const box = paintedBounds(await svgPixels(req.only, W, H));
  if (!box) return undefined;
  const under = await svgPixels(req.upTo, W, H, true);
  const [x0, y0, width, height] = [box.x, box.y, box.w, box.h];
  const y1 = y0 + height - 1;
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

/** The writer's EPS with every part it could not draw rendered by the browser and embedded in place. */
export async function finishInPage(r: EpsResult, signal?: AbortSignal): Promise<{ eps: string; approximations: Approximation[] }> {
  const approx = new Set<Approximation>(r.approximations);
  const images: (RasterImage | undefined)[] = [];
  for (const req of r.rasters) {
    signal?.throwIfAborted();
    // If rendering fails the part is left out, and the notes say so.
    const img = await renderPart(req, { width: r.width / 0.75, height: r.height / 0.75 }).catch(() => null);
    approx.add(img === null ? req.reason : `raster-${req.reason}`);
    images.push(img ?? undefined);
  }
  return { eps: finishEps(r.eps, images), approximations: [...approx].sort() };
}

// The mosaic itself: pure pixel work on RGBA buffers, no DOM. Used by the editor's preview, its full-size
// export and the unit tests.

/** An RGBA image: the shape of ImageData, without needing the DOM class. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export type MosaicShape = 'square' | 'circle';

/** Areas to pixelate, in image pixels. */
export type Region =
  | { kind: 'all' }
  | { kind: 'rect'; x: number; y: number; w: number; h: number }
  /** A brush stroke: every pixel within `radius` of the polyline through `points`. */
  | { kind: 'brush'; radius: number; points: { x: number; y: number }[] };

export const MIN_BLOCK = 2;
export const MAX_BLOCK = 200;

/** A rectangle given by any two corners, clipped to the image; null when nothing is left. */
export function normalizeRect(x0: number, y0: number, x1: number, y1: number, width: number, height: number): Extract<Region, { kind: 'rect' }> | null {
  const left = Math.max(0, Math.round(Math.min(x0, x1)));
  const top = Math.max(0, Math.round(Math.min(y0, y1)));
  const right = Math.min(width, Math.round(Math.max(x0, x1)));
  const bottom = Math.min(height, Math.round(Math.max(y0, y1)));
  if (right - left < 1 || bottom - top < 1) return null;
  return { kind: 'rect', x: left, y: top, w: right - left, h: bottom - top };
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function regionBox(region: Region, width: number, height: number): Box {
  if (region.kind === 'all') return { x0: 0, y0: 0, x1: width, y1: height };
  if (region.kind === 'rect') return { x0: region.x, y0: region.y, x1: region.x + region.w, y1: region.y + region.h };
  const xs = region.points.map((p) => p.x);
  const ys = region.points.map((p) => p.y);
  const r = region.radius;
  return { x0: Math.min(...xs) - r, y0: Math.min(...ys) - r, x1: Math.max(...xs) + r + 1, y1: Math.max(...ys) + r + 1 };
}

function clipBox(b: Box, width: number, height: number): Box {
  return { x0: Math.max(0, Math.floor(b.x0)), y0: Math.max(0, Math.floor(b.y0)), x1: Math.min(width, Math.ceil(b.x1)), y1: Math.min(height, Math.ceil(b.y1)) };
}

/** Marks the pixels of a brush stroke: discs at the points and capsules between consecutive points. */
function paintBrush(mask: Uint8Array, width: number, height: number, region: Extract<Region, { kind: 'brush' }>): void {
  const { points, radius } = region;
  if (points.length === 0 || !(radius > 0)) return;
  const r2 = radius * radius;
  const segments = points.length === 1 ? [[points[0], points[0]]] : points.slice(1).map((p, i) => [points[i], p]);
  for (const [a, b] of segments) {
    const box = clipBox({ x0: Math.min(a.x, b.x) - radius, y0: Math.min(a.y, b.y) - radius, x1: Math.max(a.x, b.x) + radius + 1, y1: Math.max(a.y, b.y) + radius + 1 }, width, height);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    for (let y = box.y0; y < box.y1; y++) {
      for (let x = box.x0; x < box.x1; x++) {
        // Distance from the pixel's centre to the segment.
        const px = x + 0.5 - a.x;
        const py = y + 0.5 - a.y;
        const t = len2 > 0 ? Math.max(0, Math.min(1, (px * dx + py * dy) / len2)) : 0;
        const ex = px - t * dx;
        const ey = py - t * dy;
        if (ex * ex + ey * ey <= r2) mask[y * width + x] = 1;
      }
    }
  }
}

/** Which pixels the regions cover (1) and the bounding box of all of them, or null if none. */
export function regionMask(width: number, height: number, regions: Region[]): { mask: Uint8Array; box: Box } | null {
  const mask = new Uint8Array(width * height);
  let box: Box | null = null;
  for (const region of regions) {
    const b = clipBox(regionBox(region, width, height), width, height);
    if (b.x1 <= b.x0 || b.y1 <= b.y0) continue;
    if (region.kind === 'brush') paintBrush(mask, width, height, region);
    else for (let y = b.y0; y < b.y1; y++) mask.fill(1, y * width + b.x0, y * width + b.x1);
    box = box ? { x0: Math.min(box.x0, b.x0), y0: Math.min(box.y0, b.y0), x1: Math.max(box.x1, b.x1), y1: Math.max(box.y1, b.y1) } : b;
  }
  return box ? { mask, box } : null;
}

/**
 * Pixelates the regions of an image. Blocks sit on a grid anchored at the image's top-left corner, so
 * overlapping regions agree. Inside a region, every pixel of a block takes the block's mean colour (the mean
 * of the whole block, clipped to the image); with the circle shape, the block's corners outside its disc take
 * the mean darkened to half, which draws round tiles. Pixels outside the regions are copied unchanged.
 */
export function pixelate(image: Pixels, regions: Region[], blockSize: number, shape: MosaicShape): Pixels & { data: Uint8ClampedArray<ArrayBuffer> } {
  const { width, height, data } = image;
  const out = new Uint8ClampedArray(data);
  const covered = regionMask(width, height, regions);
  if (!covered) return { width, height, data: out };
  const { mask, box } = covered;
  const size = Math.max(1, Math.round(blockSize));
  const radius2 = (size / 2) * (size / 2);
  const mean = [0, 0, 0, 0];

  for (let by = Math.floor(box.y0 / size) * size; by < box.y1; by += size) {
    const yEnd = Math.min(by + size, height);
    for (let bx = Math.floor(box.x0 / size) * size; bx < box.x1; bx += size) {
      const xEnd = Math.min(bx + size, width);
      let any = false;
      for (let y = by; y < yEnd && !any; y++) for (let x = bx; x < xEnd; x++) if (mask[y * width + x]) { any = true; break; }
      if (!any) continue;

      let r = 0, g = 0, b = 0, a = 0;
      for (let y = by; y < yEnd; y++) {
        for (let i = (y * width + bx) * 4, end = (y * width + xEnd) * 4; i < end; i += 4) {
          r += data[i]; g += data[i + 1]; b += data[i + 2]; a += data[i + 3];
        }
      }
      const n = (yEnd - by) * (xEnd - bx);
      mean[0] = Math.round(r / n); mean[1] = Math.round(g / n); mean[2] = Math.round(b / n); mean[3] = Math.round(a / n);

      const cx = bx + size / 2;
      const cy = by + size / 2;
      for (let y = by; y < yEnd; y++) {
        for (let x = bx; x < xEnd; x++) {
          const p = y * width + x;
          if (!mask[p]) continue;
          const i = p * 4;
          const inDisc = shape === 'square' || (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= radius2;
          const k = inDisc ? 1 : 0.5;
          out[i] = mean[0] * k; out[i + 1] = mean[1] * k; out[i + 2] = mean[2] * k; out[i + 3] = mean[3];
        }
      }
    }
  }
  return { width, height, data: out };
}

export interface Size {
  width: number;
  height: number;
}

/** One region drawn on an image of size `from`, placed on an image of size `to` (same relative place). */
export function scaleRegion(region: Region, from: Size, to: Size): Region {
  if (region.kind === 'all' || (from.width === to.width && from.height === to.height)) return region;
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  if (region.kind === 'rect') {
    const rect = normalizeRect(region.x * sx, region.y * sy, (region.x + region.w) * sx, (region.y + region.h) * sy, to.width, to.height);
    return rect ?? { ...region, w: 0, h: 0 };
  }
  return { kind: 'brush', radius: Math.max(1, Math.round(region.radius * Math.sqrt(sx * sy))), points: region.points.map((p) => ({ x: Math.round(p.x * sx), y: Math.round(p.y * sy) })) };
}

/**
 * The same mosaic on a photo of another size (a batch edited on one of its photos): regions drawn on `frame` are
 * placed at the same relative place and the blocks keep their size relative to the photo's longer side.
 */
export function fitMosaic(regions: Region[], blockSize: number, frame: Size | undefined, to: Size): { regions: Region[]; blockSize: number } {
  if (!frame || (frame.width === to.width && frame.height === to.height)) return { regions, blockSize };
  const scale = Math.max(to.width, to.height) / Math.max(frame.width, frame.height);
  return { regions: regions.map((r) => scaleRegion(r, frame, to)), blockSize: Math.max(MIN_BLOCK, Math.round(blockSize * scale)) };
}

// Rasterising SVG: always as an image from a blob URL. An SVG image runs no script and loads
// nothing from outside (the browser's "secure static mode"), so hostile SVG is harmless here.
import { ToolError } from '../../lib/errors';
import { parseSvg, serializeSvg } from './parse';
import { prepareForDrawing } from './prepare';
import { outputSize, type SizeChoice } from './size';

interface RasterOptions {
  size: SizeChoice;
  type: 'image/png' | 'image/jpeg';
  /** CSS colour painted under the image; JPEG is always opaque (white unless given). */
  background?: string;
  /** 0–1, JPEG only. */
  quality?: number;
}

/** The SVG text with its root sized to exactly width × height px; a viewBox is added where missing so it scales. */
function sizedSvgText(text: string, width: number, height: number): string {
  const { doc, root, size } = parseSvg(text);
  // <switch> resolved and HTML kept as text: an SVG image holding HTML would taint the canvas.
  prepareForDrawing(root);
  if (!root.hasAttribute('viewBox')) root.setAttribute('viewBox', `0 0 ${size.width} ${size.height}`);
  root.setAttribute('width', String(width));
  root.setAttribute('height', String(height));
  return serializeSvg(doc);
}

export async function loadSvgImage(svgText: string): Promise<{ img: HTMLImageElement; release: () => void }> {
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  const img = new Image();
  img.decoding = 'async';
  img.src = url;
  try {
    await img.decode();
  } catch {
    URL.revokeObjectURL(url);
    throw new ToolError('svg-tools:errors.render');
  }
  return { img, release: () => URL.revokeObjectURL(url) };
}

export async function rasterizeSvg(text: string, options: RasterOptions): Promise<{ blob: Blob; width: number; height: number }> {
  const { size } = parseSvg(text);
  const { width, height } = outputSize(size, options.size);
  const { img, release } = await loadSvgImage(sizedSvgText(text, width, height));
  try {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new ToolError('svg-tools:errors.canvas');
    const background = options.type === 'image/jpeg' ? options.background || '#ffffff' : options.background;
    if (background) {
      ctx.fillStyle = background;
      ctx.fillRect(0, 0, width, height);
      // A translucent colour would leave JPEG pixels half-defined: put white under it.
      if (options.type === 'image/jpeg') {
        ctx.globalCompositeOperation = 'destination-over';
        ctx.fillStyle = '#ffffff';
        ctx.fillRect(0, 0, width, height);
        ctx.globalCompositeOperation = 'source-over';
      }
    }
    ctx.drawImage(img, 0, 0, width, height);
    let blob: Blob;
    try {
      blob = await canvas.convertToBlob({ type: options.type, quality: options.quality });
    } catch {
      throw new ToolError('svg-tools:errors.render');
    }
    return { blob, width, height };
  } finally {
    release();
  }
}

/** The SVG's pixels at exactly width × height, over white if asked (transparent otherwise). */
export async function svgPixels(svgText: string, width: number, height: number, white = false): Promise<ImageData> {
  const { img, release } = await loadSvgImage(sizedSvgText(svgText, width, height));
  try {
    const ctx = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new ToolError('svg-tools:errors.canvas');
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

/** The smallest rectangle holding every pixel that is not fully transparent; null when there is none. */
export function paintedBounds(image: ImageData): { x: number; y: number; w: number; h: number } | null {
  const { data, width, height } = image;
  let x0 = width, y0 = height, x1 = -1, y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3] === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? null : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

// The watermark drawn once on its own small OffscreenCanvas (in the codec worker), then laid over the decoded
// pixels in JS: pixels outside the mark are left exactly as decoded. Text uses the browser's generic font families,
// so CJK and other scripts come from the system's fallback fonts (Noto Sans CJK / Droid Sans Fallback on Linux,
// PingFang / Hiragino on Apple, Microsoft YaHei / Yu Gothic / Malgun Gothic on Windows), then from the Hangul font we
// ship (fallback-font.ts) where the system has none.
import { DecodeError } from './browser-decode';
import { FALLBACK_FAMILY, loadFallbackFont } from './fallback-font';
import type { Pixels } from './pixels';
import { compositeOver, fontPixels, markColour, placeMark, tilePositions, turnedSize, type WatermarkSpec } from './watermark';

export class WatermarkError extends Error {
  constructor(readonly key: 'logoUnreadable' | 'emptyMark') {
    super(key);
  }
}

function context(width: number, height: number): OffscreenCanvasRenderingContext2D {
  if (typeof OffscreenCanvas !== 'function') throw new DecodeError('canvasUnavailable');
  const ctx = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new DecodeError('canvasUnavailable');
  return ctx;
}

/** What to draw, at its size on this picture, before turning: a text block or a scaled logo. */
async function markSource(spec: WatermarkSpec, W: number, H: number): Promise<{ width: number; height: number; draw: (ctx: OffscreenCanvasRenderingContext2D) => void; close?: () => void }> {
  if (spec.kind === 'image') {
    if (!spec.logo?.length) throw new WatermarkError('logoUnreadable');
    let logo: ImageBitmap;
    try {
      logo = await createImageBitmap(new Blob([spec.logo as BlobPart]));
    } catch {
      throw new WatermarkError('logoUnreadable');
    }
    const width = Math.max(1, Math.round((W * spec.scale) / 100));
    const height = Math.max(1, Math.round((width * logo.height) / logo.width));
    return {
      width,
      height,
      draw: (ctx) => {
        ctx.imageSmoothingQuality = 'high';
        ctx.drawImage(logo, -width / 2, -height / 2, width, height);
      },
      close: () => logo.close(),
    };
  }
  const lines = spec.text.split(/\r?\n/).filter((l) => l.trim());
  if (!lines.length) throw new WatermarkError('emptyMark');
  const px = fontPixels(W, H, spec.size);
  const font = `${spec.bold ? 'bold ' : ''}${px}px ${spec.font}, "${FALLBACK_FAMILY}"`;
  await loadFallbackFont(font, lines.join(''));
  const measure = context(1, 1);
  measure.font = font;
  const lineHeight = Math.ceil(px * 1.25);
  const width = Math.ceil(Math.max(...lines.map((l) => measure.measureText(l).width))) + 2;
  const height = lineHeight * lines.length;
  return {
    width,
    height,
    draw: (ctx) => {
      ctx.font = font;
      ctx.fillStyle = markColour(spec.colour);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      lines.forEach((line, i) => ctx.fillText(line, 0, (i - (lines.length - 1) / 2) * lineHeight));
    },
  };
}

/** The mark alone (turned, straight-alpha RGBA) at its size for a W×H picture. */
export async function renderMark(spec: WatermarkSpec, W: number, H: number): Promise<Pixels> {
  const source = await markSource(spec, W, H);
  try {
    const box = turnedSize(source.width, source.height, spec.angle);
    const ctx = context(box.width, box.height);
    ctx.translate(box.width / 2, box.height / 2);
    ctx.rotate((spec.angle * Math.PI) / 180);
    source.draw(ctx);
    const image = ctx.getImageData(0, 0, box.width, box.height);
    return { data: image.data, width: image.width, height: image.height };
  } finally {
    source.close?.();
  }
}

/** The picture with its watermark, in place; returns where the (first) mark was laid. */
export async function applyWatermark(pixels: Pixels, spec: WatermarkSpec): Promise<Pixels> {
  const mark = await renderMark(spec, pixels.width, pixels.height);
  const opacity = Math.max(0, Math.min(100, spec.opacity)) / 100;
  const spots = spec.tiled ? tilePositions(pixels.width, pixels.height, mark.width, mark.height) : [placeMark(pixels.width, pixels.height, mark.width, mark.height, spec.anchor, spec.offsetX, spec.offsetY)];
  for (const spot of spots) compositeOver(pixels, mark, spot.x, spot.y, opacity);
  return pixels;
}

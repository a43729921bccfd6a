// Where a watermark goes and how it is laid over the pixels: pure geometry and compositing, no DOM (the mark
// itself is drawn by watermark-draw.ts on an OffscreenCanvas).
import { parseHexColor } from '../../lib/hex-colour';
import type { Pixels } from './pixels';

export const ANCHORS = ['top-left', 'top', 'top-right', 'left', 'centre', 'right', 'bottom-left', 'bottom', 'bottom-right'] as const;
export type Anchor = (typeof ANCHORS)[number];

export const WATERMARK_FONTS = ['sans-serif', 'serif', 'monospace'] as const;
export type WatermarkFont = (typeof WATERMARK_FONTS)[number];

export interface WatermarkSpec {
  kind: 'text' | 'image';
  text: string;
  font: WatermarkFont;
  bold: boolean;
  /** Text line height, % of the picture's shorter side. */
  size: number;
  colour: string;
  /** 0–100. */
  opacity: number;
  /** Degrees clockwise. */
  angle: number;
  anchor: Anchor;
  /** Pixels from the anchored edge inwards (for a centre anchor: rightwards, downwards). */
  offsetX: number;
  offsetY: number;
  /** Repeated over the whole picture instead of placed once. */
  tiled: boolean;
  /** Logo width, % of the picture's width. */
  scale: number;
  /** The logo's file bytes (kind 'image'). */
  logo?: Uint8Array;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The upright bounding box of a w×h rectangle turned by `angle` degrees about its centre. */
export function turnedSize(width: number, height: number, angle: number): { width: number; height: number } {
  const a = (angle * Math.PI) / 180;
  const c = Math.abs(Math.cos(a));
  const s = Math.abs(Math.sin(a));
  // Rounded first: cos 90° is 6e-17, not 0, and must not add a pixel.
  const up = (v: number) => Math.ceil(Math.round(v * 1e6) / 1e6);
  return { width: up(width * c + height * s), height: up(width * s + height * c) };
}

/** The top-left corner of a mark's bounding box (bw×bh) on a W×H picture at an anchor and offset (whole pixels). */
export function placeMark(W: number, H: number, bw: number, bh: number, anchor: Anchor, offsetX: number, offsetY: number): { x: number; y: number } {
  const col = anchor.endsWith('left') ? 0 : anchor.endsWith('right') ? 2 : 1;
  const row = anchor.startsWith('top') ? 0 : anchor.startsWith('bottom') ? 2 : 1;
  const x = col === 0 ? offsetX : col === 2 ? W - bw - offsetX : (W - bw) / 2 + offsetX;
  const y = row === 0 ? offsetY : row === 2 ? H - bh - offsetY : (H - bh) / 2 + offsetY;
  return { x: Math.round(x), y: Math.round(y) };
}

/** Top-left corners of a tiling: a grid with one mark's size of gap, every other row shifted by half a step. */
export function tilePositions(W: number, H: number, bw: number, bh: number): { x: number; y: number }[] {
  const stepX = Math.max(1, Math.round(bw * 1.5));
  const stepY = Math.max(1, Math.round(bh * 2));
  const out: { x: number; y: number }[] = [];
  for (let row = 0, y = Math.round(stepY / 4) - bh; y < H; row++, y += stepY) {
    for (let x = (row % 2 ? Math.round(stepX / 2) : 0) - bw; x < W; x += stepX) if (x + bw > 0 && y + bh > 0) out.push({ x, y });
  }
  return out;
}

/** Lays an RGBA mark (straight alpha, `opacity` 0–1 on top) over the pixels at (x, y), clipped; in place. */
export function compositeOver(dst: Pixels, mark: Pixels, x: number, y: number, opacity = 1): void {
  const x0 = Math.max(0, x);
  const y0 = Math.max(0, y);
  const x1 = Math.min(dst.width, x + mark.width);
  const y1 = Math.min(dst.height, y + mark.height);
  const d = dst.data;
  const m = mark.data;
  for (let py = y0; py < y1; py++) {
    for (let px = x0; px < x1; px++) {
      const mi = ((py - y) * mark.width + (px - x)) * 4;
      const sa = (m[mi + 3] / 255) * opacity;
      if (sa <= 0) continue;
      const di = (py * dst.width + px) * 4;
      const da = d[di + 3] / 255;
      const oa = sa + da * (1 - sa);
      for (let c = 0; c < 3; c++) d[di + c] = (m[mi + c] * sa + d[di + c] * da * (1 - sa)) / oa;
      d[di + 3] = oa * 255;
    }
  }
}

/** Font size in pixels for a text mark on a W×H picture (at least 6 px). */
export function fontPixels(W: number, H: number, sizePercent: number): number {
  return Math.max(6, Math.round((Math.min(W, H) * sizePercent) / 100));
}

/** The CSS colour of a #rrggbb setting, black when it is not one. */
export function markColour(hex: string): string {
  const rgb = parseHexColor(hex) ?? [0, 0, 0];
  return `rgb(${rgb[0]}, ${rgb[1]}, ${rgb[2]})`;
}

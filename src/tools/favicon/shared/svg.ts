// User SVG is never put into the page as live markup: it goes through the SVG engine's one sanitiser
// (DOMPurify, allow-list for static pictures) and is only ever drawn through <img> from a blob URL.
import { parseSvg, serializeSvg, SVG_NS } from '../../../engines/svg/parse';
import type { SquareMode } from './raster';

interface CleanSvg {
  /** The sanitized document, serialized. */
  text: string;
  width: number;
  height: number;
}

/** Sanitizes and measures an SVG, giving it a viewBox when it has none (so it scales). DOMPurify loads with the first file. */
export async function cleanSvg(text: string): Promise<CleanSvg> {
  const { sanitizeSvg } = await import('../../../engines/svg/sanitize');
  const { root, size } = parseSvg(sanitizeSvg(text).svg);
  const box = size.viewBox ?? [0, 0, size.width, size.height];
  if (!size.viewBox) root.setAttribute('viewBox', box.join(' '));
  return { text: serializeSvg(root), width: box[2], height: box[3] };
}

/**
 * The sanitized SVG made square the vector way: its viewBox is cut to the centre square (crop) or
 * widened to the longer side (fit), and for pad a background rectangle fills the new area.
 */
export function squareSvg(clean: CleanSvg, mode: SquareMode, background: string): string {
  const { root, size } = parseSvg(clean.text);
  const [x, y, w, h] = size.viewBox ?? [0, 0, clean.width, clean.height];
  const side = mode === 'crop' ? Math.min(w, h) : Math.max(w, h);
  const nx = x + (w - side) / 2;
  const ny = y + (h - side) / 2;
  root.setAttribute('viewBox', `${nx} ${ny} ${side} ${side}`);
  root.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  root.setAttribute('width', String(side));
  root.setAttribute('height', String(side));
  if (mode === 'pad') {
    const rect = root.ownerDocument.createElementNS(SVG_NS, 'rect');
    rect.setAttribute('x', String(nx));
    rect.setAttribute('y', String(ny));
    rect.setAttribute('width', String(side));
    rect.setAttribute('height', String(side));
    rect.setAttribute('fill', background);
    root.insertBefore(rect, root.firstChild);
  }
  return serializeSvg(root);
}

/** The same SVG with its root sized to px × px (so the browser rasterizes it at that size). */
export function sizedSvg(text: string, px: number): string {
  const { root } = parseSvg(text);
  root.setAttribute('width', String(px));
  root.setAttribute('height', String(px));
  return serializeSvg(root);
}

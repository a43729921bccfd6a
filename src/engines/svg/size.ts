// Size of an SVG from its root's width, height and viewBox, the way browsers size an SVG image.
import { ToolError } from '../../lib/errors';

interface SvgRootAttributes {
  width?: string | null;
  height?: string | null;
  viewBox?: string | null;
}

type ViewBox = [minX: number, minY: number, width: number, height: number];

export interface SvgSize {
  width: number;
  height: number;
  viewBox?: ViewBox;
  /** Where the size came from: both attributes, one attribute + the viewBox's ratio, the viewBox alone, or the browser default. */
  from: 'attributes' | 'ratio' | 'viewBox' | 'default';
}

// CSS absolute units in px (CSS: 1in = 96px).
const UNITS: Record<string, number> = { '': 1, px: 1, pt: 96 / 72, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6 };

/**
 * A CSS length in px (an SVG's user units): absolute units, em and ex of `fontSize` (the initial 16 px unless
 * given; an ex is half an em), % of `percentOf` when there is one. Undefined when it is no length.
 */
export function lengthInPx(value: string | null | undefined, percentOf?: number, fontSize = 16): number | undefined {
  const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(%|[a-z]*)\s*$/i.exec(value ?? '');
  if (!m) return undefined;
  const unit = m[2].toLowerCase();
  const percent = percentOf === undefined ? NaN : percentOf / 100;
  const factor = unit === '%' ? percent : unit === 'em' ? fontSize : unit === 'ex' ? fontSize / 2 : Object.hasOwn(UNITS, unit) ? UNITS[unit] : NaN;
  const n = Number(m[1]) * factor;
  return Number.isFinite(n) ? n : undefined;
}

/** A root's width or height: "10cm" -> 377.95…; percentages, zero, negatives and garbage -> undefined. */
export function parseLength(value: string | null | undefined): number | undefined {
  const n = lengthInPx(value);
  return n !== undefined && n > 0 ? n : undefined;
}

export function parseViewBox(value: string | null | undefined): ViewBox | undefined {
  if (!value) return undefined;
  const parts = value.trim().split(/[\s,]+/).map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n)) || parts[2] <= 0 || parts[3] <= 0) return undefined;
  return parts as ViewBox;
}

/** The rendered size in CSS px. Browsers give an SVG image without any size 300×150. */
export function measureSvg(attrs: SvgRootAttributes): SvgSize {
  const w = parseLength(attrs.width);
  const h = parseLength(attrs.height);
  const viewBox = parseViewBox(attrs.viewBox);
  if (w && h) return { width: w, height: h, viewBox, from: 'attributes' };
  if (viewBox) {
    const ratio = viewBox[2] / viewBox[3];
    if (w) return { width: w, height: w / ratio, viewBox, from: 'ratio' };
    if (h) return { width: h * ratio, height: h, viewBox, from: 'ratio' };
    return { width: viewBox[2], height: viewBox[3], viewBox, from: 'viewBox' };
  }
  return { width: w ?? 300, height: h ?? 150, from: 'default' };
}

export type SizeChoice =
  | { mode: 'scale'; scale: number }
  | { mode: 'width'; width: number }
  | { mode: 'height'; height: number }
  | { mode: 'exact'; width: number; height: number };

// Chromium's canvas limits: 32767 px a side and 268 million pixels (about 16384²).
const MAX_SIDE = 16384;
const MAX_PIXELS = 16384 * 16384;

/** Output pixels for a size choice: whole numbers, at least 1, within what a canvas can hold. */
export function outputSize(size: Pick<SvgSize, 'width' | 'height'>, choice: SizeChoice): { width: number; height: number } {
  const ratio = size.width / size.height;
  let w: number;
  let h: number;
  switch (choice.mode) {
    case 'scale':
      w = size.width * choice.scale;
      h = size.height * choice.scale;
      break;
    case 'width':
      w = choice.width;
      h = choice.width / ratio;
      break;
    case 'height':
      w = choice.height * ratio;
      h = choice.height;
      break;
    default:
      w = choice.width;
      h = choice.height;
  }
  const width = Math.max(1, Math.round(w));
  const height = Math.max(1, Math.round(h));
  if (!Number.isFinite(width) || !Number.isFinite(height) || width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS)
    throw new ToolError('svg-tools:errors.tooLarge', { width: Number.isFinite(width) ? width : 0, height: Number.isFinite(height) ? height : 0, max: MAX_SIDE });
  return { width, height };
}

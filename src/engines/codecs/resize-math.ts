// The output size of a resize, from the user's settings and the upright source size.
import type { Dimensions } from './header';

export type ResizeSpec =
  | { mode: 'percent'; percent: number }
  | { mode: 'pixels'; width?: number; height?: number; keepAspect: boolean; noEnlarge?: boolean };

/**
 * Rounds to whole pixels, never below 1. With keepAspect and both sides given, the image fits inside the box.
 * noEnlarge: a scale above 1 becomes 1 (with keepAspect), or each side stops at the source's (exact box).
 */
export function targetDimensions(src: Dimensions, spec: ResizeSpec): Dimensions {
  const size = requestedDimensions(src, spec);
  if (spec.mode !== 'pixels' || !spec.noEnlarge) return size;
  if (!spec.keepAspect) return { width: Math.min(size.width, src.width), height: Math.min(size.height, src.height) };
  return size.width > src.width || size.height > src.height ? { width: src.width, height: src.height } : size;
}

function requestedDimensions(src: Dimensions, spec: ResizeSpec): Dimensions {
  const px = (n: number) => Math.max(1, Math.round(n));
  if (spec.mode === 'percent') {
    const f = spec.percent / 100;
    return { width: px(src.width * f), height: px(src.height * f) };
  }
  const w = spec.width && spec.width > 0 ? spec.width : undefined;
  const h = spec.height && spec.height > 0 ? spec.height : undefined;
  if (!w && !h) return { ...src };
  if (!spec.keepAspect) return { width: px(w ?? src.width), height: px(h ?? src.height) };
  if (w && !h) return { width: px(w), height: px((src.height * w) / src.width) };
  if (h && !w) return { width: px((src.width * h) / src.height), height: px(h) };
  const scale = Math.min(w! / src.width, h! / src.height);
  return { width: px(src.width * scale), height: px(src.height * scale) };
}

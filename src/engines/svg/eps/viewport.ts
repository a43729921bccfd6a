// Viewports for the EPS writer: lengths against the nearest viewport (percentages, CSS units), the
// viewBox → viewport transform with preserveAspectRatio, and transform-origin.
import { lengthInPx as userLength } from '../size';
import { multiply, type Matrix } from './paint';

/** The size percentages refer to: the nearest <svg> or <symbol> viewport (its viewBox when it has one). */
export interface Viewport {
  w: number;
  h: number;
}

/** A length in user units: "50%" of the reference, em/ex of the font size, CSS absolute units (the SVG size's own parser). */
export { userLength };

/** The reference length of a viewport for lengths that are neither horizontal nor vertical (r, stroke widths). */
export const diagonal = (vp: Viewport) => Math.sqrt((vp.w * vp.w + vp.h * vp.h) / 2);

/** Maps the viewBox into a w × h viewport as preserveAspectRatio says (default xMidYMid meet). */
export function viewBoxMatrix(vb: readonly number[], w: number, h: number, par = ''): Matrix {
  const [align = 'xMidYMid', mode = 'meet'] = par.replace(/^\s*defer\s+/, '').trim().split(/\s+/);
  let sx = w / vb[2];
  let sy = h / vb[3];
  if (align !== 'none') sx = sy = mode === 'slice' ? Math.max(sx, sy) : Math.min(sx, sy);
  const at = (key: string, free: number) => (align.includes(`${key}Min`) ? 0 : align.includes(`${key}Max`) ? free : free / 2);
  const tx = align === 'none' ? 0 : at('x', w - vb[2] * sx);
  const ty = align === 'none' ? 0 : at('Y', h - vb[3] * sy);
  return [sx, 0, 0, sy, tx - vb[0] * sx, ty - vb[1] * sy];
}

const ORIGIN_KEYWORDS: Record<string, string> = { left: '0%', center: '50%', right: '100%', top: '0%', bottom: '100%' };

/** `m` applied about transform-origin (its reference box is the viewport, SVG's default view-box). */
export function aroundOrigin(m: Matrix, origin: string | undefined, vp: Viewport, fontSize: number): Matrix {
  const parts = (origin ?? '').trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return m;
  // One value: a vertical keyword is y (x centred); anything else is x (y centred).
  if (parts.length === 1) parts.splice(/^(top|bottom)$/i.test(parts[0]) ? 0 : 1, 0, 'center');
  else if (/^(top|bottom)$/i.test(parts[0]) || /^(left|right)$/i.test(parts[1])) parts.reverse();
  const x = userLength(ORIGIN_KEYWORDS[parts[0].toLowerCase()] ?? parts[0], vp.w, fontSize) ?? 0;
  const y = userLength(ORIGIN_KEYWORDS[parts[1].toLowerCase()] ?? parts[1], vp.h, fontSize) ?? 0;
  if (!x && !y) return m;
  return multiply(multiply([1, 0, 0, 1, x, y], m), [1, 0, 0, 1, -x, -y]);
}

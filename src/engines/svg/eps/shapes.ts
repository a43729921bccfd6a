// SVG basic shapes as path data, for the EPS writer. Lengths may be percentages of the nearest viewport.
import { diagonal, userLength, type Viewport } from './viewport';
import type { XastElement } from '../xast';

/** Shapes as path data; undefined for an element that is no shape or draws nothing. */
export function shapePath(el: XastElement, vp: Viewport = { w: 100, h: 100 }): string | undefined {
  const a = el.attributes;
  const x = (v: string | undefined) => userLength(v, vp.w) ?? 0;
  const y = (v: string | undefined) => userLength(v, vp.h) ?? 0;
  switch (el.name) {
    case 'path':
      return a.d;
    case 'rect': {
      const x0 = x(a.x), y0 = y(a.y), w = x(a.width), h = y(a.height);
      if (w <= 0 || h <= 0) return undefined;
      const rxGiven = userLength(a.rx, vp.w);
      const ryGiven = userLength(a.ry, vp.h);
      let rx = rxGiven !== undefined && rxGiven >= 0 ? rxGiven : ryGiven !== undefined && ryGiven >= 0 ? ryGiven : 0;
      let ry = ryGiven !== undefined && ryGiven >= 0 ? ryGiven : rx;
      rx = Math.min(rx, w / 2);
      ry = Math.min(ry, h / 2);
      if (rx <= 0 || ry <= 0) return `M${x0} ${y0}H${x0 + w}V${y0 + h}H${x0}Z`;
      return `M${x0 + rx} ${y0}H${x0 + w - rx}A${rx} ${ry} 0 0 1 ${x0 + w} ${y0 + ry}V${y0 + h - ry}A${rx} ${ry} 0 0 1 ${x0 + w - rx} ${y0 + h}H${x0 + rx}A${rx} ${ry} 0 0 1 ${x0} ${y0 + h - ry}V${y0 + ry}A${rx} ${ry} 0 0 1 ${x0 + rx} ${y0}Z`;
    }
    case 'circle':
    case 'ellipse': {
      const cx = x(a.cx), cy = y(a.cy);
      let rx: number | undefined, ry: number | undefined;
      if (el.name === 'circle') rx = ry = userLength(a.r, diagonal(vp));
      else {
        // SVG 2: a missing or negative radius is `auto`, which takes the other one.
        const auto = (v: number | undefined) => (v !== undefined && v >= 0 ? v : undefined);
        rx = auto(userLength(a.rx, vp.w));
        ry = auto(userLength(a.ry, vp.h));
        rx ??= ry;
        ry ??= rx;
      }
      if (!rx || !ry || rx <= 0 || ry <= 0) return undefined;
      // As SVG defines it (a dash pattern depends on it): from the rightmost point, clockwise, four quarter arcs.
      const arc = (px: number, py: number) => `A${rx} ${ry} 0 0 1 ${px} ${py}`;
      return `M${cx + rx} ${cy}${arc(cx, cy + ry)}${arc(cx - rx, cy)}${arc(cx, cy - ry)}${arc(cx + rx, cy)}Z`;
    }
    case 'line':
      return `M${x(a.x1)} ${y(a.y1)}L${x(a.x2)} ${y(a.y2)}`;
    case 'polyline':
    case 'polygon': {
      const pts = (a.points ?? '').match(/-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/gi)?.map(Number) ?? [];
      if (pts.length < 4) return undefined;
      let d = `M${pts[0]} ${pts[1]}`;
      for (let i = 2; i + 1 < pts.length; i += 2) d += `L${pts[i]} ${pts[i + 1]}`;
      return el.name === 'polygon' ? `${d}Z` : d;
    }
  }
  return undefined;
}

// A group's opacity applies to the group drawn as one (SVG), but svg2pdf.js gives it to each child: where two
// children of a translucent group overlap, the one on top lets the one under it show through, and the colour is
// wrong (resvg's filters/enable-background/with-opacity-4: 9 %). Such a group is drawn by the browser as one image
// (rasterText.ts), as the EPS writer draws a translucent shape over others; a group whose children lie apart stays
// vector, where painting each child with the opacity is the same.

import { anyOverlap, strokeReach, type PaintBox } from '../../../engines/svg/paint-box';

const SVG_NS = 'http://www.w3.org/2000/svg';
const SHAPES = new Set(['path', 'line', 'polyline', 'polygon', 'rect', 'circle', 'ellipse', 'text', 'image', 'use']);
const NOT_PAINTED = new Set(['defs', 'symbol', 'clipPath', 'mask', 'pattern', 'marker', 'linearGradient', 'radialGradient', 'filter']);

/** The opacity set on the element itself (attribute or style=""), 1 when none or invalid. */
export function ownOpacity(el: Element): number {
  const fromStyle = /(?:^|;)\s*opacity\s*:([^;]*)/i.exec(el.getAttribute('style') ?? '')?.[1];
  const raw = (fromStyle ?? el.getAttribute('opacity') ?? '').replace(/!important/i, '').trim();
  if (raw === '') return 1;
  const v = raw.endsWith('%') ? parseFloat(raw) / 100 : parseFloat(raw);
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 1;
}

/** The painted leaves under a group (not what <defs>, markers, masks… hold). */
function leaves(group: Element): Element[] {
  const out: Element[] = [];
  const walk = (el: Element) => {
    for (const c of Array.from(el.children)) {
      if (c.namespaceURI !== SVG_NS || NOT_PAINTED.has(c.localName)) continue;
      if (SHAPES.has(c.localName)) out.push(c);
      else walk(c);
    }
  };
  walk(group);
  return out;
}

/**
 * The groups (g, a, switch) with an opacity below 1 whose painted children overlap, outermost first. Measured by the
 * browser on a hidden copy of the drawing put into the page: each leaf's box on the page, widened by its stroke.
 */
export function translucentOverlappingGroups(root: Element): Set<Element> {
  const found = new Set<Element>();
  const all = Array.from(root.getElementsByTagName('*'));
  const candidates = all.filter((el) => el.namespaceURI === SVG_NS && /^(?:g|a|switch)$/.test(el.localName) && ownOpacity(el) < 1);
  if (!candidates.length || typeof document === 'undefined') return found;
  const copy = document.importNode(root, true) as SVGSVGElement;
  const host = document.createElement('div');
  host.style.cssText = 'position:fixed;left:0;top:0;visibility:hidden;pointer-events:none';
  host.appendChild(copy);
  document.body.appendChild(host);
  try {
    // The copy holds the same elements in the same document order.
    const copies = Array.from(copy.getElementsByTagName('*'));
    const index = new Map(all.map((el, i) => [el, i]));
    const twin = (el: Element) => copies[index.get(el) ?? -1];
    for (const group of candidates) {
      if ([...found].some((g) => g.contains(group))) continue;
      const boxes: PaintBox[] = [];
      for (const leaf of leaves(group)) {
        const el = twin(leaf) as SVGGraphicsElement | undefined;
        if (!el?.getBoundingClientRect) continue;
        const r = el.getBoundingClientRect();
        if (!(r.width > 0 || r.height > 0)) continue;
        const style = getComputedStyle(el);
        const stroked = style.stroke !== 'none' && style.stroke !== '';
        const ctm = el.getScreenCTM?.();
        const scale = ctm ? Math.max(Math.hypot(ctm.a, ctm.b), Math.hypot(ctm.c, ctm.d)) : 1;
        const reach = stroked ? strokeReach(parseFloat(style.strokeWidth) || 0, parseFloat(style.strokeMiterlimit) || 4, scale) : 0;
        boxes.push({ x0: r.left - reach, y0: r.top - reach, x1: r.right + reach, y1: r.bottom + reach });
      }
      if (anyOverlap(boxes)) found.add(group);
    }
  } finally {
    host.remove();
  }
  return found;
}

// What svg2pdf.js draws wrong, found per element, so that rasterText.ts can have the browser draw that element
// and embed it as an image in its place (the SVG → EPS writer's rule). Measured on resvg's test suite
// (bench/svg): filters, masks, clip paths (invalid children, clip-path on the clipPath, clip-rule mixes),
// mix-blend-mode, markers, paint-order, transform-origin, <image> (slice, WebP, smoothing), gradients with
// translucent stops, xlink:href inheritance, fr, zero or negative r, patterns with a viewBox or xlink:href,
// dash lengths with units, context-fill/-stroke, nested viewports (<svg>, <symbol>).
import { parseCssColor } from '../../../engines/svg/eps/paint';
import { urlRef } from '../../../engines/svg/eps/style';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Marks the group made by isolateBlends: what a blended element blends with, drawn as one image. */
const BACKDROP = 'data-localkit-backdrop';

/** A property set on the element itself, by attribute or in style="" (the declaration wins, as in CSS). */
function ownProp(el: Element, name: string, attribute = true): string | undefined {
  const style = el.getAttribute('style');
  if (style) {
    let found: string | undefined;
    for (const decl of style.split(';')) {
      const i = decl.indexOf(':');
      if (i > 0 && decl.slice(0, i).trim().toLowerCase() === name) found = decl.slice(i + 1).replace(/!important/i, '').trim();
    }
    if (found !== undefined) return found;
  }
  if (!attribute) return undefined;
  const attr = el.getAttribute(name);
  return attr === null ? undefined : attr.trim();
}

/**
 * A property that is CSS only (mix-blend-mode, isolation): a browser reads it from style="" (and style sheets, inlined
 * by then), never from an attribute of that name (resvg's painting/isolation/as-property, mix-blend-mode/as-property).
 */
function cssProp(el: Element, name: string): string | undefined {
  return ownProp(el, name, false);
}

const set = (v: string | undefined) => v !== undefined && v !== '' && v.toLowerCase() !== 'none';

/** The value in force for an inherited property: the element's own, or the nearest ancestor's. */
function inherited(el: Element, name: string): string | undefined {
  for (let node: Element | null = el; node; node = node.parentElement) {
    const v = ownProp(node, name);
    if (v !== undefined && v.toLowerCase() !== 'inherit') return v;
  }
  return undefined;
}

const SHAPES = new Set(['path', 'line', 'polyline', 'polygon', 'rect', 'circle', 'ellipse']);
const PAINTED_LEAVES = new Set([...SHAPES, 'text']);

/**
 * A userSpaceOnUse gradient whose geometry is, or defaults to, a percentage of the viewport (x2 = 100 %,
 * cx = cy = r = 50 %): svg2pdf reads the defaults as fractions of a unit and percentages as numbers.
 */
function userSpacePercent(server: Element): boolean {
  const linear = server.localName === 'linearGradient';
  const defaulted = linear ? ['x2'] : ['cx', 'cy', 'r'];
  if (defaulted.some((a) => !server.hasAttribute(a))) return true;
  const all = linear ? ['x1', 'y1', 'x2', 'y2'] : ['cx', 'cy', 'r', 'fx', 'fy', 'fr'];
  return all.some((a) => /%\s*$/.test(server.getAttribute(a) ?? ''));
}

/** A focal point outside the end circle: a browser moves it onto the circle (SVG 1.1), svg2pdf does not. */
function focalOutside(server: Element): boolean {
  const at = (name: string, fallback: string) => server.getAttribute(name)?.trim() ?? fallback;
  const [cx, cy, r] = [at('cx', '50%'), at('cy', '50%'), at('r', '50%')];
  const values = [cx, cy, r, at('fx', cx), at('fy', cy)];
  // Only in one unit (all numbers, or all percentages of a square box); anything else is left as it was.
  const percent = values.every((v) => v.endsWith('%'));
  if (!percent && !values.every((v) => /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(v))) return false;
  const [x, y, radius, fx, fy] = values.map((v) => parseFloat(v));
  return Math.hypot(fx - x, fy - y) > radius;
}

/** Markers set by a <style> sheet (a rule whose selector matches the element): svg2pdf reads them, but draws them wrong. */
function markedBySheet(el: Element, root: Element): boolean {
  for (const style of Array.from(root.getElementsByTagNameNS(SVG_NS, 'style'))) {
    if (!/marker/i.test(style.textContent ?? '')) continue;
    const sheet = new CSSStyleSheet();
    try {
      sheet.replaceSync(style.textContent ?? '');
    } catch {
      continue;
    }
    for (const rule of Array.from(sheet.cssRules)) {
      if (!(rule instanceof CSSStyleRule) || !['marker-start', 'marker-mid', 'marker-end'].some((m) => set(rule.style.getPropertyValue(m).trim()))) continue;
      try {
        if (el.matches(rule.selectorText)) return true;
      } catch {
        // A selector the browser cannot match here: not this element's.
      }
    }
  }
  return false;
}

/** Why svg2pdf would draw this gradient or pattern wrong, if it would. */
function paintServerProblem(server: Element): string | undefined {
  if (server.hasAttribute('href') || server.hasAttributeNS('http://www.w3.org/1999/xlink', 'href') || server.hasAttribute('xlink:href')) return 'href';
  if (server.hasAttribute('transform-origin')) return 'transform-origin';
  if (server.localName === 'pattern') {
    if (server.hasAttribute('viewBox')) return 'pattern-viewBox';
    // In objectBoundingBox units (the default) svg2pdf scales the tile's x and y by the box's x and y, not by its size.
    const bbox = (server.getAttribute('patternUnits') ?? 'objectBoundingBox').trim() !== 'userSpaceOnUse';
    if (bbox && ['x', 'y'].some((a) => parseFloat(server.getAttribute(a) ?? '0') !== 0)) return 'pattern-bbox-offset';
    return undefined;
  }
  if (!/Gradient$/.test(server.localName)) return undefined;
  const stops = Array.from(server.children).filter((c) => c.localName === 'stop');
  // No stop paints nothing and svg2pdf agrees; one opaque stop is a plain colour, which it draws right.
  let last = -Infinity;
  for (const stop of stops) {
    const offset = ownProp(stop, 'offset');
    if (offset === undefined) return 'stops';
    const value = offset.endsWith('%') ? parseFloat(offset) / 100 : parseFloat(offset);
    if (!Number.isFinite(value) || value < last || value < 0 || value > 1) return 'stops';
    // Several stops at offset 0: the PDF's shading (jsPDF's stitching function) blends them into a grey band.
    if (value === 0 && last === 0) return 'stops';
    last = value;
    const colour = ownProp(stop, 'stop-color') ?? 'black';
    const parsed = parseCssColor(colour);
    if (!parsed || parsed.alpha < 1) return 'stop-colour';
    const opacity = ownProp(stop, 'stop-opacity');
    if (opacity !== undefined && parseFloat(opacity) < 1) return 'stop-opacity';
  }
  const units = server.getAttribute('gradientUnits')?.trim();
  // An invalid value is objectBoundingBox to a browser; svg2pdf reads anything but that as userSpaceOnUse.
  if (units !== undefined && units !== 'userSpaceOnUse' && units !== 'objectBoundingBox') return 'units';
  if (units === 'userSpaceOnUse' && userSpacePercent(server)) return 'user-space-percent';
  const spread = server.getAttribute('spreadMethod');
  if (spread && spread !== 'pad') return 'spread';
  if (server.localName === 'radialGradient') {
    if (server.hasAttribute('fr')) return 'fr';
    const r = server.getAttribute('r');
    if (r !== null && !(parseFloat(r) > 0)) return 'r';
    if (focalOutside(server)) return 'focal-point';
  }
  return undefined;
}

/** Why the paint (fill or stroke value) would come out wrong. */
export function paintProblem(value: string | undefined, byId: (id: string) => Element | null, opacity: number): string | undefined {
  if (value === undefined) return undefined;
  if (/^context-/i.test(value)) return 'context-paint';
  const ref = urlRef(value);
  if (ref) {
    const target = byId(ref.id);
    if (!target || !/^(?:linearGradient|radialGradient|pattern)$/.test(target.localName)) return 'paint-reference';
    // svg2pdf drops fill-opacity and stroke-opacity on gradient and pattern paint.
    if (opacity < 1) return 'paint-opacity';
    return paintServerProblem(target);
  }
  const colour = parseCssColor(value);
  if (colour && colour.alpha < 1) return 'colour-alpha';
  return undefined;
}

const num = (v: string | undefined, fallback: number) => {
  const x = v === undefined ? NaN : parseFloat(v);
  return Number.isFinite(x) ? x : fallback;
};

const GEOMETRY = ['x', 'y', 'width', 'height', 'rx', 'ry', 'cx', 'cy', 'r', 'x1', 'y1', 'x2', 'y2'];
/** A length svg2pdf reads: a number, in px or none (percentages, em, cap, mm… it reads as numbers or not at all). */
const PLAIN_LENGTH = /^(?:[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?(?:px)?|auto)$/i;

/**
 * A filter on the root <svg> works on the whole drawing (resvg's filters/filter/on-the-root-svg): the page is then
 * drawn by the browser as one image. Not a root clip path or mask: what a browser clips there (its viewport, in CSS
 * px) differs from what resvg draws (masking/clipPath/on-the-root-svg-with-size, which the browser's PNG fails).
 */
export function rootFilter(root: Element): boolean {
  return set(ownProp(root, 'filter'));
}

/** Why svg2pdf would draw this painted element wrong; undefined when it draws it right (as far as measured). */
export function rasterReason(el: Element, root: Element, depth = 0): string | undefined {
  if (depth > 8) return undefined;
  if (el.hasAttribute(BACKDROP)) return 'blend-backdrop';
  const byId = (id: string) => root.querySelector(`[id="${CSS.escape(id)}"]`);
  for (const p of ['filter', 'mask', 'clip-path']) if (set(ownProp(el, p))) return p;
  const blend = cssProp(el, 'mix-blend-mode');
  if (blend && blend !== 'normal') return 'mix-blend-mode';
  if (cssProp(el, 'isolation') === 'isolate' && Array.from(el.querySelectorAll('[style*="mix-blend-mode"]')).some(blended)) return 'isolation';
  if (set(ownProp(el, 'transform-origin'))) return 'transform-origin';
  const name = el.localName;
  if (name === 'image') return 'image';
  if (name === 'svg' && el !== root && !el.getElementsByTagNameNS(SVG_NS, 'text').length) return 'viewport';
  if (name === 'use') {
    const id = (el.getAttribute('href') ?? el.getAttributeNS('http://www.w3.org/1999/xlink', 'href') ?? '').replace(/^#/, '');
    const target = id ? byId(id) : null;
    if (!target || target === el || target.contains(el)) return undefined;
    const text = target.localName === 'text' || target.getElementsByTagNameNS(SVG_NS, 'text').length > 0;
    if ((target.localName === 'svg' || target.localName === 'symbol') && !text) return 'viewport';
    // What the <use> shows is drawn by svg2pdf from the target: the target's own problems are the <use>'s.
    for (const t of [target, ...Array.from(target.getElementsByTagName('*'))]) {
      const r = t.namespaceURI === SVG_NS ? rasterReason(t, root, depth + 1) : undefined;
      if (r) return r;
    }
    return undefined;
  }
  if (!PAINTED_LEAVES.has(name)) return undefined;
  if (SHAPES.has(name) && GEOMETRY.some((a) => el.hasAttribute(a) && !PLAIN_LENGTH.test(el.getAttribute(a)!.trim()))) return 'length-units';
  if (SHAPES.has(name) && (['marker', 'marker-start', 'marker-mid', 'marker-end'].some((m) => set(inherited(el, m))) || markedBySheet(el, root))) return 'marker';
  const order = inherited(el, 'paint-order');
  if (order && !/^(?:normal|fill(?:\s+stroke)?)$/i.test(order.trim())) return 'paint-order';
  const strokeValue = inherited(el, 'stroke');
  const stroked = set(strokeValue) && num(inherited(el, 'stroke-width'), 1) > 0;
  if (stroked) {
    const dash = inherited(el, 'stroke-dasharray');
    if (dash !== undefined && !/^[\d.\s,]*$/.test(dash) && dash !== 'none') return 'dash-units';
    const offset = inherited(el, 'stroke-dashoffset');
    if (offset !== undefined && !/^-?[\d.]+$/.test(offset)) return 'dash-units';
  }
  const opacity = num(ownProp(el, 'opacity'), 1);
  const fill = paintProblem(inherited(el, 'fill'), byId, opacity * num(inherited(el, 'fill-opacity'), 1));
  if (fill) return fill;
  return stroked ? paintProblem(strokeValue, byId, opacity * num(inherited(el, 'stroke-opacity'), 1)) : undefined;
}

const blended = (el: Element) => {
  const v = cssProp(el, 'mix-blend-mode');
  return v !== undefined && v !== '' && v !== 'normal';
};
/** Ancestors that isolate a blend and are drawn as images anyway (rasterReason): the blend stays inside them. */
const ISOLATING = ['filter', 'mask', 'clip-path'];

/**
 * An element blended with what lies under it on the page (mix-blend-mode) cannot be an image alone: the image
 * would have nothing under it to blend with. Its backdrop, the root's children from the first up to the one
 * holding it, is wrapped in one group, which rasterReason has drawn as one image. Returns how many groups.
 */
export function isolateBlends(root: Element): number {
  let groups = 0;
  for (const el of Array.from(root.getElementsByTagName('*'))) {
    if (!blended(el) || !el.isConnected || el.closest(`[${BACKDROP}]`)) continue;
    let top: Element = el;
    let isolated = false;
    for (let node = el.parentElement; node && node !== root; node = node.parentElement) {
      if (ISOLATING.some((p) => set(ownProp(node, p))) || blended(node) || cssProp(node, 'isolation') === 'isolate') isolated = true;
      top = node;
    }
    if (isolated || top.parentElement !== root) continue;
    const group = root.ownerDocument.createElementNS(SVG_NS, 'g');
    group.setAttribute(BACKDROP, '');
    const first = Array.from(root.children).find((c) => c.namespaceURI === SVG_NS && !['title', 'desc', 'metadata', 'style', 'defs'].includes(c.localName)) ?? top;
    root.insertBefore(group, first);
    for (let node: Element | null = first; node; ) {
      const next: Element | null = node.nextElementSibling;
      group.appendChild(node);
      if (node === top) break;
      node = next;
    }
    groups++;
  }
  return groups;
}

/**
 * A filter on the element or inside it that works on device pixels: feConvolveMatrix without kernelUnitLength, whose
 * kernel is one device pixel per cell (SVG 1.1), so its result depends on the resolution it is drawn at. A browser
 * draws it at its screen's pixels; rasterText.ts draws such an element at 2 device px per CSS px (a 2 × screen's, and the
 * EPS's raster resolution), not at 3: a kernel a third narrower blurred resvg's filters/feConvolveMatrix targetX=2 and
 * order=4-2 visibly less (at 1 px per unit the element's edges came out too soft: edgeMode=none failed).
 */
export function pixelFilter(root: Element, el: Element): boolean {
  const byId = (id: string) => root.querySelector(`[id="${CSS.escape(id)}"]`);
  const primitives = (filter: Element | null, depth = 0): Element[] => {
    if (!filter || filter.localName !== 'filter' || depth > 8) return [];
    const own = Array.from(filter.children).filter((c) => c.localName.startsWith('fe'));
    if (own.length) return own;
    const href = (filter.getAttribute('href') ?? filter.getAttributeNS('http://www.w3.org/1999/xlink', 'href') ?? '').trim();
    return href.startsWith('#') ? primitives(byId(href.slice(1)), depth + 1) : [];
  };
  for (const node of [el, ...Array.from(el.getElementsByTagName('*'))]) {
    const value = ownProp(node, 'filter');
    if (!value) continue;
    for (const id of filterIds(value)) if (primitives(byId(id)).some(onDevicePixels)) return true;
  }
  return false;
}

/** The ids a filter property refers to: one url() or a list of filters with several. */
export function filterIds(value: string): string[] {
  return Array.from(value.matchAll(/url\(\s*['"]?\s*#([^'")\s]+)/gi), (m) => m[1]);
}

/** A filter primitive whose result is tied to device pixels (pixelFilter). */
export const onDevicePixels = (p: Pick<Element, 'localName' | 'hasAttribute'>) => p.localName === 'feConvolveMatrix' && !p.hasAttribute('kernelUnitLength');

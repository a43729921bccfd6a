// What svg2pdf.js draws wrong, found per element, so that rasterText.ts can have the browser draw that element
// and embed it as an image in its place (the SVG → EPS writer's rule). Measured on resvg's test suite
// (bench/svg): filters, masks, clip paths (invalid children, clip-path on the clipPath, clip-rule mixes),
// mix-blend-mode, markers, paint-order, transform-origin, <image> (slice, WebP, smoothing), gradients with
// translucent stops, xlink:href inheritance, fr, zero or negative r, patterns with a viewBox or xlink:href,
// dash lengths with units, context-fill/-stroke, nested viewports (<svg>, <symbol>). Also the fixes that keep
// vectors: colours svg2pdf cannot read are rewritten as rgb() (or dropped when invalid, as a browser
// ignores them), and <style> sheets that are not CSS are dropped.
import { parseCssColor } from '../svg-to-eps/paint';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Marks the group made by isolateBlends: what a blended element blends with, drawn as one image. */
export const BACKDROP = 'data-localkit-backdrop';

/** A property set on the element itself, by attribute or in style="" (the declaration wins, as in CSS). */
export function ownProp(el: Element, name: string): string | undefined {
  const style = el.getAttribute('style');
  if (style) {
    let found: string | undefined;
    for (const decl of style.split(';')) {
      const i = decl.indexOf(':');
      if (i > 0 && decl.slice(0, i).trim().toLowerCase() === name) found = decl.slice(i + 1).replace(/!important/i, '').trim();
    }
    if (found !== undefined) return found;
  }
  const attr = el.getAttribute(name);
  return attr === null ? undefined : attr.trim();
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

const URL_REF = /^url\(\s*['"]?#([^'")]+)['"]?\s*\)/i;
const SHAPES = new Set(['path', 'line', 'polyline', 'polygon', 'rect', 'circle', 'ellipse']);
const PAINTED_LEAVES = new Set([...SHAPES, 'text']);

/** Why svg2pdf would draw this gradient or pattern wrong, if it would. */
function paintServerProblem(server: Element): string | undefined {
  if (server.hasAttribute('href') || server.hasAttributeNS('http://www.w3.org/1999/xlink', 'href') || server.hasAttribute('xlink:href')) return 'href';
  if (server.hasAttribute('transform-origin')) return 'transform-origin';
  if (server.localName === 'pattern') return server.hasAttribute('viewBox') ? 'pattern-viewBox' : undefined;
  if (!/Gradient$/.test(server.localName)) return undefined;
  const stops = Array.from(server.children).filter((c) => c.localName === 'stop');
  // No stop paints nothing and svg2pdf agrees; one opaque stop is a plain colour, which it draws right.
  let last = -Infinity;
  for (const stop of stops) {
    const offset = ownProp(stop, 'offset');
    if (offset === undefined) return 'stops';
    const value = offset.endsWith('%') ? parseFloat(offset) / 100 : parseFloat(offset);
    if (!Number.isFinite(value) || value < last || value < 0 || value > 1) return 'stops';
    last = value;
    const colour = ownProp(stop, 'stop-color') ?? 'black';
    const parsed = parseCssColor(colour);
    if (!parsed || parsed.alpha < 1) return 'stop-colour';
    const opacity = ownProp(stop, 'stop-opacity');
    if (opacity !== undefined && parseFloat(opacity) < 1) return 'stop-opacity';
  }
  const spread = server.getAttribute('spreadMethod');
  if (spread && spread !== 'pad') return 'spread';
  if (server.localName === 'radialGradient') {
    if (server.hasAttribute('fr')) return 'fr';
    const r = server.getAttribute('r');
    if (r !== null && !(parseFloat(r) > 0)) return 'r';
  }
  return undefined;
}

/** Why the paint (fill or stroke value) would come out wrong. */
function paintProblem(value: string | undefined, byId: (id: string) => Element | null, opacity: number): string | undefined {
  if (value === undefined) return undefined;
  if (/^context-/i.test(value)) return 'context-paint';
  const ref = URL_REF.exec(value);
  if (ref) {
    const target = byId(ref[1]);
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

/** Why svg2pdf would draw this painted element wrong; undefined when it draws it right (as far as measured). */
export function rasterReason(el: Element, root: Element, depth = 0): string | undefined {
  if (depth > 8) return undefined;
  if (el.hasAttribute(BACKDROP)) return 'blend-backdrop';
  const byId = (id: string) => root.querySelector(`[id="${CSS.escape(id)}"]`);
  for (const p of ['filter', 'mask', 'clip-path']) if (set(ownProp(el, p))) return p;
  const blend = ownProp(el, 'mix-blend-mode');
  if (blend && blend !== 'normal') return 'mix-blend-mode';
  if (ownProp(el, 'isolation') === 'isolate' && el.querySelector('[style*="mix-blend-mode"], [mix-blend-mode]')) return 'isolation';
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
  if (SHAPES.has(name) && ['marker', 'marker-start', 'marker-mid', 'marker-end'].some((m) => set(inherited(el, m)))) return 'marker';
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

const COLOUR_PROPS = ['fill', 'stroke', 'stop-color', 'flood-color', 'lighting-color', 'color'];
const KEEP = /^(?:none|currentcolor|inherit|transparent|context-fill|context-stroke)$/i;
const hex = (x: number) => Math.round(x * 255).toString(16).padStart(2, '0');

/** A colour as svg2pdf reads it (#rrggbb), '' when it is no colour, undefined to leave it as written. */
function rewriteColour(value: string): string | undefined {
  const v = value.trim();
  if (KEEP.test(v) || /^url\(/i.test(v)) return undefined;
  const c = parseCssColor(v);
  if (!c) return '';
  // A translucent colour is left as written: the element is drawn as an image (rasterReason).
  if (c.alpha < 1) return undefined;
  return `#${c.rgb.map(hex).join('')}`;
}

/**
 * Colours in every CSS form (hsl(), hwb(), rgb() with percentages past 100 %, ICC fallbacks…) as #rrggbb,
 * which svg2pdf reads; an invalid colour is dropped, as a browser ignores it. Returns how many changed.
 */
export function normalizeColours(root: Element): number {
  let changed = 0;
  for (const el of [root, ...Array.from(root.getElementsByTagName('*'))]) {
    for (const name of COLOUR_PROPS) {
      const attr = el.getAttribute(name);
      if (attr === null) continue;
      const next = rewriteColour(attr);
      if (next === undefined || next === attr) continue;
      if (next === '') el.removeAttribute(name);
      else el.setAttribute(name, next);
      changed++;
    }
    const style = el.getAttribute('style');
    if (!style || !COLOUR_PROPS.some((p) => style.includes(p))) continue;
    let touched = false;
    const decls = style.split(';').flatMap((decl) => {
      const i = decl.indexOf(':');
      const prop = i > 0 ? decl.slice(0, i).trim().toLowerCase() : '';
      if (!COLOUR_PROPS.includes(prop) || /!important|var\(/i.test(decl)) return [decl];
      const next = rewriteColour(decl.slice(i + 1));
      if (next === undefined) return [decl];
      touched = true;
      return next === '' ? [] : [`${prop}:${next}`];
    });
    if (touched) {
      el.setAttribute('style', decls.join(';'));
      changed++;
    }
  }
  return changed;
}

const KEYWORDS: Record<string, RegExp> = { 'stroke-linejoin': /^(?:miter|round|bevel|inherit)$/i, 'stroke-linecap': /^(?:butt|round|square|inherit)$/i };

/** Line joins and caps a browser does not know (SVG 2's arcs, miter-clip) are ignored, as it ignores them; jsPDF throws on them. */
export function dropUnknownKeywords(root: Element): number {
  let changed = 0;
  for (const el of [root, ...Array.from(root.getElementsByTagName('*'))]) {
    for (const [name, known] of Object.entries(KEYWORDS)) {
      const v = el.getAttribute(name);
      if (v !== null && !known.test(v.trim())) {
        el.removeAttribute(name);
        changed++;
      }
      const style = el.getAttribute('style');
      if (style?.includes(name)) {
        const decls = style.split(';').filter((d) => {
          const i = d.indexOf(':');
          return !(i > 0 && d.slice(0, i).trim().toLowerCase() === name && !known.test(d.slice(i + 1).replace(/!important/i, '').trim()));
        });
        if (decls.length !== style.split(';').length) {
          el.setAttribute('style', decls.join(';'));
          changed++;
        }
      }
    }
  }
  return changed;
}

/** <style> elements whose type is not CSS apply nothing in a browser; svg2pdf would apply them. */
export function dropForeignStyleSheets(root: Element): number {
  const sheets = Array.from(root.getElementsByTagNameNS(SVG_NS, 'style')).filter((s) => {
    const type = (s.getAttribute('type') ?? '').trim().toLowerCase();
    return type !== '' && type !== 'text/css';
  });
  sheets.forEach((s) => s.remove());
  return sheets.length;
}

const blended = (el: Element) => {
  const v = ownProp(el, 'mix-blend-mode');
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
      if (ISOLATING.some((p) => set(ownProp(node, p))) || blended(node) || ownProp(node, 'isolation') === 'isolate') isolated = true;
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

/** SVG elements written with a prefix (<svg:svg xmlns:svg="…">) as plain ones, which the sanitiser and svg2pdf expect. */
export function dropSvgPrefixes(doc: Document): number {
  let changed = 0;
  const walk = (el: Element) => {
    for (const child of Array.from(el.children)) walk(child);
    if (el.namespaceURI !== SVG_NS || !el.prefix) return;
    const plain = doc.createElementNS(SVG_NS, el.localName);
    for (const attr of Array.from(el.attributes)) {
      if (attr.prefix === 'xmlns' && attr.namespaceURI === 'http://www.w3.org/2000/xmlns/' && attr.value === SVG_NS) continue;
      plain.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
    }
    while (el.firstChild) plain.appendChild(el.firstChild);
    el.replaceWith(plain);
    changed++;
  };
  if (doc.documentElement) walk(doc.documentElement);
  return changed;
}

const hrefOf = (el: Element) => (el.getAttribute('href') ?? el.getAttributeNS('http://www.w3.org/1999/xlink', 'href') ?? '').trim();

/**
 * <use> elements that show themselves, directly or through other <use>s: a browser draws none of them, and
 * svg2pdf recurses on them until it fails. They are removed. Returns how many.
 */
export function dropRecursiveUses(root: Element): number {
  const uses = Array.from(root.getElementsByTagNameNS(SVG_NS, 'use'));
  const byId = (id: string) => (id.startsWith('#') ? root.querySelector(`[id="${CSS.escape(id.slice(1))}"]`) : null);
  /** Whether showing `use` leads back to itself or to an element holding it. */
  const recursive = (use: Element): boolean => {
    const seen = new Set<Element>();
    const queue: Element[] = [use];
    while (queue.length) {
      const u = queue.shift()!;
      const target = byId(hrefOf(u));
      if (!target) continue;
      if (target === use || target.contains(use)) return true;
      if (seen.has(target)) continue;
      seen.add(target);
      if (target.localName === 'use') queue.push(target);
      queue.push(...Array.from(target.getElementsByTagNameNS(SVG_NS, 'use')));
    }
    return false;
  };
  const drop = uses.filter(recursive);
  drop.forEach((u) => u.remove());
  return drop.length;
}

/** An ellipse with one radius (SVG 2: the other is "auto", the same): svg2pdf draws nothing without both. */
export function autoEllipseRadii(root: Element): number {
  let changed = 0;
  for (const el of Array.from(root.getElementsByTagNameNS(SVG_NS, 'ellipse'))) {
    const auto = (v: string | null) => v === null || v.trim() === '' || v.trim() === 'auto';
    const [rx, ry] = [el.getAttribute('rx'), el.getAttribute('ry')];
    if (auto(rx) && !auto(ry)) el.setAttribute('rx', ry!);
    else if (auto(ry) && !auto(rx)) el.setAttribute('ry', rx!);
    else continue;
    changed++;
  }
  return changed;
}

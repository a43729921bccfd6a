// One resolution of style for every vector writer (SVG → PDF through svg2pdf, SVG → EPS through our writer), on
// svgo's tree, before either sees it: what the browser works out and a writer might not.
// - The cascade: <style> rules (svgo's inlineStyles, run by parseXast), the style attribute over presentation
//   attributes, folded into presentation attributes; `inherit` replaced by the parent's value; `currentColor`
//   replaced by the element's colour on what paints (shapes, text, stops, flood and lighting colours).
// - <use> instanced: a <g> with the <use>'s attributes and its x/y as a translation, holding a copy of what it
//   shows (a <symbol> or <svg> as a nested <svg> sized by the <use>), resolved in its place, so the copy inherits
//   from the <use> and not from where the original stands. A <use> that shows itself draws nothing (recursion.ts).
// - context-fill and context-stroke inside a <use> as the <use>'s fill and stroke when those are colours or none.
// - What draws nothing in a browser: an element whose transform has no inverse (a zeroed matrix).
// - A paint that names no paint server (`url(#missing)`, or an element that is none) is its fallback, or none.
// - A <pattern>'s `href` chain resolved: the attributes it does not set and, when it has none, the children of the
//   patterns it names, copied in (the writers read one plain pattern).
// - A rect's corner radii in SVG 2's order: a negative or missing radius is `auto` (the other one), then each is
//   clamped to half the side.
import { isPaint, parseTransform } from './eps/paint';
import { dropRecursiveXastUses, MAX_EXPANDED, xastIds } from './structure';
import { parseXast, serializeXast, type XastChild, type XastElement } from './xast';

/** Properties children inherit (CSS/SVG 2), as presentation attributes. */
const INHERITED = new Set([
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit',
  'stroke-dasharray', 'stroke-dashoffset', 'color', 'visibility', 'clip-rule', 'marker-start', 'marker-mid', 'marker-end', 'paint-order',
  'font-family', 'font-size', 'font-style', 'font-weight', 'font-variant', 'font-stretch', 'text-anchor', 'letter-spacing', 'word-spacing',
  'direction', 'writing-mode', 'color-interpolation', 'color-interpolation-filters', 'shape-rendering', 'image-rendering', 'text-rendering',
]);
/**
 * Properties that are not inherited but take `inherit` (the parent's value). Not mix-blend-mode and isolation:
 * no browser reads them as attributes, so they stay in style="" (the PDF's blend, drawn by the browser, was lost).
 */
const NOT_INHERITED = new Set([
  'opacity', 'stop-color', 'stop-opacity', 'flood-color', 'flood-opacity', 'lighting-color', 'clip-path', 'mask', 'filter', 'display', 'overflow',
  'dominant-baseline', 'alignment-baseline', 'baseline-shift', 'text-decoration', 'unicode-bidi', 'transform-origin',
]);
/** Initial values that differ from an element's default (a <marker> or nested <svg> clips unless overflow is visible). */
const INITIAL: Record<string, string> = { overflow: 'visible' };
/** Elements that paint with fill and stroke: they get both written out, currentColor resolved. */
const PAINTS = new Set(['rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'path', 'text', 'tspan', 'textPath']);
/** Colours other than fill and stroke that may be currentColor. */
const COLOURS = ['stop-color', 'flood-color', 'lighting-color'];
/** What a <use> may show (anything else draws nothing). */
const SHOWABLE = new Set(['g', 'svg', 'symbol', 'a', 'switch', 'image', 'use', ...PAINTS]);
const PAINT_PROPS = ['fill', 'stroke', 'fill-opacity', 'stroke-opacity'];
const PAINT_SERVERS = new Set(['linearGradient', 'radialGradient', 'pattern']);
/** What a <pattern> takes from the pattern its href names when it does not set it (SVG 1.1 §13.3). */
const PATTERN_INHERITED = ['x', 'y', 'width', 'height', 'patternUnits', 'patternContentUnits', 'patternTransform', 'viewBox', 'preserveAspectRatio'];
const PLAIN_NUMBER = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?(?:px)?\s*$/i;

type Props = Map<string, string>;
const childElements = (el: XastElement) => el.children.filter((c): c is XastElement => c.type === 'element');
const isCurrentColor = (v: string | undefined) => /^\s*currentcolor\s*$/i.test(v ?? '');

/** The style attribute's declarations, in order (the last one of a name wins, as in CSS). */
function declarations(style: string | undefined): [string, string][] {
  const out: [string, string][] = [];
  for (const decl of (style ?? '').split(';')) {
    const i = decl.indexOf(':');
    if (i > 0) out.push([decl.slice(0, i).trim().toLowerCase(), decl.slice(i + 1).replace(/!\s*important\s*$/i, '').trim()]);
  }
  return out;
}

interface Context {
  /** Computed values of the inherited properties. */
  inherited: Props;
  /** The parent's own values of the properties that are not inherited (what `inherit` takes). */
  parentOwn: Props;
  /** Inside a <clipPath>: a <use> stays (a <g> may not stand there). */
  inClip: boolean;
  /** Inside a <use>'s instance whose paint is a colour or none: what context-fill and context-stroke are. */
  contextPaint?: { fill: string; stroke: string };
}

class Resolver {
  private expanded = 0;
  /** The instances of <use>s whose content paints with context-fill or context-stroke: their context element. */
  private contextElements = new Set<XastElement>();
  constructor(private pristine: Map<string, XastElement>) {}

  /** The element's own declared properties: presentation attributes, then style declarations over them; both folded into attributes. */
  private fold(el: XastElement, ctx: Context): { inherited: Props; own: Props } {
    const own: Props = new Map();
    const rest: string[] = [];
    for (const name of [...INHERITED, ...NOT_INHERITED]) if (el.attributes[name] !== undefined) own.set(name, el.attributes[name].trim());
    for (const [name, value] of declarations(el.attributes.style)) {
      if (INHERITED.has(name) || NOT_INHERITED.has(name)) own.set(name, value);
      else rest.push(`${name}:${value}`);
    }
    if (el.attributes.style !== undefined) {
      if (rest.length) el.attributes.style = rest.join(';');
      else delete el.attributes.style;
    }
    // An invalid paint is ignored, as CSS ignores an invalid declaration: the inherited one stays.
    for (const name of ['fill', 'stroke']) {
      const v = own.get(name);
      if (v !== undefined && !isPaint(v) && !/^\s*context-(?:fill|stroke)\s*$/i.test(v)) own.delete(name);
    }
    for (const [name, value] of own) {
      if (value.toLowerCase() !== 'inherit') continue;
      const from = INHERITED.has(name) ? ctx.inherited.get(name) : (ctx.parentOwn.get(name) ?? INITIAL[name]);
      if (from === undefined) own.delete(name);
      else own.set(name, from);
    }
    for (const name of [...INHERITED, ...NOT_INHERITED]) {
      const v = own.get(name);
      if (v === undefined) delete el.attributes[name];
      else el.attributes[name] = v;
    }
    const inherited = new Map(ctx.inherited);
    for (const [name, value] of own) if (INHERITED.has(name)) inherited.set(name, value);
    return { inherited, own };
  }

  /** Resolves `el` and what it holds; returns what stands in its place (nothing, itself, or a <use>'s instance). */
  element(el: XastElement, ctx: Context): XastElement | undefined {
    if (el.name === 'use' && !ctx.inClip) {
      const instance = this.instance(el, ctx.inherited);
      if (instance === null) return undefined;
      if (instance) el = instance;
    }
    const { inherited, own } = this.fold(el, ctx);
    if (el.attributes.transform !== undefined) {
      const m = parseTransform(el.attributes.transform);
      // No inverse: the browser draws nothing of it.
      if (m[0] * m[3] - m[1] * m[2] === 0) return undefined;
    }
    const colour = inherited.get('color');
    const used = (v: string | undefined) => (isCurrentColor(v) ? (colour && !isCurrentColor(colour) ? colour : '#000000') : v);
    if (PAINTS.has(el.name)) {
      for (const name of ['fill', 'stroke']) {
        let v = used(inherited.get(name));
        const context = /^\s*context-(fill|stroke)\s*$/i.exec(v ?? '');
        if (context && ctx.contextPaint) v = ctx.contextPaint[context[1].toLowerCase() as 'fill' | 'stroke'];
        v = this.paintServerOrFallback(v);
        if (v !== undefined) el.attributes[name] = v;
      }
    }
    // Paint and its opacities written on what paints (and on a <use> kept as it is), not on groups: svg2pdf sets a
    // group's fill alpha (fill-opacity, or a colour's or a one-stop gradient's alpha) in the PDF's graphics state,
    // which then also fades an image drawn in the group (what the browser drew in a shape's place, rasterText.ts),
    // where a browser applies them to fills and strokes only (resvg's structure/use/complex-style-resolving-order).
    for (const name of PAINT_PROPS) {
      if (PAINTS.has(el.name)) {
        if (name.endsWith('-opacity') && inherited.get(name) !== undefined) el.attributes[name] = inherited.get(name)!;
      } else if (el.name === 'use') {
        if (inherited.get(name) !== undefined) el.attributes[name] = inherited.get(name)!;
      } else delete el.attributes[name];
    }
    for (const name of COLOURS) if (isCurrentColor(el.attributes[name])) el.attributes[name] = used(el.attributes[name])!;
    if (el.name === 'rect') rectRadii(el);
    // A marker's content takes its context paint from the shape it is on: left to the writers.
    const contextPaint = this.contextElements.has(el)
      ? { fill: used(inherited.get('fill')) ?? '#000000', stroke: used(inherited.get('stroke')) ?? 'none' }
      : el.name === 'marker'
        ? undefined
        : ctx.contextPaint;
    const inner: Context = { inherited, parentOwn: own, inClip: ctx.inClip || el.name === 'clipPath', contextPaint };
    const children: XastChild[] = [];
    for (const c of el.children) {
      if (c.type !== 'element') children.push(c);
      else {
        const r = this.element(c, inner);
        if (r) children.push(r);
      }
    }
    el.children = children;
    foldGroupOpacity(el);
    return el;
  }

  /** `url(#id) fallback?` naming no gradient or pattern: the fallback (resolved like any paint), or none, as a browser draws it. */
  private paintServerOrFallback(v: string | undefined): string | undefined {
    const m = v === undefined ? null : /^\s*url\(\s*['"]?#([^'")\s]+)['"]?\s*\)\s*(.*)$/i.exec(v);
    if (!m) return v;
    const target = this.pristine.get(m[1]);
    const fallback = m[2].trim();
    // Written plainly: svg2pdf reads no spaces inside url() (resvg's structure/svg/funcIRI-parsing).
    if (target && PAINT_SERVERS.has(target.name)) return `url(#${m[1]})${fallback ? ` ${fallback}` : ''}`;
    return fallback === '' || /^url\(/i.test(fallback) ? 'none' : fallback;
  }

  /** A <use> as a <g> holding a copy of its target; null when it draws nothing; undefined to keep it as it is. */
  private instance(use: XastElement, inherited: Props): XastElement | null | undefined {
    const href = (use.attributes.href ?? use.attributes['xlink:href'] ?? '').trim();
    const target = href.startsWith('#') ? this.pristine.get(href.slice(1)) : undefined;
    if (!target || !SHOWABLE.has(target.name)) return null;
    const { x, y, width, height, href: _h, 'xlink:href': _x, ...attributes } = use.attributes;
    // Lengths in units or percentages stay with the writers, which know the viewport.
    if ([x, y].some((v) => v !== undefined && !PLAIN_NUMBER.test(v))) return undefined;
    // context-fill and context-stroke inside a <use> take the <use>'s paint (SVG 2): resolved below when it is a
    // colour or none; a gradient or pattern is the <use>'s (its box and user space), which the writers keep.
    const context = usesContextPaint(target);
    if (context) {
      const declared = new Map(declarations(use.attributes.style));
      const paint = (name: string) => declared.get(name) ?? use.attributes[name] ?? inherited.get(name);
      if (['fill', 'stroke'].some((name) => /url\(|inherit/i.test(paint(name) ?? ''))) return undefined;
    }
    const copy = withoutIds(structuredClone(target));
    this.expanded += countElements(copy);
    // Past the bound that stops <use> bombs (the check refuses such files before any converter runs).
    if (this.expanded > MAX_EXPANDED) return undefined;
    if (copy.name === 'symbol' || copy.name === 'svg') {
      copy.name = 'svg';
      if (width !== undefined) copy.attributes.width = width;
      if (height !== undefined) copy.attributes.height = height;
      if (target.name === 'symbol') {
        // A browser ignores a transform on a <symbol> (SVG 1.1 allows none; resvg's structure/symbol/with-transform).
        delete copy.attributes.transform;
        copy.attributes.width ??= '100%';
        copy.attributes.height ??= '100%';
      }
    }
    const dx = parseFloat(x ?? '0') || 0;
    const dy = parseFloat(y ?? '0') || 0;
    const shift = dx || dy ? `translate(${dx},${dy})` : '';
    const transform = [attributes.transform ?? '', shift].filter(Boolean).join(' ');
    const group: XastElement = { type: 'element', name: 'g', attributes: { ...attributes, ...(transform ? { transform } : {}) }, children: [copy] };
    if (context) this.contextElements.add(group);
    return group;
  }
}

const opacityOf = (v: string | undefined) => (v === undefined ? 1 : v.trim().endsWith('%') ? parseFloat(v) / 100 : parseFloat(v));

/**
 * A group's opacity moved onto its one child (the same picture: one element composited at a, then at b, is it at
 * a × b). svg2pdf writes nested opacities as nested /ca, which PDF replaces instead of multiplying (a <use> of a
 * translucent shape with its own opacity was drawn at one of the two).
 */
function foldGroupOpacity(el: XastElement): void {
  const kids = childElements(el);
  const a = el.attributes;
  if (el.name !== 'g' || a.opacity === undefined || kids.length !== 1) return;
  if (['filter', 'mask', 'clip-path', 'mix-blend-mode', 'isolation'].some((k) => a[k] !== undefined && a[k].trim() !== 'none' && a[k].trim() !== 'auto' && a[k].trim() !== 'normal')) return;
  // A blended child blends inside the group its opacity makes: without the group it would blend with what lies under it.
  if (/mix-blend-mode/i.test(kids[0].attributes.style ?? '') || kids[0].attributes['mix-blend-mode'] !== undefined) return;
  const outer = opacityOf(a.opacity);
  const inner = opacityOf(kids[0].attributes.opacity);
  if (!Number.isFinite(outer) || !Number.isFinite(inner)) return;
  kids[0].attributes.opacity = String(Math.min(1, Math.max(0, outer)) * Math.min(1, Math.max(0, inner)));
  delete a.opacity;
}

const CONTEXT_PAINT = /context-(?:fill|stroke)/i;
/** Whether the element or what it holds paints with context-fill or context-stroke. */
export function usesContextPaint(el: XastElement): boolean {
  return CONTEXT_PAINT.test(`${el.attributes.fill ?? ''} ${el.attributes.stroke ?? ''} ${el.attributes.style ?? ''}`) || childElements(el).some(usesContextPaint);
}

function withoutIds(el: XastElement): XastElement {
  delete el.attributes.id;
  childElements(el).forEach(withoutIds);
  return el;
}

function countElements(el: XastElement): number {
  return 1 + childElements(el).reduce((sum, c) => sum + countElements(c), 0);
}

/** SVG 2: a negative, missing or invalid radius is auto (the other one, or 0); then both are clamped to half the side. */
function rectRadii(el: XastElement): void {
  const a = el.attributes;
  const lengths = [a.width, a.height, a.rx, a.ry];
  // Only plain user units: percentages and units are the writers' (they know the viewport).
  if (lengths.some((v) => v !== undefined && !PLAIN_NUMBER.test(v)) || a.width === undefined || a.height === undefined) return;
  if (a.rx === undefined && a.ry === undefined) return;
  const given = (v: string | undefined) => (v !== undefined && parseFloat(v) >= 0 ? parseFloat(v) : undefined);
  const rx0 = given(a.rx);
  const ry0 = given(a.ry);
  const rx = Math.min(rx0 ?? ry0 ?? 0, Math.max(0, parseFloat(a.width)) / 2);
  const ry = Math.min(ry0 ?? rx0 ?? 0, Math.max(0, parseFloat(a.height)) / 2);
  a.rx = String(rx);
  a.ry = String(ry);
}

/** Every <pattern>'s href chain folded into it (attributes it lacks, children when it has none); the href dropped. */
function resolvePatternHrefs(root: XastElement): void {
  const ids = xastIds(root);
  const hrefOf = (el: XastElement) => (el.attributes.href ?? el.attributes['xlink:href'] ?? '').trim();
  const original = new Map<XastElement, { attributes: Record<string, string>; children: XastElement[] }>();
  const patterns: XastElement[] = [];
  const stack = [root];
  while (stack.length) {
    const el = stack.pop()!;
    if (el.name === 'pattern') {
      patterns.push(el);
      original.set(el, { attributes: { ...el.attributes }, children: childElements(el) });
    }
    stack.push(...childElements(el));
  }
  for (const pattern of patterns) {
    if (!hrefOf(pattern)) continue;
    const seen = new Set([pattern]);
    let children = original.get(pattern)!.children.length > 0;
    for (let ref = ids.get(hrefOf(pattern).replace(/^#/, '')); ref && ref.name === 'pattern' && !seen.has(ref); ) {
      seen.add(ref);
      const was = original.get(ref)!;
      for (const name of PATTERN_INHERITED) if (pattern.attributes[name] === undefined && was.attributes[name] !== undefined) pattern.attributes[name] = was.attributes[name];
      if (!children && was.children.length) {
        pattern.children = was.children.map((c) => withoutIds(structuredClone(c)));
        children = true;
      }
      const next = (was.attributes.href ?? was.attributes['xlink:href'] ?? '').trim();
      ref = next ? ids.get(next.replace(/^#/, '')) : undefined;
    }
    delete pattern.attributes.href;
    delete pattern.attributes['xlink:href'];
  }
}

/** Resolves style on svgo's tree in place (see the top of this file). */
export function resolveXastStyles(root: XastElement): void {
  dropRecursiveXastUses(root);
  resolvePatternHrefs(root);
  const pristine = xastIds(structuredClone(root));
  const resolver = new Resolver(pristine);
  resolver.element(root, { inherited: new Map(), parentOwn: new Map(), inClip: false });
}

/** The same on SVG text (for the PDF writer, which works on the DOM): parsed with <style> rules inlined, written out again. */
export function resolveSvgStyles(text: string): string {
  const root = parseXast(text);
  resolveXastStyles(root);
  return serializeXast(root);
}

// SVG → EPS (PostScript level 2), our own writer: paths, basic shapes, <use>, nested viewports, transforms,
// fills, strokes, dashes, paint order and simple text. What PostScript cannot do is approximated and reported:
// opacity is mixed with white. An element with a gradient, pattern, embedded image, filter, clip, mask or
// markers becomes a marker line
// (RASTER_MARK i) and a request to render it in the browser; raster.ts embeds the pixels there. Where no
// rendering comes back, a gradient falls back to the average of its stops and the rest is left out.
import { measureSvg, parseViewBox } from '../size';
import { compositeOverWhite, IDENTITY, multiply, overWhite, parseCssColor, parseTransform, type Matrix, type Rgb } from './paint';
import { resolveXastConditionals } from './conditional';
import { parsePath, zeroLengthSubpaths } from './path';
import { boxesOverlap, strokeReach, type PaintBox } from '../paint-box';
import { shapePath } from './shapes';
import { CONTEXT_PAINT, dashLengths, inherit, n, ownProps, ROOT_STYLE, strokeFirst, urlRef, usedPaint, type Style } from './style';
import { aroundOrigin, diagonal, userLength, viewBoxMatrix, type Viewport } from './viewport';
import { encodable, textContent, textPs } from './text';
import { epsDocument } from './document';
import { gradientAverage } from './gradient';
import { RASTER_MARK } from './marker';
import { parseXast, serializeXast, type XastChild, type XastElement } from '../xast';
import { resolveXastStyles, usesContextPaint } from '../resolve';

type RasterReason = 'gradient' | 'image' | 'filter' | 'clip' | 'mask' | 'pattern' | 'text' | 'marker' | 'translucent';
export type Approximation = 'opacity' | 'font' | RasterReason | `raster-${RasterReason}`;

/** One element to render in the browser: the SVG with everything painted after it hidden (its pixels, on white,
 * are what the EPS shows) and the SVG with only it shown (its alpha gives the bounds). */
export interface RasterRequest {
  reason: RasterReason;
  /** Device pixels per CSS px, when the part must be drawn at one (a filter on the root: its lengths are CSS px). */
  scale?: number;
  upTo: string;
  only: string;
}

export interface EpsResult {
  eps: string;
  /** Bounding box in points. */
  width: number;
  height: number;
  approximations: Approximation[];
  rasters: RasterRequest[];
}

const EVERYWHERE: PaintBox = { x0: -Infinity, y0: -Infinity, x1: Infinity, y1: Infinity };

/** Elements that paint nothing where they stand. */
/** Elements markers are drawn on. */
const MARKABLE = new Set(['path', 'line', 'polyline', 'polygon']);
const SKIP = new Set(['defs', 'symbol', 'clipPath', 'mask', 'marker', 'pattern', 'linearGradient', 'radialGradient', 'style', 'script', 'title', 'desc', 'metadata', 'foreignObject', 'filter']);

class Writer {
  out: string[] = [];
  approx = new Set<Approximation>();
  ids = new Map<string, XastElement>();
  rasters: RasterRequest[] = [];
  /** The ancestors of the element being written, root first. */
  stack: XastElement[] = [];
  /** Inside a <use> target nothing is rasterised on its own (the <use> is, as a whole). */
  inUse = 0;
  /** The <use> targets being drawn: a reference back into one of them is a cycle and draws nothing. */
  useChain: XastElement[] = [];
  /** What percentages refer to: the nearest viewport, innermost last. */
  viewports: Viewport[] = [];
  /** From the current user space to the root's CSS px (what the PostScript transforms do, tracked for paintedBoxes). */
  ctm: Matrix = IDENTITY;
  /** Where something has been painted, in the root's CSS px, at least: what is translucent over it is drawn by the browser. */
  paintedBoxes: PaintBox[] = [];

  constructor(
    private root: XastElement,
    rootViewport: Viewport,
  ) {
    this.viewports.push(rootViewport);
    const walk = (el: XastElement) => {
      // The first element with an id is the one it names (as in a browser).
      if (el.attributes.id && !this.ids.has(el.attributes.id)) this.ids.set(el.attributes.id, el);
      el.children.forEach((c) => c.type === 'element' && walk(c));
    };
    walk(root);
  }

  get vp(): Viewport {
    return this.viewports[this.viewports.length - 1];
  }

  /** A paint value as a colour over white (`alpha` times the colour's own alpha); url(#gradient) becomes the average of its stops. */
  paint(value: string, alpha: number): Rgb | undefined {
    const p = this.paintAlpha(value, alpha);
    return p && overWhite(p.rgb, p.alpha);
  }

  /** A paint value as a colour and its alpha (`alpha` times the colour's own); undefined for none. */
  paintAlpha(value: string, alpha: number): { rgb: Rgb; alpha: number } | undefined {
    const ref = urlRef(value);
    let colour: Rgb | undefined;
    let a = alpha;
    if (CONTEXT_PAINT.test(value)) return undefined;
    if (ref) {
      const target = this.ids.get(ref.id);
      if (target && /Gradient$/.test(target.name)) {
        this.approx.add('gradient');
        colour = gradientAverage(target, this.ids);
      } else if (target?.name === 'pattern') {
        this.approx.add('pattern');
        colour = [0.5, 0.5, 0.5];
      } else return this.paintAlpha(ref.rest || 'none', alpha);
    } else {
      const c = parseCssColor(value);
      if (!c || c.alpha === 0) return undefined;
      colour = c.rgb;
      a *= c.alpha;
    }
    if (!colour) return undefined;
    if (a < 1) this.approx.add('opacity');
    return { rgb: colour, alpha: Math.min(1, Math.max(0, a)) };
  }

  segments(d: string): string[] {
    return parsePath(d).map((s) => (s.op === 'Z' ? 'h' : s.op === 'C' ? `${n(s.x1)} ${n(s.y1)} ${n(s.x2)} ${n(s.y2)} ${n(s.x)} ${n(s.y)} c` : `${n(s.x)} ${n(s.y)} ${s.op === 'M' ? 'm' : 'l'}`));
  }

  drawPath(d: string, s: Style, alpha: number) {
    const segs = this.segments(d);
    if (!segs.length) return;
    // Own alphas first; the element's opacity (alpha) is applied to what they make together (compositeOverWhite).
    const fill = this.paintAlpha(usedPaint(s.fill, s), s.fillOpacity);
    const stroke = s.strokeWidth > 0 ? this.paintAlpha(usedPaint(s.stroke, s), s.strokeOpacity) : undefined;
    if (!fill && !stroke) return;
    if (alpha < 1) this.approx.add('opacity');
    this.paintedBoxes.push(this.pathBox(d, s));
    this.out.push('newpath', ...segs);
    const fillRgb = (rgb: Rgb) => `${rgb.map(n).join(' ')} setrgbcolor ${s.fillRule === 'evenodd' ? 'eofill' : 'fill'}`;
    let strokeRgb: ((rgb: Rgb) => string) | undefined;
    if (stroke) {
      const caps: Record<string, number> = { butt: 0, round: 1, square: 2 };
      const joins: Record<string, number> = { miter: 0, round: 1, bevel: 2 };
      const dash = dashLengths(s, diagonal(this.vp));
      const offset = dash.length ? (userLength(s.dashoffset, diagonal(this.vp), s.fontSize) ?? 0) : 0;
      const params = `${n(s.strokeWidth)} setlinewidth ${caps[s.linecap] ?? 0} setlinecap ${joins[s.linejoin] ?? 0} setlinejoin ${n(Math.max(1, s.miterlimit))} setmiterlimit [${dash.map(n).join(' ')}] ${n(offset)} setdash`;
      strokeRgb = (rgb) => `${rgb.map(n).join(' ')} setrgbcolor ${params} stroke`;
    }
    const fillOp = fill && fillRgb(compositeOverWhite([fill], alpha));
    const strokeOp = stroke && strokeRgb!(compositeOverWhite([stroke], alpha));
    // Both paint the same path: the first keeps it for the second (gsave … grestore).
    const order = strokeFirst(s.paintOrder) ? [stroke, fill] : [fill, stroke];
    const [first, second] = strokeFirst(s.paintOrder) ? [strokeOp, fillOp] : [fillOp, strokeOp];
    if (first && second) {
      this.out.push(`gsave ${first} grestore`);
      if (order[1]!.alpha < 1) {
        // PostScript has no alpha: where a translucent second paint lies over the first (fill ∩ stroke), it is
        // drawn again in the colour the two make together, clipped to the fill (which stroke-opacity over a fill needs).
        const both = compositeOverWhite([order[0]!, order[1]!], alpha);
        this.out.push(`gsave ${second} grestore`, `gsave ${s.fillRule === 'evenodd' ? 'eoclip' : 'clip'} ${strokeRgb!(both)} grestore`);
      } else this.out.push(second);
    } else this.out.push((first ?? second)!);
    if (stroke && s.linecap === 'square' && !dashLengths(s, diagonal(this.vp)).length) {
      // PostScript caps a zero-length subpath only when the caps are round: SVG's square, drawn as one.
      const half = s.strokeWidth / 2;
      const rgb = compositeOverWhite([stroke], alpha).map(n).join(' ');
      for (const p of zeroLengthSubpaths(d)) this.out.push(`${rgb} setrgbcolor ${n(p.x - half)} ${n(p.y - half)} ${n(2 * half)} ${n(2 * half)} rectfill`);
    }
  }

  drawText(el: XastElement, s: Style, alpha: number) {
    const fill = this.paint(usedPaint(s.fill, s), alpha * s.fillOpacity);
    if (!fill) return;
    this.approx.add('font');
    this.paintedBoxes.push(EVERYWHERE);
    this.out.push(...textPs(el, s, fill));
  }

  paintReason(value: string): RasterReason | undefined {
    const ref = urlRef(value);
    const target = ref && this.ids.get(ref.id);
    if (!target) return undefined;
    return /Gradient$/.test(target.name) ? 'gradient' : target.name === 'pattern' ? 'pattern' : undefined;
  }

  /**
   * A shape or text painted with some transparency (its opacity and its ancestors', fill- or stroke-opacity, a colour's
   * alpha) after something else was painted, which it may lie over: PostScript has no alpha, and mixing its colour
   * with white (the writer's way when nothing lies under it) would hide what shows through it, so the browser draws
   * it over what lies under it (resvg's filters/enable-background/with-opacity-4: a half-opaque group's blue rect
   * over its green one). cairo's PostScript output does the same with translucent areas.
   */
  translucentOver(el: XastElement, p: Record<string, string>, s: Style, a: number): boolean {
    if (!this.paintedBoxes.length || s.visibility === 'hidden') return false;
    const d = el.name === 'text' ? undefined : shapePath(el, this.vp);
    if (el.name !== 'text' && d === undefined) return false;
    // Asked, not drawn: what paintAlpha notes as approximated is noted when the element is drawn.
    const noted = new Set(this.approx);
    const fill = this.paintAlpha(usedPaint(s.fill, s), s.fillOpacity);
    const stroke = s.strokeWidth > 0 ? this.paintAlpha(usedPaint(s.stroke, s), s.strokeOpacity) : undefined;
    this.approx = noted;
    if (!fill && !stroke) return false;
    if (a === 1 && !(fill && fill.alpha < 1) && !(stroke && stroke.alpha < 1)) return false;
    const ctm = this.ctm;
    this.ctm = multiply(ctm, this.ownMatrix(el, p, s));
    const box = d === undefined ? EVERYWHERE : this.pathBox(d, s);
    this.ctm = ctm;
    return this.paintedBoxes.some((b) => boxesOverlap(b, box));
  }

  /** A box the path and its stroke lie in (its points and control points, the stroke's reach at any join), in root CSS px. */
  pathBox(d: string, s: Style): PaintBox {
    const xs: number[] = [];
    const ys: number[] = [];
    const add = (x: number, y: number) => {
      const m = this.ctm;
      xs.push(m[0] * x + m[2] * y + m[4]);
      ys.push(m[1] * x + m[3] * y + m[5]);
    };
    for (const seg of parsePath(d)) {
      if (seg.op === 'Z') continue;
      if (seg.op === 'C') {
        add(seg.x1, seg.y1);
        add(seg.x2, seg.y2);
      }
      add(seg.x, seg.y);
    }
    if (!xs.length) return { x0: 0, y0: 0, x1: 0, y1: 0 };
    const m = this.ctm;
    const reach = s.strokeWidth > 0 && s.stroke !== 'none' ? strokeReach(s.strokeWidth, s.miterlimit, Math.max(Math.hypot(m[0], m[1]), Math.hypot(m[2], m[3]))) : 0;
    return { x0: Math.min(...xs) - reach, y0: Math.min(...ys) - reach, x1: Math.max(...xs) + reach, y1: Math.max(...ys) + reach };
  }

  /** Why this element (or, for <use>, what it shows) is better rendered by the browser. */
  rasterReason(el: XastElement, p: Record<string, string>, s: Style, depth = 0): RasterReason | undefined {
    if (depth > 16 || p.display === 'none') return undefined;
    if (el.name === 'image') return 'image';
    if (p.filter && p.filter !== 'none') return 'filter';
    if (p['clip-path'] && p['clip-path'] !== 'none') return 'clip';
    if (p.mask && p.mask !== 'none') return 'mask';
    if (el.name === 'use' || depth > 0) {
      const target = el.name === 'use' ? this.ids.get((p.href ?? p['xlink:href'] ?? '').replace(/^#/, '')) : undefined;
      // What it shows paints with context-fill or -stroke, and the <use>'s paint is a gradient or pattern (in the
      // <use>'s box and user space; resolve.ts has made the colours plain): the browser draws it.
      if (target && target !== el && usesContextPaint(target)) {
        const r = this.paintReason(s.fill) ?? this.paintReason(s.stroke);
        if (r) return r;
      }
      const kids = target ? (target === el ? [] : [target]) : el.children.filter((c): c is XastElement => c.type === 'element' && !SKIP.has(c.name));
      for (const k of kids) {
        const kp = ownProps(k);
        const r = this.rasterReason(k, kp, inherit(s, kp), depth + 1);
        if (r) return r;
      }
    }
    if (el.name === 'text' && !encodable(textContent(el))) return 'text';
    if (MARKABLE.has(el.name) && s.markers.some((m) => this.ids.get(urlRef(m)?.id ?? '')?.name === 'marker')) return 'marker';
    if (shapePath(el, this.vp) !== undefined || el.name === 'text') return this.paintReason(s.fill) ?? (s.strokeWidth > 0 ? this.paintReason(s.stroke) : undefined);
    return undefined;
  }

  /** The document serialised with the elements beside the current path hidden: after it (upTo) or all (only). */
  rasterRequest(reason: RasterReason, scale?: number) {
    const path = [...this.stack];
    const view = (all: boolean) => {
      const hide = new Set<XastElement>();
      for (let i = 0; i + 1 < path.length; i++) {
        const kids = path[i].children.filter((c): c is XastElement => c.type === 'element' && !SKIP.has(c.name));
        const at = kids.indexOf(path[i + 1]);
        kids.forEach((k, j) => (j > at || (all && j < at)) && hide.add(k));
      }
      return serializeXast(this.root, hide);
    };
    this.out.push(`${RASTER_MARK} ${this.rasters.length}`);
    // Where the browser paints it (filters reach beyond an element) is known only then: anywhere.
    this.paintedBoxes.push(EVERYWHERE);
    this.rasters.push({ reason, ...(scale ? { scale } : {}), upTo: view(false), only: view(true) });
  }

  element(el: XastElement, parent: Style, alpha: number, depth = 0) {
    if (depth > 64) return;
    const p = ownProps(el);
    if (p.display === 'none') return;
    const s = inherit(parent, p);
    const a = alpha * s.opacity;
    this.stack.push(el);
    try {
      const reason = this.inUse ? undefined : (this.rasterReason(el, p, s) ?? (this.translucentOver(el, p, s, a) ? 'translucent' : undefined));
      if (reason) this.rasterRequest(reason);
      else this.vector(el, p, s, a, depth);
    } finally {
      this.stack.pop();
    }
  }

  /** The element's own transform (around its transform-origin; a <use>'s x and y too). */
  ownMatrix(el: XastElement, p: Record<string, string>, s: Style): Matrix {
    const m: Matrix = aroundOrigin(parseTransform(p.transform), p.transform ? p['transform-origin'] : undefined, this.vp, s.fontSize);
    return el.name === 'use' ? multiply(m, [1, 0, 0, 1, userLength(p.x, this.vp.w) ?? 0, userLength(p.y, this.vp.h) ?? 0]) : m;
  }

  vector(el: XastElement, p: Record<string, string>, s: Style, a: number, depth: number) {
    if (p.filter && p.filter !== 'none') this.approx.add('filter');
    if (p['clip-path'] && p['clip-path'] !== 'none') this.approx.add('clip');
    if (p.mask && p.mask !== 'none') this.approx.add('mask');
    const m = this.ownMatrix(el, p, s);
    const wrap = m.some((v, i) => v !== IDENTITY[i]);
    const ctm = this.ctm;
    if (wrap) {
      this.out.push(`gsave [${m.map(n).join(' ')}] concat`);
      this.ctm = multiply(ctm, m);
    }
    switch (el.name) {
      case 'g':
      case 'a':
      case 'switch':
        for (const c of el.children) if (c.type === 'element') this.element(c, s, a, depth + 1);
        break;
      case 'svg':
        this.viewport(el, p, s, a, depth);
        break;
      case 'use': {
        const target = this.ids.get((p.href ?? p['xlink:href'] ?? '').replace(/^#/, ''));
        // A reference to itself, to an element it sits in or to a <use> target being drawn is an error: nothing is drawn.
        if (!target || this.stack.includes(target) || this.useChain.includes(target)) break;
        this.inUse++;
        this.useChain.push(target);
        // A <use> of an <svg> or <symbol> gives it its width and height.
        if (target.name === 'svg' || target.name === 'symbol') {
          const tp = { ...ownProps(target), ...(p.width ? { width: p.width } : {}), ...(p.height ? { height: p.height } : {}) };
          this.stack.push(target);
          this.viewport(target, tp, inherit(s, ownProps(target)), a, depth + 1);
          this.stack.pop();
        } else this.element(target, s, a, depth + 1);
        this.useChain.pop();
        this.inUse--;
        break;
      }
      case 'text':
        if (s.visibility !== 'hidden') this.drawText(el, s, a);
        break;
      case 'image':
        this.approx.add('image');
        break;
      default: {
        const d = shapePath(el, this.vp);
        if (d && s.visibility !== 'hidden') this.drawPath(d, s, a);
      }
    }
    if (wrap) this.out.push('grestore');
    this.ctm = ctm;
  }

  /** A nested <svg> (or the <svg> or <symbol> a <use> shows): its own viewport, clipped unless overflow is visible. */
  viewport(el: XastElement, p: Record<string, string>, s: Style, a: number, depth: number) {
    const parent = this.vp;
    const w = userLength(p.width ?? '100%', parent.w, s.fontSize) ?? parent.w;
    const h = userLength(p.height ?? '100%', parent.h, s.fontSize) ?? parent.h;
    if (w <= 0 || h <= 0) return;
    const x = el.name === 'svg' ? (userLength(p.x, parent.w) ?? 0) : 0;
    const y = el.name === 'svg' ? (userLength(p.y, parent.h) ?? 0) : 0;
    this.out.push('gsave', `${n(x)} ${n(y)} translate`);
    const ctm = this.ctm;
    this.ctm = multiply(ctm, [1, 0, 0, 1, x, y]);
    if (!/^(visible|auto)$/i.test(p.overflow ?? '')) this.out.push(`newpath 0 0 m ${n(w)} 0 l ${n(w)} ${n(h)} l 0 ${n(h)} l h clip`);
    const vb = parseViewBox(p.viewBox);
    if (vb) {
      this.out.push(scaleToViewBox(vb, w, h, p.preserveAspectRatio));
      this.ctm = multiply(this.ctm, viewBoxMatrix(vb, w, h, p.preserveAspectRatio));
    }
    this.viewports.push(vb ? { w: vb[2], h: vb[3] } : { w, h });
    for (const c of el.children) if (c.type === 'element') this.element(c, s, a, depth + 1);
    this.viewports.pop();
    this.out.push('grestore');
    this.ctm = ctm;
  }
}

/** The viewBox placed in a w × h viewport, as PostScript (the matrix only translates and scales). */
function scaleToViewBox(vb: readonly number[], w: number, h: number, par: string | undefined): string {
  const m = viewBoxMatrix(vb, w, h, par);
  return `${n(m[4])} ${n(m[5])} translate ${n(m[0])} ${n(m[3])} scale`;
}

export function svgToEps(text: string, title = 'drawing'): EpsResult {
  const root = parseXast(text);
  resolveXastConditionals(root);
  // The cascade, inherit, currentColor and <use> instances resolved as for the PDF writer (resolve.ts).
  resolveXastStyles(root);
  const size = measureSvg({ width: root.attributes.width, height: root.attributes.height, viewBox: root.attributes.viewBox });
  const vb = parseViewBox(root.attributes.viewBox);
  const w = size.width * 0.75;
  const h = size.height * 0.75;
  const writer = new Writer(root, vb ? { w: vb[2], h: vb[3] } : { w: size.width, h: size.height });
  writer.stack.push(root);
  // SVG user space: y down, in px, clipped to the page; then the viewBox, as preserveAspectRatio places it.
  const body: string[] = [`0 ${n(h)} translate 0.75 -0.75 scale`];
  if (vb) {
    body.push(`newpath 0 0 m ${n(size.width)} 0 l ${n(size.width)} ${n(size.height)} l 0 ${n(size.height)} l h clip`);
    body.push(scaleToViewBox(vb, size.width, size.height, root.attributes.preserveAspectRatio));
    writer.ctm = viewBoxMatrix(vb, size.width, size.height, root.attributes.preserveAspectRatio);
  }
  const style = inherit(ROOT_STYLE, ownProps(root));
  const rootFilter = ownProps(root).filter;
  // A filter on the root works on the whole drawing: the browser draws it all, as one part, at the file's own size
  // (its lengths are CSS px of the page: a browser blurs a drawing shown twice as large half as much). Not a root
  // clip path or mask: what a browser clips there differs from resvg (masking/clipPath/on-the-root-svg-with-size).
  if (rootFilter && rootFilter.trim() !== 'none') writer.rasterRequest('filter', 1);
  else for (const c of root.children as XastChild[]) if (c.type === 'element' && !SKIP.has(c.name)) writer.element(c, style, style.opacity);
  const eps = epsDocument(title, w, h, [...body, ...writer.out]);
  return { eps, width: w, height: h, approximations: [...writer.approx].sort(), rasters: writer.rasters };
}

// SVG → EPS (PostScript level 2), our own writer: paths, basic shapes, <use>, transforms, fills, strokes,
// dashes and simple text. What PostScript cannot do is approximated and reported: opacity is mixed with
// white. An element with a gradient, pattern, embedded image, filter, clip or mask becomes a marker line
// (RASTER_MARK i) and a request to render it in the browser; raster.ts embeds the pixels there. Where no
// rendering comes back, a gradient falls back to the average of its stops and the rest is left out.
import { measureSvg, parseViewBox } from '../size';
import { IDENTITY, multiply, overWhite, parseCssColor, parseTransform, type Matrix, type Rgb } from './paint';
import { resolveXastConditionals } from './conditional';
import { parsePath } from './path';
import { shapePath } from './shapes';
import { inherit, n, num, ownProps, ROOT_STYLE, usedPaint, type Style } from './style';
import { encodable, textContent, textPs } from './text';
import { RASTER_MARK } from './marker';
import { parseXast, serializeXast, type XastChild, type XastElement } from '../xast';

type RasterReason = 'gradient' | 'image' | 'filter' | 'clip' | 'mask' | 'pattern' | 'text';
export type Approximation = 'opacity' | 'font' | RasterReason | `raster-${RasterReason}`;

/** One element to render in the browser: the SVG with everything painted after it hidden (its pixels, on white,
 * are what the EPS shows) and the SVG with only it shown (its alpha gives the bounds). */
export interface RasterRequest {
  reason: RasterReason;
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

/** Elements that paint nothing where they stand. */
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

  constructor(private root: XastElement) {
    const walk = (el: XastElement) => {
      if (el.attributes.id) this.ids.set(el.attributes.id, el);
      el.children.forEach((c) => c.type === 'element' && walk(c));
    };
    walk(root);
  }

  /** A paint value as a colour over white (`alpha` times the colour's own alpha); url(#gradient) becomes the average of its stops. */
  paint(value: string, alpha: number): Rgb | undefined {
    const ref = /^url\(\s*['"]?#([^'")]+)['"]?\s*\)\s*(.*)$/.exec(value);
    let colour: Rgb | undefined;
    let a = alpha;
    if (ref) {
      const target = this.ids.get(ref[1]);
      if (target && /Gradient$/.test(target.name)) {
        this.approx.add('gradient');
        colour = this.gradientAverage(target);
      } else if (target?.name === 'pattern') {
        this.approx.add('pattern');
        colour = [0.5, 0.5, 0.5];
      } else return this.paint(ref[2] || 'none', alpha);
    } else {
      const c = parseCssColor(value);
      if (!c || c.alpha === 0) return undefined;
      colour = c.rgb;
      a *= c.alpha;
    }
    if (!colour) return undefined;
    if (a < 1) this.approx.add('opacity');
    return overWhite(colour, a);
  }

  gradientAverage(g: XastElement, depth = 0): Rgb | undefined {
    const stops = g.children.filter((c): c is XastElement => c.type === 'element' && c.name === 'stop');
    if (!stops.length && depth < 3) {
      const href = (g.attributes.href ?? g.attributes['xlink:href'] ?? '').replace(/^#/, '');
      const base = this.ids.get(href);
      return base ? this.gradientAverage(base, depth + 1) : undefined;
    }
    const colours = stops.map((s) => {
      const p = ownProps(s);
      const c = parseCssColor(p['stop-color'] ?? '#000');
      return overWhite(c?.rgb ?? [1, 1, 1], (c?.alpha ?? 0) * num(p['stop-opacity'], 1));
    });
    if (!colours.length) return undefined;
    return [0, 1, 2].map((i) => colours.reduce((sum, c) => sum + c[i], 0) / colours.length) as Rgb;
  }

  segments(d: string): string[] {
    return parsePath(d).map((s) => (s.op === 'Z' ? 'h' : s.op === 'C' ? `${n(s.x1)} ${n(s.y1)} ${n(s.x2)} ${n(s.y2)} ${n(s.x)} ${n(s.y)} c` : `${n(s.x)} ${n(s.y)} ${s.op === 'M' ? 'm' : 'l'}`));
  }

  drawPath(d: string, s: Style, alpha: number) {
    const segs = this.segments(d);
    if (!segs.length) return;
    const fill = this.paint(usedPaint(s.fill, s), alpha * s.fillOpacity);
    const stroke = s.strokeWidth > 0 ? this.paint(usedPaint(s.stroke, s), alpha * s.strokeOpacity) : undefined;
    if (!fill && !stroke) return;
    this.out.push('newpath', ...segs);
    if (fill) {
      const op = s.fillRule === 'evenodd' ? 'eofill' : 'fill';
      this.out.push(`${fill.map(n).join(' ')} setrgbcolor ${stroke ? `gsave ${op} grestore` : op}`);
    }
    if (stroke) {
      const caps: Record<string, number> = { butt: 0, round: 1, square: 2 };
      const joins: Record<string, number> = { miter: 0, round: 1, bevel: 2 };
      const dashes = s.dasharray === 'none' ? [] : (s.dasharray.match(/[\d.]+/g) ?? []).map(Number).filter((x) => x >= 0);
      const dash = dashes.length && dashes.some((x) => x > 0) ? (dashes.length % 2 ? [...dashes, ...dashes] : dashes) : [];
      this.out.push(
        `${stroke.map(n).join(' ')} setrgbcolor ${n(s.strokeWidth)} setlinewidth ${caps[s.linecap] ?? 0} setlinecap ${joins[s.linejoin] ?? 0} setlinejoin ${n(Math.max(1, s.miterlimit))} setmiterlimit [${dash.map(n).join(' ')}] 0 setdash stroke`,
      );
    }
  }

  drawText(el: XastElement, s: Style, alpha: number) {
    const fill = this.paint(usedPaint(s.fill, s), alpha * s.fillOpacity);
    if (!fill) return;
    this.approx.add('font');
    this.out.push(...textPs(el, s, fill));
  }

  paintReason(value: string): RasterReason | undefined {
    const ref = /^url\(\s*['"]?#([^'")]+)['"]?\s*\)/.exec(value);
    const target = ref && this.ids.get(ref[1]);
    if (!target) return undefined;
    return /Gradient$/.test(target.name) ? 'gradient' : target.name === 'pattern' ? 'pattern' : undefined;
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
      const kids = target ? (target === el ? [] : [target]) : el.children.filter((c): c is XastElement => c.type === 'element' && !SKIP.has(c.name));
      for (const k of kids) {
        const kp = ownProps(k);
        const r = this.rasterReason(k, kp, inherit(s, kp), depth + 1);
        if (r) return r;
      }
    }
    if (el.name === 'text' && !encodable(textContent(el))) return 'text';
    if (shapePath(el) !== undefined || el.name === 'text') return this.paintReason(s.fill) ?? (s.strokeWidth > 0 ? this.paintReason(s.stroke) : undefined);
    return undefined;
  }

  /** The document serialised with the elements beside the current path hidden: after it (upTo) or all (only). */
  rasterRequest(reason: RasterReason) {
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
    this.rasters.push({ reason, upTo: view(false), only: view(true) });
  }

  element(el: XastElement, parent: Style, alpha: number, depth = 0) {
    if (depth > 64) return;
    const p = ownProps(el);
    if (p.display === 'none') return;
    const s = inherit(parent, p);
    const a = alpha * s.opacity;
    this.stack.push(el);
    try {
      const reason = this.inUse ? undefined : this.rasterReason(el, p, s);
      if (reason) this.rasterRequest(reason);
      else this.vector(el, p, s, a, depth);
    } finally {
      this.stack.pop();
    }
  }

  vector(el: XastElement, p: Record<string, string>, s: Style, a: number, depth: number) {
    if (p.filter && p.filter !== 'none') this.approx.add('filter');
    if (p['clip-path'] && p['clip-path'] !== 'none') this.approx.add('clip');
    if (p.mask && p.mask !== 'none') this.approx.add('mask');
    let m: Matrix = parseTransform(p.transform);
    if (el.name === 'use') m = multiply(m, [1, 0, 0, 1, num(p.x), num(p.y)]);
    const wrap = m.some((v, i) => v !== IDENTITY[i]);
    if (wrap) this.out.push(`gsave [${m.map(n).join(' ')}] concat`);
    switch (el.name) {
      case 'g':
      case 'a':
      case 'switch':
        for (const c of el.children) if (c.type === 'element') this.element(c, s, a, depth + 1);
        break;
      case 'svg':
        // A nested <svg>: its viewport; good enough for the common case of x/y offsets.
        this.out.push('gsave', `${n(num(p.x))} ${n(num(p.y))} translate`);
        for (const c of el.children) if (c.type === 'element') this.element(c, s, a, depth + 1);
        this.out.push('grestore');
        break;
      case 'use': {
        const target = this.ids.get((p.href ?? p['xlink:href'] ?? '').replace(/^#/, ''));
        this.inUse++;
        if (target && target !== el) this.element(target, s, a, depth + 1);
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
        const d = shapePath(el);
        if (d && s.visibility !== 'hidden') this.drawPath(d, s, a);
      }
    }
    if (wrap) this.out.push('grestore');
  }
}

export function svgToEps(text: string, title = 'drawing'): EpsResult {
  const root = parseXast(text);
  resolveXastConditionals(root);
  const size = measureSvg({ width: root.attributes.width, height: root.attributes.height, viewBox: root.attributes.viewBox });
  const vb = parseViewBox(root.attributes.viewBox);
  const w = size.width * 0.75;
  const h = size.height * 0.75;
  const writer = new Writer(root);
  writer.stack.push(root);
  // SVG user space: y down, in px; then the viewBox (preserveAspectRatio xMidYMid meet).
  const body: string[] = [`0 ${n(h)} translate 0.75 -0.75 scale`];
  if (vb) {
    const sc = Math.min(size.width / vb[2], size.height / vb[3]);
    body.push(`${n((size.width - vb[2] * sc) / 2)} ${n((size.height - vb[3] * sc) / 2)} translate ${n(sc)} ${n(sc)} scale ${n(-vb[0])} ${n(-vb[1])} translate`);
    body.push(`newpath ${n(vb[0])} ${n(vb[1])} m ${n(vb[0] + vb[2])} ${n(vb[1])} l ${n(vb[0] + vb[2])} ${n(vb[1] + vb[3])} l ${n(vb[0])} ${n(vb[1] + vb[3])} l h clip`);
  }
  const style = inherit(ROOT_STYLE, ownProps(root));
  for (const c of root.children as XastChild[]) if (c.type === 'element' && !SKIP.has(c.name)) writer.element(c, style, style.opacity);
  const eps = [
    '%!PS-Adobe-3.0 EPSF-3.0',
    `%%BoundingBox: 0 0 ${Math.ceil(w)} ${Math.ceil(h)}`,
    `%%HiResBoundingBox: 0 0 ${n(w)} ${n(h)}`,
    `%%Title: ${title.replace(/[\r\n]/g, ' ')}`,
    '%%Creator: Localkit SVG to EPS',
    '%%LanguageLevel: 2',
    '%%Pages: 1',
    '%%EndComments',
    '%%BeginProlog',
    '/m {moveto} bind def /l {lineto} bind def /c {curveto} bind def /h {closepath} bind def',
    '%%EndProlog',
    '%%Page: 1 1',
    'gsave',
    '/LKbase matrix currentmatrix def',
    ...body,
    ...writer.out,
    'grestore',
    'showpage',
    '%%EOF',
    '',
  ].join('\n');
  return { eps, width: w, height: h, approximations: [...writer.approx].sort(), rasters: writer.rasters };
}

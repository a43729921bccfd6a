// SVG → EPS (PostScript level 2), our own writer: paths, basic shapes, <use>, transforms, fills, strokes,
// dashes and simple text. What PostScript cannot do is approximated and reported: opacity is mixed with
// white. An element with a gradient, pattern, embedded image, filter, clip or mask becomes a marker line
// (RASTER_MARK i) and a request to render it in the browser; raster.ts embeds the pixels there. Where no
// rendering comes back, a gradient falls back to the average of its stops and the rest is left out.
import { measureSvg, parseViewBox } from '../../../engines/svg/size';
import { IDENTITY, multiply, overWhite, parseColor, parseTransform, type Matrix, type Rgb } from './paint';
import { parsePath } from './path';
import { parseXast, serializeXast, type XastChild, type XastElement } from './xast';

export type RasterReason = 'gradient' | 'image' | 'filter' | 'clip' | 'mask' | 'pattern';
export type Approximation = 'opacity' | 'font' | RasterReason | `raster-${RasterReason}`;

/** One element to render in the browser: the SVG with everything painted after it hidden (its pixels, on white,
 * are what the EPS shows) and the SVG with only it shown (its alpha gives the bounds). */
export interface RasterRequest {
  reason: RasterReason;
  upTo: string;
  only: string;
}

export const RASTER_MARK = '%LK-RASTER';

export interface EpsResult {
  eps: string;
  /** Bounding box in points. */
  width: number;
  height: number;
  approximations: Approximation[];
  rasters: RasterRequest[];
}

interface Style {
  fill: string;
  stroke: string;
  strokeWidth: number;
  fillOpacity: number;
  strokeOpacity: number;
  opacity: number;
  fillRule: string;
  linecap: string;
  linejoin: string;
  dasharray: string;
  miterlimit: number;
  fontSize: number;
  fontFamily: string;
  fontWeight: string;
  fontStyle: string;
  textAnchor: string;
  visibility: string;
}

const ROOT_STYLE: Style = {
  fill: '#000', stroke: 'none', strokeWidth: 1, fillOpacity: 1, strokeOpacity: 1, opacity: 1, fillRule: 'nonzero', linecap: 'butt',
  linejoin: 'miter', dasharray: 'none', miterlimit: 4, fontSize: 16, fontFamily: 'sans-serif', fontWeight: 'normal', fontStyle: 'normal',
  textAnchor: 'start', visibility: 'visible',
};

const n = (v: number) => String(Math.round(v * 1000) / 1000);
const num = (v: string | undefined, fallback = 0) => {
  const x = parseFloat(v ?? '');
  return Number.isFinite(x) ? x : fallback;
};

function ownProps(el: XastElement): Record<string, string> {
  const props: Record<string, string> = { ...el.attributes };
  for (const decl of (el.attributes.style ?? '').split(';')) {
    const i = decl.indexOf(':');
    if (i > 0) props[decl.slice(0, i).trim().toLowerCase()] = decl.slice(i + 1).replace(/!important/, '').trim();
  }
  return props;
}

function inherit(parent: Style, p: Record<string, string>): Style {
  const s: Style = { ...parent, opacity: 1 };
  if (p.fill) s.fill = p.fill;
  if (p.stroke) s.stroke = p.stroke;
  if (p['stroke-width']) s.strokeWidth = num(p['stroke-width'], 1);
  if (p['fill-opacity']) s.fillOpacity = num(p['fill-opacity'], 1);
  if (p['stroke-opacity']) s.strokeOpacity = num(p['stroke-opacity'], 1);
  if (p.opacity) s.opacity = num(p.opacity, 1);
  if (p['fill-rule']) s.fillRule = p['fill-rule'];
  if (p['stroke-linecap']) s.linecap = p['stroke-linecap'];
  if (p['stroke-linejoin']) s.linejoin = p['stroke-linejoin'];
  if (p['stroke-dasharray']) s.dasharray = p['stroke-dasharray'];
  if (p['stroke-miterlimit']) s.miterlimit = num(p['stroke-miterlimit'], 4);
  if (p['font-size']) s.fontSize = num(p['font-size'], parent.fontSize);
  if (p['font-family']) s.fontFamily = p['font-family'];
  if (p['font-weight']) s.fontWeight = p['font-weight'];
  if (p['font-style']) s.fontStyle = p['font-style'];
  if (p['text-anchor']) s.textAnchor = p['text-anchor'];
  if (p.visibility) s.visibility = p.visibility;
  return s;
}

/** Shapes as path data. */
function shapePath(el: XastElement): string | undefined {
  const a = el.attributes;
  switch (el.name) {
    case 'path':
      return a.d;
    case 'rect': {
      const x = num(a.x), y = num(a.y), w = num(a.width), h = num(a.height);
      if (w <= 0 || h <= 0) return undefined;
      let rx = a.rx !== undefined ? num(a.rx) : a.ry !== undefined ? num(a.ry) : 0;
      let ry = a.ry !== undefined ? num(a.ry) : rx;
      rx = Math.min(rx, w / 2);
      ry = Math.min(ry, h / 2);
      if (rx <= 0 || ry <= 0) return `M${x} ${y}H${x + w}V${y + h}H${x}Z`;
      return `M${x + rx} ${y}H${x + w - rx}A${rx} ${ry} 0 0 1 ${x + w} ${y + ry}V${y + h - ry}A${rx} ${ry} 0 0 1 ${x + w - rx} ${y + h}H${x + rx}A${rx} ${ry} 0 0 1 ${x} ${y + h - ry}V${y + ry}A${rx} ${ry} 0 0 1 ${x + rx} ${y}Z`;
    }
    case 'circle':
    case 'ellipse': {
      const cx = num(a.cx), cy = num(a.cy);
      const rx = el.name === 'circle' ? num(a.r) : num(a.rx);
      const ry = el.name === 'circle' ? num(a.r) : num(a.ry);
      if (rx <= 0 || ry <= 0) return undefined;
      return `M${cx - rx} ${cy}A${rx} ${ry} 0 1 0 ${cx + rx} ${cy}A${rx} ${ry} 0 1 0 ${cx - rx} ${cy}Z`;
    }
    case 'line':
      return `M${num(a.x1)} ${num(a.y1)}L${num(a.x2)} ${num(a.y2)}`;
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

// StandardEncoding codes for a few common typographic characters; other non-ASCII characters become "?".
const STANDARD: Record<string, number> = { '—': 0o320, '–': 0o261, '’': 0o047, '‘': 0o140, '“': 0o252, '”': 0o272, '•': 0o267, '…': 0o274 };
export function psString(text: string): string {
  let out = '(';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (code >= 32 && code < 127) out += ch;
    else if (STANDARD[ch] !== undefined) out += `\\${STANDARD[ch].toString(8).padStart(3, '0')}`;
    else out += '?';
  }
  return `${out})`;
}

function psFont(s: Style): string {
  const fam = s.fontFamily.toLowerCase();
  const bold = s.fontWeight === 'bold' || num(s.fontWeight) >= 600;
  const italic = s.fontStyle === 'italic' || s.fontStyle === 'oblique';
  if (/mono|courier|consol/.test(fam)) return `Courier${bold || italic ? `-${bold ? 'Bold' : ''}${italic ? 'Oblique' : ''}` : ''}`;
  if (/serif|times|georgia|garamond/.test(fam) && !/sans/.test(fam)) return `Times-${bold ? (italic ? 'BoldItalic' : 'Bold') : italic ? 'Italic' : 'Roman'}`;
  return `Helvetica${bold || italic ? `-${bold ? 'Bold' : ''}${italic ? 'Oblique' : ''}` : ''}`;
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

  /** A paint value as a colour; url(#gradient) becomes the average of its stops. */
  paint(value: string, alpha: number): Rgb | undefined {
    const ref = /^url\(\s*['"]?#([^'")]+)['"]?\s*\)\s*(.*)$/.exec(value);
    let colour: Rgb | undefined;
    if (ref) {
      const target = this.ids.get(ref[1]);
      if (target && /Gradient$/.test(target.name)) {
        this.approx.add('gradient');
        colour = this.gradientAverage(target);
      } else if (target?.name === 'pattern') {
        this.approx.add('pattern');
        colour = [0.5, 0.5, 0.5];
      } else colour = parseColor(ref[2] || 'none');
    } else colour = parseColor(value === 'currentColor' ? '#000' : value);
    if (!colour) return undefined;
    if (alpha < 1) this.approx.add('opacity');
    return overWhite(colour, alpha);
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
      return overWhite(parseColor(p['stop-color'] ?? '#000') ?? [1, 1, 1], num(p['stop-opacity'], 1));
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
    const fill = this.paint(s.fill, alpha * s.fillOpacity);
    const stroke = s.strokeWidth > 0 ? this.paint(s.stroke, alpha * s.strokeOpacity) : undefined;
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
    const fill = this.paint(s.fill, alpha * s.fillOpacity);
    if (!fill) return;
    type Run = { x?: number; y?: number; text: string; style: Style };
    const runs: Run[] = [];
    const collect = (node: XastElement, style: Style, first: boolean) => {
      const a = node.attributes;
      let run: Run = { x: a.x !== undefined ? num(a.x.split(/[\s,]+/)[0]) : undefined, y: a.y !== undefined ? num(a.y.split(/[\s,]+/)[0]) : undefined, text: '', style };
      if (first || run.x !== undefined || run.y !== undefined) runs.push(run);
      else run = runs[runs.length - 1] ?? (runs.push(run), run);
      for (const c of node.children) {
        if (c.type === 'text' || c.type === 'cdata') run.text += c.value ?? '';
        else if (c.type === 'element' && c.name === 'tspan') {
          collect(c, inherit(style, ownProps(c)), false);
          run = { text: '', style };
          runs.push(run);
        }
      }
    };
    collect(el, s, true);
    this.approx.add('font');
    let cx = 0;
    let cy = 0;
    for (const run of runs) {
      const text = run.text.replace(/\s+/g, ' ');
      if (run.x !== undefined) cx = run.x;
      if (run.y !== undefined) cy = run.y;
      if (!text.trim() && run.x === undefined) continue;
      const str = psString(text.trim() === text ? text : text.replace(/^\s+|\s+$/g, (m) => (m ? ' ' : '')));
      const anchor = run.style.textAnchor === 'middle' ? ' dup stringwidth pop 2 div neg 0 rmoveto' : run.style.textAnchor === 'end' ? ' dup stringwidth pop neg 0 rmoveto' : '';
      this.out.push(
        `gsave ${fill.map(n).join(' ')} setrgbcolor /${psFont(run.style)} findfont ${n(run.style.fontSize)} scalefont setfont ${n(cx)} ${n(cy)} translate 1 -1 scale 0 0 moveto ${str}${anchor} show grestore`,
      );
    }
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

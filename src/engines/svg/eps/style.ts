// The EPS writer's view of SVG styling: presentation attributes and style="" merged, inherited down the tree.
import { isPaint } from './paint';
import { userLength } from './viewport';
import type { XastElement } from '../xast';

export interface Style {
  fill: string;
  stroke: string;
  /** The `color` property, which currentColor refers to. */
  color: string;
  strokeWidth: number;
  fillOpacity: number;
  strokeOpacity: number;
  opacity: number;
  fillRule: string;
  linecap: string;
  linejoin: string;
  dasharray: string;
  dashoffset: string;
  miterlimit: number;
  /** marker-start, marker-mid, marker-end (inherited, like the `marker` shorthand that sets all three). */
  markers: [string, string, string];
  paintOrder: string;
  fontSize: number;
  fontFamily: string;
  fontWeight: string;
  fontStyle: string;
  textAnchor: string;
  visibility: string;
}

export const ROOT_STYLE: Style = {
  fill: '#000', stroke: 'none', color: '#000', strokeWidth: 1, fillOpacity: 1, strokeOpacity: 1, opacity: 1, fillRule: 'nonzero', linecap: 'butt',
  linejoin: 'miter', dasharray: 'none', dashoffset: '0', miterlimit: 4, markers: ['none', 'none', 'none'], paintOrder: 'normal', fontSize: 16, fontFamily: 'sans-serif', fontWeight: 'normal', fontStyle: 'normal',
  textAnchor: 'start', visibility: 'visible',
};

/** SVG 2's context-fill and context-stroke: the paint of the element a marker is on; outside a marker, none. */
export const CONTEXT_PAINT = /^\s*context-(?:fill|stroke)\s*$/i;

/** A number with at most 3 decimals, as PostScript text. */
export const n = (v: number) => String(Math.round(v * 1000) / 1000);
export const num = (v: string | undefined, fallback = 0) => {
  const x = parseFloat(v ?? '');
  return Number.isFinite(x) ? x : fallback;
};

/** An opacity: a number or (SVG 2) a percentage, clamped to 0–1. */
const alpha = (v: string) => Math.min(1, Math.max(0, v.trim().endsWith('%') ? num(v) / 100 : num(v, 1)));

/** Attributes with the style="" declarations over them (CSS beats presentation attributes). */
export function ownProps(el: XastElement): Record<string, string> {
  const props: Record<string, string> = { ...el.attributes };
  for (const decl of (el.attributes.style ?? '').split(';')) {
    const i = decl.indexOf(':');
    if (i > 0) props[decl.slice(0, i).trim().toLowerCase()] = decl.slice(i + 1).replace(/!important/, '').trim();
  }
  return props;
}

export function inherit(parent: Style, p: Record<string, string>): Style {
  const s: Style = { ...parent, opacity: 1 };
  // currentColor stays a keyword and inherits as one: it takes the colour of the element that paints.
  const paint = (v: string | undefined, own: string) => (v && v !== 'inherit' && (isPaint(v) || CONTEXT_PAINT.test(v)) ? v : own);
  if (p.color && p.color !== 'inherit' && isPaint(p.color) && !/^currentcolor$/i.test(p.color)) s.color = p.color;
  s.fill = paint(p.fill, s.fill);
  s.stroke = paint(p.stroke, s.stroke);
  if (p['stroke-width']) s.strokeWidth = num(p['stroke-width'], 1);
  if (p['fill-opacity']) s.fillOpacity = alpha(p['fill-opacity']);
  if (p['stroke-opacity']) s.strokeOpacity = alpha(p['stroke-opacity']);
  if (p.opacity) s.opacity = alpha(p.opacity);
  if (p['fill-rule']) s.fillRule = p['fill-rule'];
  if (p['stroke-linecap']) s.linecap = p['stroke-linecap'];
  if (p['stroke-linejoin']) s.linejoin = p['stroke-linejoin'];
  if (p['stroke-dasharray']) s.dasharray = p['stroke-dasharray'];
  if (p['stroke-dashoffset']) s.dashoffset = p['stroke-dashoffset'];
  if (p['paint-order']) s.paintOrder = p['paint-order'];
  if (p.marker) s.markers = [p.marker, p.marker, p.marker];
  (['marker-start', 'marker-mid', 'marker-end'] as const).forEach((name, i) => {
    if (p[name] && p[name] !== 'inherit') s.markers = s.markers.map((m, k) => (k === i ? p[name] : m)) as Style['markers'];
  });
  if (p['stroke-miterlimit']) s.miterlimit = num(p['stroke-miterlimit'], 4);
  if (p['font-size']) s.fontSize = num(p['font-size'], parent.fontSize);
  if (p['font-family']) s.fontFamily = p['font-family'];
  if (p['font-weight']) s.fontWeight = p['font-weight'];
  if (p['font-style']) s.fontStyle = p['font-style'];
  if (p['text-anchor']) s.textAnchor = p['text-anchor'];
  if (p.visibility) s.visibility = p.visibility;
  return s;
}

/** A url(#id) reference (spaces allowed inside), with what follows it (a fallback paint). */
export function urlRef(value: string | undefined): { id: string; rest: string } | undefined {
  const m = /^\s*url\(\s*(['"]?)\s*#([^'")\s]+)\s*\1\s*\)\s*(.*)$/i.exec(value ?? '');
  return m ? { id: m[2], rest: m[3].trim() } : undefined;
}

/**
 * stroke-dasharray as PostScript dash lengths: units resolved (em of the font size, % of the viewport's diagonal);
 * a negative value or an all-zero list means a solid line; an odd list is repeated to make it even.
 */
export function dashLengths(s: Style, diagonal: number): number[] {
  if (/^\s*none\s*$/i.test(s.dasharray)) return [];
  const values = s.dasharray.trim().split(/\s*,\s*|\s+/).map((v) => userLength(v, diagonal, s.fontSize));
  if (!values.length || values.some((v) => v === undefined || v < 0) || !values.some((v) => v! > 0)) return [];
  const dashes = values as number[];
  return dashes.length % 2 ? [...dashes, ...dashes] : dashes;
}

/** Whether the stroke is painted before the fill (paint-order: stroke, or markers stroke …). */
export function strokeFirst(paintOrder: string): boolean {
  const order = paintOrder.trim().toLowerCase().split(/\s+/).filter((t) => t === 'fill' || t === 'stroke');
  return order[0] === 'stroke';
}

/** A fill or stroke value with currentColor replaced by the element's colour. */
export const usedPaint = (value: string, s: Style) => (/^currentcolor$/i.test(value.trim()) ? s.color : value);

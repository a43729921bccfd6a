// The EPS writer's view of SVG styling: presentation attributes and style="" merged, inherited down the tree.
import { isPaint } from './paint';
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
  miterlimit: number;
  fontSize: number;
  fontFamily: string;
  fontWeight: string;
  fontStyle: string;
  textAnchor: string;
  visibility: string;
}

export const ROOT_STYLE: Style = {
  fill: '#000', stroke: 'none', color: '#000', strokeWidth: 1, fillOpacity: 1, strokeOpacity: 1, opacity: 1, fillRule: 'nonzero', linecap: 'butt',
  linejoin: 'miter', dasharray: 'none', miterlimit: 4, fontSize: 16, fontFamily: 'sans-serif', fontWeight: 'normal', fontStyle: 'normal',
  textAnchor: 'start', visibility: 'visible',
};

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
  const paint = (v: string | undefined, own: string) => (v && v !== 'inherit' && isPaint(v) ? v : own);
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
  if (p['stroke-miterlimit']) s.miterlimit = num(p['stroke-miterlimit'], 4);
  if (p['font-size']) s.fontSize = num(p['font-size'], parent.fontSize);
  if (p['font-family']) s.fontFamily = p['font-family'];
  if (p['font-weight']) s.fontWeight = p['font-weight'];
  if (p['font-style']) s.fontStyle = p['font-style'];
  if (p['text-anchor']) s.textAnchor = p['text-anchor'];
  if (p.visibility) s.visibility = p.visibility;
  return s;
}

/** A fill or stroke value with currentColor replaced by the element's colour. */
export const usedPaint = (value: string, s: Style) => (/^currentcolor$/i.test(value.trim()) ? s.color : value);

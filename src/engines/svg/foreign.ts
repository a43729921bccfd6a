// HTML in <foreignObject> cannot be drawn into pixels we may read (an SVG image holding HTML taints the
// canvas) nor written as PDF or EPS vectors. Where no <switch> fallback stands in for it (conditional.ts),
// its text is kept as SVG <text>: one line per block, with the font size, colour and centring read from
// the HTML's inline styles. The layout is an approximation; the words are all there.
import { SVG_NS } from './parse';

const BLOCK = /^(?:address|article|aside|blockquote|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|li|main|nav|ol|p|pre|section|table|td|th|tr|ul)$/i;

interface Line {
  text: string;
  /** The innermost inline style seen for the line's first text. */
  style: string;
}

function lines(fo: Element): Line[] {
  const out: Line[] = [{ text: '', style: '' }];
  const walk = (node: Node, style: string) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const last = out[out.length - 1];
      const text = (node.textContent ?? '').replace(/\s+/g, ' ');
      if (!last.text.trim()) last.style = style;
      last.text += text;
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const el = node as Element;
    if (/^(?:script|style)$/i.test(el.localName)) return;
    const own = el.getAttribute('style') ?? '';
    const inner = own ? `${style};${own}` : style;
    if (/^br$/i.test(el.localName)) out.push({ text: '', style: inner });
    const block = BLOCK.test(el.localName);
    if (block) out.push({ text: '', style: inner });
    for (const child of Array.from(el.childNodes)) walk(child, inner);
    if (block) out.push({ text: '', style: inner });
  };
  for (const child of Array.from(fo.childNodes)) walk(child, '');
  return out.map((l) => ({ ...l, text: l.text.trim() })).filter((l) => l.text);
}

/** The last value of a CSS property in a run of declarations (later ones win, as in the cascade). */
function cssValue(style: string, property: string): string | undefined {
  let value: string | undefined;
  for (const decl of style.split(';')) {
    const i = decl.indexOf(':');
    if (i > 0 && decl.slice(0, i).trim().toLowerCase() === property) value = decl.slice(i + 1).replace(/!important/i, '').trim();
  }
  return value;
}

/** Replaces every <foreignObject> by a <text> of its lines; returns how many it replaced. */
export function foreignObjectsToText(root: Element): number {
  const all = Array.from(root.getElementsByTagNameNS(SVG_NS, 'foreignObject'));
  // Percentages (draw.io writes width="100%") are not resolved: such a box counts as 0 wide.
  const num = (el: Element, name: string) => (/%/.test(el.getAttribute(name) ?? '') ? 0 : parseFloat(el.getAttribute(name) ?? '') || 0);
  for (const fo of all) {
    const found = lines(fo);
    const text = fo.ownerDocument.createElementNS(SVG_NS, 'text');
    for (const name of ['transform', 'id', 'class', 'opacity', 'visibility', 'display']) {
      const v = fo.getAttribute(name);
      if (v != null) text.setAttribute(name, v);
    }
    const x = num(fo, 'x');
    const y = num(fo, 'y');
    const width = num(fo, 'width');
    let dy = 0;
    for (const line of found) {
      const size = parseFloat(cssValue(line.style, 'font-size') ?? '') || 16;
      const centred = /center/.test(cssValue(line.style, 'text-align') ?? '') || /center/.test(cssValue(line.style, 'justify-content') ?? '');
      const tspan = fo.ownerDocument.createElementNS(SVG_NS, 'tspan');
      dy += size * 1.2;
      tspan.setAttribute('x', String(centred && width ? x + width / 2 : x));
      tspan.setAttribute('y', String(y + dy - size * 0.25));
      tspan.setAttribute('font-size', String(size));
      if (centred) tspan.setAttribute('text-anchor', 'middle');
      const family = cssValue(line.style, 'font-family');
      if (family) tspan.setAttribute('font-family', family);
      const color = cssValue(line.style, 'color');
      if (color) tspan.setAttribute('fill', color);
      const weight = cssValue(line.style, 'font-weight');
      if (weight) tspan.setAttribute('font-weight', weight);
      tspan.textContent = line.text;
      text.append(tspan);
    }
    fo.replaceWith(text);
  }
  return all.length;
}

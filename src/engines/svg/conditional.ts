// Conditional processing (<switch>, systemLanguage, requiredExtensions) resolved before an SVG is drawn,
// so that every converter draws what the browser shows: svg2pdf and the EPS writer know no <switch>.
// One rule differs from the browser on purpose: a <foreignObject> (HTML) is passed over when a later child
// of the <switch> can stand in for it (draw.io's <text> fallback). The browser refuses to hand back the
// pixels of an SVG image holding HTML (the canvas is "tainted"), so HTML can be neither rasterised nor
// written as vectors; its fallback can.
import { SVG_NS } from './parse';

/** Elements a <switch> may choose (SVG 2 §5.8.2); anything else, and non-SVG elements, are passed over. */
const RENDERABLE = new Set(['a', 'circle', 'ellipse', 'foreignObject', 'g', 'image', 'line', 'path', 'polygon', 'polyline', 'rect', 'svg', 'switch', 'text', 'use']);

export interface ConditionalElement {
  name: string;
  /** In the SVG namespace. */
  svg: boolean;
  attr(name: string): string | null | undefined;
}

/** systemLanguage="ru, en-GB" passes when one listed language has the primary subtag of one of the user's. */
export function languageMatches(value: string, languages: readonly string[]): boolean {
  const primary = (tag: string) => tag.trim().toLowerCase().split('-')[0];
  const user = new Set(languages.map(primary));
  return value.split(',').some((tag) => primary(tag) !== '' && user.has(primary(tag)));
}

/** Whether the element's own conditions pass. requiredFeatures is ignored, as SVG 2 and browsers do. */
export function conditionsPass(el: ConditionalElement, languages: readonly string[]): boolean {
  const lang = el.attr('systemLanguage');
  if (lang != null && !languageMatches(lang, languages)) return false;
  // No extension is supported: any requiredExtensions attribute fails (an empty one too, per SVG 2).
  return el.attr('requiredExtensions') == null;
}

/** The index of the child a <switch> renders, or -1 for none. */
export function chooseSwitchChild(children: readonly ConditionalElement[], languages: readonly string[]): number {
  const ok = children.map((c) => c.svg && RENDERABLE.has(c.name) && conditionsPass(c, languages));
  const first = ok.indexOf(true);
  if (first < 0 || children[first].name !== 'foreignObject') return first;
  const fallback = ok.findIndex((pass, i) => pass && i > first && children[i].name !== 'foreignObject');
  return fallback >= 0 ? fallback : first;
}

const wrap = (el: Element): ConditionalElement => ({ name: el.localName, svg: el.namespaceURI === SVG_NS, attr: (name) => el.getAttribute(name) });

/**
 * In place, on a parsed SVG: elements whose conditions fail are removed, and each <switch> becomes a <g>
 * (with the switch's own attributes) holding only the child it renders. Returns how many switches it resolved.
 */
export function resolveConditionals(root: Element, languages: readonly string[] = userLanguages()): number {
  for (const el of Array.from(root.getElementsByTagName('*'))) {
    if (el.namespaceURI === SVG_NS && RENDERABLE.has(el.localName) && el.parentElement?.localName !== 'switch' && !conditionsPass(wrap(el), languages)) el.remove();
  }
  let resolved = 0;
  // Outer switches first (document order); a switch inside a child left out is gone with it.
  for (const sw of Array.from(root.getElementsByTagNameNS(SVG_NS, 'switch'))) {
    if (!root.contains(sw)) continue;
    const children = Array.from(sw.children);
    const chosen = children[chooseSwitchChild(children.map(wrap), languages)];
    const g = sw.ownerDocument.createElementNS(SVG_NS, 'g');
    for (const a of Array.from(sw.attributes)) if (a.name !== 'systemLanguage' && a.name !== 'requiredExtensions') g.setAttributeNS(a.namespaceURI, a.name, a.value);
    if (chosen) {
      for (const attr of ['systemLanguage', 'requiredExtensions', 'requiredFeatures']) chosen.removeAttribute(attr);
      g.append(chosen);
    }
    sw.replaceWith(g);
    resolved++;
  }
  return resolved;
}

/** The browser's languages (navigator.languages), English when there are none (in a worker or Node). */
export function userLanguages(): readonly string[] {
  const nav = (globalThis as { navigator?: { languages?: readonly string[]; language?: string } }).navigator;
  return nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : ['en'];
}

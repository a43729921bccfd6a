// The one definition of unsafe SVG: the elements and attributes below, and CSS that reaches outside the file
// (css.ts). The sanitiser (sanitize.ts) takes out exactly these (besides what its allow-list never keeps), and
// countUnsafe looks for them without a DOM, in a worker: a count of 0 lets the optimizer write svgo's output
// without the sanitiser, so the two must never disagree.
import { cssUnsafe, isLocalReference } from './css';
import type { XastChild, XastElement } from './xast';

/** Elements taken out with all they hold (lower case). */
export const UNSAFE_ELEMENTS = new Set(['script', 'foreignobject', 'a', 'iframe', 'form', 'input', 'button', 'textarea', 'select', 'meta', 'link', 'object', 'embed', 'base', 'frame', 'frameset', 'handler', 'listener', 'set', 'animate', 'animatemotion', 'animatetransform', 'animatecolor', 'discard', 'tref', 'audio', 'video']);
const SVG_NS = 'http://www.w3.org/2000/svg';

// A scheme that runs script or embeds a document, anywhere in the value once the browser's own leniency
// (entities are decoded by the parser already; spaces and control characters inside the scheme) is undone.
const ACTIVE = /script:|data:(?!image\/(?:png|jpe?g|gif|webp|avif);)/i;

export const hasActiveScheme = (value: string) => ACTIVE.test(value.replace(/[\s\p{Cc}\p{Cf}]/gu, ''));

/**
 * An attribute the sanitiser drops (a style attribute is cleaned instead: cleanCss): event handlers, sources,
 * links out of the file, xml:base (it changes what every relative reference below it means), script URLs,
 * and CSS that reaches outside the file (presentation attributes are CSS: fill="url(…)").
 */
export function unsafeAttribute(name: string, value: string): boolean {
  const n = name.toLowerCase();
  const local = n.slice(n.indexOf(':') + 1);
  if (n === 'xml:base' || local.startsWith('on') || local === 'src' || local === 'action' || local === 'formaction') return true;
  if (local === 'href') return !isLocalReference(value);
  if (n === 'xmlns' && value !== SVG_NS) return true;
  if (hasActiveScheme(value)) return true;
  return cssUnsafe(value);
}

/** How many elements, attributes, style sheets and instructions the sanitiser would have to deal with. */
export function countUnsafe(document: { children: XastChild[] }): number {
  let found = 0;
  const stack: XastChild[] = [...document.children];
  while (stack.length) {
    const node = stack.pop()!;
    // The XML declaration is harmless; any other instruction (<?xml-stylesheet?>) or a doctype with declarations is not.
    const raw = node as { name?: string; data?: { doctype?: string } };
    if (node.type === 'instruction' && raw.name !== 'xml') found++;
    if (node.type === 'doctype' && /\[|ENTITY/i.test(raw.data?.doctype ?? '')) found++;
    if (node.type !== 'element') continue;
    const el = node as XastElement;
    const name = el.name.toLowerCase();
    if (UNSAFE_ELEMENTS.has(name) || name.includes(':')) found++;
    for (const [k, v] of Object.entries(el.attributes)) if (unsafeAttribute(k, v)) found++;
    if (name === 'style') {
      const css = el.children.map((c) => (c.type === 'text' || c.type === 'cdata' ? (c.value ?? '') : '')).join('');
      if (cssUnsafe(css)) found++;
    }
    stack.push(...el.children);
  }
  return found;
}

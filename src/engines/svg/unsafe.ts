// A quick look, without a DOM, for anything the sanitiser (sanitize.ts) would take out. It only decides
// whether the sanitiser must run (in the page) on a file that a worker handles; it never cleans anything.
import { cleanCss, isLocalReference } from './css';
import type { XastChild, XastElement } from './xast';

const RISKY = new Set(['script', 'foreignobject', 'a', 'iframe', 'form', 'input', 'button', 'textarea', 'select', 'meta', 'link', 'object', 'embed', 'base', 'frame', 'frameset', 'handler', 'listener', 'set', 'animate', 'animatemotion', 'animatetransform', 'animatecolor', 'discard', 'tref', 'audio', 'video']);
const SVG_NS = 'http://www.w3.org/2000/svg';

function attributeRisk(name: string, value: string): boolean {
  const n = name.toLowerCase();
  const local = n.slice(n.indexOf(':') + 1);
  if (local.startsWith('on') || local === 'src' || local === 'action' || local === 'formaction') return true;
  if (local === 'href') return !isLocalReference(value);
  if (n === 'xmlns' && value !== SVG_NS) return true;
  if (/script\s*:|data\s*:/i.test(value.replace(/[\s\p{Cc}\p{Cf}]/gu, ''))) return true;
  return /url\(|image-set|@import|\\/i.test(value) && cleanCss(value) !== value;
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
    if (RISKY.has(name) || name.includes(':')) found++;
    for (const [k, v] of Object.entries(el.attributes)) if (attributeRisk(k, v)) found++;
    if (name === 'style') {
      const css = el.children.map((c) => (c.type === 'text' || c.type === 'cdata' ? (c.value ?? '') : '')).join('');
      if (cleanCss(css) !== css) found++;
    }
    stack.push(...el.children);
  }
  return found;
}

import { ToolError } from '../../../lib/errors';
import type { SquareMode } from './raster';

// User SVG is never put into the page as live markup. It is parsed as XML, stripped of everything
// active or external, and only ever shown through <img> from a blob URL (where scripts never run).

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const DROP_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'object', 'embed', 'audio', 'video', 'handler', 'listener']);
const SAFE_DATA_URL = /^data:image\/(png|jpe?g|gif|webp|avif);/i;

function safeReference(value: string): boolean {
  const v = value.trim();
  return v.startsWith('#') || SAFE_DATA_URL.test(v);
}

/** Drops url(...) references to anything but fragments and raster data URLs, and every @import. */
function cleanCss(css: string): string {
  return css
    .replace(/@import[^;]*;?/gi, '')
    .replace(/url\(\s*(['"]?)(.*?)\1\s*\)/gi, (whole, _q, target: string) => (safeReference(target) ? whole : 'none'))
    .replace(/expression\s*\(/gi, '(');
}

function cleanElement(el: Element): void {
  for (const attr of Array.from(el.attributes)) {
    const name = attr.name.toLowerCase();
    const value = attr.value;
    if (name.startsWith('on')) el.removeAttributeNode(attr);
    else if ((name === 'href' || name === 'xlink:href' || name === 'src') && !safeReference(value)) el.removeAttributeNode(attr);
    else if (/javascript:|vbscript:/i.test(value)) el.removeAttributeNode(attr);
    else if (name === 'style') el.setAttribute('style', cleanCss(value));
    else if (/url\(/i.test(value)) el.setAttribute(attr.name, cleanCss(value));
  }
  const tag = el.localName.toLowerCase();
  // <set>/<animate> could write a script URL into an href at run time.
  if ((tag === 'set' || tag.startsWith('animate')) && /href/i.test(el.getAttribute('attributeName') ?? '')) el.remove();
  if (tag === 'style') el.textContent = cleanCss(el.textContent ?? '');
}

export interface CleanSvg {
  /** The sanitized document, serialized. */
  text: string;
  width: number;
  height: number;
}

/**
 * Event-handler attributes are cut from the text before parsing: DOMParser's documents never run them,
 * but Chrome still checks each one against the page's CSP and logs a violation. XML attributes are
 * always quoted, so this pattern finds them all; cleanElement removes any that are left anyway.
 */
function stripHandlers(text: string): string {
  return text.replace(/\son[a-z0-9_.-]*\s*=\s*("[^"]*"|'[^']*')/gi, '');
}

function parse(text: string): SVGSVGElement {
  const doc = new DOMParser().parseFromString(stripHandlers(text), 'image/svg+xml');
  const root = doc.documentElement;
  if (doc.getElementsByTagName('parsererror').length > 0 || root.localName !== 'svg' || root.namespaceURI !== SVG_NS) {
    throw new ToolError('favicon:errors.invalidType');
  }
  return root as unknown as SVGSVGElement;
}

function numberAttr(el: Element, name: string): number | undefined {
  const raw = el.getAttribute(name);
  if (!raw || /%$/.test(raw.trim())) return undefined;
  const n = parseFloat(raw);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

function viewBoxOf(root: Element): [number, number, number, number] | undefined {
  const parts = (root.getAttribute('viewBox') ?? '').trim().split(/[\s,]+/).map(Number);
  return parts.length === 4 && parts.every(Number.isFinite) && parts[2] > 0 && parts[3] > 0 ? (parts as [number, number, number, number]) : undefined;
}

/** Parses, strips and measures an SVG; a file that is not SVG throws the "invalid file type" error. */
export function sanitizeSvg(text: string): CleanSvg {
  const root = parse(text);
  const walk = (el: Element) => {
    for (const child of Array.from(el.children)) {
      if (DROP_ELEMENTS.has(child.localName.toLowerCase())) child.remove();
      else walk(child);
    }
    cleanElement(el);
  };
  walk(root);
  let box = viewBoxOf(root);
  if (!box) {
    box = [0, 0, numberAttr(root, 'width') ?? 300, numberAttr(root, 'height') ?? 150];
    root.setAttribute('viewBox', box.join(' '));
  }
  if (!root.getAttribute('xmlns:xlink') && root.outerHTML.includes('xlink:')) root.setAttributeNS('http://www.w3.org/2000/xmlns/', 'xmlns:xlink', XLINK_NS);
  return { text: new XMLSerializer().serializeToString(root), width: box[2], height: box[3] };
}

/**
 * The sanitized SVG made square the vector way: its viewBox is cut to the centre square (crop) or
 * widened to the longer side (fit), and for pad a background rectangle fills the new area.
 */
export function squareSvg(clean: CleanSvg, mode: SquareMode, background: string): string {
  const root = parse(clean.text);
  const [x, y, w, h] = viewBoxOf(root)!;
  const side = mode === 'crop' ? Math.min(w, h) : Math.max(w, h);
  const nx = x + (w - side) / 2;
  const ny = y + (h - side) / 2;
  root.setAttribute('viewBox', `${nx} ${ny} ${side} ${side}`);
  root.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  root.setAttribute('width', String(side));
  root.setAttribute('height', String(side));
  if (mode === 'pad') {
    const rect = root.ownerDocument.createElementNS(SVG_NS, 'rect');
    rect.setAttribute('x', String(nx));
    rect.setAttribute('y', String(ny));
    rect.setAttribute('width', String(side));
    rect.setAttribute('height', String(side));
    rect.setAttribute('fill', background);
    root.insertBefore(rect, root.firstChild);
  }
  return new XMLSerializer().serializeToString(root);
}

/** The same SVG with its root sized to px × px (so the browser rasterizes it at that size). */
export function sizedSvg(text: string, px: number): string {
  const root = parse(text);
  root.setAttribute('width', String(px));
  root.setAttribute('height', String(px));
  return new XMLSerializer().serializeToString(root);
}

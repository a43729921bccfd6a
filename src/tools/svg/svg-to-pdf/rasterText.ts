// jsPDF's standard fonts cover Latin-1 only, so text in other scripts (Chinese, Japanese, Korean,
// Cyrillic, Greek…) would come out as garbage in the PDF, and svg2pdf draws no filter, few masks and gets
// other features wrong (unsupported.ts). Such text elements, and the elements svg2pdf would get wrong, are drawn by the browser
// with its own fonts and put back as images at the same place and in the same paint order; everything
// else stays vector (and Latin text stays selectable text).
import { paintedBounds, svgPixels } from '../../../engines/svg/render';
import { serializeSvg } from '../../../engines/svg/parse';
import { translucentOverlappingGroups } from './groupOpacity';
import { isolateBlends, pixelFilter, rasterReason } from './unsupported';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** A character past U+00FF (the standard PDF fonts' WinAnsi set is Latin-1 plus a few). */
const beyondLatin1 = (s: string) => Array.from(s).some((c) => c.codePointAt(0)! > 0xff);
/** Elements whose content is not painted where it stands (used by reference, or not at all). */
const NOT_PAINTED = new Set(['defs', 'symbol', 'clipPath', 'mask', 'pattern', 'marker', 'linearGradient', 'radialGradient', 'filter']);
/** Containers whose only effect on coordinates is their transform attribute. */
const PLAIN_CONTAINERS = new Set(['g', 'a', 'switch']);
/** Device pixels per user unit: 3 (288 dpi) unless the drawing would pass the pixel budget. */
const SCALE = 3;
const PIXEL_BUDGET = 12_000_000;
/** Device pixels per user unit for an element whose filter works on device pixels (unsupported.ts pixelFilter). */
const PIXEL_FILTER_SCALE = 2;

function painted(root: Element, el: Element): boolean {
  for (let node = el.parentElement; node && node !== root; node = node.parentElement) if (NOT_PAINTED.has(node.localName)) return false;
  return true;
}

/** A filter or mask set on the element itself (attribute or style=""); svg2pdf draws neither. */
function hasEffect(el: Element): boolean {
  const style = el.getAttribute('style') ?? '';
  return ['filter', 'mask'].some((p) => {
    const value = el.getAttribute(p) ?? new RegExp(`(?:^|;)\\s*${p}\\s*:([^;]*)`, 'i').exec(style)?.[1];
    return value != null && value.trim() !== '' && value.trim() !== 'none';
  });
}

/** What the PDF cannot draw as vectors, outermost first: text beyond Latin-1, filtered and masked elements, and what svg2pdf gets wrong (unsupported.ts). */
function elementsToRasterize(root: Element): { elements: Element[]; texts: Set<Element> } {
  // Changes the tree: a blended element's backdrop becomes one group, drawn as one image.
  isolateBlends(root);
  const groups = translucentOverlappingGroups(root);
  const chosen = new Set<Element>();
  const texts = new Set<Element>();
  for (const el of Array.from(root.getElementsByTagName('*'))) {
    if (el.namespaceURI !== SVG_NS || NOT_PAINTED.has(el.localName) || !painted(root, el)) continue;
    let inside = false;
    for (let node = el.parentElement; node && node !== root; node = node.parentElement) if (chosen.has(node)) inside = true;
    if (inside) continue;
    const text = el.localName === 'text' && beyondLatin1(el.textContent ?? '');
    if (text || hasEffect(el) || rasterReason(el, root) || groups.has(el)) {
      chosen.add(el);
      if (text) texts.add(el);
    }
  }
  return { elements: [...chosen], texts };
}

/** How the root's viewBox maps onto a W × H viewport (preserveAspectRatio honoured). */
export function viewBoxMapping(viewBox: number[], width: number, height: number, par: string | null): { sx: number; sy: number; tx: number; ty: number } {
  const [vx, vy, vw, vh] = viewBox;
  let sx = width / vw;
  let sy = height / vh;
  const [align = 'xMidYMid', mode = 'meet'] = (par ?? '').trim().split(/\s+/).filter(Boolean);
  if (align !== 'none') {
    const s = mode === 'slice' ? Math.max(sx, sy) : Math.min(sx, sy);
    sx = s;
    sy = s;
  }
  // The align value reads xMinYMin … xMaxYMax: a lower-case x, an upper-case Y.
  const free = (axis: 'x' | 'Y', space: number, used: number) => (align.includes(`${axis}Mid`) ? (space - used) / 2 : align.includes(`${axis}Max`) ? space - used : 0);
  return { sx, sy, tx: free('x', width, vw * sx) - vx * sx, ty: free('Y', height, vh * sy) - vy * sy };
}

/**
 * Where a crop of `box` device pixels goes in root user units: its box, inset by 1/100 of an image pixel on
 * each side. Poppler (pdftoppm, Evince, Okular) covers an image's right and bottom edge up to floor(edge) + 1,
 * so an image whose edges fall exactly on device pixels, as they do whenever the page is shown at a whole
 * fraction of our 3 px per unit, is stretched by one pixel and its content drawn half a pixel off; the inset
 * keeps the edge just inside. A hundredth of an image pixel moves nothing in any viewer.
 */
export function imageRect(box: { x: number; y: number; w: number; h: number }, map: { sx: number; sy: number; tx: number; ty: number }) {
  const INSET = 0.01;
  return {
    x: (box.x + INSET - map.tx) / map.sx,
    y: (box.y + INSET - map.ty) / map.sy,
    width: (box.w - 2 * INSET) / map.sx,
    height: (box.h - 2 * INSET) / map.sy,
  };
}

/** The product of the transforms between the root and `el` (exclusive); null when another viewport lies between. */
function transformsBetween(root: Element, el: Element): DOMMatrix | null {
  let m = new DOMMatrix();
  for (let node = el.parentElement; node && node !== root; node = node.parentElement) {
    if (!PLAIN_CONTAINERS.has(node.localName)) return null;
    const t = node.getAttribute('transform');
    if (t) m = parseTransform(t).multiply(m);
  }
  return m;
}

/** An SVG transform list as a matrix, read by the SVG DOM itself. */
function parseTransform(value: string): DOMMatrix {
  const g = document.createElementNS(SVG_NS, 'g') as SVGGElement;
  g.setAttribute('transform', value);
  const consolidated = g.transform.baseVal.consolidate();
  return consolidated ? DOMMatrix.fromMatrix(consolidated.matrix) : new DOMMatrix();
}

/** The target alone (everything else hidden) at width × height, cropped to where it paints; null if nowhere. */
async function drawOnly(root: Element, target: Element, width: number, height: number): Promise<{ png: string; box: { x: number; y: number; w: number; h: number } } | null> {
  target.setAttribute('data-localkit-raster', '');
  const clone = root.cloneNode(true) as Element;
  target.removeAttribute('data-localkit-raster');
  // Everything hidden but the target: visibility is inherited, and the target may override it.
  clone.setAttribute('visibility', 'hidden');
  const only = clone.querySelector('[data-localkit-raster]');
  if (!only) return null;
  only.removeAttribute('data-localkit-raster');
  // The image goes back into the same groups, which apply their opacity, filter and mask to it then.
  for (let el: Element | null = only.parentElement; el; el = el.parentElement) {
    const style = (el as unknown as SVGElement).style;
    if (!style) continue;
    style.setProperty('opacity', '1');
    style.setProperty('filter', 'none');
    style.setProperty('mask', 'none');
  }
  only.setAttribute('visibility', 'visible');
  // Markers, masks, patterns and clip paths take their properties from where they are written, under the
  // hidden root: visible again, or the target would be drawn without its markers and with an empty mask.
  for (const ref of Array.from(clone.querySelectorAll('marker, mask, pattern, clipPath'))) if (!ref.hasAttribute('visibility')) ref.setAttribute('visibility', 'visible');
  // So does an element an feImage shows, when it is not drawn where it stands (in <defs>).
  for (const fe of Array.from(clone.getElementsByTagNameNS(SVG_NS, 'feImage'))) {
    const id = (fe.getAttribute('href') ?? fe.getAttributeNS('http://www.w3.org/1999/xlink', 'href') ?? '').trim();
    const shown = id.startsWith('#') ? clone.querySelector(`[id="${CSS.escape(id.slice(1))}"]`) : null;
    if (shown && !painted(clone, shown) && !shown.hasAttribute('visibility')) shown.setAttribute('visibility', 'visible');
  }
  const pixels = await svgPixels(serializeSvg(clone), width, height);
  const box = paintedBounds(pixels);
  if (!box) return null;
  const crop = document.createElement('canvas');
  crop.width = box.w;
  crop.height = box.h;
  crop.getContext('2d')!.putImageData(pixels, -box.x, -box.y);
  return { png: crop.toDataURL('image/png'), box };
}

/**
 * Replaces each text element beyond Latin-1 by a PNG of it (transparent around the glyphs), in the same
 * parent, and so is each filtered or masked element. Returns how many texts were replaced. Runs in the page (it needs the browser's fonts and canvas).
 */
export async function rasterizeTextsBeyondLatin1(root: Element, size: { width: number; height: number }): Promise<number> {
  const { elements: texts, texts: beyond } = elementsToRasterize(root);
  if (!texts.length) return 0;
  const k = Math.min(SCALE, Math.sqrt(PIXEL_BUDGET / (size.width * size.height)));
  const viewBox = (root.getAttribute('viewBox') ?? `0 0 ${size.width} ${size.height}`).trim().split(/[\s,]+/).map(Number);
  /** The page at `scale` device px per CSS px: its size and how the root's viewBox maps onto it. */
  const grid = (scale: number) => {
    const [w, h] = [Math.max(1, Math.round(size.width * scale)), Math.max(1, Math.round(size.height * scale))];
    return { w, h, map: viewBoxMapping(viewBox, w, h, root.getAttribute('preserveAspectRatio')) };
  };
  const device = grid(k);
  let replaced = 0;
  for (const text of texts) {
    const { w, h, map } = pixelFilter(root, text) ? grid(Math.min(k, PIXEL_FILTER_SCALE)) : device;
    const drawn = await drawOnly(root, text, w, h);
    if (!drawn) {
      // The browser paints nothing there (an empty filter, a mask that hides all…): neither does the PDF.
      text.remove();
      continue;
    }
    const { png, box } = drawn;
    const image = root.ownerDocument.createElementNS(SVG_NS, 'image');
    image.setAttribute('href', png);
    image.setAttributeNS('http://www.w3.org/1999/xlink', 'xlink:href', png);
    image.setAttribute('preserveAspectRatio', 'none');
    // Device pixels → root user units → the text's parent's user units.
    const between = transformsBetween(root, text);
    const rect = imageRect(box, map);
    for (const [name, value] of Object.entries(rect)) image.setAttribute(name, String(value));
    if (between && !between.isIdentity) {
      const inv = between.inverse();
      image.setAttribute('transform', `matrix(${inv.a} ${inv.b} ${inv.c} ${inv.d} ${inv.e} ${inv.f})`);
    }
    if (between) text.replaceWith(image);
    else {
      // Inside a nested viewport: painted above it, at the root, instead.
      let top: Element = text;
      while (top.parentElement && top.parentElement !== root) top = top.parentElement;
      text.remove();
      top.after(image);
    }
    if (beyond.has(text)) replaced++;
  }
  return replaced;
}

/** The whole drawing as one PNG (data URL) at the same resolution as the parts: the fallback when svg2pdf fails on it. */
export async function drawWhole(root: Element, size: { width: number; height: number }, scale = SCALE): Promise<string> {
  const k = Math.min(scale, Math.sqrt(PIXEL_BUDGET / (size.width * size.height)));
  const W = Math.max(1, Math.round(size.width * k));
  const H = Math.max(1, Math.round(size.height * k));
  const pixels = await svgPixels(serializeSvg(root), W, H);
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  canvas.getContext('2d')!.putImageData(pixels, 0, 0);
  return canvas.toDataURL('image/png');
}

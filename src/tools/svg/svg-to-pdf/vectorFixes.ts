// Fixes that keep an SVG in vectors for svg2pdf.js: colours it cannot read are rewritten as #rrggbb
// (or dropped when invalid, as a browser ignores them), line joins and caps it throws on and <style>
// sheets that are not CSS are dropped, prefixed SVG elements made plain, <use> loops cut, one-radius
// ellipses completed.
import { parseCssColor } from '../../../engines/svg/eps/paint';
import { zeroLengthSubpaths } from '../../../engines/svg/eps/path';

const SVG_NS = 'http://www.w3.org/2000/svg';

const COLOUR_PROPS = ['fill', 'stroke', 'stop-color', 'flood-color', 'lighting-color', 'color'];
const KEEP = /^(?:none|currentcolor|inherit|transparent|context-fill|context-stroke)$/i;
const hex = (x: number) => Math.round(x * 255).toString(16).padStart(2, '0');

/** A colour as svg2pdf reads it (#rrggbb), '' when it is no colour, undefined to leave it as written. */
function rewriteColour(value: string): string | undefined {
  const v = value.trim();
  if (KEEP.test(v) || /^url\(/i.test(v)) return undefined;
  const c = parseCssColor(v);
  if (!c) return '';
  // A translucent colour is left as written: the element is drawn as an image (rasterReason).
  if (c.alpha < 1) return undefined;
  return `#${c.rgb.map(hex).join('')}`;
}

/**
 * Colours in every CSS form (hsl(), hwb(), rgb() with percentages past 100 %, ICC fallbacks…) as #rrggbb,
 * which svg2pdf reads; an invalid colour is dropped, as a browser ignores it. Returns how many changed.
 */
export function normalizeColours(root: Element): number {
  let changed = 0;
  for (const el of [root, ...Array.from(root.getElementsByTagName('*'))]) {
    for (const name of COLOUR_PROPS) {
      const attr = el.getAttribute(name);
      if (attr === null) continue;
      const next = rewriteColour(attr);
      if (next === undefined || next === attr) continue;
      if (next === '') el.removeAttribute(name);
      else el.setAttribute(name, next);
      changed++;
    }
    const style = el.getAttribute('style');
    if (!style || !COLOUR_PROPS.some((p) => style.includes(p))) continue;
    let touched = false;
    const decls = style.split(';').flatMap((decl) => {
      const i = decl.indexOf(':');
      const prop = i > 0 ? decl.slice(0, i).trim().toLowerCase() : '';
      if (!COLOUR_PROPS.includes(prop) || /!important|var\(/i.test(decl)) return [decl];
      const next = rewriteColour(decl.slice(i + 1));
      if (next === undefined) return [decl];
      touched = true;
      return next === '' ? [] : [`${prop}:${next}`];
    });
    if (touched) {
      el.setAttribute('style', decls.join(';'));
      changed++;
    }
  }
  return changed;
}

const KEYWORDS: Record<string, RegExp> = {
  'stroke-linejoin': /^(?:miter|round|bevel|inherit)$/i,
  'stroke-linecap': /^(?:butt|round|square|inherit)$/i,
  // A number not below 0 (CSS); anything else is invalid and ignored (resvg's stroke-miterlimit/invalid-value: -10).
  'stroke-miterlimit': /^(?:\+?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?|inherit)$/i,
};

/** Whether a browser takes this value of stroke-linejoin, -linecap or -miterlimit (it ignores the rest). */
export const knownStrokeValue = (name: string, value: string): boolean => KEYWORDS[name]?.test(value.trim()) ?? true;

/**
 * Line joins and caps a browser does not know (SVG 2's arcs, miter-clip) and invalid miter limits are ignored, as it
 * ignores them; jsPDF throws on unknown joins, and writes a negative limit, which cairo draws as no limit at all.
 */
export function dropUnknownKeywords(root: Element): number {
  let changed = 0;
  for (const el of [root, ...Array.from(root.getElementsByTagName('*'))]) {
    for (const [name, known] of Object.entries(KEYWORDS)) {
      const v = el.getAttribute(name);
      if (v !== null && !known.test(v.trim())) {
        el.removeAttribute(name);
        changed++;
      }
      const style = el.getAttribute('style');
      if (style?.includes(name)) {
        const decls = style.split(';').filter((d) => {
          const i = d.indexOf(':');
          return !(i > 0 && d.slice(0, i).trim().toLowerCase() === name && !known.test(d.slice(i + 1).replace(/!important/i, '').trim()));
        });
        if (decls.length !== style.split(';').length) {
          el.setAttribute('style', decls.join(';'));
          changed++;
        }
      }
    }
  }
  return changed;
}

/** <style> elements whose type is not CSS apply nothing in a browser; svg2pdf would apply them. */
export function dropForeignStyleSheets(root: Element): number {
  const sheets = Array.from(root.getElementsByTagNameNS(SVG_NS, 'style')).filter((s) => {
    const type = (s.getAttribute('type') ?? '').trim().toLowerCase();
    return type !== '' && type !== 'text/css';
  });
  sheets.forEach((s) => s.remove());
  return sheets.length;
}

/** SVG elements written with a prefix (<svg:svg xmlns:svg="…">) as plain ones, which the sanitiser and svg2pdf expect. */
export function dropSvgPrefixes(doc: Document): number {
  let changed = 0;
  const walk = (el: Element) => {
    for (const child of Array.from(el.children)) walk(child);
    if (el.namespaceURI !== SVG_NS || !el.prefix) return;
    const plain = doc.createElementNS(SVG_NS, el.localName);
    for (const attr of Array.from(el.attributes)) {
      if (attr.prefix === 'xmlns' && attr.namespaceURI === 'http://www.w3.org/2000/xmlns/' && attr.value === SVG_NS) continue;
      plain.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
    }
    while (el.firstChild) plain.appendChild(el.firstChild);
    el.replaceWith(plain);
    changed++;
  };
  if (doc.documentElement) walk(doc.documentElement);
  return changed;
}

/** An ellipse with one radius (SVG 2: the other, missing or negative, is "auto", the same): svg2pdf draws nothing without both. */
export function autoEllipseRadii(root: Element): number {
  let changed = 0;
  for (const el of Array.from(root.getElementsByTagNameNS(SVG_NS, 'ellipse'))) {
    // A negative radius is an error, which SVG 2 reads as auto.
    const auto = (v: string | null) => v === null || v.trim() === '' || v.trim() === 'auto' || parseFloat(v) < 0;
    const [rx, ry] = [el.getAttribute('rx'), el.getAttribute('ry')];
    // A percentage is of the viewport's width for rx and of its height for ry: copied, it would mean another
    // length. Such an ellipse is drawn by the browser (rasterReason: length-units), which knows "auto".
    if ([rx, ry].some((v) => !auto(v) && !/^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?(?:px)?$/i.test(v!.trim()))) continue;
    if (auto(rx) && !auto(ry)) el.setAttribute('rx', ry!);
    else if (auto(ry) && !auto(rx)) el.setAttribute('ry', rx!);
    else continue;
    changed++;
  }
  return changed;
}

/** Every element name SVG 1.1 and 2 define; an element in the SVG namespace with another name is not drawn, nor is anything in it. */
const SVG_ELEMENTS = new Set(
  ('a animate animateMotion animateTransform circle clipPath defs desc discard ellipse feBlend feColorMatrix feComponentTransfer ' +
    'feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG ' +
    'feFuncR feGaussianBlur feImage feMerge feMergeNode feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile ' +
    'feTurbulence filter foreignObject g image line linearGradient marker mask metadata mpath path pattern polygon polyline ' +
    'radialGradient rect script set stop style svg switch symbol text textPath title tspan use view ' +
    'altGlyph altGlyphDef altGlyphItem animateColor color-profile cursor font font-face font-face-format font-face-name ' +
    'font-face-src font-face-uri glyph glyphRef hkern missing-glyph tref vkern').split(' '),
);

/**
 * Elements in the SVG namespace that SVG does not define (<random>): a browser draws neither them nor what they
 * hold; svg2pdf draws their children. Removed, unless something in them is referenced by id (a <use> may show it).
 */
export function dropUnknownElements(root: Element): number {
  const source = new XMLSerializer().serializeToString(root);
  const unknown = Array.from(root.getElementsByTagNameNS(SVG_NS, '*')).filter((el) => !SVG_ELEMENTS.has(el.localName));
  let dropped = 0;
  for (const el of unknown) {
    if (!el.isConnected) continue;
    const ids = [el, ...Array.from(el.getElementsByTagName('*'))].map((e) => e.id).filter(Boolean);
    if (ids.some((id) => source.includes(`#${id}`))) continue;
    el.remove();
    dropped++;
  }
  return dropped;
}

/** SVG's outline of a circle or ellipse: from its rightmost point, clockwise (on screen), in four arcs. */
export function ellipsePathData(cx: number, cy: number, rx: number, ry: number): string {
  const arc = (x: number, y: number) => `A${rx} ${ry} 0 0 1 ${x} ${y}`;
  return `M${cx + rx} ${cy}${arc(cx, cy + ry)}${arc(cx - rx, cy)}${arc(cx, cy - ry)}${arc(cx + rx, cy)}Z`;
}

const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?(?:px)?$/i;

/**
 * Dashed circles and ellipses as paths: svg2pdf starts their outline elsewhere, so the dashes fall in other
 * places than a browser puts them (from the rightmost point, clockwise). Only plain-number geometry (other
 * lengths are drawn by the browser, rasterReason). Returns how many.
 */
export function dashedEllipsesAsPaths(root: Element): number {
  // A style sheet may select circles by name, and a path would show markers a circle does not: left alone then.
  if (Array.from(root.getElementsByTagNameNS(SVG_NS, 'style')).some((s) => /circle|ellipse/i.test(s.textContent ?? ''))) return 0;
  const marked = (el: Element) => {
    for (let node: Element | null = el; node; node = node.parentElement) {
      if (Array.from(node.attributes).some((a) => /^marker/i.test(a.name) || (a.name === 'style' && /marker/i.test(a.value)))) return true;
    }
    return false;
  };
  let changed = 0;
  const dashed = (el: Element) => {
    for (let node: Element | null = el; node; node = node.parentElement) {
      const style = /(?:^|;)\s*stroke-dasharray\s*:([^;]*)/i.exec(node.getAttribute('style') ?? '')?.[1];
      const v = (style ?? node.getAttribute('stroke-dasharray'))?.trim();
      if (v !== undefined && v !== 'inherit') return v !== '' && v !== 'none';
    }
    return false;
  };
  for (const el of [...Array.from(root.getElementsByTagNameNS(SVG_NS, 'circle')), ...Array.from(root.getElementsByTagNameNS(SVG_NS, 'ellipse'))]) {
    if (!dashed(el) || marked(el)) continue;
    const circle = el.localName === 'circle';
    const names = circle ? ['cx', 'cy', 'r'] : ['cx', 'cy', 'rx', 'ry'];
    const values = names.map((n) => el.getAttribute(n)?.trim() ?? '0');
    if (!values.every((v) => PLAIN_NUMBER.test(v))) continue;
    const [cx, cy, rx, ry = rx] = values.map((v) => parseFloat(v));
    if (!(rx > 0 && ry > 0)) continue;
    const path = el.ownerDocument.createElementNS(SVG_NS, 'path');
    for (const attr of Array.from(el.attributes)) if (!names.includes(attr.name)) path.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
    path.setAttribute('d', ellipsePathData(cx, cy, rx, ry));
    while (el.firstChild) path.appendChild(el.firstChild);
    el.replaceWith(path);
    changed++;
  }
  return changed;
}

/** Below this (in user units) a stroke is nothing in a browser or rsvg; in a PDF, a width written as 0 is a hairline. */
const INVISIBLE_STROKE = 1e-7;
const STROKED = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'textPath', 'use']);

function ownStrokeWidth(el: Element): string | undefined {
  const fromStyle = /(?:^|;)\s*stroke-width\s*:\s*([^;!]+)/i.exec(el.getAttribute('style') ?? '')?.[1];
  return (fromStyle ?? el.getAttribute('stroke-width') ?? undefined)?.trim();
}

/**
 * Strokes of width 0 or next to it (Graphviz writes 2.35e-37), or of dashes that draw nothing (dashesPaintNothing),
 * as no stroke: a browser and rsvg draw nothing, but jsPDF writes the width as "0." and a PDF viewer draws width 0
 * as the thinnest line it can. Follows the width, dashes and caps down the tree as they inherit; a stylesheet's
 * are not followed. Dots (zero-length dashes, round caps) get round joins. Returns how many shapes changed.
 */
export function dropInvisibleStrokes(root: Element): number {
  let changed = 0;
  const walk = (el: Element, inherited: number, inheritedDashes: string | undefined, inheritedCap: string | undefined) => {
    const own = ownStrokeWidth(el);
    const parsed = own === undefined || /%/.test(own) ? NaN : parseFloat(own);
    const width = Number.isFinite(parsed) ? Math.abs(parsed) : inherited;
    const dashes = el.getAttribute('stroke-dasharray') ?? inheritedDashes;
    const cap = el.getAttribute('stroke-linecap') ?? inheritedCap;
    if ((width < INVISIBLE_STROKE || dashesPaintNothing(dashes, cap)) && STROKED.has(el.localName)) {
      const style = el.getAttribute('style');
      // A stroke in the style outranks the attribute: it goes, and svg2pdf reads the first of two declarations.
      if (style && /(?:^|;)\s*stroke\s*:/i.test(style)) el.setAttribute('style', style.split(';').filter((d) => !/^\s*stroke\s*:/i.test(d)).join(';'));
      el.setAttribute('stroke', 'none');
      changed++;
    } else if (STROKED.has(el.localName) && /^\s*round\s*$/i.test(cap ?? '') && zeroLengthDashes(dashes)) {
      // Dots: each dash is its round cap, a disc the stroke's width across. A round join at a dash on a corner is
      // that same disc, where cairo drew the corner's miter (resvg's stroke-dasharray/0-n-with-round-caps).
      el.setAttribute('stroke-linejoin', 'round');
      changed++;
    }
    for (const child of Array.from(el.children)) walk(child, width, dashes, cap);
  };
  walk(root, 1, undefined, undefined);
  return changed;
}

/**
 * Whether every dash of a dash array is 0 long (the list repeated when its length is odd) while the gaps make its
 * sum positive (an all-zero or negative list is a solid line): the stroke is its caps alone, at each dash.
 */
export function zeroLengthDashes(dasharray: string | undefined): boolean {
  if (dasharray === undefined) return false;
  const values = dasharray.trim().split(/[\s,]+/).map((v) => parseFloat(v));
  if (values.length === 0 || values.some((v) => !Number.isFinite(v) || v < 0)) return false;
  const list = values.length % 2 ? [...values, ...values] : values;
  return list.some((v) => v > 0) && list.every((v, i) => i % 2 === 1 || v === 0);
}

/**
 * Whether a dash array draws nothing: dashes 0 long with butt caps. A browser draws nothing; cairo draws the joins
 * of the zero-length dashes at the corners (resvg's stroke-dasharray/0-n-with-butt-caps).
 */
export const dashesPaintNothing = (dasharray: string | undefined, linecap: string | undefined): boolean =>
  /^\s*butt\s*$/i.test(linecap ?? 'butt') && zeroLengthDashes(dasharray);

const PATTERN_PAINT = /^\s*url\(\s*['"]?#([^'")\s]+)/i;
const FILLED_AND_STROKED = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon']);

/**
 * A shape filled with a pattern, or whose fill and stroke opacities differ, and stroked, as two: the fill (a copy without stroke) under the stroke (the shape
 * without fill). svg2pdf writes both with one `B`, and poppler's cairo renderer (pdftocairo, Evince) then draws
 * that stroke half a device pixel down and right of where its own `S` puts it (measured: the suite's 1.5 px
 * darkblue outline over pixels 29.7–31.3 instead of 29.25–30.75; every pattern test failed on that outline alone).
 * An opacity on the shape moves to a group around the two, so the overlap is composited once. Run after the
 * elements drawn as images are replaced (a shape with markers or paint-order is one). Returns how many split.
 */
export function splitFillFromStroke(root: Element): number {
  let split = 0;
  const byId = (id: string) => root.querySelector(`[id="${CSS.escape(id)}"]`);
  for (const el of Array.from(root.getElementsByTagNameNS(SVG_NS, '*'))) {
    if (!FILLED_AND_STROKED.has(el.localName) || el.getAttribute('style')) continue;
    const fill = PATTERN_PAINT.exec(el.getAttribute('fill') ?? '');
    const stroke = (el.getAttribute('stroke') ?? 'none').trim();
    if (stroke === '' || stroke === 'none') continue;
    const inheritedOpacity = (name: string) => {
      for (let node: Element | null = el; node; node = node.parentElement) if (node.hasAttribute(name)) return parseFloat(node.getAttribute(name)!);
      return 1;
    };
    // Ghostscript (10.0) draws a `B` with one alpha for both: a translucent stroke came out opaque (painting/stroke-opacity).
    const alphas = inheritedOpacity('fill-opacity') !== inheritedOpacity('stroke-opacity');
    if (!(fill && byId(fill[1])?.localName === 'pattern') && !alphas) continue;
    if ((el.getAttribute('fill') ?? '').trim() === 'none') continue;
    if (parseFloat(el.getAttribute('stroke-width') ?? '1') === 0) continue;
    const fillOnly = el.cloneNode(false) as Element;
    fillOnly.removeAttribute('id');
    fillOnly.setAttribute('stroke', 'none');
    el.setAttribute('fill', 'none');
    const opacity = el.getAttribute('opacity');
    if (opacity !== null && parseFloat(opacity) < 1) {
      const group = root.ownerDocument.createElementNS(SVG_NS, 'g');
      group.setAttribute('opacity', opacity);
      el.removeAttribute('opacity');
      fillOnly.removeAttribute('opacity');
      el.replaceWith(group);
      group.append(fillOnly, el);
    } else el.before(fillOnly);
    split++;
  }
  return split;
}

/** SVG's outline of a rounded rect: from (x + rx, y), clockwise (on screen), each corner one elliptic arc. */
export function roundedRectPathData(x: number, y: number, w: number, h: number, rx: number, ry: number): string {
  const arc = (ex: number, ey: number) => `A${rx} ${ry} 0 0 1 ${ex} ${ey}`;
  return (
    `M${x + rx} ${y}H${x + w - rx}${arc(x + w, y + ry)}V${y + h - ry}${arc(x + w - rx, y + h)}` +
    `H${x + rx}${arc(x, y + h - ry)}V${y + ry}${arc(x + rx, y)}Z`
  );
}

/**
 * Rects with rounded corners as paths of arcs: svg2pdf (2.8) writes three of the four corners with the second
 * control point on the wrong side of the corner (x + rx·κ where x + rx − rx·κ belongs), a corner 0.3 units
 * inside the circle at r = 20 (measured: every pattern test's outline failed at those three corners under
 * pdftocairo and Ghostscript alike). Only plain-number geometry, radii as resolve.ts leaves them (both set,
 * clamped); not under a style sheet that names rects, nor where markers are set (a path would show them).
 */
export function roundedRectsAsPaths(root: Element): number {
  if (Array.from(root.getElementsByTagNameNS(SVG_NS, 'style')).some((s) => /rect/i.test(s.textContent ?? ''))) return 0;
  let changed = 0;
  for (const el of Array.from(root.getElementsByTagNameNS(SVG_NS, 'rect'))) {
    const names = ['x', 'y', 'width', 'height', 'rx', 'ry'];
    const values = names.map((n) => el.getAttribute(n)?.trim() ?? '0');
    if (!values.every((v) => PLAIN_NUMBER.test(v))) continue;
    const [x, y, w, h, rx, ry] = values.map((v) => parseFloat(v));
    if (!(w > 0 && h > 0 && rx > 0 && ry > 0)) continue;
    let marked = false;
    for (let node: Element | null = el; node && !marked; node = node.parentElement) {
      marked = Array.from(node.attributes).some((a) => /^marker/i.test(a.name) || (a.name === 'style' && /marker/i.test(a.value)));
    }
    if (marked) continue;
    const path = el.ownerDocument.createElementNS(SVG_NS, 'path');
    for (const attr of Array.from(el.attributes)) if (!names.includes(attr.name)) path.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
    path.setAttribute('d', roundedRectPathData(x, y, w, h, Math.min(rx, w / 2), Math.min(ry, h / 2)));
    while (el.firstChild) path.appendChild(el.firstChild);
    el.replaceWith(path);
    changed++;
  }
  return changed;
}

/**
 * SVG caps a zero-length subpath ("M 10 10 L 10 10") with a square when stroke-linecap is square, aligned with the user
 * space's axes; PDF paints a degenerate subpath's round cap only (cairo and Ghostscript drew nothing: resvg's
 * stroke-linecap/zero-length-path-with-square). Each such square becomes a filled path in the stroke's colour, after the
 * element, with its transform and opacity. Plain colours only (other paint is drawn by the browser or left as it was),
 * undashed, not inside a clipPath (which takes no stroke). Runs on resolved style (presentation attributes).
 */
export function squareCapsOfZeroLengthSubpaths(root: Element): number {
  let added = 0;
  const walk = (el: Element, inherited: Record<string, string | undefined>) => {
    const props = { ...inherited };
    for (const name of ['stroke', 'stroke-width', 'stroke-linecap', 'stroke-opacity', 'stroke-dasharray', 'visibility']) {
      const v = el.getAttribute(name);
      if (v !== null) props[name] = v.trim();
    }
    if (el.localName === 'clipPath') return;
    const d = el.localName === 'path' ? el.getAttribute('d') : el.localName === 'line' ? lineData(el) : null;
    const width = parseFloat(props['stroke-width'] ?? '1');
    const dashed = props['stroke-dasharray'] !== undefined && props['stroke-dasharray'] !== 'none';
    const colour = props.stroke !== undefined && /^#[0-9a-f]{6}$/i.test(props.stroke) ? props.stroke : undefined;
    if (d && colour && props['stroke-linecap'] === 'square' && width > 0 && !dashed && props.visibility !== 'hidden') {
      const squares = zeroLengthSubpaths(d).map((p) => `M${p.x - width / 2} ${p.y - width / 2}h${width}v${width}h${-width}Z`);
      if (squares.length) {
        const cap = el.ownerDocument.createElementNS(SVG_NS, 'path');
        cap.setAttribute('d', squares.join(''));
        cap.setAttribute('fill', colour);
        cap.setAttribute('fill-opacity', props['stroke-opacity'] ?? '1');
        cap.setAttribute('stroke', 'none');
        for (const name of ['transform', 'opacity']) if (el.hasAttribute(name)) cap.setAttribute(name, el.getAttribute(name)!);
        el.after(cap);
        added++;
      }
    }
    for (const child of Array.from(el.children)) walk(child, props);
  };
  walk(root, {});
  return added;
}

function lineData(el: Element): string | null {
  const at = (name: string) => (el.getAttribute(name) ?? '0').trim();
  const values = ['x1', 'y1', 'x2', 'y2'].map(at);
  return values.every((v) => PLAIN_NUMBER.test(v)) ? `M${parseFloat(values[0])} ${parseFloat(values[1])}L${parseFloat(values[2])} ${parseFloat(values[3])}` : null;
}

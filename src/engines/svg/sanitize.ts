// The one sanitiser for SVG we show or write (SVG Preview, the favicon package, SVG → PDF, the optimiser):
// DOMPurify with an allow-list for static pictures. No script, no event handler, no link, no form, no
// foreignObject, no animation that writes attributes, nothing that points outside the document
// (remote image, font, stylesheet, <use>, <?xml-stylesheet?>), CSS with its escapes decoded first.
import createDOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { cleanCss, cssUnsafe } from './css';
import { parseSvg, serializeSvg } from './parse';
import { hasActiveScheme, UNSAFE_ELEMENTS, unsafeAttribute } from './unsafe';

export { cleanCss, isLocalReference } from './css';

interface SanitizeReport {
  svg: string;
  /** Elements, attributes and CSS rules taken out. */
  removed: number;
}

let purifier: Purifier | null = null;
let changed = 0;

function instance(): Purifier {
  if (purifier) return purifier;
  const p = createDOMPurify(window);
  p.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && node.textContent && cssUnsafe(node.textContent)) {
      node.textContent = cleanCss(node.textContent);
      changed++;
    }
  });
  // unsafe.ts decides, as it does for the worker's count: a style attribute is cleaned, any other unsafe one dropped.
  p.addHook('uponSanitizeAttribute', (_node, data) => {
    const value = data.attrValue;
    if (!unsafeAttribute(data.attrName, value)) return;
    // (a dropped attribute is counted by DOMPurify in `removed`, a cleaned style here)
    if (data.attrName === 'style' && !hasActiveScheme(value)) {
      data.attrValue = cleanCss(value);
      changed++;
    } else data.keepAttr = false;
  });
  purifier = p;
  return p;
}

/** A sanitised copy of the SVG text: the root element alone (no prolog, doctype or processing instruction). */
export function sanitizeSvg(text: string): SanitizeReport {
  const purify = instance();
  const { doc, root } = parseSvg(text);
  // Outside the root: <?xml-stylesheet?>, a doctype with entities, comments. None of it is kept.
  let outside = 0;
  for (const node of Array.from(doc.childNodes)) if (node !== root && node.nodeType !== Node.COMMENT_NODE) outside++;
  changed = 0;
  purify.sanitize(root, {
    IN_PLACE: true,
    USE_PROFILES: { svg: true, svgFilters: true },
    ADD_TAGS: ['use'],
    // SVG 2 and compositing attributes DOMPurify's lists lack (written in style="" they pass already), and the
    // spot light's aim and cone, which its filter list lacks (without them the light points straight down).
    ADD_ATTR: ['fr', 'mix-blend-mode', 'isolation', 'pointsatx', 'pointsaty', 'pointsatz', 'limitingconeangle'],
    // An embedded raster image (data:image/png… only, isLocalReference) in a filter, as <image> may hold one.
    ADD_DATA_URI_TAGS: ['feImage'],
    FORBID_TAGS: ['foreignObject', 'animateMotion', 'animateTransform', 'animateColor', ...UNSAFE_ELEMENTS],
    FORBID_ATTR: ['src', 'action', 'formaction', 'attributeName', 'to', 'from', 'by', 'begin', 'end'],
    // Every attribute value is tested against this: no URL scheme at all (embedded images pass through
    // DOMPurify's DATA_URI_TAGS rule, "#id" passes here; the hook has dropped every outside reference).
    ALLOWED_URI_REGEXP: /^(?:[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
    SAFE_FOR_XML: true,
  });
  // Processing instructions inside the root have no effect, but nothing of the kind is written.
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_PROCESSING_INSTRUCTION);
  const instructions: Node[] = [];
  while (walker.nextNode()) instructions.push(walker.currentNode);
  for (const pi of instructions) pi.parentNode?.removeChild(pi);
  return { svg: serializeSvg(root), removed: purify.removed.length + changed + outside + instructions.length };
}

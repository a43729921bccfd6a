// Sanitising SVG for any use other than an <img>: DOMPurify's SVG profile plus our own rule that
// nothing may point outside the document (no remote image, font, stylesheet, <use> or link).
import DOMPurify from 'dompurify';
import { parseSvg, serializeSvg } from './parse';

const HREF = /^(?:xlink:)?href$/i;
/** Local references only: "#id" or an embedded raster image. */
export function isLocalReference(value: string): boolean {
  const v = value.trim();
  return v.startsWith('#') || /^data:image\/(?:png|jpe?g|gif|webp|avif);base64,/i.test(v);
}

/** url(…) that leaves the document, and @import, in CSS text. */
const REMOTE_URL = /url\(\s*(['"]?)\s*(?![\s'"]|#|data:image\/(?:png|jpe?g|gif|webp|avif);)[^)]*\)/gi;
const IMPORT = /@import[^;]*;?/gi;

export function cleanCss(css: string): string {
  return css.replace(IMPORT, '').replace(REMOTE_URL, 'none');
}

export interface SanitizeReport {
  svg: string;
  /** Elements and attributes DOMPurify or our rule took out. */
  removed: number;
}

let hooked = false;
function installHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && node.textContent) node.textContent = cleanCss(node.textContent);
  });
  DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (HREF.test(data.attrName) && !isLocalReference(data.attrValue)) data.keepAttr = false;
    else if (data.attrName === 'style') data.attrValue = cleanCss(data.attrValue);
    else if (/url\(/i.test(data.attrValue)) {
      const cleaned = data.attrValue.replace(REMOTE_URL, 'none');
      if (cleaned !== data.attrValue) data.keepAttr = false;
    }
  });
}

/** A sanitised copy of the SVG text: no script, no event handler, no foreignObject, no outside reference. */
export function sanitizeSvg(text: string): SanitizeReport {
  installHooks();
  const { doc, root } = parseSvg(text);
  DOMPurify.sanitize(root, {
    IN_PLACE: true,
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'iframe', 'a'],
    ADD_TAGS: ['use'],
    // DOMPurify tests every attribute value against this: no URL scheme at all (data: images pass through
    // its DATA_URI_TAGS rule, local "#id" references pass here; the hook has dropped every outside one).
    ALLOWED_URI_REGEXP: /^(?:[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  });
  return { svg: serializeSvg(doc), removed: DOMPurify.removed.length };
}

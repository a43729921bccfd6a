// Parsing SVG text in the browser (DOMParser): well-formedness errors with the parser's line and column.
import { ToolError } from '../../lib/errors';
import { parseFailure, parserPosition, parserReason } from './parseError';
import { measureSvg, type SvgSize } from './size';

export { parserPosition } from './parseError';

export const SVG_NS = 'http://www.w3.org/2000/svg';

interface ParsedSvg {
  doc: XMLDocument;
  root: SVGSVGElement;
  size: SvgSize;
  /** Elements in the document, the root included. */
  elementCount: number;
}

const TAG = /<[A-Za-z][^\s/>]*(?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*\s*\/?>/g;
// One attribute at a time from the tag name on, so text inside a quoted value is never taken for a name.
const ATTRIBUTE = /(\s+)([^\s=/>]+)(\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?/g;

/**
 * Renames on* attributes (onload → xonload) before the text meets DOMParser. Nothing would run either
 * way (a parsed document has no scripting, the CSP forbids inline handlers), but Chromium reports every
 * handler it parses as a CSP violation. The result is used only to measure and render, never shown.
 */
export function defuseHandlers(text: string): string {
  return text.replace(TAG, (tag) => {
    const nameEnd = tag.search(/[\s/>]/);
    const attrs = tag.slice(nameEnd).replace(ATTRIBUTE, (all, space: string, name: string, value = '') => (/^on/i.test(name) ? `${space}x${name}${value}` : all));
    return tag.slice(0, nameEnd) + attrs;
  });
}

function parse(text: string): XMLDocument {
  return new DOMParser().parseFromString(defuseHandlers(text), 'image/svg+xml') as XMLDocument;
}

export function parseSvg(text: string): ParsedSvg {
  if (!text.trim()) throw new ToolError('svg-tools:errors.empty');
  let doc = parse(text);
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) {
    const message = error.textContent ?? '';
    throw parseFailure(parserReason(message), parserPosition(message));
  }
  // A root <svg> without xmlns is common in hand-written files; browsers render it only with the namespace.
  if (doc.documentElement.localName === 'svg' && !doc.documentElement.namespaceURI) {
    doc = parse(text.replace(/<svg(?=[\s>/])/, `<svg xmlns="${SVG_NS}"`));
  }
  const root = doc.documentElement;
  if (root.localName !== 'svg' || root.namespaceURI !== SVG_NS) throw new ToolError('svg-tools:errors.noSvgRoot');
  const size = measureSvg({ width: root.getAttribute('width'), height: root.getAttribute('height'), viewBox: root.getAttribute('viewBox') });
  return { doc, root: root as unknown as SVGSVGElement, size, elementCount: root.getElementsByTagName('*').length + 1 };
}

export function serializeSvg(doc: Document | Element): string {
  return new XMLSerializer().serializeToString(doc);
}

/** The text of a dropped file, refusing empty and binary files in the file's own row. */
export async function readSvgFile(file: Blob): Promise<string> {
  if (file.size === 0) throw new ToolError('errors.emptyFile');
  const bytes = new Uint8Array(await file.arrayBuffer());
  // gzip (.svgz) is not plain text: say so rather than "invalid XML".
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) throw new ToolError('svg-tools:errors.svgz');
  const encoding = textEncoding(bytes);
  if (!encoding) throw new ToolError('svg-tools:errors.notSvg');
  const text = new TextDecoder(encoding).decode(bytes);
  // The text is UTF-8 from here on (a blob, a download): its declaration must not say otherwise.
  return encoding === 'utf-8' ? text : text.replace(/^(\s*<\?xml[^>]*?encoding\s*=\s*)(["'])utf-16(?:le|be)?\2/i, '$1$2UTF-8$2');
}

/**
 * XML text is UTF-8 or UTF-16 (XML 1.0 §4.3.3): a byte-order mark, or the "<" of the first tag as a
 * 16-bit unit, says which. Anything else with NUL bytes near the start is binary.
 */
export function textEncoding(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' | undefined {
  const [a, b] = bytes;
  if (a === 0xff && b === 0xfe) return 'utf-16le';
  if (a === 0xfe && b === 0xff) return 'utf-16be';
  if (a === 0x3c && b === 0x00) return 'utf-16le';
  if (a === 0x00 && b === 0x3c) return 'utf-16be';
  return bytes.subarray(0, 4096).includes(0) ? undefined : 'utf-8';
}

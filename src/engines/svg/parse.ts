// Parsing SVG text in the browser (DOMParser): well-formedness errors with the parser's line and column.
import { ToolError } from '../../lib/errors';
import { measureSvg, type SvgSize } from './size';

export const SVG_NS = 'http://www.w3.org/2000/svg';

export interface ParsedSvg {
  doc: XMLDocument;
  root: SVGSVGElement;
  size: SvgSize;
  /** Elements in the document, the root included. */
  elementCount: number;
}

/** "error on line 3 at column 5: …" from Chromium/WebKit, "line number 3, column 5" from Firefox. */
export function parserPosition(message: string): { line: number; column: number } | undefined {
  const m = /line (?:number )?(\d+)(?:,| at) column (\d+)/i.exec(message);
  return m ? { line: Number(m[1]), column: Number(m[2]) } : undefined;
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
    const detail = (error.textContent ?? '').replace(/\s+/g, ' ').trim();
    const pos = parserPosition(detail);
    throw new ToolError(pos ? 'svg-tools:errors.invalidAt' : 'svg-tools:errors.invalid', { line: pos?.line ?? 0, column: pos?.column ?? 0, detail });
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
  if (bytes.subarray(0, 4096).includes(0)) throw new ToolError('svg-tools:errors.notSvg');
  return new TextDecoder('utf-8').decode(bytes);
}

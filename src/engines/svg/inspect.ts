// The check every SVG passes before anything draws it: parsed without a DOM (in a worker, off the main
// thread), measured, and refused with a clear reason when it would expand past the limits.
import { quickSize, type SvgInspection } from './limits';
import { measureSvg } from './size';
import { MAX_EXPANDED, measureStructure, tooManyElements } from './structure';
import { countUnsafe } from './unsafe';
import { parseXastDocument } from './xast';

export function inspectSvgText(text: string): SvgInspection {
  // A file plainly past the element limit is refused from a scan of its text, before seconds of parsing.
  const quick = quickSize(text).expanded;
  if (quick > MAX_EXPANDED) throw tooManyElements(quick);
  const { document, svg } = parseXastDocument(text, { inlineStyles: false });
  const { width, height, viewBox } = svg.attributes;
  return { ...measureStructure(svg), size: measureSvg({ width, height, viewBox }), unsafe: countUnsafe(document) };
}

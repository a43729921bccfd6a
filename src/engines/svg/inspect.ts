// The check every SVG passes before anything draws it: parsed without a DOM (in a worker, off the main
// thread), measured, and refused with a clear reason when it would expand past the limits.
import type { SvgInspection } from './limits';
import { measureSvg } from './size';
import { measureStructure } from './structure';
import { countUnsafe } from './unsafe';
import { parseXastDocument } from './xast';

export function inspectSvgText(text: string): SvgInspection {
  const { document, svg } = parseXastDocument(text, { inlineStyles: false });
  const { width, height, viewBox } = svg.attributes;
  return { ...measureStructure(svg), size: measureSvg({ width, height, viewBox }), unsafe: countUnsafe(document) };
}

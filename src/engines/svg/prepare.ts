// What every converter does to a parsed SVG before drawing it (PNG/JPG, PDF, EPS): resolve conditional
// processing, keep the text of HTML that cannot be drawn (conditional.ts, foreign.ts) and leave out every
// <use> that shows itself (recursion.ts; the EPS writer does the same on its own tree).
import { resolveConditionals } from './conditional';
import { foreignObjectsToText } from './foreign';
import { parseSvg, serializeSvg } from './parse';
import { dropRecursiveUses } from './recursion';

interface Prepared {
  /** <switch> elements replaced by the child they render. */
  switches: number;
  /** <foreignObject> elements (HTML) kept as SVG text. */
  foreignObjects: number;
}

const OPACITIES = ['opacity', 'fill-opacity', 'stroke-opacity', 'stop-opacity', 'flood-opacity'];

/** SVG 2 opacities written as percentages ("50%") as numbers, which svg2pdf and older readers understand. */
function percentOpacities(root: Element): void {
  for (const el of [root, ...Array.from(root.getElementsByTagName('*'))]) {
    for (const name of OPACITIES) {
      const v = el.getAttribute(name);
      if (v?.trim().endsWith('%')) el.setAttribute(name, String(Math.min(1, Math.max(0, parseFloat(v) / 100 || 0))));
    }
  }
}

export function prepareForDrawing(root: Element): Prepared {
  percentOpacities(root);
  const switches = resolveConditionals(root);
  dropRecursiveUses(root);
  return { switches, foreignObjects: foreignObjectsToText(root) };
}

/** The SVG text prepared the same way, for converters that take text (the EPS writer's worker); untouched without HTML. */
export function prepareSvgText(text: string): string {
  if (!/<(?:[\w-]+:)?foreignObject\b/.test(text)) return text;
  const { doc, root } = parseSvg(text);
  prepareForDrawing(root);
  return serializeSvg(doc);
}

// What an SVG costs to draw, measured on its tree before anything renders it: elements, nesting depth,
// text, and what <use> chains expand to. A 1 KB file of nested <use> can ask for billions of elements;
// the browser would try to draw them all (on the main thread) and never come back.
import { ToolError } from '../../lib/errors';
import { DRAWS_REFERENCE, recursiveReferences, type RefTree } from './recursion';
import type { XastElement } from './xast';

/** Deeper nesting is refused: no drawing needs it, and Chromium's own parser stops at 5000. */
export const MAX_DEPTH = 1000;
/** Elements after every <use> is replaced by what it shows. */
export const MAX_EXPANDED = 100_000;
/** <use> inside the target of a <use> inside … */
const MAX_USE_DEPTH = 32;

export interface SvgStructure {
  /** Elements in the file, the root included. */
  elements: number;
  /** Elements once every <use> (and feImage of an element) is expanded. */
  expanded: number;
  depth: number;
  /** Characters of text content (what the browser lays out as glyphs). */
  textChars: number;
}

function refId(el: XastElement): string | undefined {
  const href = (el.attributes.href ?? el.attributes['xlink:href'] ?? '').trim();
  return href.startsWith('#') ? href.slice(1) : undefined;
}

const childElements = (el: XastElement) => el.children.filter((c): c is XastElement => c.type === 'element');

/** svgo's tree as the recursion check reads it (references by id, as `ids` holds them). */
export function xastRefTree(ids: ReadonlyMap<string, XastElement>): RefTree<XastElement> {
  return { children: childElements, target: (el) => (DRAWS_REFERENCE.has(el.name) ? ids.get(refId(el) ?? '') : undefined) };
}

/** Each id's first element in document order (as getElementById finds it). */
export function xastIds(root: XastElement): Map<string, XastElement> {
  const ids = new Map<string, XastElement>();
  const stack = [root];
  while (stack.length) {
    const el = stack.pop()!;
    if (el.attributes.id && !ids.has(el.attributes.id)) ids.set(el.attributes.id, el);
    stack.push(...childElements(el).reverse());
  }
  return ids;
}

/** Every <use> that shows itself taken out of svgo's tree (recursion.ts: a browser draws nothing for it); returns how many. */
export function dropRecursiveXastUses(root: XastElement): number {
  const drop = new Set([...recursiveReferences(root, xastRefTree(xastIds(root)))].filter((el) => el.name === 'use'));
  if (!drop.size) return 0;
  const stack = [root];
  while (stack.length) {
    const el = stack.pop()!;
    el.children = el.children.filter((c) => !(c.type === 'element' && drop.has(c)));
    stack.push(...childElements(el));
  }
  return drop.size;
}

/** More elements in the file itself than it may expand to: refused as what it is (not as a <use> expansion). */
export function tooManyElements(elements: number): ToolError {
  return new ToolError('svg-tools:errors.tooManyElements', { elements, max: MAX_EXPANDED });
}

/** Counts and limits; throws a ToolError naming the limit a file passes. Iterative: a 100 000-deep file cannot overflow the stack. */
export function measureStructure(root: XastElement): SvgStructure {
  const ids = new Map<string, XastElement>();
  let elements = 0;
  let depth = 0;
  let textChars = 0;
  const stack: [XastElement, number][] = [[root, 1]];
  while (stack.length) {
    const [el, d] = stack.pop()!;
    elements++;
    if (d > depth) depth = d;
    if (depth > MAX_DEPTH) throw new ToolError('svg-tools:errors.tooDeep', { max: MAX_DEPTH });
    const id = el.attributes.id;
    if (id && !ids.has(id)) ids.set(id, el);
    // In reverse, so elements are visited in document order and an id names its first element (as in a browser).
    for (let i = el.children.length - 1; i >= 0; i--) {
      const c = el.children[i];
      if (c.type === 'element') stack.push([c, d + 1]);
      else if (c.type === 'text' || c.type === 'cdata') textChars += c.value?.length ?? 0;
    }
  }
  if (elements > MAX_EXPANDED) throw tooManyElements(elements);
  return { elements, expanded: expandedSize(root, ids), depth, textChars };
}

/**
 * Elements drawn for `root` with every reference followed, memoised per element (so 10 levels of 10
 * <use> cost 100 steps, not 10^10). A reference back into its own chain draws nothing (recursion.ts: every
 * converter leaves it out); a chain deeper than MAX_USE_DEPTH or a total past MAX_EXPANDED is refused.
 */
function expandedSize(root: XastElement, ids: Map<string, XastElement>): number {
  const recursive = recursiveReferences(root, xastRefTree(ids));
  const size = new Map<XastElement, number>();
  const onPath = new Set<XastElement>();
  // An explicit stack of frames (element, children still to visit, its <use> target, use depth) instead of recursion.
  interface Frame {
    el: XastElement;
    next: XastElement[];
    target?: XastElement;
    total: number;
    uses: number;
  }
  const open = (el: XastElement, uses: number): Frame => {
    if (onPath.has(el)) throw new ToolError('svg-tools:errors.useCycle', { id: el.attributes.id ?? '' });
    const next = childElements(el).reverse();
    const target = DRAWS_REFERENCE.has(el.name) && !recursive.has(el) ? ids.get(refId(el) ?? '') : undefined;
    if (target) {
      if (uses + 1 > MAX_USE_DEPTH) throw new ToolError('svg-tools:errors.useDepth', { max: MAX_USE_DEPTH });
      next.push(target);
    }
    onPath.add(el);
    return { el, next, target, total: 1, uses };
  };
  const stack: Frame[] = [open(root, 0)];
  let result = 0;
  while (stack.length) {
    const frame = stack[stack.length - 1];
    const child = frame.next.pop();
    if (child) {
      const viaUse = child === frame.target;
      if (viaUse) frame.target = undefined;
      const known = size.get(child);
      if (known === undefined) {
        stack.push(open(child, frame.uses + (viaUse ? 1 : 0)));
        continue;
      }
      frame.total += known;
    } else {
      stack.pop();
      onPath.delete(frame.el);
      size.set(frame.el, frame.total);
      if (stack.length) stack[stack.length - 1].total += frame.total;
      else result = frame.total;
    }
    if (frame.total > MAX_EXPANDED) throw new ToolError('svg-tools:errors.useExpansion', { max: MAX_EXPANDED });
  }
  return result;
}

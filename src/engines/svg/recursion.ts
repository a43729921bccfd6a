// Recursive references (a <use> or feImage that shows itself, directly or through other references or an element
// holding it): browsers and resvg draw everything but such a reference. One rule for every converter and for the
// check that bounds what a file expands to, on svgo's tree (worker) and on the DOM (page) alike.

/** A tree of elements: each one's children and, for an element that draws another (<use>, feImage), that one. */
export interface RefTree<E> {
  children(el: E): readonly E[];
  target(el: E): E | undefined;
}

/**
 * The elements whose target leads back to them: in the graph of child and reference edges, those that lie in one
 * strongly connected component with their target (Tarjan's algorithm, iterative: a 100 000-deep tree cannot
 * overflow the stack). Without them the graph has no cycle, so every other reference draws a finite tree.
 */
export function recursiveReferences<E>(root: E, tree: RefTree<E>): Set<E> {
  const index = new Map<E, number>();
  const low = new Map<E, number>();
  const component = new Map<E, number>();
  const onStack = new Set<E>();
  const stack: E[] = [];
  const targets: [E, E][] = [];
  let counter = 0;
  let components = 0;
  interface Frame {
    el: E;
    edges: E[];
    next: number;
  }
  const open = (el: E): Frame => {
    index.set(el, counter);
    low.set(el, counter++);
    stack.push(el);
    onStack.add(el);
    const edges = [...tree.children(el)];
    const target = tree.target(el);
    if (target !== undefined) {
      targets.push([el, target]);
      edges.push(target);
    }
    return { el, edges, next: 0 };
  };
  const work: Frame[] = [open(root)];
  while (work.length) {
    const frame = work[work.length - 1];
    if (frame.next < frame.edges.length) {
      const to = frame.edges[frame.next++];
      if (!index.has(to)) work.push(open(to));
      else if (onStack.has(to)) low.set(frame.el, Math.min(low.get(frame.el)!, index.get(to)!));
      continue;
    }
    work.pop();
    const parent = work[work.length - 1];
    if (parent) low.set(parent.el, Math.min(low.get(parent.el)!, low.get(frame.el)!));
    if (low.get(frame.el) === index.get(frame.el)) {
      let member: E;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.set(member, components);
      } while (member !== frame.el);
      components++;
    }
  }
  return new Set(targets.filter(([el, target]) => component.get(el) === component.get(target)).map(([el]) => el));
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
/** Elements whose reference draws the target's whole subtree again. */
export const DRAWS_REFERENCE = new Set(['use', 'feImage']);

/** The DOM's side: references by href (SVG 2) or xlink:href, to the first element with that id under `root`. */
export function domRefTree(root: Element): RefTree<Element> {
  const ids = new Map<string, Element>();
  for (const el of [root, ...Array.from(root.getElementsByTagName('*'))]) if (el.id && !ids.has(el.id)) ids.set(el.id, el);
  return {
    children: (el) => Array.from(el.children),
    target(el) {
      if (el.namespaceURI !== SVG_NS || !DRAWS_REFERENCE.has(el.localName)) return undefined;
      const href = (el.getAttribute('href') ?? el.getAttributeNS(XLINK_NS, 'href') ?? '').trim();
      return href.startsWith('#') ? ids.get(href.slice(1)) : undefined;
    },
  };
}

/** Every <use> that shows itself removed (what a browser draws of it: nothing); returns how many. */
export function dropRecursiveUses(root: Element): number {
  const drop = [...recursiveReferences(root, domRefTree(root))].filter((el) => el.localName === 'use');
  drop.forEach((u) => u.remove());
  return drop.length;
}

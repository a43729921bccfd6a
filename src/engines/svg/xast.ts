// Parsing SVG without a DOM (in a worker, in Node): svgo's parser, with <style> rules inlined first.
import { ToolError } from '../../lib/errors';
import { runSvgo } from './svgo';

export interface XastElement {
  type: 'element';
  name: string;
  attributes: Record<string, string>;
  children: XastChild[];
}
export type XastChild = XastElement | { type: 'text' | 'cdata' | 'comment' | 'instruction' | 'doctype'; value?: string };

/** The root <svg> as svgo's tree; `inlineStyles` copies <style> rules onto the elements they match (what EPS needs). */
export function parseXast(text: string, options: { inlineStyles?: boolean } = {}): XastElement {
  return parseXastDocument(text, options).svg;
}

/** The whole document (prolog, doctype, instructions) and its root <svg>. */
export function parseXastDocument(text: string, { inlineStyles = true } = {}): { document: { children: XastChild[] }; svg: XastElement } {
  if (!text.trim()) throw new ToolError('errors.emptyFile');
  let root: { children: XastChild[] } | undefined;
  // The capture plugin stops svgo once it has the tree: the rest (more plugins, writing text out) is not needed.
  const captured = new Error('captured');
  try {
    runSvgo(text, {
      plugins: [
        // svgo's inlineStyles takes away an id or class once every rule naming it is inlined: a <use> or url(#…)
        // pointing at it would find nothing (structure/use/cSS-rules drew nothing in EPS). Both are kept aside and put back.
        ...(inlineStyles ? [{ name: 'keepNames', fn: (r: unknown) => void eachElement(r as { children: XastChild[] }, keepNames) }, { name: 'inlineStyles', params: { onlyMatchedOnce: false } } as const] : []),
        {
          name: 'capture',
          fn: (r: unknown) => {
            root = r as { children: XastChild[] };
            if (inlineStyles) eachElement(root, restoreNames);
            throw captured;
          },
        },
      ],
    });
  } catch (error) {
    // the tree is in `root`; runSvgo has made svgo's own failures our errors
    if (error !== captured) throw error;
  }
  const svg = root?.children.find((c): c is XastElement => c.type === 'element');
  if (svg) unprefixSvg(svg);
  if (!root || !svg || svg.name !== 'svg') throw new ToolError('svg-tools:errors.noSvgRoot');
  return { document: root, svg };
}

const KEPT = ['id', 'class'] as const;
const keepNames = (el: XastElement) => KEPT.forEach((k) => el.attributes[k] !== undefined && (el.attributes[`data-localkit-${k}`] = el.attributes[k]));
function restoreNames(el: XastElement) {
  for (const k of KEPT) {
    const kept = el.attributes[`data-localkit-${k}`];
    if (kept === undefined) continue;
    // An attribute map keeps its order: the name goes back where it stood only if svgo left it.
    el.attributes[k] = kept;
    delete el.attributes[`data-localkit-${k}`];
  }
}

/** Every element of a tree, iteratively. */
function eachElement(root: { children: XastChild[] }, visit: (el: XastElement) => void): void {
  const stack = root.children.filter((c): c is XastElement => c.type === 'element');
  while (stack.length) {
    const el = stack.pop()!;
    visit(el);
    for (const c of el.children) if (c.type === 'element') stack.push(c);
  }
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * <svg:svg xmlns:svg="…/2000/svg"><svg:rect/>: elements named with a prefix bound to SVG's namespace get their plain
 * names (what every reader of this tree looks for), and the root declares SVG as its default namespace.
 */
function unprefixSvg(root: XastElement): void {
  const prefixes = Object.entries(root.attributes).filter(([k, v]) => k.startsWith('xmlns:') && v === SVG_NS).map(([k]) => `${k.slice(6)}:`);
  if (!prefixes.length) return;
  const walk = (el: XastElement) => {
    const prefix = prefixes.find((p) => el.name.startsWith(p));
    if (prefix) el.name = el.name.slice(prefix.length);
    el.children.forEach((c) => c.type === 'element' && walk(c));
  };
  walk(root);
  root.attributes.xmlns ??= SVG_NS;
}

const escAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const escText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The tree as SVG text again, with the elements in `hide` given display:none (which beats their own style). */
export function serializeXast(el: XastElement, hide: ReadonlySet<XastElement> = new Set()): string {
  const attrs = { ...el.attributes };
  if (hide.has(el)) attrs.style = `${attrs.style ? `${attrs.style};` : ''}display:none!important`;
  let out = `<${el.name}`;
  for (const [k, v] of Object.entries(attrs)) out += ` ${k}="${escAttr(v)}"`;
  if (!el.children.length) return `${out}/>`;
  out += '>';
  for (const c of el.children) {
    if (c.type === 'element') out += serializeXast(c, hide);
    else if (c.type === 'text') out += escText(c.value ?? '');
    else if (c.type === 'cdata') out += `<![CDATA[${(c.value ?? '').replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
  }
  return `${out}</${el.name}>`;
}

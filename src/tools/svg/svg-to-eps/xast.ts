// Parsing SVG without a DOM (in a worker, in Node): svgo's parser, with <style> rules inlined first.
import { optimize } from 'svgo/browser';
import { ToolError } from '../../../lib/errors';

export interface XastElement {
  type: 'element';
  name: string;
  attributes: Record<string, string>;
  children: XastChild[];
}
export type XastChild = XastElement | { type: 'text' | 'cdata' | 'comment' | 'instruction' | 'doctype'; value?: string };

export function parseXast(text: string): XastElement {
  if (!text.trim()) throw new ToolError('errors.emptyFile');
  let root: { children: XastChild[] } | undefined;
  try {
    optimize(text, {
      plugins: [
        { name: 'inlineStyles', params: { onlyMatchedOnce: false } },
        {
          name: 'capture',
          fn: (r: unknown) => {
            root = r as { children: XastChild[] };
            return {};
          },
        },
      ],
    });
  } catch (error) {
    const e = error as { name?: string; line?: number; column?: number; reason?: string };
    if (e?.name === 'SvgoParserError') throw new ToolError('svg-tools:errors.invalidAt', { line: e.line ?? 0, column: e.column ?? 0, detail: e.reason ?? '' });
    throw error;
  }
  const svg = root?.children.find((c): c is XastElement => c.type === 'element');
  if (!svg || svg.name !== 'svg') throw new ToolError('svg-tools:errors.noSvgRoot');
  return svg;
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

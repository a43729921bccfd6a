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

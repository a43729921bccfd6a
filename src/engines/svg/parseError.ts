// A parser's complaint (Chromium's error page text, Firefox's, svgo's) as our own translated error.
import { ToolError } from '../../lib/errors';
import { MAX_DEPTH } from './structure';

/** "error on line 3 at column 5: …" from Chromium/WebKit, "line number 3, column 5" from Firefox. */
export function parserPosition(message: string): { line: number; column: number } | undefined {
  const m = /line (?:number )?(\d+)(?:,| at) column (\d+)/i.exec(message);
  return m ? { line: Number(m[1]), column: Number(m[2]) } : undefined;
}

/**
 * The parser's own reason, without the page around it: Chromium wraps it in "This page contains the
 * following errors: error on line 1 at column 2: … Below is a rendering of the page up to the first error."
 */
export function parserReason(message: string): string {
  const text = message.replace(/\s+/g, ' ').trim();
  const afterPosition = /column \d+:?\s*(.*)$/i.exec(text)?.[1] ?? text.replace(/^This page contains the following errors:\s*/i, '');
  return afterPosition.replace(/\s*Below is a rendering of the page up to the first error\.?\s*$/i, '').replace(/^(?:XML Parsing Error:\s*)/i, '').trim();
}

/**
 * The parsers' reasons (libxml2 in Chromium and WebKit, expat in Firefox, svgo's sax) sorted into a few kinds the
 * user can act on, each translated (svg-tools:parser.*): the parser's own English never reaches the page.
 */
const REASONS: [RegExp, string][] = [
  [/entityref|entity ref|expecting ';'|undefined entity|invalid character entity|unescaped &/, 'ampersand'],
  [/mismatch|unexpected close tag|does not match|unmatched/, 'mismatch'],
  [/unclosed|premature end|end of data|'<\/' not found|not closed|no root element found/, 'unclosed'],
  [/extra content|junk after|after (the )?document element|multiple root|text data outside of root/, 'extraContent'],
  [/attribute|attvalue|redefined|duplicate/, 'attribute'],
  [/document is empty|start tag expected|non-whitespace before first tag/, 'notMarkup'],
  [/invalid element name|starttag|unescaped '<'|unexpected token|invalid tagname|not allowed in/, 'tag'],
];

export function reasonKind(reason: string): string {
  const text = reason.toLowerCase();
  return REASONS.find(([re]) => re.test(text))?.[1] ?? 'malformed';
}

/** Entity bombs and deep nesting get their own message; anything else is "invalid" with line, column and the kind of fault. */
export function parseFailure(reason: string, position?: { line: number; column: number }): ToolError {
  const at = { line: position?.line ?? 0, column: position?.column ?? 0 };
  const kind = reasonKind(reason);
  if (kind !== 'ampersand' && /entit/i.test(reason)) return new ToolError('svg-tools:errors.entities', at);
  if (/nesting|too deep|depth/i.test(reason)) return new ToolError('svg-tools:errors.tooDeep', { max: MAX_DEPTH });
  // detail keeps the parser's words for the console and bug reports; the message shows the translated kind.
  return position ? new ToolError('svg-tools:errors.invalidAt', { ...at, reason: kind, detail: reason }) : new ToolError('svg-tools:errors.invalidKind', { reason: kind, detail: reason });
}

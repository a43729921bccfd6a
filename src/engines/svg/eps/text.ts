// SVG text in PostScript's standard fonts (Helvetica, Times, Courier in StandardEncoding). Text with a
// character those fonts cannot show is not written here: the writer has the browser draw it as an image.
import { psString } from '../../../lib/ps-string';
import type { Rgb } from './paint';
import { inherit, n, num, ownProps, type Style } from './style';
import type { XastElement } from '../xast';

// StandardEncoding codes for a few common typographic characters; other non-ASCII characters cannot be shown.
const STANDARD: Record<string, number> = { '—': 0o320, '–': 0o261, '’': 0o047, '‘': 0o140, '“': 0o252, '”': 0o272, '•': 0o267, '…': 0o274 };
const showable = (ch: string) => /^[\x20-\x7e\s]$/.test(ch) || STANDARD[ch] !== undefined;

/** Whether the standard PostScript fonts can show every character of the text. */
export function encodable(text: string): boolean {
  return Array.from(text).every(showable);
}

/** A string for the standard fonts: the one escaper (lib/ps-string) with StandardEncoding's codes. */
export const standardString = (text: string) => psString(text, (ch) => STANDARD[ch]);

function psFont(s: Style): string {
  const fam = s.fontFamily.toLowerCase();
  const bold = s.fontWeight === 'bold' || num(s.fontWeight) >= 600;
  const italic = s.fontStyle === 'italic' || s.fontStyle === 'oblique';
  if (/mono|courier|consol/.test(fam)) return `Courier${bold || italic ? `-${bold ? 'Bold' : ''}${italic ? 'Oblique' : ''}` : ''}`;
  if (/serif|times|georgia|garamond/.test(fam) && !/sans/.test(fam)) return `Times-${bold ? (italic ? 'BoldItalic' : 'Bold') : italic ? 'Italic' : 'Roman'}`;
  return `Helvetica${bold || italic ? `-${bold ? 'Bold' : ''}${italic ? 'Oblique' : ''}` : ''}`;
}

/** The text content of a <text>, tspans included. */
export function textContent(el: XastElement): string {
  return el.children.map((c) => (c.type === 'text' || c.type === 'cdata' ? (c.value ?? '') : c.type === 'element' ? textContent(c) : '')).join('');
}

/** PostScript lines that show a <text> element's runs (one per tspan with its own position) in `fill`. */
export function textPs(el: XastElement, s: Style, fill: Rgb): string[] {
  type Run = { x?: number; y?: number; text: string; style: Style };
  const runs: Run[] = [];
  const collect = (node: XastElement, style: Style, first: boolean) => {
    const a = node.attributes;
    let run: Run = { x: a.x !== undefined ? num(a.x.split(/[\s,]+/)[0]) : undefined, y: a.y !== undefined ? num(a.y.split(/[\s,]+/)[0]) : undefined, text: '', style };
    if (first || run.x !== undefined || run.y !== undefined) runs.push(run);
    else run = runs[runs.length - 1] ?? (runs.push(run), run);
    for (const c of node.children) {
      if (c.type === 'text' || c.type === 'cdata') run.text += c.value ?? '';
      else if (c.type === 'element' && c.name === 'tspan') {
        collect(c, inherit(style, ownProps(c)), false);
        run = { text: '', style };
        runs.push(run);
      }
    }
  };
  collect(el, s, true);
  const out: string[] = [];
  let cx = 0;
  let cy = 0;
  for (const run of runs) {
    const text = run.text.replace(/\s+/g, ' ');
    if (run.x !== undefined) cx = run.x;
    if (run.y !== undefined) cy = run.y;
    if (!text.trim() && run.x === undefined) continue;
    const str = standardString(text.trim() === text ? text : text.replace(/^\s+|\s+$/g, (m) => (m ? ' ' : '')));
    const anchor = run.style.textAnchor === 'middle' ? ' dup stringwidth pop 2 div neg 0 rmoveto' : run.style.textAnchor === 'end' ? ' dup stringwidth pop neg 0 rmoveto' : '';
    out.push(
      `gsave ${fill.map(n).join(' ')} setrgbcolor /${psFont(run.style)} findfont ${n(run.style.fontSize)} scalefont setfont ${n(cx)} ${n(cy)} translate 1 -1 scale 0 0 moveto ${str}${anchor} show grestore`,
    );
  }
  return out;
}

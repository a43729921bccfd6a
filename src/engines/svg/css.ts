// CSS from an SVG (a <style> element, a style or presentation attribute) judged by its tokens, as a browser reads
// it (CSS Syntax Level 3, @csstools/css-tokenizer): escapes ("u\72 l(", "@\69mport") and comments are the
// tokenizer's business, and a url( left open runs to the end of the text, so it is judged like a closed one.
// Unsafe: @import, expression(), and any url(), src(), image(), image-set() or cross-fade() whose target is
// not in the file ("#id", embedded image or font data).
import { tokenize, TokenType, type CSSToken } from '@csstools/css-tokenizer';

/** "#id", an embedded raster image or (for @font-face) an embedded font. */
const LOCAL_TARGET = /^(?:#|data:(?:image\/(?:png|jpe?g|gif|webp|avif)|font\/(?:woff2?|ttf|otf)|application\/(?:font-woff2?|x-font-ttf));base64,)/i;

export function isLocalReference(value: string): boolean {
  const v = value.trim();
  return v.startsWith('#') || /^data:image\/(?:png|jpe?g|gif|webp|avif);base64,/i.test(v);
}

const isLocalTarget = (value: string) => LOCAL_TARGET.test(value.trim());

/** Functions whose string or URL argument the browser fetches. */
const FETCHING = new Set(['url', 'src', 'image', 'image-set', '-webkit-image-set', 'cross-fade', '-webkit-cross-fade']);
/** Functions whose value is not in the text: inside a fetching function they could name any URL. */
const INDIRECT = new Set(['var', 'attr', 'env']);

const lower = (t: CSSToken) => String((t[4] as { value?: unknown } | undefined)?.value ?? '').toLowerCase();
const opens = (t: CSSToken) => t[0] === TokenType.Function || t[0] === TokenType.OpenParen;

/** Index just past the ")" that closes the function or bracket at `i` (or the end: an open one runs to it). */
function closing(tokens: CSSToken[], i: number): number {
  let depth = 0;
  for (let j = i; j < tokens.length; j++) {
    if (opens(tokens[j])) depth++;
    else if (tokens[j][0] === TokenType.CloseParen && --depth === 0) return j + 1;
  }
  return tokens.length;
}

/** Whether a fetching function's arguments (tokens i+1 … end-1) name anything outside the file. */
function fetchesOutside(tokens: CSSToken[], i: number, end: number): boolean {
  for (let j = i + 1; j < end; j++) {
    const t = tokens[j];
    if (t[0] === TokenType.String || t[0] === TokenType.URL) {
      if (!isLocalTarget(lower(t))) return true;
    } else if (t[0] === TokenType.BadURL || t[0] === TokenType.BadString) return true;
    else if (t[0] === TokenType.Function && INDIRECT.has(lower(t))) return true;
  }
  return false;
}

interface Cut {
  from: number;
  to: number;
  by: string;
}

/** The token ranges to take out, each with what replaces it. */
function cuts(tokens: CSSToken[]): Cut[] {
  const out: Cut[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t[0] === TokenType.URL && !isLocalTarget(lower(t))) out.push({ from: i, to: i + 1, by: ' none ' });
    else if (t[0] === TokenType.BadURL) out.push({ from: i, to: i + 1, by: ' none ' });
    else if (t[0] === TokenType.Function) {
      const name = lower(t);
      const end = closing(tokens, i);
      if (name === 'expression' || (FETCHING.has(name) && fetchesOutside(tokens, i, end))) {
        out.push({ from: i, to: end, by: ' none ' });
        i = end - 1;
      }
    } else if (t[0] === TokenType.AtKeyword && lower(t) === 'import') {
      // The rule runs to its ";" (or the end of the text), brackets included.
      let j = i + 1;
      while (j < tokens.length && tokens[j][0] !== TokenType.Semicolon) j = opens(tokens[j]) ? closing(tokens, j) : j + 1;
      out.push({ from: i, to: Math.min(j + 1, tokens.length), by: '' });
      i = j;
    }
  }
  return out;
}

const read = (css: string) => tokenize({ css }, { onParseError: () => undefined });
const tokensUnsafe = (css: string) => /[(@]/.test(css) && cuts(read(css)).length > 0;

/** The CSS with its comments taken out (by tokens, so a "/*" inside a string stays). */
const withoutComments = (css: string) =>
  read(css)
    .filter((t) => t[0] !== TokenType.Comment)
    .map((t) => t[1])
    .join('');

/**
 * Anything in this CSS that reaches outside the file, read as the browser reads it and read again without its
 * comments: "ur", a comment, "l(…)" fetches nothing in a browser, but a tool that drops comments would read url(…).
 */
export function cssUnsafe(css: string): boolean {
  return tokensUnsafe(css) || (css.includes('/*') && tokensUnsafe(withoutComments(css)));
}

/** The CSS with every unsafe part replaced by "none" (@import rules and comments dropped); safe CSS is returned as it was. */
export function cleanCss(css: string): string {
  if (!cssUnsafe(css)) return css;
  let text = withoutComments(css);
  // Replacing tokens cannot make new unsafe ones, but the result is checked again rather than trusted.
  for (let pass = 0; pass < 3; pass++) {
    if (!tokensUnsafe(text)) return text;
    const tokens = read(text);
    let out = '';
    let at = 0;
    for (const cut of cuts(tokens)) {
      out += tokens.slice(at, cut.from).map((t) => t[1]).join('') + cut.by;
      at = cut.to;
    }
    text = out + tokens.slice(at).map((t) => t[1]).join('');
  }
  return tokensUnsafe(text) ? '' : text;
}

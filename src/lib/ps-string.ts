// The one way a string goes into PostScript or PDF (titles, text, names): a literal string of printable ASCII
// only. "(", ")" and "\" are escaped, letters of another encoding become octal codes, and anything else
// (controls: a form feed ends a PostScript comment, CR/LF a DSC line; C1 controls; characters without a code)
// becomes "?". PDF literal strings share this syntax.

/** A character's code in the target font's encoding; by default Latin-1's printable letters (U+00A0–U+00FF). */
export type Encoder = (ch: string) => number | undefined;

const latin1: Encoder = (ch) => {
  const code = ch.codePointAt(0)!;
  return code >= 0xa0 && code <= 0xff ? code : undefined;
};

/** "(…)" with printable ASCII only. */
export function psString(text: string, encode: Encoder = latin1): string {
  let out = '(';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (code >= 0x20 && code < 0x7f) out += ch;
    else {
      const mapped = encode(ch);
      out += mapped !== undefined && mapped > 0 && mapped < 256 ? `\\${mapped.toString(8).padStart(3, '0')}` : '?';
    }
  }
  return `${out})`;
}

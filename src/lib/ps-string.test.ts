// Issue 25.3: every string written into PostScript or PDF goes through one escaper that lets only printable
// characters through, so no character of a file name or a text can end a comment or a string.
import { describe, expect, it } from 'vitest';
import { psString } from './ps-string';

const CONTROLS = [...Array.from({ length: 32 }, (_, i) => i), ...Array.from({ length: 33 }, (_, i) => 127 + i)];
const PRINTABLE = /^[\x20-\x7e]*$/;

describe('psString', () => {
  it.each(CONTROLS)('U+%i comes out as printable characters only', (code) => {
    const out = psString(`a${String.fromCharCode(code)}b`);
    expect(out).toMatch(PRINTABLE);
    expect(out).toBe('(a?b)');
  });
  it('escapes the delimiters and keeps Latin-1 letters as octal codes', () => {
    expect(psString('a (b) \\ é')).toBe('(a \\(b\\) \\\\ \\351)');
    expect(psString('…', (ch) => (ch === '…' ? 0o274 : undefined))).toBe('(\\274)');
    expect(psString('中')).toBe('(?)');
  });
  it('every code point 0–65535 alone gives a string of printable characters that PostScript reads as one string', () => {
    const wrong: number[] = [];
    for (let code = 0; code < 0x10000; code++) {
      const out = psString(String.fromCharCode(code));
      // printable only, and one unescaped "(" at the start and one unescaped ")" at the end
      if (!PRINTABLE.test(out) || !/^\([^()\\]*\)$/.test(out.replace(/\\[()\\]/g, '').replace(/\\[0-7]{3}/g, ''))) wrong.push(code);
    }
    expect(wrong).toEqual([]);
  }, 30_000);
});

describe('in a DSC comment (%%Title: …)', () => {
  it.each(CONTROLS)('U+%i cannot end the comment line', (code) => {
    const out = psString(`logo${String.fromCharCode(code)}(x) print`);
    expect(out).toMatch(PRINTABLE);
    expect(out).not.toMatch(/[\r\n\f]/);
  });
});

// Some PDF writers (Mac OS X Quartz) draw every word in a block of its own: `q .24 0 0 -.24 18 774 cm BT 50 0 0 -50
// 546.25 319 Tm /F1.0 1 Tf (word) Tj ET Q`, hundreds of them per page. Runs of such blocks under the same `cm` are
// written as one text object: one q/cm/BT … ET/Q, the text matrix's scale moved into the font size, the font set
// only when it changes, and each next word placed by a Td move when both positions are exact binary fractions (so
// the move adds up to the very same number), else by its own Tm. The drawing is the same to the bit: each block only
// set the text matrix and font inside a q/Q that undid nothing else; the text state that a scaled matrix would treat
// differently (Tc, Tw, Ts, Tz, ") must not appear in the stream. MIE's 22 pages (bench/pdf): content streams 38.9 →
// 26.0 KB compressed (Ghostscript /ebook: 26.4 KB); pdftoppm and gs render every page to the same pixels.

const W = '[\\t\\n\\f\\r\\0 ]';
// One way only to read a number (no backtracking blow-up on a long run of digits).
const NUM = '[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)';
const SIX = `((?:${NUM}${W}+){6})`;
const NAME = '/[^\\t\\n\\f\\r\\0 /\\[\\]()<>{}%]+';
const STRING = '\\((?:\\\\[\\s\\S]|[^\\\\()])*\\)|<[0-9A-Fa-f\\t\\n\\f\\r\\0 ]*>';
/** One block: q, cm, BT, Tm, Tf, one string shown with Tj, ET, Q; nothing else. */
const BLOCK = new RegExp(`q${W}+${SIX}cm${W}+BT${W}+${SIX}Tm${W}*(${NAME})${W}+(${NUM})${W}+Tf${W}*(${STRING})${W}*Tj${W}+ET${W}+Q(?=${W}|$)`, 'g');
const DELIMITED = /[\t\n\f\r\0 ]/;

/**
 * Which characters of a content stream lie inside a string literal (balanced parentheses and escapes, as PDF reads
 * them), a hex string or a comment: a block spelled there is text, not drawing, and is never rewritten.
 */
function quotedMask(content: string): Uint8Array {
  const inside = new Uint8Array(content.length);
  let i = 0;
  while (i < content.length) {
    const ch = content[i];
    const start = i;
    if (ch === '(') {
      let depth = 1;
      for (i++; i < content.length && depth > 0; i++) {
        if (content[i] === '\\') i++;
        else if (content[i] === '(') depth++;
        else if (content[i] === ')') depth--;
      }
    } else if (ch === '<' && content[i + 1] === '<') {
      i += 2; // a dictionary's '<<'
      continue;
    } else if (ch === '<' || ch === '%') {
      const end = ch === '<' ? />/g : /[\n\r]/g;
      end.lastIndex = i;
      i = end.exec(content) ? end.lastIndex : content.length;
    } else {
      i++;
      continue;
    }
    // [start, i): the string with its delimiters, or the comment with its line end.
    inside.fill(1, start, Math.min(i, content.length));
  }
  return inside;
}

const numbers = (six: string) => six.trim().split(/[\t\n\f\r\0 ]+/).map(Number);

/** A number exact in binary with few bits (a multiple of 1/1024 below 2^20): sums and differences of them are exact. */
const dyadic = (v: number) => Number.isInteger(v * 1024) && Math.abs(v) < 2 ** 20;

/** Text state operators that would make a scaled text matrix draw differently (spacing, rise, scaling, `"`). */
const SPACING = /(?:^|[\t\n\f\r\0 )\]>])(?:Tc|Tw|Ts|Tz|")(?=[\t\n\f\r\0 ([</]|$)/;

/** Whether a page's content (all its streams) may have its text runs merged: no spacing operators, no inline image. */
export function canMergeTextRuns(content: string): boolean {
  return !/(?:^|[\t\n\f\r\0 ])BI[\t\n\f\r\0 ]/.test(content) && !SPACING.test(content);
}

/**
 * A content stream (as a Latin-1 string, one character per byte) with runs of one-word text blocks merged; the same
 * string when there is nothing to merge or it may not be (canMergeTextRuns; a page of several streams is checked whole
 * by the caller, as the text state runs on from one to the next).
 */
export function mergeTextRuns(content: string): string {
  if (!canMergeTextRuns(content)) return content;
  const quoted = quotedMask(content);
  const blocks = [...content.matchAll(BLOCK)].filter((m) => !quoted[m.index] && (m.index === 0 || DELIMITED.test(content[m.index - 1])));
  const runs: RegExpExecArray[][] = [];
  for (const m of blocks) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && /^[\t\n\f\r\0 ]*$/.test(content.slice(last.index + last[0].length, m.index)) && numbers(last[1]).join() === numbers(m[1]).join()) run.push(m);
    else runs.push([m]);
  }
  let out = '';
  let at = 0;
  for (const run of runs) {
    if (run.length < 2) continue;
    out += content.slice(at, run[0].index);
    out += `q ${run[0][1].trim()} cm BT`;
    let font = '';
    let at0: [number, number] | null = null;
    for (const m of run) {
      const [a, b, c, d, e, f] = numbers(m[2]);
      const size = Number(m[4]);
      // The text matrix's scale moves into the font size ([s 0 0 s]·[a 0 0 d e f] = [sa 0 0 sd e f] when d = ±a):
      // the matrix is then a plain move, and a move between two exact positions is an exact Td.
      if (b === 0 && c === 0 && a > 0 && Math.abs(d) === a) {
        const flip = d < 0 ? -1 : 1;
        const td = at0 && dyadic(e) && dyadic(f) && dyadic(at0[0]) && dyadic(at0[1]);
        out += td && at0 ? ` ${e - at0[0]} ${(f - at0[1]) * flip} Td` : ` 1 0 0 ${flip} ${e} ${f} Tm`;
        at0 = [e, f];
        const next = `${m[3]} ${size * a} Tf`;
        if (next !== font) out += ` ${next}`;
        font = next;
      } else {
        out += ` ${m[2].trim()} Tm ${m[3]} ${m[4]} Tf`;
        at0 = null;
        font = '';
      }
      out += ` ${m[5]}Tj`;
    }
    out += ' ET Q';
    const last = run[run.length - 1];
    at = last.index + last[0].length;
  }
  return at === 0 ? content : out + content.slice(at);
}

// Deadlines and the words and characters the text diff compares. Pure: runs in Node and in the worker.
import { ToolError } from '../../../lib/errors';

/** Milliseconds left before the deadline (Date.now() based); throws 'errors.tooComplex' once it has passed. */
export function remaining(deadline: number | undefined): number | undefined {
  if (deadline === undefined) return undefined;
  const left = deadline - Date.now();
  if (left <= 0) throw new ToolError('errors.tooComplex');
  return left;
}

const IS_WS = /^\s+$/u;
let wordSegmenter: Intl.Segmenter | undefined;
let graphemeSegmenter: Intl.Segmenter | undefined;

const SLICE = 1024;
/** Printable ASCII and tabs: each such character is a grapheme of its own unless a mark follows it. */
const PLAIN = /^[\t\x20-\x7e]*$/;

/**
 * The segments of a text, found slice by slice: Node's segment iterator slows down with the length of
 * the string (90 KB of characters took 4 s), and the deadline is checked between slices. A slice never
 * ends inside a surrogate pair; its last two segments may be cut short or wrongly split (a ZWJ emoji
 * sequence), so the next slice starts where they start.
 */
function* segmentsOf(segmenter: Intl.Segmenter, text: string, deadline: number | undefined): Generator<string> {
  const graphemes = segmenter.resolvedOptions().granularity === 'grapheme';
  let start = 0;
  let size = SLICE;
  while (start < text.length) {
    remaining(deadline);
    let end = Math.min(text.length, start + size);
    if (end < text.length && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end--;
    const slice = text.slice(start, end);
    // Plain ASCII followed by plain ASCII (no combining mark to come): one character per grapheme.
    if (graphemes && PLAIN.test(slice) && PLAIN.test(text.charAt(end))) {
      yield* slice;
      start = end;
      continue;
    }
    const parts = Array.from(segmenter.segment(slice), (s) => s.segment);
    if (end < text.length && parts.length < 3) {
      size *= 2; // segments longer than the slice (a long word): look further
      continue;
    }
    const redo = end < text.length ? parts.splice(-2).join('') : '';
    yield* parts;
    start = end - redo.length;
    size = SLICE;
  }
}

/** Words, punctuation and whitespace runs. Intl.Segmenter finds words in CJK text too (你好|世界). */
export function wordTokens(text: string, deadline?: number): string[] {
  wordSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  const out: string[] = [];
  let prevWs = false;
  for (const segment of segmentsOf(wordSegmenter, text, deadline)) {
    const ws = IS_WS.test(segment);
    if (ws && prevWs) out[out.length - 1] += segment;
    else out.push(segment);
    prevWs = ws;
  }
  return out;
}

/** User-perceived characters: an emoji with its skin tone, or e + combining accent, is one. */
export function charTokens(text: string, deadline?: number): string[] {
  graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(segmentsOf(graphemeSegmenter, text, deadline));
}

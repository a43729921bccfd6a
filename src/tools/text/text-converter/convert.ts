// One entry point for every mode: text in, text out. Pure (no DOM), used by the worker and the tests.
import { convertCase } from './caseConvert';
import { isChineseReady, loadChineseConverter } from './chinese';
import { isChineseMode, type Mode } from './modes';

type Converter = (text: string) => string;

/**
 * The converter of a mode. Case modes are ready at once; a Chinese mode loads its dictionaries on first
 * use, and `onLoading` is called only when it really has to wait for them.
 */
export async function getConverter(mode: Mode, onLoading?: () => void): Promise<Converter> {
  if (!isChineseMode(mode)) return (text) => convertCase(text, mode);
  if (!isChineseReady(mode)) onLoading?.();
  return loadChineseConverter(mode);
}

/**
 * Whether a text may be converted piece by piece, cut after line breaks, with the same result as in one go.
 * True for every mode but sentence case, whose "a sentence starts here" crosses lines. (The Chinese
 * dictionaries hold no line breaks, so a line break always ends an OpenCC segment.)
 */
export function convertsByLine(mode: Mode): boolean {
  return mode !== 'sentence';
}

/** Pieces of about `size` characters, each cut just after a line break (or at the end), so none splits a line. */
export function* lineChunks(text: string, size: number): Generator<string> {
  const LINE_BREAK = /\r\n?|\n/g;
  let from = 0;
  while (from < text.length) {
    let to = text.length;
    if (from + size < text.length) {
      LINE_BREAK.lastIndex = from + size;
      const br = LINE_BREAK.exec(text);
      // A cut right after a lone \r that is followed by \n would split "\r\n": the regex takes both.
      if (br) to = br.index + br[0].length;
    }
    yield text.slice(from, to);
    from = to;
  }
}

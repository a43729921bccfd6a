// Lines as GNU diff cuts and compares them. Pure: runs in Node and in the worker.
import type { DiffOptions, LineEnding } from './types';

/** Lines as GNU diff and jsdiff cut them: each keeps its '\n' (or '\r\n'); a lone '\r' is content. */
export function splitLines(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=\n)/);
}

export function eolOf(line: string): string {
  return line.endsWith('\r\n') ? '\r\n' : line.endsWith('\n') ? '\n' : '';
}

export function lineEnding(lines: string[]): LineEnding {
  let lf = 0;
  let crlf = 0;
  for (const line of lines) {
    if (line.endsWith('\r\n')) crlf++;
    else if (line.endsWith('\n')) lf++;
  }
  if (lf === 0 && crlf === 0) return 'none';
  if (lf > 0 && crlf > 0) return 'mixed';
  return crlf > 0 ? 'crlf' : 'lf';
}

const WHITESPACE = /\s+/gu;

/** What two lines are compared by: the line itself, or a normalised form of it. */
export function lineKey(line: string, options: Pick<DiffOptions, 'ignoreWhitespace' | 'ignoreCase'>): string {
  let key = line;
  if (options.ignoreWhitespace) key = key.replace(WHITESPACE, '');
  if (options.ignoreCase) key = key.toLowerCase();
  return key;
}

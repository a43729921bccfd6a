// The unified patch of two texts. Pure: runs in Node and in the worker.
import { createTwoFilesPatch, FILE_HEADERS_ONLY, type CreatePatchOptionsAbortable } from 'diff';
import { ToolError } from '../../../lib/errors';
import { lineKey } from './lines';
import type { DiffOptions, Limits } from './types';

/**
 * A unified diff (`diff -u` / `git diff` format, 3 lines of context) made by jsdiff. With the ignore
 * options, lines that differ only in whitespace or case count as unchanged, as with `diff -u -w -i`.
 */
export function unifiedPatch(a: string, b: string, options: Omit<DiffOptions, 'mode'>, names: { a: string; b: string }, limits: Limits = {}): string {
  const cache = new Map<string, string>();
  const key = (line: string) => {
    let k = cache.get(line);
    if (k === undefined) {
      k = lineKey(line, options);
      cache.set(line, k);
    }
    return k;
  };
  const ignoring = options.ignoreWhitespace || options.ignoreCase;
  // jsdiff passes `comparator` on to its line diff; its patch option type does not list it.
  const patchOptions = {
    context: 3,
    headerOptions: FILE_HEADERS_ONLY,
    timeout: limits.timeoutMs ?? Infinity,
    ...(ignoring ? { comparator: (l: string, r: string) => l === r || key(l) === key(r) } : {}),
  } as CreatePatchOptionsAbortable;
  const patch = createTwoFilesPatch(`a/${names.a}`, `b/${names.b}`, a, b, undefined, undefined, patchOptions);
  if (patch === undefined) throw new ToolError('errors.tooComplex');
  return patch;
}

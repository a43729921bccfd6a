// Myers' diff (jsdiff) over lines or tokens, as pairs of matched indices, and the walk over them.
// Pure: runs in Node and in the worker.
import { diffArrays } from 'diff';
import { eolOf } from './lines';
import { charTokens, remaining, wordTokens } from './tokens';
import type { DiffOptions } from './types';

export interface Token {
  text: string;
  /** Whitespace only. */
  ws: boolean;
  /** A line break token ('\n' or '\r\n'). */
  nl: boolean;
}

export const IS_WS = /^\s+$/u;

export function tokenize(lines: string[], unit: 'word' | 'char', deadline: number | undefined): Token[] {
  const tokens: Token[] = [];
  const split = unit === 'word' ? wordTokens : charTokens;
  for (const line of lines) {
    const eol = eolOf(line);
    const content = line.slice(0, line.length - eol.length);
    for (const text of split(content, deadline)) tokens.push({ text, ws: IS_WS.test(text), nl: false });
    if (eol) tokens.push({ text: eol, ws: true, nl: true });
  }
  return tokens;
}

export interface Match {
  /** For each item of a: the index of its partner in b; -1 when removed; -2 when left out of the comparison. */
  matchA: Int32Array;
  matchB: Int32Array;
}

interface MatchLimit {
  timeout?: number;
  maxEditLength?: number;
}

/**
 * Myers' diff (jsdiff's diffArrays) over two key lists, as pairs of matched indices. Keys found on one
 * side only can never be matched, so they are set aside before the search, as GNU diff does: the
 * result is the same minimal edit, and texts that have little in common are compared at once.
 * `skip` marks items left out of the comparison. Undefined when jsdiff gives up (limits).
 */
export function matchKeys(keysA: string[], keysB: string[], limit: MatchLimit = {}, skipA?: (i: number) => boolean, skipB?: (i: number) => boolean): Match | undefined {
  const matchA = new Int32Array(keysA.length).fill(-1);
  const matchB = new Int32Array(keysB.length).fill(-1);
  const setA = new Set(keysA);
  const setB = new Set(keysB);
  const pick = (keys: string[], other: Set<string>, match: Int32Array, skip?: (i: number) => boolean) => {
    const idx: number[] = [];
    const kept: string[] = [];
    keys.forEach((k, i) => {
      if (skip?.(i)) match[i] = -2;
      else if (other.has(k)) {
        idx.push(i);
        kept.push(k);
      }
    });
    return { idx, kept };
  };
  const pa = pick(keysA, setB, matchA, skipA);
  const pb = pick(keysB, setA, matchB, skipB);
  const abortable = limit.timeout !== undefined || limit.maxEditLength !== undefined;
  const changes = abortable
    ? diffArrays(pa.kept, pb.kept, { timeout: limit.timeout ?? Infinity, ...(limit.maxEditLength !== undefined ? { maxEditLength: limit.maxEditLength } : {}) })
    : diffArrays(pa.kept, pb.kept);
  if (!changes) return undefined;
  let i = 0;
  let j = 0;
  for (const c of changes) {
    if (c.removed) i += c.count;
    else if (c.added) j += c.count;
    else {
      for (let k = 0; k < c.count; k++, i++, j++) {
        matchA[pa.idx[i]] = pb.idx[j];
        matchB[pb.idx[j]] = pa.idx[i];
      }
    }
  }
  return { matchA, matchB };
}

/** Tokens compared by their text (lower-cased when case is ignored); whitespace left out when it is ignored. */
export function matchTokens(a: Token[], b: Token[], options: DiffOptions, limit: MatchLimit): Match | undefined {
  const key = (t: Token) => (options.ignoreCase ? t.text.toLowerCase() : t.text);
  const skip = (tokens: Token[]) => (options.ignoreWhitespace ? (i: number) => tokens[i].ws : undefined);
  return matchKeys(a.map(key), b.map(key), limit, skip(a), skip(b));
}

/**
 * Walks two matched lists in order: runs of unmatched items on either side (a change block) and then
 * one matched pair, until both lists are used up.
 */
export function walk(match: Match, onBlock: (i0: number, i1: number, j0: number, j1: number) => void, onPair: (i: number, j: number) => void) {
  const { matchA, matchB } = match;
  let i = 0;
  let j = 0;
  while (i < matchA.length || j < matchB.length) {
    const i0 = i;
    const j0 = j;
    while (i < matchA.length && matchA[i] < 0) i++;
    while (j < matchB.length && matchB[j] < 0) j++;
    if (i > i0 || j > j0) onBlock(i0, i, j0, j);
    if (i < matchA.length && j < matchB.length) onPair(i++, j++);
  }
}

/** jsdiff's limits with the time left added: every search stops at the deadline. */
export function timed(deadline: number | undefined, limit: MatchLimit = {}): MatchLimit {
  const timeout = remaining(deadline);
  return timeout === undefined ? limit : { ...limit, timeout };
}

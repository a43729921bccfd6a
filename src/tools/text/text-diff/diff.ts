// The text diff: Myers' algorithm from jsdiff over lines, then words or characters inside the changed
// blocks (as `git diff --word-diff` does). Pure: no React, no DOM; runs in Node for the tests and in
// a worker for the page.
import { diffArrays, createTwoFilesPatch, FILE_HEADERS_ONLY, type CreatePatchOptionsAbortable } from 'diff';
import { ToolError } from '../../../lib/errors';
import { charTokens, remaining, wordTokens } from './tokens';

export { charTokens, wordTokens } from './tokens';

export type DiffMode = 'line' | 'word' | 'char';

export interface DiffOptions {
  mode: DiffMode;
  /** Like GNU `diff -w`: whitespace inside, around and at the end of lines does not count. */
  ignoreWhitespace: boolean;
  /** Like GNU `diff -i`. */
  ignoreCase: boolean;
}

/** A run of text; `hl` marks the words or characters that were removed (left) or added (right). */
export interface Segment {
  text: string;
  hl: boolean;
}

/** One line of one side: its number (1-based), its text without the line break, and the line break. */
export interface Side {
  no: number;
  segments: Segment[];
  /** '\n', '\r\n', or '' for a last line without a newline. */
  eol: string;
  /** The line break itself was removed or added (word and character modes). */
  eolHl: boolean;
}

export type RowKind = 'equal' | 'removed' | 'added' | 'changed';

/** One row of the side-by-side view. */
export interface Row {
  kind: RowKind;
  left: Side | null;
  right: Side | null;
}

export type LineEnding = 'none' | 'lf' | 'crlf' | 'mixed';

export interface DiffResult {
  mode: DiffMode;
  rows: Row[];
  /** Lines in line mode, words in word mode, characters in character mode. */
  added: number;
  removed: number;
  /** Always lines, whatever the mode: what GNU diff reports. */
  linesAdded: number;
  linesRemoved: number;
  /** No line differs (under the options). */
  identical: boolean;
  linesA: number;
  linesB: number;
  eolA: LineEnding;
  eolB: LineEnding;
}

export interface Limits {
  /** Give up (ToolError 'errors.tooComplex') after this many milliseconds. */
  timeoutMs?: number;
}

/** jsdiff's limits with the time left added: every search below stops at the deadline. */
function timed(deadline: number | undefined, limit: MatchLimit = {}): MatchLimit {
  const timeout = remaining(deadline);
  return timeout === undefined ? limit : { ...limit, timeout };
}

// ---------------------------------------------------------------------------------------------
// Lines

/** Lines as GNU diff and jsdiff cut them: each keeps its '\n' (or '\r\n'); a lone '\r' is content. */
export function splitLines(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=\n)/);
}

function eolOf(line: string): string {
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

// ---------------------------------------------------------------------------------------------
// Tokens (inside lines)

interface Token {
  text: string;
  /** Whitespace only. */
  ws: boolean;
  /** A line break token ('\n' or '\r\n'). */
  nl: boolean;
}

const IS_WS = /^\s+$/u;

function tokenize(lines: string[], unit: 'word' | 'char', deadline: number | undefined): Token[] {
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

interface Match {
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
function matchKeys(keysA: string[], keysB: string[], limit: MatchLimit = {}, skipA?: (i: number) => boolean, skipB?: (i: number) => boolean): Match | undefined {
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
function matchTokens(a: Token[], b: Token[], options: DiffOptions, limit: MatchLimit): Match | undefined {
  const key = (t: Token) => (options.ignoreCase ? t.text.toLowerCase() : t.text);
  const skip = (tokens: Token[]) => (options.ignoreWhitespace ? (i: number) => tokens[i].ws : undefined);
  return matchKeys(a.map(key), b.map(key), limit, skip(a), skip(b));
}

/**
 * Walks two matched lists in order: runs of unmatched items on either side (a change block) and then
 * one matched pair, until both lists are used up.
 */
function walk(match: Match, onBlock: (i0: number, i1: number, j0: number, j1: number) => void, onPair: (i: number, j: number) => void) {
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

// ---------------------------------------------------------------------------------------------
// Rows

function pushSegment(segments: Segment[], text: string, hl: boolean) {
  if (text === '') return;
  const last = segments[segments.length - 1];
  if (last && last.hl === hl) last.text += text;
  else segments.push({ text, hl });
}

/**
 * Lays two token streams out in rows: a line break both sides share ends a row on both sides; a
 * line break only one side has ends a line on that side only, and the lines of the two sides
 * between two shared breaks are paired in order.
 */
class RowBuilder {
  private left: Segment[] = [];
  private right: Segment[] = [];
  private pendingLeft: Side[] = [];
  private pendingRight: Side[] = [];

  constructor(
    private readonly rows: Row[],
    private noLeft: number,
    private noRight: number,
  ) {}

  text(side: 'left' | 'right', text: string, hl: boolean) {
    pushSegment(side === 'left' ? this.left : this.right, text, hl);
  }

  endLine(side: 'left' | 'right', eol: string, hl: boolean) {
    if (side === 'left') {
      this.pendingLeft.push({ no: this.noLeft++, segments: this.left, eol, eolHl: hl });
      this.left = [];
    } else {
      this.pendingRight.push({ no: this.noRight++, segments: this.right, eol, eolHl: hl });
      this.right = [];
    }
  }

  endBoth(eolLeft: string, eolRight: string) {
    this.endLine('left', eolLeft, false);
    this.endLine('right', eolRight, false);
    this.flush();
  }

  finish() {
    if (this.left.length > 0) this.endLine('left', '', false);
    if (this.right.length > 0) this.endLine('right', '', false);
    this.flush();
  }

  private flush() {
    const n = Math.max(this.pendingLeft.length, this.pendingRight.length);
    for (let k = 0; k < n; k++) {
      const left = this.pendingLeft[k] ?? null;
      const right = this.pendingRight[k] ?? null;
      this.rows.push({ kind: left && right ? 'changed' : left ? 'removed' : 'added', left, right });
    }
    this.pendingLeft = [];
    this.pendingRight = [];
  }
}

function plainSide(line: string, no: number): Side {
  const eol = eolOf(line);
  const text = line.slice(0, line.length - eol.length);
  return { no, segments: text ? [{ text, hl: false }] : [], eol, eolHl: false };
}

function tokensToSegments(tokens: Token[], match: Int32Array): Segment[] {
  const segments: Segment[] = [];
  tokens.forEach((t, i) => pushSegment(segments, t.text, match[i] === -1));
  return segments;
}

/** Non-whitespace characters the two lines share, over the characters they have: 0 to 1. */
function similarity(a: Token[], b: Token[], m: Match): number {
  let common = 0;
  let total = 0;
  const add = (tokens: Token[], match: Int32Array) =>
    tokens.forEach((t, i) => {
      if (t.ws) return;
      total += t.text.length;
      if (match[i] >= 0) common += t.text.length;
    });
  add(a, m.matchA);
  add(b, m.matchB);
  return total === 0 ? 1 : common / total;
}

/** Counted units: words (whitespace is not a word) or characters (every compared one). */
function countChanged(tokens: Token[], match: Int32Array, unit: 'word' | 'char'): number {
  let n = 0;
  tokens.forEach((t, i) => {
    if (match[i] === -1 && (unit === 'char' || !t.ws)) n++;
  });
  return n;
}

const MAX_INTRALINE_TOKENS = 4000;
const MIN_SIMILARITY = 0.4;
/** A changed block whose words differ more than this is compared line pair by line pair instead. */
const MAX_BLOCK_EDIT = 4000;

interface Counts {
  added: number;
  removed: number;
}

/**
 * Removed and added lines paired in order. Line mode marks the words of a pair only when the two lines
 * are alike; word and character modes (the fallback for very different blocks) mark and count every
 * changed unit.
 */
function pairedRows(rows: Row[], removed: string[], added: string[], noLeft: number, noRight: number, options: DiffOptions, deadline: number | undefined): Counts {
  const unit = options.mode === 'char' ? 'char' : 'word';
  const counting = options.mode !== 'line';
  const counts: Counts = { added: 0, removed: 0 };
  const n = Math.max(removed.length, added.length);
  for (let k = 0; k < n; k++) {
    const l = removed[k];
    const r = added[k];
    const left = l === undefined ? null : plainSide(l, noLeft + k);
    const right = r === undefined ? null : plainSide(r, noRight + k);
    const ta = left ? tokenize([left.segments.map((x) => x.text).join('')], unit, deadline) : [];
    const tb = right ? tokenize([right.segments.map((x) => x.text).join('')], unit, deadline) : [];
    const bounded = !counting && ta.length + tb.length <= MAX_INTRALINE_TOKENS;
    const m = left && right && (counting || bounded)
      ? matchTokens(ta, tb, options, timed(deadline, counting ? {} : { maxEditLength: Math.ceil((ta.length + tb.length) * 0.75) + 1 }))
      : undefined;
    // Counting modes have no edit limit: a search that gave up ran out of time.
    if (counting && left && right && !m) throw new ToolError('errors.tooComplex');
    if (left && right && m && (counting || similarity(ta, tb, m) >= MIN_SIMILARITY)) {
      left.segments = tokensToSegments(ta, m.matchA);
      right.segments = tokensToSegments(tb, m.matchB);
    } else if (counting) {
      // an unpaired line: all of it is removed or added
      for (const side of [left, right]) if (side) side.segments.forEach((x) => (x.hl = true));
    }
    if (counting) {
      const none = (t: Token[]) => new Int32Array(t.length).fill(-1);
      counts.removed += countChanged(ta, m ? m.matchA : none(ta), unit);
      counts.added += countChanged(tb, m ? m.matchB : none(tb), unit);
      // the line breaks: compared (and, in character mode, counted) unless whitespace is ignored
      const eolChanged = !options.ignoreWhitespace && (!left || !right || left.eol !== right.eol);
      if (eolChanged) {
        if (left?.eol) left.eolHl = true;
        if (right?.eol) right.eolHl = true;
        if (unit === 'char') {
          counts.removed += left?.eol ? 1 : 0;
          counts.added += right?.eol ? 1 : 0;
        }
      }
    }
    rows.push({ kind: left && right ? 'changed' : left ? 'removed' : 'added', left, right });
  }
  return counts;
}

/** Word and character modes: the changed block compared token by token, laid out in rows. */
function tokenRows(rows: Row[], removed: string[], added: string[], noLeft: number, noRight: number, options: DiffOptions, deadline: number | undefined): Counts {
  const unit = options.mode === 'char' ? 'char' : 'word';
  const a = tokenize(removed, unit, deadline);
  const b = tokenize(added, unit, deadline);
  const m = matchTokens(a, b, options, timed(deadline, { maxEditLength: MAX_BLOCK_EDIT }));
  if (!m) return pairedRows(rows, removed, added, noLeft, noRight, options, deadline);
  const builder = new RowBuilder(rows, noLeft, noRight);
  const emit = (side: 'left' | 'right', t: Token, hl: boolean) => (t.nl ? builder.endLine(side, t.text, hl) : builder.text(side, t.text, hl));
  walk(
    m,
    (i0, i1, j0, j1) => {
      for (let i = i0; i < i1; i++) emit('left', a[i], m.matchA[i] === -1);
      for (let j = j0; j < j1; j++) emit('right', b[j], m.matchB[j] === -1);
    },
    (i, j) => {
      if (a[i].nl) builder.endBoth(a[i].text, b[j].text);
      else {
        builder.text('left', a[i].text, false);
        builder.text('right', b[j].text, false);
      }
    },
  );
  builder.finish();
  return { added: countChanged(b, m.matchB, unit), removed: countChanged(a, m.matchA, unit) };
}

/**
 * Marks are for the parts of a line that changed. A line that changed as a whole is shown by its row
 * colour alone, and a line break is marked only where it split or joined lines that share text.
 */
function tidy(side: Side) {
  const kept = side.segments.some((s) => !s.hl && !IS_WS.test(s.text));
  if (!kept) {
    side.segments = side.segments.length === 0 ? [] : [{ text: side.segments.map((s) => s.text).join(''), hl: false }];
    side.eolHl = false;
  }
}

/** Compares two texts. Throws ToolError('errors.tooComplex') when the time limit runs out. */
export function computeDiff(a: string, b: string, options: DiffOptions, limits: Limits = {}): DiffResult {
  const deadline = limits.timeoutMs === undefined ? undefined : Date.now() + limits.timeoutMs;
  const linesA = splitLines(a);
  const linesB = splitLines(b);
  const match = matchKeys(
    linesA.map((l) => lineKey(l, options)),
    linesB.map((l) => lineKey(l, options)),
    timed(deadline),
  );
  if (!match) throw new ToolError('errors.tooComplex');

  const rows: Row[] = [];
  const result: DiffResult = {
    mode: options.mode,
    rows,
    added: 0,
    removed: 0,
    linesAdded: 0,
    linesRemoved: 0,
    identical: true,
    linesA: linesA.length,
    linesB: linesB.length,
    eolA: lineEnding(linesA),
    eolB: lineEnding(linesB),
  };
  walk(
    match,
    (i0, i1, j0, j1) => {
      const removed = linesA.slice(i0, i1);
      const added = linesB.slice(j0, j1);
      result.linesRemoved += removed.length;
      result.linesAdded += added.length;
      const counts =
        options.mode === 'line'
          ? pairedRows(rows, removed, added, i0 + 1, j0 + 1, options, deadline)
          : tokenRows(rows, removed, added, i0 + 1, j0 + 1, options, deadline);
      result.removed += options.mode === 'line' ? removed.length : counts.removed;
      result.added += options.mode === 'line' ? added.length : counts.added;
    },
    (i, j) => rows.push({ kind: 'equal', left: plainSide(linesA[i], i + 1), right: plainSide(linesB[j], j + 1) }),
  );
  result.identical = result.linesAdded === 0 && result.linesRemoved === 0;
  for (const row of rows) {
    if (row.kind === 'equal') continue;
    if (row.left) tidy(row.left);
    if (row.right) tidy(row.right);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// The unified patch

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

// ---------------------------------------------------------------------------------------------
// One comparison, as the worker runs it

export interface DiffRequest {
  id: number;
  a: string;
  b: string;
  options: DiffOptions;
  /** File names for the unified patch; null when the patch is not wanted. */
  patch: { a: string; b: string } | null;
  timeoutMs?: number;
}

export type DiffResponse =
  | { id: number; ok: true; result: DiffResult; patch: string | null }
  | { id: number; ok: false; key: string; params?: Record<string, string | number> };

export function runDiff(req: DiffRequest): DiffResponse {
  const started = Date.now();
  try {
    const result = computeDiff(req.a, req.b, req.options, { timeoutMs: req.timeoutMs });
    const timeoutMs = req.timeoutMs === undefined ? undefined : Math.max(1, req.timeoutMs - (Date.now() - started));
    const patch = req.patch ? unifiedPatch(req.a, req.b, req.options, req.patch, { timeoutMs }) : null;
    return { id: req.id, ok: true, result, patch };
  } catch (error) {
    if (error instanceof ToolError) return { id: req.id, ok: false, key: error.key, params: error.params };
    return { id: req.id, ok: false, key: 'common:errors.unknown' };
  }
}

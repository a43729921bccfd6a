// Change blocks laid out in the rows of the side-by-side view, with the words or characters that
// changed marked and counted. Pure: runs in Node and in the worker.
import { ToolError } from '../../../lib/errors';
import { eolOf } from './lines';
import { IS_WS, matchTokens, timed, tokenize, walk, type Match, type Token } from './match';
import type { DiffOptions, Row, Segment, Side } from './types';

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

export function plainSide(line: string, no: number): Side {
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
export function pairedRows(rows: Row[], removed: string[], added: string[], noLeft: number, noRight: number, options: DiffOptions, deadline: number | undefined): Counts {
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
export function tokenRows(rows: Row[], removed: string[], added: string[], noLeft: number, noRight: number, options: DiffOptions, deadline: number | undefined): Counts {
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
export function tidy(side: Side) {
  const kept = side.segments.some((s) => !s.hl && !IS_WS.test(s.text));
  if (!kept) {
    side.segments = side.segments.length === 0 ? [] : [{ text: side.segments.map((s) => s.text).join(''), hl: false }];
    side.eolHl = false;
  }
}

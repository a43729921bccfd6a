// What the text diff is asked and what it answers: shared by the comparison, the worker and the views.
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

/** The rows as the page reads them: by index, each made when first asked for (see packed.ts). */
export interface RowList {
  readonly length: number;
  kind(index: number): RowKind;
  at(index: number): Row;
}

/** A comparison as the page shows it. */
export type ShownDiff = Omit<DiffResult, 'rows'> & { rows: RowList };

export interface Limits {
  /** Give up (ToolError 'errors.tooComplex') after this many milliseconds. */
  timeoutMs?: number;
}

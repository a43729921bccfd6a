// A comparison's rows as they cross from the worker: the changed rows whole, the unchanged ones only as their
// line numbers. Two 110,000-line files gave 110,000 row objects (about a million objects with their sides and
// segments) that the page had to rebuild in one task when the answer arrived; the page has both texts already
// and makes an unchanged row from them when it is shown.
import { splitLines } from './lines';
import { plainSide } from './rows';
import type { DiffResult, Row, RowKind, RowList, ShownDiff } from './types';

const KINDS: RowKind[] = ['equal', 'removed', 'added', 'changed'];

export type PackedDiff = Omit<DiffResult, 'rows'> & {
  /** Each row's kind, as its index in KINDS. */
  kinds: Uint8Array;
  /** The rows that are not 'equal', in order. */
  changed: Row[];
  /** Per row, the line number on each side (unchanged rows only; 0 elsewhere). */
  noA: Int32Array;
  noB: Int32Array;
};

export function packDiff({ rows, ...rest }: DiffResult): PackedDiff {
  const kinds = new Uint8Array(rows.length);
  const noA = new Int32Array(rows.length);
  const noB = new Int32Array(rows.length);
  const changed: Row[] = [];
  rows.forEach((row, i) => {
    kinds[i] = KINDS.indexOf(row.kind);
    if (row.kind !== 'equal') return void changed.push(row);
    noA[i] = row.left?.no ?? 0;
    noB[i] = row.right?.no ?? 0;
  });
  return { ...rest, kinds, changed, noA, noB };
}

/** The rows of an array (tests, and a comparison made on the page's own thread). */
export function listOf(rows: Row[]): RowList {
  return { length: rows.length, kind: (i) => rows[i].kind, at: (i) => rows[i] };
}

/** The page's view of a packed comparison of texts `a` and `b`; rows are made (once each) when asked for. */
export function unpackDiff({ kinds, changed, noA, noB, ...rest }: PackedDiff, a: string, b: string): ShownDiff {
  const made: (Row | undefined)[] = new Array(kinds.length);
  // Where each row's changed entry is: a running count over the kinds.
  const changedIndex = new Int32Array(kinds.length);
  for (let i = 0, c = 0; i < kinds.length; i++) changedIndex[i] = kinds[i] === 0 ? -1 : c++;
  let lines: { a: string[]; b: string[] } | undefined;
  const rows: RowList = {
    length: kinds.length,
    kind: (i) => KINDS[kinds[i]],
    at: (i) => {
      let row = made[i];
      if (row) return row;
      if (kinds[i] !== 0) row = changed[changedIndex[i]];
      else {
        lines ??= { a: splitLines(a), b: splitLines(b) };
        row = { kind: 'equal', left: plainSide(lines.a[noA[i] - 1], noA[i]), right: plainSide(lines.b[noB[i] - 1], noB[i]) };
      }
      made[i] = row;
      return row;
    },
  };
  return { ...rest, rows };
}

// The text diff: Myers' algorithm from jsdiff over lines, then words or characters inside the changed
// blocks (as `git diff --word-diff` does). Pure: no React, no DOM; runs in Node for the tests and in
// a worker for the page.
import { ToolError } from '../../../lib/errors';
import { lineEnding, lineKey, splitLines } from './lines';
import { matchKeys, timed, walk } from './match';
import { pairedRows, plainSide, tidy, tokenRows } from './rows';
import type { DiffOptions, DiffResult, Limits, Row } from './types';

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

// Which rows of the side-by-side view to show. Pure; kept apart from diff.ts so that the page
// does not load jsdiff (the worker does).
import type { RowList } from './types';

type DisplayItem = { type: 'row'; index: number } | { type: 'fold'; start: number; count: number };

/**
 * The rows to show: runs of unchanged rows longer than the context around them are folded into
 * one item, unless the user expanded that fold (keyed by its first row index).
 */
export function collapseRows(rows: Pick<RowList, 'length' | 'kind'>, context: number, expanded: ReadonlySet<number> = new Set(), minFold = 4): DisplayItem[] {
  const items: DisplayItem[] = [];
  let i = 0;
  while (i < rows.length) {
    if (rows.kind(i) !== 'equal') {
      items.push({ type: 'row', index: i++ });
      continue;
    }
    let end = i;
    while (end < rows.length && rows.kind(end) === 'equal') end++;
    const keepBefore = i === 0 ? 0 : context;
    const keepAfter = end === rows.length ? 0 : context;
    const foldStart = i + keepBefore;
    const foldEnd = end - keepAfter;
    if (foldEnd - foldStart >= minFold && !expanded.has(foldStart)) {
      for (let k = i; k < foldStart; k++) items.push({ type: 'row', index: k });
      items.push({ type: 'fold', start: foldStart, count: foldEnd - foldStart });
      for (let k = foldEnd; k < end; k++) items.push({ type: 'row', index: k });
    } else {
      for (let k = i; k < end; k++) items.push({ type: 'row', index: k });
    }
    i = end;
  }
  return items;
}

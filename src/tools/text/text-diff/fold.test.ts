import { describe, expect, it } from 'vitest';
import { collapseRows } from './fold';
import { listOf } from './packed';
import type { Row } from './types';

describe('folding unchanged lines', () => {
  const rowsOf = (kinds: string) =>
    listOf([...kinds].map((k, i): Row => ({ kind: k === '=' ? 'equal' : 'changed', left: { no: i + 1, segments: [], eol: '\n', eolHl: false }, right: null })));

  it('keeps the context lines around a change and folds the rest', () => {
    const items = collapseRows(rowsOf('==========x==========='), 3);
    expect(items[0]).toEqual({ type: 'fold', start: 0, count: 7 });
    expect(items.filter((i) => i.type === 'row').length).toBe(7);
    expect(items[items.length - 1]).toEqual({ type: 'fold', start: 14, count: 8 });
  });

  it('does not fold short runs and opens expanded folds', () => {
    expect(collapseRows(rowsOf('x=====x'), 1).every((i) => i.type === 'row')).toBe(true);
    expect(collapseRows(rowsOf('==========x'), 3, new Set([0])).every((i) => i.type === 'row')).toBe(true);
  });
});

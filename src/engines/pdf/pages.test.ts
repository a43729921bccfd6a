import { describe, expect, it } from 'vitest';
import { parsePages, splitGroups } from './pages';

describe('parsePages', () => {
  it('reads single pages, ranges and open ends, in the order written', () => {
    expect(parsePages('1-3,5,8-', 10)).toEqual([0, 1, 2, 4, 7, 8, 9]);
    expect(parsePages('-2, 4', 5)).toEqual([0, 1, 3]);
    expect(parsePages('3-1', 5)).toEqual([2, 1, 0]);
    expect(parsePages('  ', 3)).toEqual([0, 1, 2]);
  });
  it('refuses pages the document lacks and text that is no range, with the part named', () => {
    expect(() => parsePages('1-12', 10)).toThrow(expect.objectContaining({ key: 'pdf:errors.pagesRange', params: { part: '1-12', count: 10 } }));
    expect(() => parsePages('0', 10)).toThrow(expect.objectContaining({ key: 'pdf:errors.pagesRange' }));
    expect(() => parsePages('a-b', 10)).toThrow(expect.objectContaining({ key: 'pdf:errors.pagesSyntax', params: { part: 'a-b' } }));
    expect(() => parsePages('-', 10)).toThrow(expect.objectContaining({ key: 'pdf:errors.pagesSyntax' }));
  });
});

describe('splitGroups', () => {
  it('splits by ranges, every N pages and one file per page', () => {
    expect(splitGroups('ranges', 6, '1-2, 4-', 0)).toEqual([[0, 1], [3, 4, 5]]);
    expect(splitGroups('every', 5, '', 2)).toEqual([[0, 1], [2, 3], [4]]);
    expect(splitGroups('single', 3, '', 0)).toEqual([[0], [1], [2]]);
    expect(() => splitGroups('ranges', 3, ' ', 0)).toThrow(expect.objectContaining({ key: 'pdf:errors.pagesEmpty' }));
  });
});

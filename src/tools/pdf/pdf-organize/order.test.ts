import { describe, expect, it } from 'vitest';
import { allPages, deleteSlot, insertBlank, moveSlot, rotateSlot, samePlan } from '../../../kit/pageSlots';
import { formatOrder, parseOrder } from './order';

const plan = (text: string, count: number) => parseOrder(text, count).map(({ page, rotate }) => [page, rotate]);

describe('parseOrder', () => {
  it('reads the issue examples, open ends, backwards ranges, blanks and turns', () => {
    expect(plan('3,1,2', 3)).toEqual([[2, 0], [0, 0], [1, 0]]);
    expect(plan('1-3,5', 6)).toEqual([[0, 0], [1, 0], [2, 0], [4, 0]]);
    expect(plan('5-, 2 - 1', 6)).toEqual([[4, 0], [5, 0], [1, 0], [0, 0]]);
    expect(plan('1@90, blank, B@-90, 2-3@180', 3)).toEqual([[0, 90], [null, 0], [null, 270], [1, 180], [2, 180]]);
    expect(plan('2@450', 3)).toEqual([[1, 90]]);
  });
  it('names the part it cannot read, with translated keys', () => {
    expect(() => parseOrder('1, x', 3)).toThrow(expect.objectContaining({ key: 'pdf:errors.pagesSyntax', params: { part: 'x' } }));
    expect(() => parseOrder('1 2', 3)).toThrow(expect.objectContaining({ key: 'pdf:errors.pagesSyntax', params: { part: '1 2' } }));
    expect(() => parseOrder('4@90', 3)).toThrow(expect.objectContaining({ key: 'pdf:errors.pagesRange', params: { part: '4@90', count: 3 } }));
    expect(() => parseOrder('1@45', 3)).toThrow(expect.objectContaining({ key: 'pdf:errors.organizeAngle', params: { part: '1@45' } }));
    expect(() => parseOrder(' , ', 3)).toThrow(expect.objectContaining({ key: 'pdf:errors.organizeEmpty' }));
    expect(() => parseOrder('blank', 3)).toThrow(expect.objectContaining({ key: 'pdf:errors.organizeEmpty' }));
  });
});

describe('formatOrder', () => {
  it('writes runs as ranges either way, turns and blanks, and reads back as the same plan', () => {
    const cases: [string, number, string][] = [
      ['1,2,3,4,5', 5, '1-5'],
      ['3,1,2', 3, '3, 1-2'],
      ['5,4,3,2,1', 5, '5-1'],
      ['2,1', 2, '2, 1'],
      ['1-3,5', 6, '1-3, 5'],
      ['1@90,2@90,3,b,b@180,4', 4, '1-2@90, 3, blank, blank@180, 4'],
    ];
    for (const [typed, count, shown] of cases) {
      const slots = parseOrder(typed, count);
      expect(formatOrder(slots)).toBe(shown);
      expect(samePlan(parseOrder(shown, count), slots)).toBe(true);
    }
  });
});

describe('grid operations → plan → typed form', () => {
  it('moves, turns, deletes and inserts blanks, as the typed form shows', () => {
    let slots = allPages(6);
    slots = moveSlot(slots, 5, 0);
    expect(formatOrder(slots)).toBe('6, 1-5');
    slots = rotateSlot(slots, 1, 90);
    slots = rotateSlot(slots, 2, -90);
    expect(formatOrder(slots)).toBe('6, 1@90, 2@270, 3-5');
    slots = rotateSlot(rotateSlot(slots, 1, 90), 1, 180);
    expect(formatOrder(slots)).toBe('6, 1, 2@270, 3-5');
    slots = deleteSlot(slots, 3);
    slots = insertBlank(slots, 1);
    slots = insertBlank(slots, 99);
    expect(formatOrder(slots)).toBe('6, blank, 1, 2@270, 4-5, blank');
    expect(new Set(slots.map((s) => s.key)).size).toBe(slots.length);
  });
});

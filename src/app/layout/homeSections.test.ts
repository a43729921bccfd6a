import { describe, expect, it } from 'vitest';
import { TOOLS } from '../../tools/registry';
import { homeSections, POPULAR_LIMIT, RECENT_LIMIT, UPDATED_LIMIT } from './homeSections';

const ids = (list: { id: string }[]) => list.map((t) => t.id);

describe('the home page sections', () => {
  it('on a fresh device: a short popular list and a short recently-updated list, no tool in both', () => {
    const s = homeSections(TOOLS, [], []);
    expect(s.favorites).toEqual([]);
    expect(s.recent).toEqual([]);
    expect(s.popular).toHaveLength(POPULAR_LIMIT);
    expect(s.updated).toHaveLength(UPDATED_LIMIT);
    expect(s.popular.every((t) => t.popular)).toBe(true);
    expect(ids(s.popular).filter((id) => ids(s.updated).includes(id))).toEqual([]);
    // Newest first among the tools not already shown.
    const dates = s.updated.map((t) => t.updated);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('shows a tool in the first shortcut section that adds it, never twice', () => {
    const popular = TOOLS.filter((t) => t.popular).map((t) => t.id);
    const favorites = [popular[0], 'no-such-tool'];
    const recent = [popular[0], popular[1], ...TOOLS.map((t) => t.id).slice(-6)];
    const s = homeSections(TOOLS, favorites, recent);
    expect(ids(s.favorites)).toEqual([popular[0]]);
    expect(ids(s.recent)).toEqual([popular[1], ...TOOLS.map((t) => t.id).slice(-6)].filter((id) => id !== popular[0]).slice(0, RECENT_LIMIT));
    const all = [...s.favorites, ...s.recent, ...s.popular, ...s.updated].map((t) => t.id);
    expect(new Set(all).size).toBe(all.length);
    expect(s.popular).toHaveLength(POPULAR_LIMIT);
  });
});

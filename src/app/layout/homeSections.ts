import type { ToolMeta } from '../../tools/types';

/** How many cards the short sections show: enough to be a shortcut, few enough not to repeat the catalogue. */
export const POPULAR_LIMIT = 4;
export const UPDATED_LIMIT = 3;
export const RECENT_LIMIT = 4;

export interface HomeSections {
  favorites: ToolMeta[];
  recent: ToolMeta[];
  popular: ToolMeta[];
  updated: ToolMeta[];
}

/**
 * The shortcut sections above the catalogue (which lists every tool once, by category). A tool appears in at
 * most one shortcut section, the first that adds it: favorites, then recently used, popular, recently updated.
 */
export function homeSections(tools: ToolMeta[], favoriteIds: string[], recentIds: string[]): HomeSections {
  const byId = new Map(tools.map((t) => [t.id, t]));
  const shown = new Set<string>();
  const take = (list: (ToolMeta | undefined)[], limit: number) => {
    const out: ToolMeta[] = [];
    for (const tool of list) {
      if (out.length >= limit) break;
      if (!tool || shown.has(tool.id)) continue;
      shown.add(tool.id);
      out.push(tool);
    }
    return out;
  };
  const favorites = take(favoriteIds.map((id) => byId.get(id)), Infinity);
  const recent = take(recentIds.map((id) => byId.get(id)), RECENT_LIMIT);
  const popular = take(tools.filter((t) => t.popular), POPULAR_LIMIT);
  const updated = take([...tools].sort((a, b) => b.updated.localeCompare(a.updated)), UPDATED_LIMIT);
  return { favorites, recent, popular, updated };
}

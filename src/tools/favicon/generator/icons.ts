import type { IconNode } from './design';

// lucide's whole icon set as drawing data (lucide-static's icon-nodes.json, ~96 KB gzip), loaded only when
// someone picks the icon mode: a chunk of its own, never in the home bundle, stored for offline use in the
// background with the other tool engines.

interface IconEntry {
  name: string;
  node: IconNode;
}

let icons: IconEntry[] | null = null;
let pending: Promise<IconEntry[]> | null = null;

/** Loads and parses the icon set once. */
export function loadIcons(): Promise<IconEntry[]> {
  pending ??= import('lucide-static/icon-nodes.json').then(({ default: nodes }) => {
    icons = Object.entries(nodes as unknown as Record<string, IconNode>)
      .map(([name, node]) => ({ name, node }))
      .sort((x, y) => x.name.localeCompare(y.name));
    return icons;
  });
  return pending;
}

/** The icon set, once loadIcons() has resolved (empty before). */
function loadedIcons(): IconEntry[] {
  return icons ?? [];
}

export function findIcon(name: string): IconEntry | undefined {
  return loadedIcons().find((i) => i.name === name);
}

/** Icons whose name contains every word of the query ("arrow up" finds "arrow-big-up"). */
export function searchIcons(query: string, limit = 120): IconEntry[] {
  const words = query.toLowerCase().split(/[\s-]+/).filter(Boolean);
  const all = loadedIcons();
  return (words.length ? all.filter((i) => words.every((w) => i.name.includes(w))) : all).slice(0, limit);
}

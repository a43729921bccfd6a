import type { IconNode } from './design';

// lucide's whole icon set (from lucide-react's own icon modules), loaded only when someone picks the
// icon mode: chunks of their own, never in the home bundle. The modules are read as text and only
// their drawing data is kept. Importing them as code would share them (and React) with the home
// page's icons, and the bundler would then split those into extra chunks the home page loads
// (measured: +0.9 to 1.3 KB gzip there). Alias modules (old names) hold no data and are skipped.

export interface IconEntry {
  name: string;
  node: IconNode;
}

/** The `const __iconData = { name, size, node }` literal of an icon module, as data. */
export function parseIconModule(source: string): IconEntry | undefined {
  const literal = /const __iconData = (\{[\s\S]*?\n\});/.exec(source)?.[1];
  if (!literal) return undefined;
  // A JavaScript object literal whose values are JSON strings and numbers: quote its bare keys
  // (skipping over strings, so nothing inside a path is touched) and it is JSON.
  const json = literal.replace(/"(?:[^"\\]|\\.)*"|[A-Za-z_$][\w$]*(?=\s*:)/g, (token) => (token.startsWith('"') ? token : `"${token}"`));
  const data = JSON.parse(json) as { name?: unknown; node?: unknown };
  if (typeof data.name !== 'string' || !Array.isArray(data.node)) return undefined;
  return { name: data.name, node: data.node as IconNode };
}

let icons: IconEntry[] | null = null;
let pending: Promise<IconEntry[]> | null = null;

/** Loads and parses the icon set once. */
export function loadIcons(): Promise<IconEntry[]> {
  pending ??= Promise.all([import('./iconSourcesAM'), import('./iconSourcesNZ')]).then(([a, b]) => {
    icons = [...Object.values(a.default), ...Object.values(b.default)].flatMap((source) => parseIconModule(source) ?? []).sort((x, y) => x.name.localeCompare(y.name));
    return icons;
  });
  return pending;
}

/** The icon set, once loadIcons() has resolved (empty before). */
export function loadedIcons(): IconEntry[] {
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

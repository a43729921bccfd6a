import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import type { ToolMeta } from '../tools/types';

type Keywords = Readonly<Record<string, readonly string[]>>;

/**
 * Case-insensitive match of a query against a tool's translated name, description and keywords (when loaded: the
 * names match from the first keystroke, the keywords a moment later).
 */
export function toolMatches(tool: ToolMeta, query: string, t: TFunction, keywords?: Keywords): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return true;
  const haystack = [t(`tools.${tool.id}.name`), t(`tools.${tool.id}.description`), ...(keywords?.[tool.id] ?? [])];
  return haystack.some((s) => s.toLocaleLowerCase().includes(q));
}

let loading: Promise<Keywords> | undefined;
let loaded: Keywords | undefined;

/** Starts loading the tools' search words (on focus of a search field, before the first keystroke). */
export function loadKeywords(): Promise<Keywords> {
  loading ??= import('../tools/keywords').then(
    (m) => (loaded = m.TOOL_KEYWORDS),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The tools' search words once `wanted` (a query is typed); undefined until they have loaded. */
export function useKeywords(wanted: boolean): Keywords | undefined {
  const [keywords, setKeywords] = useState(loaded);
  useEffect(() => {
    if (!wanted || keywords) return;
    let live = true;
    // A failed load (offline before it was ever cached) leaves the search to names and descriptions.
    loadKeywords().then((k) => live && setKeywords(k), () => {});
    return () => {
      live = false;
    };
  }, [wanted, keywords]);
  return keywords;
}

import { useSyncExternalStore } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage';

// Favorites and recently used tools: tool ids on this device only.
const RECENT_LIMIT = 8;
/**
 * A list of tool ids: entries that are not short strings are dropped, and anything else stored under the
 * key (an object, null, a number, a string…) reads as an empty list.
 */
// Checked by hand rather than with the settings schema library: this runs on the home page, whose
// JavaScript budget the library would break.
function toolIds(stored: unknown): string[] {
  if (!Array.isArray(stored)) return [];
  return [...new Set(stored.filter((id): id is string => typeof id === 'string' && id.length <= 100))].slice(0, 200);
}

function createListStore(key: string) {
  let value: string[] = toolIds(readJson<unknown>(key, []));
  const listeners = new Set<() => void>();
  const set = (next: string[]) => {
    value = next;
    writeJson(key, next);
    listeners.forEach((l) => l());
  };
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };
  const get = () => value;
  return { get, set, use: () => useSyncExternalStore(subscribe, get, get) };
}

const favorites = createListStore(STORAGE_KEYS.favorites);
const recent = createListStore(STORAGE_KEYS.recent);

export const useFavorites = favorites.use;
export const useRecent = recent.use;

/** Adds or removes a favorite; returns true when the tool is now a favorite. */
export function toggleFavorite(toolId: string): boolean {
  const list = favorites.get();
  const isFav = list.includes(toolId);
  favorites.set(isFav ? list.filter((id) => id !== toolId) : [...list, toolId]);
  return !isFav;
}

export function markUsed(toolId: string): void {
  recent.set([toolId, ...recent.get().filter((id) => id !== toolId)].slice(0, RECENT_LIMIT));
}

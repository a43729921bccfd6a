import { useSyncExternalStore } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage';

// Favorites and recently used tools: tool ids on this device only.
const RECENT_LIMIT = 8;

function createListStore(key: string) {
  let value: string[] = readJson<string[]>(key, []).filter((x) => typeof x === 'string');
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

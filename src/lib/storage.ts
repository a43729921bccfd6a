/** Every localStorage key the app uses, in one place. */
export const STORAGE_KEYS = {
  theme: 'localkit-theme',
  favorites: 'localkit-favorites',
  recent: 'localkit-recent',
  toolSettings: (toolId: string) => `localkit-settings:${toolId}`,
} as const;

export function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the app works, it just forgets.
  }
}

/** Every localStorage key the app uses, in one place. */
export const STORAGE_KEYS = {
  theme: 'localkit-theme',
  favorites: 'localkit-favorites',
  recent: 'localkit-recent',
  toolSettings: (toolId: string) => `localkit-settings:${toolId}`,
  /** A tool's text inputs, kept across reloads until the user clears them. */
  toolInput: (toolId: string) => `localkit-input:${toolId}`,
  /** A tool's named settings presets, saved by the user. */
  toolPresets: (toolId: string) => `localkit-presets:${toolId}`,
} as const;

/** The parsed JSON stored under `key`; the fallback when there is none, it is not JSON or storage is blocked. */
export function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

/** Stores `value` as JSON; says false when storage is full or disabled (private mode). */
export function storeJson(key: string, value: unknown): boolean {
  return storeText(key, JSON.stringify(value));
}

/** Stores text already serialised (a large input is not serialised twice); false when storage is full or disabled. */
export function storeText(key: string, text: string): boolean {
  try {
    localStorage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

/** Stores `value` as JSON when it can: with storage full or disabled the app works, it just forgets. */
export function writeJson(key: string, value: unknown): void {
  storeJson(key, value);
}

export function removeStored(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

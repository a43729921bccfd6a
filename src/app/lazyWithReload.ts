import { lazy, type ComponentType } from 'react';

const RELOAD_FLAG = 'localkit-chunk-reload';

/**
 * React.lazy that survives a new deploy: when a page's chunk is gone (the old hashed file was replaced),
 * reload the page once to pick up the new index; a second failure goes to the error boundary.
 */
export function lazyWithReload<T extends ComponentType>(load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    try {
      const mod = await load();
      sessionStorage.removeItem(RELOAD_FLAG);
      return mod;
    } catch (error) {
      if (!sessionStorage.getItem(RELOAD_FLAG)) {
        sessionStorage.setItem(RELOAD_FLAG, '1');
        window.location.reload();
        return new Promise<never>(() => {});
      }
      sessionStorage.removeItem(RELOAD_FLAG);
      throw error;
    }
  });
}

import type { BackendModule, ReadCallback } from 'i18next';

/**
 * Reads /locales/<lng>/<ns>.json from our own origin. A few lines instead of i18next-http-backend keep
 * the home page's JavaScript small. Retries are i18next's own (maxRetries, retryTimeout doubling):
 * passing `true` as the callback's second argument marks an error as worth retrying.
 */
export const localesBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    fetch(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`)
      .then(async (response) => {
        if (response.ok) return callback(null, await response.json());
        // 4xx will not get better; 5xx might.
        callback(new Error(`failed loading ${response.url}: ${response.status}`), response.status >= 500);
      })
      .catch((error: unknown) => callback(error as Error, true));
  },
};

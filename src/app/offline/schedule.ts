// Starts the background codec download once the page is idle (small: the download code itself is loaded then).
export function scheduleCodecPrefetch(): void {
  if (typeof caches === 'undefined') return;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  // Leaving the page or going offline while the download code loads is no error: the next visit tries again.
  const start = () =>
    void import('./prefetch')
      .then((m) => m.prefetchCodecs())
      .catch((error: unknown) => console.warn('Background codec download not started', error));
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 10_000 });
  else setTimeout(start, 3_000);
}

// Starts the background codec download once the page is idle (small: the download code itself is loaded then).
export function scheduleCodecPrefetch(): void {
  if (typeof caches === 'undefined') return;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const start = () => void import('./prefetch').then((m) => m.prefetchCodecs());
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 10_000 });
  else setTimeout(start, 3_000);
}

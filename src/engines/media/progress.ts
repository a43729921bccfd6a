/** A percent that has not changed is said again after this long: the page's watchdog (silence-watch.ts) hears a slow job working. */
export const KEEP_ALIVE_MS = 10_000;

/**
 * Progress as the page should see it: mediabunny reports every packet (tens of thousands for hours of
 * 8 kHz audio), and each report crosses to the page, re-renders the queue and restarts the bar's width
 * transition (main-thread frames). Only whole-percent changes, at most 4 a second, go through; the end always;
 * the same percent again only after KEEP_ALIVE_MS.
 */
export function throttledProgress(onProgress: (percent: number) => void, now: () => number = () => performance.now()): (progress: number) => void {
  let lastPercent = -1;
  let lastTime = -Infinity;
  return (progress) => {
    const percent = Math.min(100, Math.floor(progress * 100));
    const time = now();
    if (percent === lastPercent && time - lastTime < KEEP_ALIVE_MS) return;
    if (time - lastTime < 250 && percent < 100) return;
    lastPercent = percent;
    lastTime = time;
    onProgress(percent);
  };
}

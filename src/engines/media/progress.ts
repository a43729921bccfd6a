/**
 * Progress as the page should see it: mediabunny reports every packet (tens of thousands for hours of
 * 8 kHz audio), and each report crosses to the page, re-renders the queue and restarts the bar's width
 * transition (main-thread frames). Only whole-percent changes, at most 4 a second, go through; the end always.
 */
export function throttledProgress(onProgress: (percent: number) => void, now: () => number = () => performance.now()): (progress: number) => void {
  let lastPercent = -1;
  let lastTime = -Infinity;
  return (progress) => {
    const percent = Math.min(100, Math.floor(progress * 100));
    const time = now();
    if (percent === lastPercent || (time - lastTime < 250 && percent < 100)) return;
    lastPercent = percent;
    lastTime = time;
    onProgress(percent);
  };
}

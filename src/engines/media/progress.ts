/**
 * Progress as the page should see it: mediabunny reports every packet (tens of thousands for hours of
 * 8 kHz audio), and each report crosses to the page and re-renders the queue. Only whole-percent changes,
 * at most 10 a second, go through.
 */
export function throttledProgress(onProgress: (percent: number) => void, now: () => number = () => performance.now()): (progress: number) => void {
  let lastPercent = -1;
  let lastTime = -Infinity;
  return (progress) => {
    const percent = Math.min(100, Math.floor(progress * 100));
    const time = now();
    if (percent === lastPercent || (time - lastTime < 100 && percent < 100)) return;
    lastPercent = percent;
    lastTime = time;
    onProgress(percent);
  };
}

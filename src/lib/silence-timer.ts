/**
 * A watch for a job that should show signs of life: `onSilent` runs once when `alive()` has not been called for
 * `limitMs` (checked each second); `stop()` ends the watch. The ffmpeg exec watchdog and the media worker's both
 * use it.
 */
export function silenceTimer(limitMs: number, onSilent: () => void, now: () => number = Date.now) {
  let last = now();
  const timer = setInterval(() => {
    if (now() - last < limitMs) return;
    clearInterval(timer);
    onSilent();
  }, 1000);
  return {
    alive: () => {
      last = now();
    },
    stop: () => clearInterval(timer),
  };
}

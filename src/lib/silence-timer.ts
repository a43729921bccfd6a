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

/**
 * A watchdog's silence limit: `limitMs`, or a shorter one set on the page before it loads
 * (`globalThis.__localkitStallMs`), so an end-to-end test of a hang sees it ended in seconds. A value that is no
 * number, above `limitMs` or below `minMs` is ignored: the limit is only ever shortened, never lengthened or off.
 */
export function shortenedLimit(limitMs: number, minMs: number, scope: object = globalThis): number {
  const asked = (scope as { __localkitStallMs?: unknown }).__localkitStallMs;
  return typeof asked === 'number' && asked >= minMs && asked <= limitMs ? asked : limitMs;
}

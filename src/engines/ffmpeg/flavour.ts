// Which ffmpeg.wasm core this browser runs; small and free of the engine, so the offline page can ask too.

/**
 * The threaded core needs a cross-origin isolated page and the SharedArrayBuffer global its glue code names:
 * WebKitGTK 2.50 is isolated yet exposes no SharedArrayBuffer (on the window or in workers), where the
 * threaded core fails on every file.
 *
 * Gecko is left out too: the threaded core starts its 32 pthread workers from inside @ffmpeg/ffmpeg's own
 * worker, and in Firefox ESR 153 `new Worker()` called in a worker can block that worker for good (a bare
 * module worker making 32 blob-URL workers stuck in the constructor after 4 to 26 of them in 4 runs of 6, with or
 * without a turn of the event loop between them; the threaded core itself never finished starting in 8 tries
 * of 8 on an idle machine). The single-thread core starts in about a second there.
 */
export function coreFlavour(isolated: boolean, sharedArrayBuffer: boolean, nestedWorkersHang = false): 'mt' | 'st' {
  return isolated && sharedArrayBuffer && !nestedWorkersHang ? 'mt' : 'st';
}

/** Gecko (Firefox) by its user agent: "Gecko/<date or version>", which Blink and WebKit write only as "like Gecko". */
export function isGecko(userAgent: string): boolean {
  return /\bGecko\/\d/.test(userAgent) && !/like Gecko/.test(userAgent);
}

/** The core this browser can run, by feature detection (and Gecko's nested-worker hang). */
export function browserCoreFlavour(): 'mt' | 'st' {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return coreFlavour(typeof crossOriginIsolated !== 'undefined' && crossOriginIsolated, typeof SharedArrayBuffer === 'function', isGecko(ua));
}

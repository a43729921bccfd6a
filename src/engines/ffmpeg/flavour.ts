// Which ffmpeg.wasm core this browser runs; small and free of the engine, so the offline page can ask too.

/**
 * The threaded core needs a cross-origin isolated page and the SharedArrayBuffer global its glue code names:
 * WebKitGTK 2.50 is isolated yet exposes no SharedArrayBuffer (on the window or in workers), where the
 * threaded core fails on every file.
 */
export function coreFlavour(isolated: boolean, sharedArrayBuffer: boolean): 'mt' | 'st' {
  return isolated && sharedArrayBuffer ? 'mt' : 'st';
}

/** The core this browser can run, by feature detection. */
export function browserCoreFlavour(): 'mt' | 'st' {
  return coreFlavour(typeof crossOriginIsolated !== 'undefined' && crossOriginIsolated, typeof SharedArrayBuffer === 'function');
}

// The everyday image codecs (MozJPEG, WebP, OxiPNG, AVIF, JPEG XL, libheif, resize: about 10 MB of wasm)
// are fetched into the engine cache once the app is idle after its service worker is installed, so compress,
// convert and resize work offline after a first visit to any page. They stay out of the precache, which
// every visitor downloads before the app counts as installed.
import { loadEngines } from './engines';
import { storeFiles, storedState } from './store';
import { APPLYING_UPDATE } from '../serviceWorker';

export type PrefetchState = 'fetching' | 'ready' | 'failed';

/** The state is on <html data-offline-codecs> (tests wait for "ready") and in an "offline-codecs" event. */
function announce(state: PrefetchState): void {
  document.documentElement.dataset.offlineCodecs = state;
  window.dispatchEvent(new CustomEvent('offline-codecs', { detail: state }));
}

let running: Promise<void> | undefined;

export function prefetchCodecs(): Promise<void> {
  running ??= (async () => {
    const stop = new AbortController();
    const onUpdate = () => stop.abort();
    window.addEventListener(APPLYING_UPDATE, onUpdate, { once: true });
    try {
      const engines = await loadEngines();
      for (const engine of engines.filter((e) => e.auto)) {
        const { missing } = await storedState(engine.files);
        if (missing.length === 0) continue;
        announce('fetching');
        await storeFiles(missing, undefined, stop.signal);
      }
      announce('ready');
    } catch (error) {
      // Offline or interrupted: the next visit tries again; the tools fetch what they need anyway.
      console.warn('Background codec download stopped', error);
      announce('failed');
    } finally {
      window.removeEventListener(APPLYING_UPDATE, onUpdate);
      running = undefined;
    }
  })();
  return running;
}

import type { FFmpeg } from '@ffmpeg/ffmpeg';
import { engineLoadError, isOffline } from '../../lib/errors';
import { fetchWithProgress, type DownloadProgress } from './download';
import { browserCoreFlavour } from './flavour';
import { FfmpegLoader } from './loader';

/** Where the build puts the cores (see vite-plugin-ffmpeg.ts): never a CDN. */
const FFMPEG_BASE = '/ffmpeg';

export function coreFiles(flavour: 'mt' | 'st'): { core: string; wasm: string; worker?: string } {
  const dir = `${FFMPEG_BASE}/${flavour}`;
  return { core: `${dir}/ffmpeg-core.js`, wasm: `${dir}/ffmpeg-core.wasm`, worker: flavour === 'mt' ? `${dir}/ffmpeg-core.worker.js` : undefined };
}

const downloadListeners = new Set<(p: DownloadProgress) => void>();

/** Follows the engine download (core + wasm); returns the unsubscribe function. */
export function onEngineDownload(listener: (p: DownloadProgress) => void): () => void {
  downloadListeners.add(listener);
  return () => downloadListeners.delete(listener);
}

/**
 * Starting the threaded core (compiling 31 MB of wasm, starting 32 pthread workers) took 3.5 to 6.2 s in Chromium
 * with both cores busy; past 15 s it is taken as hung and the single-thread core starts instead. Browsers where it
 * is known to hang (Firefox, see flavour.ts) never try it.
 */
const LOAD_TIMEOUT_MS = 15_000;
/**
 * The single-thread core has no threads to hang on and starts in about a second, but compiling its wasm with both
 * cores busy took over 15 s in Firefox (the audio converter's Vorbis row said "did not start" with the machine's load
 * at 30): it gets a minute, and a start past that is still an error, never a wait for good.
 */
const ST_LOAD_TIMEOUT_MS = 60_000;

let started: 'mt' | 'st' | undefined;
/** Set once the threaded core hung in a job (stall.ts): the page runs the single-thread core from then on. */
let threadedHung = false;
/** The core the running instance was started from (undefined before it is). */
export function startedCore(): 'mt' | 'st' | undefined {
  return started;
}

const loader = new FfmpegLoader<FFmpeg>({
  create: async () => new (await import('@ffmpeg/ffmpeg')).FFmpeg(),
  loadTimeoutMs: () => (started === 'mt' ? LOAD_TIMEOUT_MS : ST_LOAD_TIMEOUT_MS),
  // A threaded core that never finished starting (Firefox, now and then) gives way to the single-thread one.
  retries: browserCoreFlavour() === 'mt' ? 1 : 0,
  resolveCore: async (attempt) => {
    const flavour = attempt === 0 && !threadedHung ? browserCoreFlavour() : 'st';
    const files = coreFiles(flavour);
    started = flavour;
    const emit = (p: DownloadProgress) => downloadListeners.forEach((l) => l(p));
    try {
      const [coreURL, wasmURL, workerURL] = await Promise.all([
        fetchWithProgress(files.core, 'text/javascript', emit),
        fetchWithProgress(files.wasm, 'application/wasm', emit),
        files.worker ? fetchWithProgress(files.worker, 'text/javascript', emit) : Promise.resolve(undefined),
      ]);
      return { coreURL, wasmURL, workerURL };
    } catch (error) {
      // Offline, the failed download is the missing engine: the message says so and names it.
      throw (await isOffline()) ? await engineLoadError('ffmpeg.wasm') : error;
    }
  },
});

/** The one ffmpeg instance, loaded on first call. */
export function getFfmpeg(): Promise<FFmpeg> {
  return loader.get();
}

/** Frees the engine's memory; the next job loads it again. Also how a running job is stopped. */
export function releaseFfmpeg(): void {
  loader.release();
}

/** Ends a threaded instance that hung in exec; the next job starts the single-thread core. */
export function abandonThreadedCore(): void {
  threadedHung = true;
  loader.release();
}

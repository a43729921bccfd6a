// The engines manifest (engines.json, written by scripts/engines-manifest.mjs at build time): every file a
// tool can fetch at run time, grouped by engine, with its real size.
import { browserCoreFlavour } from '../../engines/ffmpeg/flavour';

export interface EngineFile {
  url: string;
  size: number;
}

export interface Engine {
  id: 'codecs' | 'tools' | 'ffmpeg' | 'removebg' | 'pdf';
  /** Fetched in the background after the first visit (the everyday image codecs, the tools' job-time code). */
  auto?: boolean;
  /** ffmpeg has a multi-threaded core for cross-origin isolated pages and a single-threaded one otherwise. */
  when?: 'isolated' | 'notIsolated';
  files: EngineFile[];
}

let manifest: Promise<Engine[]> | undefined;

/** The engines this browser would use (precached with the app, so it loads offline too). */
export function loadEngines(): Promise<Engine[]> {
  manifest ??= fetch('/engines.json')
    .then(async (r) => {
      if (!r.ok) throw new Error(`engines.json: HTTP ${r.status}`);
      // The threaded ffmpeg core only where it can run (an isolated page that exposes SharedArrayBuffer).
      const isolated = browserCoreFlavour() === 'mt';
      const { engines } = (await r.json()) as { engines: Engine[] };
      return engines.filter((e) => !e.when || e.when === (isolated ? 'isolated' : 'notIsolated'));
    })
    .catch((error: unknown) => {
      manifest = undefined;
      throw error;
    });
  return manifest;
}

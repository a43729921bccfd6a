// The one ffmpeg.wasm instance of the app: loaded on first need, shared by every caller, released on demand.

/** What the loader needs of an ffmpeg instance (FFmpeg from @ffmpeg/ffmpeg has it; tests pass fakes). */
export interface FfmpegLike {
  load(config: { coreURL: string; wasmURL: string; workerURL?: string }): Promise<unknown>;
  terminate(): void;
}

export type LoaderState = 'idle' | 'loading' | 'ready';

export interface LoaderDeps<F extends FfmpegLike> {
  create: () => F | Promise<F>;
  /** Resolves the URLs to load the core from (downloads them with progress, picks st or mt). */
  resolveCore: () => Promise<{ coreURL: string; wasmURL: string; workerURL?: string }>;
}

/**
 * Exactly one instance. Concurrent callers await the same load; a failed load resets to idle so a retry
 * starts afresh; release() terminates the instance (freeing its memory) and the next get() loads again.
 */
export class FfmpegLoader<F extends FfmpegLike> {
  private instance: F | null = null;
  private pending: Promise<F> | null = null;
  private generation = 0;

  constructor(private readonly deps: LoaderDeps<F>) {}

  get state(): LoaderState {
    return this.instance ? 'ready' : this.pending ? 'loading' : 'idle';
  }

  get(): Promise<F> {
    if (this.instance) return Promise.resolve(this.instance);
    if (this.pending) return this.pending;
    const generation = ++this.generation;
    let made: F | null = null;
    const load = (async () => {
      made = await this.deps.create();
      const urls = await this.deps.resolveCore();
      await made.load(urls);
      return made;
    })();
    this.pending = load.then(
      (ffmpeg) => {
        if (generation !== this.generation) {
          // Released while loading: this instance is not wanted any more.
          ffmpeg.terminate();
          throw new Error('called terminate');
        }
        this.instance = ffmpeg;
        this.pending = null;
        return ffmpeg;
      },
      (error: unknown) => {
        if (generation === this.generation) this.pending = null;
        try {
          (made as F | null)?.terminate();
        } catch {
          // A half-made instance may not terminate cleanly; it is dropped either way.
        }
        throw error;
      },
    );
    return this.pending;
  }

  /** Terminates the instance (and any load in flight); calls in flight reject with "called terminate". */
  release(): void {
    this.generation++;
    const instance = this.instance;
    this.instance = null;
    this.pending = null;
    instance?.terminate();
  }
}

// The one ffmpeg.wasm instance of the app: loaded on first need, shared by every caller, released on demand.

/** What the loader needs of an ffmpeg instance (FFmpeg from @ffmpeg/ffmpeg has it; tests pass fakes). */
export interface FfmpegLike {
  load(config: { coreURL: string; wasmURL: string; workerURL?: string }): Promise<unknown>;
  terminate(): void;
}

export type LoaderState = 'idle' | 'loading' | 'ready';

export interface LoaderDeps<F extends FfmpegLike> {
  create: () => F | Promise<F>;
  /** Resolves the URLs to load the core from (downloads them with progress, picks st or mt); attempt 0 first. */
  resolveCore: (attempt: number) => Promise<{ coreURL: string; wasmURL: string; workerURL?: string }>;
  /**
   * How long an instance may take to start once its files are here; past it, the next attempt (or an error). A
   * function is asked after resolveCore, so it can give each core its own time.
   */
  loadTimeoutMs?: number | ((attempt: number) => number);
  /** Further attempts after a start that timed out (e.g. the single-thread core after the threaded one). */
  retries?: number;
}

/** The message of a start that never finished: the threaded core can hang while starting its threads (seen in Firefox). */
export const ERROR_LOAD_TIMEOUT = 'ffmpeg did not start in time';

/** True when the promise settles in time, false past it; its rejection passes through. */
function settlesWithin(promise: Promise<unknown>, ms: number | undefined): Promise<boolean> {
  if (!ms) return promise.then(() => true);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([promise.then(() => true), late]).finally(() => clearTimeout(timer));
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
      for (let attempt = 0; ; attempt++) {
        made = await this.deps.create();
        const urls = await this.deps.resolveCore(attempt);
        const timeout = typeof this.deps.loadTimeoutMs === 'function' ? this.deps.loadTimeoutMs(attempt) : this.deps.loadTimeoutMs;
        if (await settlesWithin(made.load(urls), timeout)) return made;
        made.terminate();
        made = null;
        if (attempt >= (this.deps.retries ?? 0) || generation !== this.generation) throw new Error(ERROR_LOAD_TIMEOUT);
      }
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

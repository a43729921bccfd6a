// Sends comparisons to the worker: the newest request wins, an outdated one still running is
// stopped, large texts are debounced. A small external store for useSyncExternalStore.
import { beginActivity } from '../../../kit/activity';
import { toErrorKey } from '../../../lib/errors';
import { unwrap } from '../../../runtime/envelope';
import { WorkerPool } from '../../../runtime/WorkerPool';
import type { DiffApi } from './diff.worker';
import type { DiffRequest } from './protocol';
import { unpackDiff } from './packed';
import type { DiffOptions, ShownDiff } from './types';

export interface DiffJob {
  a: string;
  b: string;
  options: DiffOptions;
  patch: { a: string; b: string } | null;
}

interface DiffState {
  /** The id of the response shown; changes with every new result. */
  id: number;
  result: ShownDiff | null;
  patch: string | null;
  error: { key: string; params?: Record<string, string | number> } | null;
  /** A comparison is on its way. */
  busy: boolean;
  /** …and has taken long enough to say so. */
  slow: boolean;
  cancelled: boolean;
}

/** The comparison's own time limit: it stops and answers 'errors.tooComplex'. */
export const TIMEOUT_MS = 20_000;
/**
 * The wall-clock bound: a worker that has not answered by then (stuck somewhere the limit above is
 * not checked, or busy posting a huge result) is terminated, with the same message.
 */
export const KILL_AFTER_MS = TIMEOUT_MS + 3_000;

/**
 * The limit for this comparison: TIMEOUT_MS, unless the page holds a shorter `localkitDiffTimeLimitMs` (set only by
 * an end-to-end test, to see the give-up path in seconds). It can only shorten the limit, never lengthen it.
 */
export function timeLimitMs(): number {
  const asked = (globalThis as { localkitDiffTimeLimitMs?: unknown }).localkitDiffTimeLimitMs;
  return typeof asked === 'number' && asked > 0 && asked < TIMEOUT_MS ? asked : TIMEOUT_MS;
}
const SLOW_AFTER_MS = 250;

type WorkerFactory = () => Worker;

const diffWorker: WorkerFactory = () => new Worker(new URL('./diff.worker.ts', import.meta.url), { type: 'module', name: 'text-diff' });

/** No wait for small texts; a pause in typing for large ones. */
function debounceFor(job: DiffJob): number {
  const size = job.a.length + job.b.length;
  return size > 1_000_000 ? 400 : size > 100_000 ? 200 : size > 20_000 ? 80 : 0;
}

export class DiffClient {
  private readonly pool: WorkerPool<DiffApi> | null;
  private seq = 0;
  /** The comparison on its way: aborting it terminates its worker (the only way to stop jsdiff mid-run). */
  private running: { id: number; stop: AbortController } | null = null;
  private lastJob: DiffJob | null = null;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private slowTimer: ReturnType<typeof setTimeout> | undefined;
  private killTimer: ReturnType<typeof setTimeout> | undefined;
  private endActivity: (() => void) | null = null;
  private listeners = new Set<() => void>();
  private state: DiffState = { id: 0, result: null, patch: null, error: null, busy: false, slow: false, cancelled: false };

  /** `createWorker`: tests pass their own; null compares on this thread (no Worker in the browser). */
  constructor(createWorker: WorkerFactory | null = typeof Worker === 'undefined' ? null : diffWorker) {
    this.pool = createWorker ? new WorkerPool<DiffApi>(createWorker, 1) : null;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.state;

  private set(patch: Partial<DiffState>) {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((l) => l());
  }

  /** Compares these texts (null: nothing to compare). */
  request(job: DiffJob | null) {
    clearTimeout(this.debounce);
    this.lastJob = job;
    const id = ++this.seq;
    if (!job) {
      this.stop();
      this.set({ id, result: null, patch: null, error: null, busy: false, slow: false, cancelled: false });
      return;
    }
    this.debounce = setTimeout(() => this.send(id, job), debounceFor(job));
  }

  /** Stops the comparison on its way; the last result stays on screen. */
  cancel() {
    clearTimeout(this.debounce);
    this.seq++;
    this.stop();
    this.set({ busy: false, slow: false, cancelled: true });
  }

  retry() {
    this.request(this.lastJob);
  }

  /** Frees the worker (unmount). The client can be used again: a new worker starts on demand. */
  dispose() {
    clearTimeout(this.debounce);
    this.stop();
    this.pool?.terminate();
  }

  private stop() {
    // The next request starts a fresh worker.
    this.running?.stop.abort();
    this.running = null;
    clearTimeout(this.slowTimer);
    clearTimeout(this.killTimer);
    this.endActivity?.();
    this.endActivity = null;
  }

  private send(id: number, job: DiffJob) {
    this.stop();
    const timeoutMs = timeLimitMs();
    const request: DiffRequest = { a: job.a, b: job.b, options: job.options, patch: job.patch, timeoutMs };
    const stop = new AbortController();
    this.running = { id, stop };
    this.endActivity = beginActivity();
    this.set({ busy: true, cancelled: false });
    this.slowTimer = setTimeout(() => this.set({ slow: true }), SLOW_AFTER_MS);
    this.killTimer = setTimeout(() => this.timedOut(id), timeoutMs + (KILL_AFTER_MS - TIMEOUT_MS));
    const answer = this.pool
      ? this.pool.call((api) => api.diff(request), stop.signal)
      : // No Worker (very old browsers): compare on this thread, loading jsdiff only now.
        import('./protocol').then(({ runDiff }) => runDiff(request)).then(unwrap);
    answer.then(
      (value) => this.receive(id, { result: unpackDiff(value.result, job.a, job.b), patch: value.patch, error: null }),
      (error: unknown) => this.receive(id, { result: null, patch: null, error: toErrorKey(error, 'common:errors.unknown') }),
    );
  }

  /** No answer in time: the worker is terminated (stop() aborts the request still running). */
  private timedOut(id: number) {
    if (id !== this.running?.id) return;
    this.stop();
    this.set({ id, result: null, patch: null, error: { key: 'errors.tooComplex' }, busy: false, slow: false });
  }

  private receive(id: number, answer: Pick<DiffState, 'result' | 'patch' | 'error'>) {
    // An answer to a request stopped since (cancelled, replaced, timed out) changes nothing.
    if (id !== this.running?.id) return;
    this.running = null;
    this.stop();
    this.set({ id, ...answer, busy: false, slow: false });
  }
}

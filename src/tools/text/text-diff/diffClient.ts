// Sends comparisons to the worker: the newest request wins, an outdated one still running is
// stopped, large texts are debounced. A small external store for useSyncExternalStore.
import { beginActivity } from '../../../kit/activity';
import type { DiffRequest, DiffResponse } from './protocol';
import type { DiffOptions, DiffResult } from './types';

export interface DiffJob {
  a: string;
  b: string;
  options: DiffOptions;
  patch: { a: string; b: string } | null;
}

interface DiffState {
  /** The id of the response shown; changes with every new result. */
  id: number;
  result: DiffResult | null;
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
const SLOW_AFTER_MS = 250;

type WorkerFactory = () => Worker;

const diffWorker: WorkerFactory = () => new Worker(new URL('./diff.worker.ts', import.meta.url), { type: 'module', name: 'text-diff' });

/** No wait for small texts; a pause in typing for large ones. */
function debounceFor(job: DiffJob): number {
  const size = job.a.length + job.b.length;
  return size > 1_000_000 ? 400 : size > 100_000 ? 200 : size > 20_000 ? 80 : 0;
}

export class DiffClient {
  private worker: Worker | null = null;
  private seq = 0;
  private running: number | null = null;
  private lastJob: DiffJob | null = null;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private slowTimer: ReturnType<typeof setTimeout> | undefined;
  private killTimer: ReturnType<typeof setTimeout> | undefined;
  private endActivity: (() => void) | null = null;
  private listeners = new Set<() => void>();
  private state: DiffState = { id: 0, result: null, patch: null, error: null, busy: false, slow: false, cancelled: false };

  /** `createWorker`: tests pass their own; null compares on this thread (no Worker in the browser). */
  constructor(private readonly createWorker: WorkerFactory | null = typeof Worker === 'undefined' ? null : diffWorker) {}

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
  }

  private stop() {
    if (this.running !== null) {
      // Terminating is the only way to stop jsdiff mid-run; the next request starts a fresh worker.
      this.worker?.terminate();
      this.worker = null;
      this.running = null;
    }
    clearTimeout(this.slowTimer);
    clearTimeout(this.killTimer);
    this.endActivity?.();
    this.endActivity = null;
  }

  private send(id: number, job: DiffJob) {
    this.stop();
    const request: DiffRequest = { id, a: job.a, b: job.b, options: job.options, patch: job.patch, timeoutMs: TIMEOUT_MS };
    this.running = id;
    this.endActivity = beginActivity();
    this.set({ busy: true, cancelled: false });
    this.slowTimer = setTimeout(() => this.set({ slow: true }), SLOW_AFTER_MS);
    const worker = this.getWorker();
    if (worker) {
      worker.postMessage(request);
      this.killTimer = setTimeout(() => this.timedOut(id), KILL_AFTER_MS);
    }
    // No Worker (very old browsers): compare on this thread, loading jsdiff only now.
    else void import('./protocol').then(({ runDiff }) => this.receive(runDiff(request)));
  }

  /** No answer in time: the worker is terminated (stop() does, while the request still runs). */
  private timedOut(id: number) {
    if (id !== this.running) return;
    this.stop();
    this.set({ id, result: null, patch: null, error: { key: 'errors.tooComplex' }, busy: false, slow: false });
  }

  private receive(response: DiffResponse) {
    if (response.id !== this.running) return;
    this.running = null;
    this.stop();
    if (response.ok) this.set({ id: response.id, result: response.result, patch: response.patch, error: null, busy: false, slow: false });
    else this.set({ id: response.id, result: null, patch: null, error: { key: response.key, params: response.params }, busy: false, slow: false });
  }

  private getWorker(): Worker | null {
    if (this.worker) return this.worker;
    if (!this.createWorker) return null;
    let worker: Worker;
    try {
      worker = this.createWorker();
    } catch {
      return null;
    }
    worker.onmessage = (event: MessageEvent<DiffResponse>) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      const id = this.running;
      this.worker?.terminate();
      this.worker = null;
      if (id !== null) this.receive({ id, ok: false, key: 'common:errors.workerFailed' });
    };
    this.worker = worker;
    return worker;
  }
}

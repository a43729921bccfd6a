import * as Comlink from 'comlink';
import { unwrap, type Envelope } from './envelope';

interface Slot<T> {
  worker: Worker;
  api: Comlink.Remote<T>;
  busy: boolean;
  /** Rejects the call in flight on this worker (used when the worker is terminated). */
  fail?: (error: unknown) => void;
}

const abortError = () => new DOMException('Aborted', 'AbortError');

/**
 * A small pool of Web Workers for light per-file work, size = cores. Workers are made lazily, on first
 * need. Cancelling a job terminates its worker (the only way to stop wasm mid-call); a fresh one is made
 * when next needed. Heavy engines (the AI model, ffmpeg) do not belong here: they get one worker each.
 */
export class WorkerPool<T> {
  private slots: Slot<T>[] = [];
  private waiting: Array<() => void> = [];
  readonly size: number;

  constructor(
    private readonly create: () => Worker,
    size?: number,
  ) {
    this.size = Math.max(1, size ?? navigator.hardwareConcurrency ?? 2);
  }

  /**
   * Runs `task` on a free worker; aborting the signal terminates that worker and rejects with AbortError. `first`:
   * when every worker is busy, this task waits ahead of those already waiting (what the user looks at now).
   */
  async run<R>(task: (api: Comlink.Remote<T>) => Promise<R>, signal?: AbortSignal, { first = false }: { first?: boolean } = {}): Promise<R> {
    const slot = await this.acquire(signal, first);
    let discarded = false;
    let onWorkerError: ((e: ErrorEvent) => void) | undefined;
    const onAbort = () => {
      discarded = true;
      this.discard(slot, abortError());
    };
    try {
      const stopped = new Promise<never>((_, reject) => {
        slot.fail = reject;
        onWorkerError = (e) => {
          discarded = true;
          this.discard(slot, Object.assign(new Error(e.message || 'worker error'), { key: 'common:errors.workerFailed' }));
        };
        slot.worker.addEventListener('error', onWorkerError);
        if (signal?.aborted) onAbort();
        else signal?.addEventListener('abort', onAbort, { once: true });
      });
      return await Promise.race([task(slot.api), stopped]);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (onWorkerError) slot.worker.removeEventListener('error', onWorkerError);
      slot.fail = undefined;
      if (!discarded) this.release(slot);
    }
  }

  /** `run` for a worker call that answers with an Envelope: its value, or its error thrown as a ToolError. */
  async call<R>(task: (api: Comlink.Remote<T>) => Promise<Envelope<R>>, signal?: AbortSignal, options?: { first?: boolean }): Promise<R> {
    return unwrap(await this.run(task, signal, options));
  }

  /** Terminates every worker (e.g. when the tool's page unmounts); calls in flight reject with AbortError. */
  terminate(): void {
    const slots = this.slots;
    this.slots = [];
    slots.forEach((s) => {
      s.worker.terminate();
      s.fail?.(abortError());
    });
    this.waiting.splice(0).forEach((retry) => retry());
  }

  private acquire(signal?: AbortSignal, first = false): Promise<Slot<T>> {
    return new Promise((resolve, reject) => {
      // A waiting call cancelled leaves the queue at once: left in it, it would reject only when a worker came free,
      // and take that turn without passing it on, so the calls behind it would wait for a release that never comes.
      const onAbort = () => {
        const at = this.waiting.indexOf(attempt);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(abortError());
      };
      const attempt = () => {
        if (signal?.aborted) return reject(abortError());
        let slot = this.slots.find((s) => !s.busy);
        if (!slot && this.slots.length < this.size) {
          const worker = this.create();
          slot = { worker, api: Comlink.wrap<T>(worker), busy: false };
          this.slots.push(slot);
        }
        if (!slot) {
          if (first) this.waiting.unshift(attempt);
          else this.waiting.push(attempt);
          signal?.addEventListener('abort', onAbort, { once: true });
          return;
        }
        signal?.removeEventListener('abort', onAbort);
        slot.busy = true;
        resolve(slot);
      };
      attempt();
    });
  }

  private release(slot: Slot<T>): void {
    slot.busy = false;
    this.waiting.shift()?.();
  }

  private discard(slot: Slot<T>, reason: unknown): void {
    slot.worker.terminate();
    slot.fail?.(reason);
    this.slots = this.slots.filter((s) => s !== slot);
    this.waiting.shift()?.();
  }
}

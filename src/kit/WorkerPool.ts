import * as Comlink from 'comlink';

interface Slot<T> {
  worker: Worker;
  api: Comlink.Remote<T>;
  busy: boolean;
}

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

  /** Runs `task` on a free worker; aborting the signal terminates that worker and rejects with AbortError. */
  async run<R>(task: (api: Comlink.Remote<T>) => Promise<R>, signal?: AbortSignal): Promise<R> {
    const slot = await this.acquire(signal);
    let aborted = false;
    const onAbort = () => {
      aborted = true;
      this.discard(slot);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const workerError = new Promise<never>((_, reject) => {
        slot.worker.addEventListener('error', (e) => reject(Object.assign(new Error(e.message || 'worker error'), { key: 'errors.workerFailed' })), { once: true });
      });
      const abortError = new Promise<never>((_, reject) => {
        if (signal?.aborted) reject(new DOMException('Aborted', 'AbortError'));
        signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true });
      });
      return await Promise.race([task(slot.api), workerError, abortError]);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (!aborted) this.release(slot);
    }
  }

  /** Terminates every worker (e.g. when the tool's page unmounts). */
  terminate(): void {
    this.slots.forEach((s) => s.worker.terminate());
    this.slots = [];
  }

  private acquire(signal?: AbortSignal): Promise<Slot<T>> {
    return new Promise((resolve, reject) => {
      const attempt = () => {
        if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
        let slot = this.slots.find((s) => !s.busy);
        if (!slot && this.slots.length < this.size) {
          const worker = this.create();
          slot = { worker, api: Comlink.wrap<T>(worker), busy: false };
          this.slots.push(slot);
        }
        if (!slot) return this.waiting.push(attempt);
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

  private discard(slot: Slot<T>): void {
    slot.worker.terminate();
    this.slots = this.slots.filter((s) => s !== slot);
    this.waiting.shift()?.();
  }
}

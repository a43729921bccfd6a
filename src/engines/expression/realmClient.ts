import type { RealmAnswer, RealmMessage } from './realmWorker';

/**
 * The page's side of an expression realm (realmWorker.ts): one module Worker, made on first use. One
 * request runs at a time; a newer one waits, and replaces any older one still waiting ('superseded').
 * A request that runs longer than `runawayMs` terminates the worker ('timeout'), so a hanging expression
 * never holds the page; a worker whose run changed shared state ('tainted') is replaced before the next
 * request. The next request after either starts a fresh worker.
 */

type RealmResult<Res> = { ok: true; response: Res } | { ok: false; reason: 'timeout' | 'failed' | 'superseded' | 'disposed' };

interface RealmClientOptions {
  /** The longest one evaluation may take once the worker is ready. */
  runawayMs: number;
  /** The longest the worker may take to load its library. */
  loadMs: number;
}

interface Pending<Req, Res> {
  request: Req;
  resolve: (result: RealmResult<Res>) => void;
}

interface Running<Res> {
  id: number;
  resolve: (result: RealmResult<Res>) => void;
  timer?: ReturnType<typeof setTimeout>;
}

export class RealmClient<Req, Res> {
  private worker: Worker | null = null;
  private ready = false;
  private seq = 0;
  private running: Running<Res> | null = null;
  private waiting: Pending<Req, Res> | null = null;
  /** Workers made so far (tests and measurements). */
  workersMade = 0;

  constructor(
    private readonly create: () => Worker,
    private readonly options: RealmClientOptions,
  ) {}

  run(request: Req): Promise<RealmResult<Res>> {
    return new Promise((resolve) => {
      this.waiting?.resolve({ ok: false, reason: 'superseded' });
      this.waiting = { request, resolve };
      this.next();
    });
  }

  /** Terminates the worker and drops what is pending; the client can be used again (a new worker starts on demand). */
  dispose(): void {
    const running = this.running;
    const waiting = this.waiting;
    this.running = null;
    this.waiting = null;
    clearTimeout(running?.timer);
    this.retire();
    running?.resolve({ ok: false, reason: 'disposed' });
    waiting?.resolve({ ok: false, reason: 'disposed' });
  }

  private next(): void {
    if (this.running || !this.waiting) return;
    const { request, resolve } = this.waiting;
    this.waiting = null;
    let worker: Worker;
    try {
      worker = this.getWorker();
    } catch {
      resolve({ ok: false, reason: 'failed' });
      return;
    }
    const id = ++this.seq;
    this.running = { id, resolve };
    const message: RealmMessage<Req> = { id, request };
    worker.postMessage(message);
    this.arm();
  }

  /** The runaway bound counts from when the worker is ready: loading the library has its own bound. */
  private arm(): void {
    const running = this.running;
    if (!running) return;
    clearTimeout(running.timer);
    running.timer = setTimeout(() => this.finish({ ok: false, reason: this.ready ? 'timeout' : 'failed' }, true), this.ready ? this.options.runawayMs : this.options.loadMs);
  }

  private finish(result: RealmResult<Res>, retire: boolean): void {
    const running = this.running;
    this.running = null;
    clearTimeout(running?.timer);
    if (retire) this.retire();
    running?.resolve(result);
    this.next();
  }

  private retire(): void {
    this.worker?.terminate();
    this.worker = null;
    this.ready = false;
  }

  private getWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = this.create();
    this.workersMade++;
    worker.onmessage = (event: MessageEvent<RealmAnswer<Res> | { ready: boolean }>) => {
      if (worker !== this.worker) return;
      const data = event.data;
      if ('ready' in data) {
        if (!data.ready) return this.finish({ ok: false, reason: 'failed' }, true);
        this.ready = true;
        this.arm();
        return;
      }
      if (!this.running || data.id !== this.running.id) return;
      this.finish({ ok: true, response: data.response }, data.tainted);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker === this.worker) this.finish({ ok: false, reason: 'failed' }, true);
    };
    this.worker = worker;
    return worker;
  }
}

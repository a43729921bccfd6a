import type { UnproxyOrClone } from 'comlink';
import type { Envelope } from '../../runtime/envelope';
import { WorkerPool } from '../../runtime/WorkerPool';
import type { RealmAnswer, RealmApi } from './realmWorker';

/**
 * The page's side of an expression realm (realmWorker.ts): one module Worker in a pool of one, made on
 * first use. One request runs at a time; a newer one waits, and replaces any older one still waiting
 * ('superseded'). A request that runs longer than `runawayMs` terminates the worker ('timeout'), so a
 * hanging expression never holds the page; a worker whose run changed shared state ('tainted') is
 * replaced before the next request. The next request after either starts a fresh worker.
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

/** Why a request was stopped: the reason its AbortController was aborted with. */
type Ending = 'timeout' | 'failed' | 'disposed';

export class RealmClient<Req, Res> {
  private readonly pool: WorkerPool<RealmApi<Req, Res>>;
  private running: AbortController | null = null;
  private waiting: Pending<Req, Res> | null = null;
  /** The pool's worker has loaded its library (asked once per worker). */
  private loaded = false;
  /** Workers made so far (tests and measurements). */
  workersMade = 0;

  constructor(
    create: () => Worker,
    private readonly options: RealmClientOptions,
  ) {
    this.pool = new WorkerPool<RealmApi<Req, Res>>(() => {
      this.workersMade++;
      return create();
    }, 1);
  }

  run(request: Req): Promise<RealmResult<Res>> {
    return new Promise((resolve) => {
      this.waiting?.resolve({ ok: false, reason: 'superseded' });
      this.waiting = { request, resolve };
      void this.next();
    });
  }

  /** Terminates the worker and drops what is pending; the client can be used again (a new worker starts on demand). */
  dispose(): void {
    const waiting = this.waiting;
    this.waiting = null;
    this.running?.abort('disposed' satisfies Ending);
    this.retire();
    waiting?.resolve({ ok: false, reason: 'disposed' });
  }

  private async next(): Promise<void> {
    if (this.running || !this.waiting) return;
    const { request, resolve } = this.waiting;
    this.waiting = null;
    const controller = new AbortController();
    this.running = controller;
    let result: RealmResult<Res>;
    try {
      const answer = await this.pool.call<RealmAnswer<Res>>(async (api) => {
        // The runaway bound counts from when the worker is ready: loading the library has its own bound.
        if (!this.loaded) {
          const ready = await this.bounded(controller, api.ready() as Promise<Envelope<true>>, this.options.loadMs, 'failed');
          if (!ready.ok) return ready;
          this.loaded = true;
        }
        return this.bounded(controller, api.run(request as UnproxyOrClone<Req>) as Promise<Envelope<RealmAnswer<Res>>>, this.options.runawayMs, 'timeout');
      }, controller.signal);
      if (answer.tainted) this.retire();
      result = { ok: true, response: answer.response };
    } catch {
      // Aborted (by a bound or dispose: the abort's reason says which) or the worker failed; either way it is gone.
      result = { ok: false, reason: controller.signal.aborted ? (controller.signal.reason as Ending) : 'failed' };
      this.retire();
    }
    this.running = null;
    resolve(result);
    void this.next();
  }

  /**
   * `promise`, unless `ms` pass first: then `controller`'s request ends with `reason` and its worker is terminated.
   * The timer belongs to that request alone: a promise that never settles (its worker is gone) leaves no timer
   * that could stop a later request.
   */
  private bounded<T>(controller: AbortController, promise: Promise<T>, ms: number, reason: Ending): Promise<T> {
    const timer = setTimeout(() => controller.abort(reason), ms);
    controller.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
    return promise.finally(() => clearTimeout(timer));
  }

  private retire(): void {
    this.pool.terminate();
    this.loaded = false;
  }
}

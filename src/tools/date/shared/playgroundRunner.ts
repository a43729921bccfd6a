import { RealmClient } from '../../../engines/expression/realmClient';
import { checkOutcome, type RunOutcome, type RunRequest } from './outcome';

/** The runaway bound: an expression still running after this is stopped (its worker terminated). */
const RUNAWAY_MS = 2000;
/** Loading the library in a new worker (a slow machine, a cold cache) has a bound of its own. */
const LOAD_MS = 30_000;

/** What the result panel shows: the expression and its outcome (null: nothing to evaluate). */
interface Shown {
  code: string;
  outcome: RunOutcome;
  /** A newer expression is on its way to the worker (the first one waits for the library to load). */
  pending: boolean;
}

/**
 * Runs a playground's expressions in its worker (one per playground, made on first use) and keeps the
 * newest answer for React (useSyncExternalStore). The page's thread only sends text and renders text.
 */
export class PlaygroundRunner {
  private readonly client: RealmClient<RunRequest, unknown>;
  private seq = 0;
  private shown: Shown = { code: '', outcome: null, pending: false };
  private listeners = new Set<() => void>();

  constructor(createWorker: () => Worker) {
    this.client = new RealmClient(createWorker, { runawayMs: RUNAWAY_MS, loadMs: LOAD_MS });
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.shown;

  /** Evaluates `code` in the library locale `locale`; the newest request wins. */
  request(code: string, locale: string): void {
    const seq = ++this.seq;
    if (!code.trim()) {
      this.set({ code, outcome: null, pending: false });
      return;
    }
    if (!this.shown.pending) this.set({ ...this.shown, pending: true });
    void this.client.run({ source: code, locale }).then((result) => {
      if (seq !== this.seq) return;
      if (result.ok) this.set({ code, outcome: checkOutcome(result.response), pending: false });
      else if (result.reason === 'timeout') this.set({ code, outcome: { ok: false, error: { key: 'date-playground:errors.timeout', params: { seconds: RUNAWAY_MS / 1000 } } }, pending: false });
      else if (result.reason === 'failed') this.set({ code, outcome: { ok: false, error: { key: 'common:errors.workerFailed' } }, pending: false });
    });
  }

  /** Frees the worker (page unmount); a later request starts a new one. */
  dispose(): void {
    this.seq++;
    this.client.dispose();
  }

  private set(shown: Shown) {
    this.shown = shown;
    this.listeners.forEach((l) => l());
  }
}

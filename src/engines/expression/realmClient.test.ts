import { expose } from 'comlink';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RealmClient } from './realmClient';
import type { RealmApi } from './realmWorker';

const READY_MS = 20;
const ANSWER_MS = 20;
const RUNAWAY_MS = 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Reply = (request: string) => { response?: string; tainted?: boolean; ms?: number } | 'hang';

/**
 * A stand-in for the realm's worker: the page's end of a MessageChannel whose other end serves a fake realm
 * through comlink, as realmWorker.ts does. Its library loads in READY_MS; it answers what `reply` says, or
 * never (a hang). Terminating it closes the channel.
 */
class FakeWorker extends EventTarget {
  static made: FakeWorker[] = [];
  terminated = false;
  received: string[] = [];
  readyAsked = 0;
  private readonly port: MessagePort;
  private readonly inside: MessagePort;

  constructor(reply: Reply, loads = true) {
    super();
    FakeWorker.made.push(this);
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.inside = channel.port2;
    const loaded = sleep(READY_MS);
    const api: RealmApi<string, string> = {
      ready: async () => (this.readyAsked++, await loaded, loads ? { ok: true, value: true } : { ok: false, error: { key: 'common:errors.workerFailed' } }),
      run: async (request) => {
        this.received.push(request);
        const answer = reply(request);
        if (answer === 'hang') return new Promise(() => undefined);
        await sleep(answer.ms ?? ANSWER_MS);
        return { ok: true, value: { response: answer.response ?? request.toUpperCase(), tainted: answer.tainted ?? false } };
      },
    };
    expose(api, this.inside);
  }
  postMessage(message: unknown, transfer?: Transferable[]) {
    if (!this.terminated) this.port.postMessage(message, transfer ?? []);
  }
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: AddEventListenerOptions | boolean) {
    if (type === 'message') this.port.addEventListener(type, listener as EventListener, options);
    else super.addEventListener(type, listener, options);
  }
  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: EventListenerOptions | boolean) {
    if (type === 'message') this.port.removeEventListener(type, listener as EventListener, options);
    else super.removeEventListener(type, listener, options);
  }
  start() {
    this.port.start();
  }
  terminate() {
    this.terminated = true;
    this.port.close();
    this.inside.close();
  }
  /** A script error in the worker, as the browser reports it. */
  fail() {
    this.dispatchEvent(Object.assign(new Event('error'), { message: 'boom' }));
  }
}

const client = (reply: Reply) => new RealmClient<string, string>(() => new FakeWorker(reply) as unknown as Worker, { runawayMs: RUNAWAY_MS, loadMs: 5000 });

describe('RealmClient', () => {
  beforeEach(() => {
    FakeWorker.made = [];
  });
  afterEach(() => FakeWorker.made.forEach((w) => w.terminate()));

  it('makes its worker on first use and answers requests in turn', async () => {
    const c = client(() => ({}));
    expect(FakeWorker.made).toHaveLength(0);
    expect(await c.run('a')).toEqual({ ok: true, response: 'A' });
    expect(await c.run('b')).toEqual({ ok: true, response: 'B' });
    expect(FakeWorker.made).toHaveLength(1);
    expect(c.workersMade).toBe(1);
    // Asked once: a worker whose thread is held later must meet the runaway bound, not the load bound.
    expect(FakeWorker.made[0].readyAsked).toBe(1);
  });

  it('runs one request at a time; a newer one replaces an older one still waiting', async () => {
    const c = client(() => ({}));
    const first = c.run('1');
    const second = c.run('2');
    const third = c.run('3');
    expect(await first).toEqual({ ok: true, response: '1' });
    expect(await second).toEqual({ ok: false, reason: 'superseded' });
    expect(await third).toEqual({ ok: true, response: '3' });
    expect(FakeWorker.made[0].received).toEqual(['1', '3']);
  });

  it('terminates a worker that runs past the runaway bound, counted from when it is ready, and starts a fresh one', async () => {
    const c = client((request) => (request === 'hang' ? 'hang' : {}));
    const started = performance.now();
    expect(await c.run('hang')).toEqual({ ok: false, reason: 'timeout' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(READY_MS + RUNAWAY_MS - 5);
    expect(FakeWorker.made[0].terminated).toBe(true);
    expect(await c.run('x')).toEqual({ ok: true, response: 'X' });
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('retires a worker whose run tainted its realm, after answering', async () => {
    const c = client((request) => ({ tainted: request === 'taint' }));
    expect(await c.run('taint')).toEqual({ ok: true, response: 'TAINT' });
    expect(FakeWorker.made[0].terminated).toBe(true);
    expect(await c.run('y')).toEqual({ ok: true, response: 'Y' });
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('reports a worker that fails or whose library does not load, and disposes of everything pending', async () => {
    const crashing = new RealmClient<string, string>(() => {
      const w = new FakeWorker(() => 'hang');
      setTimeout(() => w.fail(), 10);
      return w as unknown as Worker;
    }, { runawayMs: RUNAWAY_MS, loadMs: 5000 });
    expect(await crashing.run('a')).toEqual({ ok: false, reason: 'failed' });
    expect(FakeWorker.made[0].terminated).toBe(true);

    const unloadable = new RealmClient<string, string>(() => new FakeWorker(() => ({}), false) as unknown as Worker, { runawayMs: RUNAWAY_MS, loadMs: 5000 });
    expect(await unloadable.run('a')).toEqual({ ok: false, reason: 'failed' });

    const c = client(() => 'hang');
    const running = c.run('a');
    const pending = c.run('b');
    await sleep(READY_MS + 10);
    c.dispose();
    expect(await pending).toEqual({ ok: false, reason: 'disposed' });
    expect(await running).toEqual({ ok: false, reason: 'disposed' });
    expect(FakeWorker.made.at(-1)!.terminated).toBe(true);
    expect(await c.run('c').then((r) => r.ok)).toBe(false); // still hangs, on a fresh worker
  }, 10_000);

  it('leaves no bound behind that could stop a later request', async () => {
    // The first worker fails while its library loads: the load bound (300 ms) it was under must die with it.
    let first = true;
    const c = new RealmClient<string, string>(() => {
      const w = new FakeWorker(() => ({ ms: 500 }));
      if (first) setTimeout(() => w.fail(), 10);
      first = false;
      return w as unknown as Worker;
    }, { runawayMs: 1000, loadMs: 300 });
    expect(await c.run('a')).toEqual({ ok: false, reason: 'failed' });
    // Runs from ~10 ms to ~530 ms, across the moment the first load bound would have fired.
    expect(await c.run('b')).toEqual({ ok: true, response: 'B' });
  }, 10_000);
});

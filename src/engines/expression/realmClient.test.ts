import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealmClient } from './realmClient';

/** A stand-in for the realm's worker: answers what `reply` says, or nothing (a hang). */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  received: { id: number; request: string }[] = [];
  constructor(private readonly reply: (request: string) => { response?: string; tainted?: boolean } | 'hang') {
    FakeWorker.made.push(this);
    // The library loads: ready after 50 ms.
    setTimeout(() => this.emit({ ready: true }), 50);
  }
  postMessage(message: { id: number; request: string }) {
    this.received.push(message);
    const answer = this.reply(message.request);
    if (answer !== 'hang') setTimeout(() => this.emit({ id: message.id, response: answer.response ?? message.request.toUpperCase(), tainted: answer.tainted ?? false }), 60);
  }
  terminate() {
    this.terminated = true;
  }
  private emit(data: unknown) {
    if (!this.terminated) this.onmessage?.({ data } as MessageEvent);
  }
}

const client = (reply: ConstructorParameters<typeof FakeWorker>[0]) => new RealmClient<string, string>(() => new FakeWorker(reply) as unknown as Worker, { runawayMs: 2000, loadMs: 10_000 });

describe('RealmClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWorker.made = [];
  });
  afterEach(() => vi.useRealTimers());

  it('makes its worker on first use and answers requests in turn', async () => {
    const c = client(() => ({}));
    expect(FakeWorker.made).toHaveLength(0);
    const a = c.run('a');
    await vi.advanceTimersByTimeAsync(200);
    expect(await a).toEqual({ ok: true, response: 'A' });
    expect(await Promise.all([c.run('b'), vi.advanceTimersByTimeAsync(200)]).then(([r]) => r)).toEqual({ ok: true, response: 'B' });
    expect(FakeWorker.made).toHaveLength(1);
  });

  it('runs one request at a time; a newer one replaces an older one still waiting', async () => {
    const c = client(() => ({}));
    const first = c.run('1');
    const second = c.run('2');
    const third = c.run('3');
    await vi.advanceTimersByTimeAsync(500);
    expect(await first).toEqual({ ok: true, response: '1' });
    expect(await second).toEqual({ ok: false, reason: 'superseded' });
    expect(await third).toEqual({ ok: true, response: '3' });
    expect(FakeWorker.made[0].received.map((m) => m.request)).toEqual(['1', '3']);
  });

  it('terminates a worker that runs past the runaway bound and starts a fresh one for the next request', async () => {
    const c = client((request) => (request === 'hang' ? 'hang' : {}));
    const hung = c.run('hang');
    await vi.advanceTimersByTimeAsync(50 + 1999);
    let settled = false;
    void hung.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await hung).toEqual({ ok: false, reason: 'timeout' });
    expect(FakeWorker.made[0].terminated).toBe(true);
    const next = c.run('x');
    await vi.advanceTimersByTimeAsync(200);
    expect(await next).toEqual({ ok: true, response: 'X' });
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('retires a worker whose run tainted its realm, after answering', async () => {
    const c = client((request) => ({ tainted: request === 'taint' }));
    const tainted = c.run('taint');
    await vi.advanceTimersByTimeAsync(200);
    expect(await tainted).toEqual({ ok: true, response: 'TAINT' });
    expect(FakeWorker.made[0].terminated).toBe(true);
    const next = c.run('y');
    await vi.advanceTimersByTimeAsync(200);
    expect(await next).toEqual({ ok: true, response: 'Y' });
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('reports a worker that fails to load, and disposes of everything pending', async () => {
    const c = new RealmClient<string, string>(() => {
      const w = new FakeWorker(() => 'hang');
      setTimeout(() => w.onerror?.({ preventDefault() {} } as ErrorEvent), 10);
      return w as unknown as Worker;
    }, { runawayMs: 2000, loadMs: 10_000 });
    const failed = c.run('a');
    await vi.advanceTimersByTimeAsync(20);
    expect(await failed).toEqual({ ok: false, reason: 'failed' });
    const pending = c.run('b');
    c.dispose();
    expect(await pending).toEqual({ ok: false, reason: 'disposed' });
  });
});

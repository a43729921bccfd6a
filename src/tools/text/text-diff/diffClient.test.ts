import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../../../runtime/envelope';
import type { DiffAnswer, DiffRequest } from './protocol';
import { DiffClient, KILL_AFTER_MS, TIMEOUT_MS, timeLimitMs } from './diffClient';

type Listener = (event: MessageEvent) => void;

/**
 * A stand-in for the diff worker, speaking comlink's messages: records the requests it is sent and whether it
 * was terminated; answers only when told.
 */
class FakeWorker {
  sent: DiffRequest[] = [];
  terminated = false;
  private calls: string[] = [];
  private listeners = new Set<Listener>();
  addEventListener(type: string, listener: Listener) {
    if (type === 'message') this.listeners.add(listener);
  }
  removeEventListener(_type: string, listener: Listener) {
    this.listeners.delete(listener);
  }
  postMessage(message: { id: string; type: string; path: string[]; argumentList: { value: unknown }[] }) {
    if (message.type !== 'APPLY' || message.path[0] !== 'diff') return;
    this.calls.push(message.id);
    this.sent.push(message.argumentList[0].value as DiffRequest);
  }
  terminate() {
    this.terminated = true;
  }
  answer(envelope: Envelope<DiffAnswer>) {
    const id = this.calls.shift();
    this.listeners.forEach((l) => l({ data: { id, type: 'RAW', value: envelope } } as MessageEvent));
  }
}

const JOB = { a: 'x'.repeat(10), b: 'y'.repeat(10), options: { mode: 'char' as const, ignoreWhitespace: false, ignoreCase: false }, patch: null };

/** A client on fake timers whose workers are FakeWorkers, listed in the order it started them. */
function fakeClient(): { workers: FakeWorker[]; client: DiffClient } {
  vi.useFakeTimers();
  const workers: FakeWorker[] = [];
  const client = new DiffClient(() => {
    const w = new FakeWorker();
    workers.push(w);
    return w as unknown as Worker;
  });
  return { workers, client };
}

describe('DiffClient wall-clock bound', () => {
  let workers: FakeWorker[];
  let client: DiffClient;
  beforeEach(() => {
    ({ workers, client } = fakeClient());
  });
  afterEach(() => vi.useRealTimers());

  it('terminates a worker that does not answer in time and shows the too-complex message', async () => {
    client.request(JOB);
    await vi.advanceTimersByTimeAsync(0);
    expect(workers).toHaveLength(1);
    expect(workers[0].sent[0].timeoutMs).toBe(TIMEOUT_MS);
    expect(client.getSnapshot().busy).toBe(true);
    await vi.advanceTimersByTimeAsync(KILL_AFTER_MS - 1);
    expect(workers[0].terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(workers[0].terminated).toBe(true);
    expect(client.getSnapshot()).toMatchObject({ busy: false, slow: false, result: null, error: { key: 'errors.tooComplex' } });
    // A late answer from the dead worker changes nothing; a retry starts a fresh worker.
    workers[0].answer({ ok: true, value: { result: null as never, patch: null } });
    await vi.advanceTimersByTimeAsync(0);
    expect(client.getSnapshot().error).toEqual({ key: 'errors.tooComplex' });
    client.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(workers).toHaveLength(2);
    expect(client.getSnapshot().busy).toBe(true);
  });

  it('keeps a worker that answers in time', async () => {
    client.request(JOB);
    await vi.advanceTimersByTimeAsync(1000);
    workers[0].answer({ ok: false, error: { key: 'errors.tooComplex' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(client.getSnapshot()).toMatchObject({ busy: false, error: { key: 'errors.tooComplex' } });
    await vi.advanceTimersByTimeAsync(KILL_AFTER_MS);
    expect(workers[0].terminated).toBe(false);
  });
});

describe('the time limit', () => {
  const page = globalThis as { localkitDiffTimeLimitMs?: unknown };
  let workers: FakeWorker[];
  let client: DiffClient;
  beforeEach(() => {
    ({ workers, client } = fakeClient());
  });
  afterEach(() => {
    delete page.localkitDiffTimeLimitMs;
    vi.useRealTimers();
  });

  it('is 20 s, with the worker terminated 3 s later, when nothing shortens it', () => {
    expect(TIMEOUT_MS).toBe(20_000);
    expect(KILL_AFTER_MS).toBe(23_000);
    expect(timeLimitMs()).toBe(20_000);
  });

  it('can be shortened by the page (the end-to-end test of giving up), the worker terminated 3 s after it', async () => {
    page.localkitDiffTimeLimitMs = 2_000;
    client.request(JOB);
    await vi.advanceTimersByTimeAsync(0);
    expect(workers[0].sent[0].timeoutMs).toBe(2_000);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(workers[0].terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(workers[0].terminated).toBe(true);
    expect(client.getSnapshot().error).toEqual({ key: 'errors.tooComplex' });
  });

  it('is never lengthened, nor changed by a value that is no positive number', () => {
    for (const value of [20_000, 60_000, Infinity, 0, -5, NaN, '2000', null, { ms: 1 }]) {
      page.localkitDiffTimeLimitMs = value;
      expect(timeLimitMs(), String(value)).toBe(TIMEOUT_MS);
    }
  });
});

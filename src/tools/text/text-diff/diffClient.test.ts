import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiffRequest, DiffResponse } from './protocol';
import { DiffClient, KILL_AFTER_MS, TIMEOUT_MS } from './diffClient';

/** A stand-in for the diff worker: records what it is sent and whether it was terminated; answers only when told. */
class FakeWorker {
  sent: DiffRequest[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<DiffResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(request: DiffRequest) {
    this.sent.push(request);
  }
  terminate() {
    this.terminated = true;
  }
  answer(response: DiffResponse) {
    this.onmessage?.({ data: response } as MessageEvent<DiffResponse>);
  }
}

const JOB = { a: 'x'.repeat(10), b: 'y'.repeat(10), options: { mode: 'char' as const, ignoreWhitespace: false, ignoreCase: false }, patch: null };

describe('DiffClient wall-clock bound', () => {
  let workers: FakeWorker[];
  let client: DiffClient;
  beforeEach(() => {
    vi.useFakeTimers();
    workers = [];
    client = new DiffClient(() => {
      const w = new FakeWorker();
      workers.push(w);
      return w as unknown as Worker;
    });
  });
  afterEach(() => vi.useRealTimers());

  it('terminates a worker that does not answer in time and shows the too-complex message', () => {
    client.request(JOB);
    vi.advanceTimersByTime(0);
    expect(workers).toHaveLength(1);
    expect(workers[0].sent[0].timeoutMs).toBe(TIMEOUT_MS);
    expect(client.getSnapshot().busy).toBe(true);
    vi.advanceTimersByTime(KILL_AFTER_MS - 1);
    expect(workers[0].terminated).toBe(false);
    vi.advanceTimersByTime(1);
    expect(workers[0].terminated).toBe(true);
    expect(client.getSnapshot()).toMatchObject({ busy: false, slow: false, result: null, error: { key: 'errors.tooComplex' } });
    // A late answer from the dead worker changes nothing; a retry starts a fresh worker.
    workers[0].answer({ id: workers[0].sent[0].id, ok: true, result: null as never, patch: null });
    expect(client.getSnapshot().error).toEqual({ key: 'errors.tooComplex' });
    client.retry();
    vi.advanceTimersByTime(0);
    expect(workers).toHaveLength(2);
    expect(client.getSnapshot().busy).toBe(true);
  });

  it('keeps a worker that answers in time', () => {
    client.request(JOB);
    vi.advanceTimersByTime(1000);
    workers[0].answer({ id: workers[0].sent[0].id, ok: false, key: 'errors.tooComplex' });
    expect(client.getSnapshot()).toMatchObject({ busy: false, error: { key: 'errors.tooComplex' } });
    vi.advanceTimersByTime(KILL_AFTER_MS);
    expect(workers[0].terminated).toBe(false);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobProgress } from '../../runtime/jobs';
import { callWatched, callWatchedWithRetry, SILENCE_MS, SILENCE_MS_MIN, silenceLimit, WorkerStalled } from './silence-watch';
import { KEEP_ALIVE_MS } from './progress';

const tick: JobProgress = { kind: 'fraction', done: 1, total: 100, unit: 'percent', stage: 'media:stage.encoding' };

/** A worker call as the pool runs it: settles when told to, and rejects with AbortError when its signal aborts (the pool terminates the worker). */
function workerCall() {
  let finish: (value: string) => void = () => {};
  let report: (p: JobProgress) => void = () => {};
  let signal: AbortSignal | undefined;
  const call = vi.fn((s: AbortSignal, r: (p: JobProgress) => void) => {
    signal = s;
    report = r;
    return new Promise<string>((resolve, reject) => {
      finish = resolve;
      s.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true });
    });
  });
  return { call, finish: (v: string) => finish(v), report: () => report(tick), signal: () => signal };
}

const job = (controller = new AbortController()) => ({ signal: controller.signal, onProgress: vi.fn() });

describe('callWatched', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ends a call silent for SILENCE_MS: its signal aborts (the worker is terminated) and it says it stalled', async () => {
    const w = workerCall();
    const outcome = callWatched(w.call, job()).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(SILENCE_MS - 1000);
    expect(w.signal()!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(w.signal()!.aborted).toBe(true);
    const error = await outcome;
    expect(error).toBeInstanceOf(WorkerStalled);
    expect((error as WorkerStalled).key).toBe('media:errors.workerStalled');
  });

  it('lets a call that keeps reporting run past SILENCE_MS, and passes its reports on', async () => {
    const w = workerCall();
    const j = job();
    const run = callWatched(w.call, j);
    for (let s = 0; s < 4; s++) {
      await vi.advanceTimersByTimeAsync(SILENCE_MS - 5000);
      w.report();
    }
    w.finish('done');
    await expect(run).resolves.toBe('done');
    expect(w.signal()!.aborted).toBe(false);
    expect(j.onProgress).toHaveBeenCalledTimes(4);
    expect(j.onProgress).toHaveBeenCalledWith(tick);
  });

  it('passes the job cancel through as it is, not as a stall', async () => {
    const w = workerCall();
    const controller = new AbortController();
    const outcome = callWatched(w.call, job(controller)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    const error = await outcome;
    expect(error).not.toBeInstanceOf(WorkerStalled);
    expect((error as DOMException).name).toBe('AbortError');
    expect(w.signal()!.aborted).toBe(true);
  });

  it('passes a worker error through', async () => {
    const failing = () => Promise.reject(new Error('media:errors.cannotEncode'));
    await expect(callWatched(failing, job())).rejects.toThrow('media:errors.cannotEncode');
  });
});

describe('callWatchedWithRetry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('runs a call that hung once more, with a fresh signal, and returns what the second run made', async () => {
    const first = workerCall();
    const second = workerCall();
    const call = vi.fn((s: AbortSignal, r: (p: JobProgress) => void) => (call.mock.calls.length === 1 ? first.call(s, r) : second.call(s, r)));
    const run = callWatchedWithRetry(call, job());
    await vi.advanceTimersByTimeAsync(SILENCE_MS + 1000);
    expect(first.signal()!.aborted).toBe(true);
    expect(call).toHaveBeenCalledTimes(2);
    expect(second.signal()!.aborted).toBe(false);
    second.finish('made');
    await expect(run).resolves.toBe('made');
  });

  it('says the encoder stalled when the second run hangs too, after two runs only', async () => {
    const calls: ReturnType<typeof workerCall>[] = [];
    const call = vi.fn((s: AbortSignal, r: (p: JobProgress) => void) => {
      const w = workerCall();
      calls.push(w);
      return w.call(s, r);
    });
    const outcome = callWatchedWithRetry(call, job()).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(2 * SILENCE_MS + 3000);
    expect(await outcome).toBeInstanceOf(WorkerStalled);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('does not run a cancelled job again', async () => {
    const w = workerCall();
    const controller = new AbortController();
    const outcome = callWatchedWithRetry(w.call, job(controller)).catch((e: unknown) => e);
    controller.abort();
    expect(((await outcome) as DOMException).name).toBe('AbortError');
    expect(w.call).toHaveBeenCalledTimes(1);
  });
});

describe('silenceLimit', () => {
  it('is SILENCE_MS unless the page set a shorter one, never under a keep-alive report gap', () => {
    expect(silenceLimit({})).toBe(SILENCE_MS);
    expect(silenceLimit({ __localkitStallMs: 12_000 })).toBe(12_000);
    expect(SILENCE_MS_MIN).toBeGreaterThan(KEEP_ALIVE_MS);
    for (const asked of [60_000, Infinity, SILENCE_MS_MIN - 1, 6000, 0, -1, NaN, '12000', null]) expect(silenceLimit({ __localkitStallMs: asked })).toBe(SILENCE_MS);
  });
});

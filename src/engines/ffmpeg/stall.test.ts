import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EngineStalled, execWatched, retryOnStall, STALL_MS, STALL_MS_MIN, stallLimit } from './stall';

/** An ffmpeg instance whose exec runs until `finish` or `terminate`, logging when told to. */
function fakeFfmpeg() {
  const listeners = new Set<() => void>();
  let settle: { resolve: (code: number) => void; reject: (e: Error) => void } | undefined;
  return {
    on: (_: string, cb: () => void) => void listeners.add(cb),
    off: (_: string, cb: () => void) => void listeners.delete(cb),
    exec: () => new Promise<number>((resolve, reject) => (settle = { resolve, reject })),
    log: () => listeners.forEach((l) => l()),
    finish: () => settle?.resolve(0),
    terminate: () => settle?.reject(new Error('called terminate')),
    listeners,
  };
}

describe('execWatched', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ends a threaded exec silent for STALL_MS and says it stalled', async () => {
    const ff = fakeFfmpeg();
    const abandon = vi.fn(() => ff.terminate());
    const run = execWatched(ff, ['-i', 'x'], { threaded: true, abandon });
    const outcome = run.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(STALL_MS - 1000);
    expect(abandon).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(abandon).toHaveBeenCalledTimes(1);
    expect(await outcome).toBeInstanceOf(EngineStalled);
    expect(ff.listeners.size).toBe(0);
  });

  it('leaves an exec that keeps logging alone, however long it runs', async () => {
    const ff = fakeFfmpeg();
    const abandon = vi.fn();
    const run = execWatched(ff, [], { threaded: true, abandon });
    for (let s = 0; s < 10 * STALL_MS; s += 500) {
      ff.log();
      await vi.advanceTimersByTimeAsync(500);
    }
    ff.finish();
    expect(await run).toBe(0);
    expect(abandon).not.toHaveBeenCalled();
  });

  it('never watches the single-thread core, and a cancel is not a stall', async () => {
    const single = fakeFfmpeg();
    const abandon = vi.fn();
    const run = execWatched(single, [], { threaded: false, abandon });
    await vi.advanceTimersByTimeAsync(3 * STALL_MS);
    single.finish();
    expect(await run).toBe(0);
    const threaded = fakeFfmpeg();
    const cancelled = execWatched(threaded, [], { threaded: true, abandon }).catch((e: unknown) => e);
    threaded.terminate();
    const error = await cancelled;
    expect(error).not.toBeInstanceOf(EngineStalled);
    expect((error as Error).message).toBe('called terminate');
    expect(abandon).not.toHaveBeenCalled();
  });

  it('a second exec queued on the hung instance is run again too, and the instance is ended once', async () => {
    const ff = fakeFfmpeg();
    const other = fakeFfmpeg();
    const abandon = vi.fn(() => {
      ff.terminate();
      other.terminate();
    });
    const first = execWatched(ff, [], { threaded: true, abandon }).catch((e: unknown) => e);
    const second = execWatched(other, [], { threaded: true, abandon }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(STALL_MS + 1000);
    expect(abandon).toHaveBeenCalledTimes(1);
    expect(await first).toBeInstanceOf(EngineStalled);
    expect(await second).toBeInstanceOf(EngineStalled);
  });
});

describe('stallLimit', () => {
  afterEach(() => delete (globalThis as { __localkitStallMs?: unknown }).__localkitStallMs);

  it('is 30 s unless the page was given a shorter one, which it only shortens', () => {
    expect(STALL_MS).toBe(30_000);
    expect(stallLimit({})).toBe(30_000);
    expect(stallLimit({ __localkitStallMs: 6000 })).toBe(6000);
    for (const asked of [60_000, Infinity, STALL_MS_MIN - 1, 0, -1, NaN, '6000', null]) expect(stallLimit({ __localkitStallMs: asked })).toBe(STALL_MS);
  });

  it("is the watchdog's limit when none is passed", async () => {
    vi.useFakeTimers();
    try {
      (globalThis as { __localkitStallMs?: unknown }).__localkitStallMs = 5000;
      const ff = fakeFfmpeg();
      const abandon = vi.fn(() => ff.terminate());
      const outcome = execWatched(ff, [], { threaded: true, abandon }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(4000);
      expect(abandon).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2000);
      expect(abandon).toHaveBeenCalledTimes(1);
      expect(await outcome).toBeInstanceOf(EngineStalled);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('retryOnStall', () => {
  it('runs once more after a stall, not after other failures', async () => {
    const stalledOnce = vi.fn().mockRejectedValueOnce(new EngineStalled()).mockResolvedValueOnce('made');
    expect(await retryOnStall(stalledOnce)).toBe('made');
    expect(stalledOnce).toHaveBeenCalledTimes(2);
    const broken = vi.fn().mockRejectedValue(new Error('unreadable'));
    await expect(retryOnStall(broken)).rejects.toThrow('unreadable');
    expect(broken).toHaveBeenCalledTimes(1);
  });
});

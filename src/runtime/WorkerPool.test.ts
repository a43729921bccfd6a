import { afterEach, describe, expect, it } from 'vitest';
import { ChannelWorker, until } from './channel-worker.testing';
import { WorkerPool } from './WorkerPool';

function gatedApi() {
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  const api = {
    work(name: string): Promise<string> {
      started.push(name);
      return new Promise((resolve) => gates.set(name, () => resolve(name)));
    },
  };
  /** Lets `name` finish once it has reached the worker. */
  const finish = async (name: string) => {
    expect(await until(() => gates.has(name))).toBe(true);
    gates.get(name)!();
  };
  return { api, started, finish };
}
type Api = ReturnType<typeof gatedApi>['api'];

afterEach(() => ChannelWorker.endAll());

describe('WorkerPool queue', () => {
  it('runs calls in the order asked, and a `first` call ahead of those already waiting', async () => {
    const { api, started, finish } = gatedApi();
    const pool = new WorkerPool<Api>(() => new ChannelWorker(api) as unknown as Worker, 1);
    const results = [
      pool.run((w) => w.work('job 1')),
      pool.run((w) => w.work('open b')),
      pool.run((w) => w.work('open c')),
      pool.run((w) => w.work('thumbs a'), undefined, { first: true }),
    ];
    for (const name of ['job 1', 'thumbs a', 'open b', 'open c']) await finish(name);
    expect(await Promise.all(results)).toEqual(['job 1', 'open b', 'open c', 'thumbs a']);
    expect(started).toEqual(['job 1', 'thumbs a', 'open b', 'open c']);
    // One worker the whole time: size 1 means calls wait, they never make a second worker.
    expect(ChannelWorker.made).toHaveLength(1);
  });

  it('gives a call asked for while the worker is idle the worker at once, first or not', async () => {
    const { api, started, finish } = gatedApi();
    const pool = new WorkerPool<Api>(() => new ChannelWorker(api) as unknown as Worker, 1);
    const a = pool.run((w) => w.work('a'), undefined, { first: true });
    await finish('a');
    await a;
    const b = pool.run((w) => w.work('b'));
    await finish('b');
    expect(await b).toBe('b');
    expect(started).toEqual(['a', 'b']);
  });

  it('drops a waiting call that is cancelled, at once, and the calls behind it still run', async () => {
    const { api, started, finish } = gatedApi();
    const pool = new WorkerPool<Api>(() => new ChannelWorker(api) as unknown as Worker, 1);
    const cancel = new AbortController();
    const running = pool.run((w) => w.work('running'));
    const cancelled = pool.run((w) => w.work('cancelled'), cancel.signal);
    const behind = pool.run((w) => w.work('behind'));
    cancel.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    await finish('running');
    await finish('behind');
    expect(await Promise.all([running, behind])).toEqual(['running', 'behind']);
    expect(started).toEqual(['running', 'behind']);
  });

  it('cancelling the running call ends its worker; the next call gets a new one', async () => {
    const { api, started, finish } = gatedApi();
    const pool = new WorkerPool<Api>(() => new ChannelWorker(api) as unknown as Worker, 1);
    const cancel = new AbortController();
    const running = pool.run((w) => w.work('long'), cancel.signal);
    const next = pool.run((w) => w.work('next'));
    expect(await until(() => started.length === 1)).toBe(true);
    cancel.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    await finish('next');
    expect(await next).toBe('next');
    expect(ChannelWorker.made.map((w) => w.terminated)).toEqual([true, false]);
  });
});

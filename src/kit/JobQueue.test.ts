import { describe, expect, it } from 'vitest';
import { ToolError } from '../lib/errors';
import { isBusy } from './activity';
import type { JobRunner } from '../runtime/jobs';
import { JobQueue } from './JobQueue';

const file = (name: string, text = 'hello') => new File([text], name, { type: 'text/plain' });
const settle = () => new Promise((r) => setTimeout(r, 0));
const waitFor = async (check: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

const upper: JobRunner<{ suffix: string }> = async (f, s, ctx) => {
  ctx.onProgress({ kind: 'fraction', done: 0, total: f.size, unit: 'bytes' });
  const text = (await f.text()).toUpperCase() + s.suffix;
  ctx.onProgress({ kind: 'fraction', done: f.size, total: f.size, unit: 'bytes' });
  return { blob: new Blob([text]), name: `out-${f.name}` };
};

describe('JobQueue', () => {
  it('processes every file and records the result', async () => {
    const q = new JobQueue({ run: upper, concurrency: 2 }, { suffix: '!' });
    q.add([file('a.txt'), file('b.txt', 'bee'), file('c.txt', 'sea')], { start: true });
    await waitFor(() => q.getRows().every((r) => r.status === 'done'));
    const rows = q.getRows();
    expect(await rows[1].result!.blob.text()).toBe('BEE!');
    expect(rows[1].result!.name).toBe('out-b.txt');
    expect(rows[1].result!.size).toBe(4);
    expect(isBusy()).toBe(false);
  });

  it('never runs more than `concurrency` jobs at once', async () => {
    let running = 0;
    let peak = 0;
    const slow: JobRunner<null> = async (f) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 10));
      running--;
      return { blob: f, name: f.name };
    };
    const q = new JobQueue({ run: slow, concurrency: 2 }, null);
    q.add(Array.from({ length: 7 }, (_, i) => file(`${i}.txt`)), { start: true });
    await waitFor(() => q.getRows().every((r) => r.status === 'done'));
    expect(peak).toBe(2);
  });

  it('puts an error in the failing row and lets the batch go on', async () => {
    const picky: JobRunner<null> = async (f) => {
      if (f.name.startsWith('bad')) throw new ToolError('errors.readFailed');
      if (f.name.startsWith('crash')) throw new Error('unexpected');
      return { blob: f, name: f.name };
    };
    const q = new JobQueue({ run: picky, concurrency: 1, fallbackErrorKey: 'errors.conversionFailed' }, null);
    q.add([file('bad.txt'), file('good.txt'), file('crash.txt'), file('empty.txt', '')], { start: true });
    await waitFor(() => q.getRows().every((r) => r.status === 'done' || r.status === 'error'));
    expect(q.getRows().map((r) => [r.status, r.error?.key])).toEqual([
      ['error', 'errors.readFailed'],
      ['done', undefined],
      ['error', 'errors.conversionFailed'],
      ['error', 'errors.emptyFile'],
    ]);
  });

  it('cancels a running job at once, even if the work ignores the signal, and can run it again', async () => {
    let release!: () => void;
    const stuck: JobRunner<null> = (f) => new Promise((resolve) => (release = () => resolve({ blob: f, name: f.name })));
    const q = new JobQueue({ run: stuck, concurrency: 1 }, null);
    const [id] = q.add([file('a.txt')], { start: true });
    await settle();
    expect(q.getRows()[0].status).toBe('working');
    expect(isBusy()).toBe(true);
    q.cancel(id);
    await settle();
    expect(q.getRows()[0]).toMatchObject({ status: 'ready', cancelled: true });
    expect(isBusy()).toBe(false);
    release(); // the abandoned work finishing late must not overwrite the row
    await settle();
    expect(q.getRows()[0].status).toBe('ready');
    q.retry(id);
    await settle();
    release();
    await waitFor(() => q.getRows()[0].status === 'done');
  });

  it('reruns every row with new settings', async () => {
    const q = new JobQueue({ run: upper, concurrency: 2 }, { suffix: '1' });
    q.add([file('a.txt', 'a')], { start: true });
    await waitFor(() => q.getRows()[0].status === 'done');
    q.setSettings({ suffix: '2' });
    q.rerunAll();
    await waitFor(() => q.getRows()[0].status === 'done');
    expect(await q.getRows()[0].result!.blob.text()).toBe('A2');
  });

  it('removes and clears rows, cancelling their work', async () => {
    const q = new JobQueue({ run: upper, concurrency: 1 }, { suffix: '' });
    const ids = q.add([file('a.txt'), file('b.txt')]);
    q.remove(ids[0]);
    expect(q.getRows().map((r) => r.file.name)).toEqual(['b.txt']);
    q.clear();
    expect(q.getRows()).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { ToolError } from '../lib/errors';
import { isBusy } from './activity';
import type { JobRunner } from '../runtime/jobs';
import { hasStaleResults, JobQueue } from './JobQueue';

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
  it('fails a row that has not run with the error a tool found, and a retry runs it', async () => {
    const q = new JobQueue({ run: upper }, { suffix: '' });
    const [id] = q.add([file('a.txt')]);
    q.fail(id, { key: 'pdf:errors.damaged' });
    expect(q.getRows()[0]).toMatchObject({ status: 'error', error: { key: 'pdf:errors.damaged' } });
    q.retry(id);
    await waitFor(() => q.getRows()[0].status === 'done');
    // Only a row that has not started is failed this way.
    q.fail(id, { key: 'pdf:errors.damaged' });
    expect(q.getRows()[0].status).toBe('done');
  });

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

  it('records the result key each row ran with, and tells stale results only when nothing runs', async () => {
    const waiting: (() => void)[] = [];
    const gated: JobRunner<{ suffix: string; label: string }> = async (f, s) => {
      if (s.suffix === 'wait') await new Promise<void>((r) => waiting.push(r));
      return { blob: new Blob([(await f.text()) + s.suffix]), name: f.name };
    };
    // The label does not change the output, so it is not part of the key.
    const resultKey = (s: { suffix: string }) => `suffix=${s.suffix}`;
    const q = new JobQueue({ run: gated, concurrency: 2, resultKey }, { suffix: '1', label: 'x' });
    q.add([file('a.txt', 'a'), file('b.txt', 'b')], { start: true });
    await waitFor(() => q.getRows().every((r) => r.status === 'done'));
    expect(q.getRows().map((r) => r.ranWith)).toEqual(['suffix=1', 'suffix=1']);
    expect(hasStaleResults(q.getRows(), resultKey({ suffix: '1' }))).toBe(false);
    expect(hasStaleResults(q.getRows(), resultKey({ suffix: '2' }))).toBe(true);

    // A rerun: while it runs nothing is stale (its results are on the way), once done it ran with the new key.
    q.setSettings({ suffix: 'wait', label: 'y' });
    q.rerunAll();
    await settle();
    expect(q.getRows().map((r) => [r.status, r.ranWith])).toEqual([
      ['working', 'suffix=wait'],
      ['working', 'suffix=wait'],
    ]);
    expect(hasStaleResults(q.getRows(), 'suffix=other')).toBe(false);
    await waitFor(() => waiting.length === 2);
    waiting.forEach((go) => go());
    await waitFor(() => q.getRows().every((r) => r.status === 'done'));
    expect(await q.getRows()[0].result!.blob.text()).toBe('await');
    expect(hasStaleResults(q.getRows(), 'suffix=wait')).toBe(false);
    expect(hasStaleResults(q.getRows(), 'suffix=1')).toBe(true);
  });

  it('counts only finished rows as stale: a failed, cancelled or never started row is not a stale result', () => {
    const row = (status: 'ready' | 'done' | 'error', ranWith?: string) => ({ id: status, file: file('a.txt'), addedAt: 0, status, ranWith });
    expect(hasStaleResults([row('ready'), row('error', 'old')], 'new')).toBe(false);
    expect(hasStaleResults([row('done', 'new'), row('error', 'old')], 'new')).toBe(false);
    expect(hasStaleResults([row('done', 'new'), row('done', 'old')], 'new')).toBe(true);
    // A row finished before the tool gave keys (no ranWith) is stale: nobody can say what made it.
    expect(hasStaleResults([row('done')], 'new')).toBe(true);
  });

  it('records no key when the tool gives none', async () => {
    const q = new JobQueue({ run: upper, concurrency: 1 }, { suffix: '' });
    q.add([file('a.txt')], { start: true });
    await waitFor(() => q.getRows()[0].status === 'done');
    expect(q.getRows()[0].ranWith).toBeUndefined();
  });

  it('removes and clears rows, cancelling their work', async () => {
    const q = new JobQueue({ run: upper, concurrency: 1 }, { suffix: '' });
    const ids = q.add([file('a.txt'), file('b.txt')]);
    q.remove(ids[0]);
    expect(q.getRows().map((r) => r.file.name)).toEqual(['b.txt']);
    q.clear();
    expect(q.getRows()).toEqual([]);
  });

  it('marks handed-over rows and leaves them ready when not started', async () => {
    const ran: string[] = [];
    const queue = new JobQueue<null>({ run: async (file) => (ran.push(file.name), { blob: new Blob([file.name]), name: file.name }) }, null);
    const [handed] = queue.add([new File(['a'], 'a.txt')], { start: false, handed: true });
    queue.add([new File(['b'], 'b.txt')], { start: true });
    await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual(['b.txt']);
    expect(queue.getRows().find((r) => r.id === handed)).toMatchObject({ status: 'ready', handed: true });
    expect(queue.getRows().find((r) => r.file.name === 'b.txt')?.handed).toBeUndefined();
  });
});


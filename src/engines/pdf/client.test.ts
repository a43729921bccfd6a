import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChannelWorker, until } from '../../runtime/channel-worker.testing';
import type { Envelope } from '../../runtime/envelope';
import { openPdfGrid, organizePdf, pdfThumbnails, releasePdfWorker } from './client';

/**
 * The PDF worker's calls as the page's side queues them (one worker, one call at a time): a stand-in for worker.ts
 * with the same method names and envelopes, which notes each call as it arrives. `organize` (named by its file's first
 * byte) waits until the test lets it finish; documents opened are kept per worker, as in the real one, so a new
 * worker has none.
 */
function fakePdfWorker(log: string[], gates: Map<string, () => void>) {
  const opened = new Map<string, number[]>();
  const ok = <T,>(value: T): Envelope<T> => ({ ok: true, value });
  return {
    organize(bytes: Uint8Array): Promise<Envelope<{ bytes: Uint8Array }>> {
      const name = `organize ${bytes[0]}`;
      log.push(name);
      return new Promise((resolve) => gates.set(name, () => resolve(ok({ bytes }))));
    },
    gridOpen(key: string, bytes: Uint8Array) {
      log.push(`open ${key}`);
      opened.set(key, [...bytes]);
      return ok({ sizes: [{ width: 100, height: 100 }], first: null });
    },
    gridThumbnails(key: string, pages: number[]) {
      log.push(`thumbs ${key}`);
      if (!opened.has(key)) return { ok: false, error: { key: 'pdf:errors.gridClosed' } } as const;
      // The "picture" is the document's bytes: the test sees which file was drawn.
      return ok(pages.map((page) => ({ page, png: new Uint8Array(opened.get(key)!) })));
    },
  };
}

function install() {
  const log: string[] = [];
  const gates = new Map<string, () => void>();
  vi.stubGlobal(
    'Worker',
    class {
      constructor() {
        return new ChannelWorker(fakePdfWorker(log, gates));
      }
    },
  );
  const finish = async (name: string) => {
    expect(await until(() => gates.has(name))).toBe(true);
    gates.get(name)!();
    gates.delete(name);
  };
  return { log, finish };
}

const pdf = (n: number) => new Blob([new Uint8Array([n, n, n])]);
const ctx = (signal = new AbortController().signal) => ({ signal, onProgress: () => {} });

afterEach(() => {
  releasePdfWorker();
  ChannelWorker.endAll();
  vi.unstubAllGlobals();
});

describe('PDF engine queue (client.ts over WorkerPool)', () => {
  it('thumbnails go ahead of documents waiting to open and of queued jobs; the running job is not cut', async () => {
    const { log, finish } = install();
    await openPdfGrid('a', pdf(1));
    const job = organizePdf(pdf(1), null, ctx());
    expect(await until(() => log.includes('organize 1'))).toBe(true);
    // While the job runs: a file dropped (opened in turn), the file shown (opened first), then the grid scrolled.
    const openB = openPdfGrid('b', pdf(2));
    const openC = openPdfGrid('c', pdf(3), { first: true });
    // Their bytes are read before they are queued; the grid's scroll comes later.
    await new Promise((r) => setTimeout(r, 20));
    const thumbs = pdfThumbnails('a', [4, 5], 136);
    await finish('organize 1');
    await Promise.all([job, openB, openC]);
    expect((await thumbs).map((t) => [t.page, t.png?.[0]])).toEqual([
      [4, 1],
      [5, 1],
    ]);
    // The newest `first` call is next: the thumbnails, then the file shown, then the file dropped.
    expect(log).toEqual(['open a', 'organize 1', 'thumbs a', 'open c', 'open b']);
    expect(ChannelWorker.made).toHaveLength(1);
  });

  it('after a job is cancelled (its worker ended), thumbnails open their document again in the new worker and are drawn', async () => {
    const { log, finish } = install();
    await openPdfGrid('a', pdf(7));
    const cancel = new AbortController();
    const job = organizePdf(pdf(7), null, ctx(cancel.signal));
    expect(await until(() => log.includes('organize 7'))).toBe(true);
    const thumbs = pdfThumbnails('a', [0], 136);
    const later = organizePdf(pdf(8), null, ctx());
    await new Promise((r) => setTimeout(r, 20)); // the next job's bytes read: it waits behind the thumbnails
    cancel.abort();
    await expect(job).rejects.toMatchObject({ name: 'AbortError' });
    expect((await thumbs).map((t) => [t.page, t.png?.[0]])).toEqual([[0, 7]]);
    await finish('organize 8');
    await later;
    // The thumbnail call finds the document gone, opens the same file again ahead of the waiting job, then draws.
    expect(log).toEqual(['open a', 'organize 7', 'thumbs a', 'open a', 'thumbs a', 'organize 8']);
    expect(ChannelWorker.made.map((w) => w.terminated)).toEqual([true, false]);
  });
});

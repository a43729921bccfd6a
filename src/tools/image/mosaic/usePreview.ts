import { useEffect, useRef, useState } from 'react';
import { toErrorKey } from '../../../lib/errors';
import { WorkerPool } from '../../../runtime/WorkerPool';
import type { MosaicApi, MosaicEdit } from './mosaic.worker';

export const createMosaicWorker = () => new Worker(new URL('./mosaic.worker.ts', import.meta.url), { type: 'module', name: 'mosaic' });

type PreviewState =
  | { status: 'empty' }
  | { status: 'loading' }
  | { status: 'error'; key: string }
  | { status: 'ready'; width: number; height: number };

/**
 * The live preview: a worker holds the decoded original and renders each edit. Renders are coalesced (while
 * one runs, only the newest edit waits), so dragging a slider never queues stale work.
 */
export function usePreview(file: File | null, edit: MosaicEdit) {
  // Results are kept with the file they belong to, so a new file shows "loading" without resetting state in an effect.
  const [loaded, setLoaded] = useState<{ file: File; state: PreviewState } | null>(null);
  const [rendered, setRendered] = useState<{ file: File; pixels: ImageData } | null>(null);
  const api = useRef<{ file: File; worker: WorkerPool<MosaicApi> } | null>(null);
  const busy = useRef(false);
  const wanted = useRef<MosaicEdit | null>(null);

  const render = async () => {
    const current = api.current;
    if (busy.current || !wanted.current || !current) return;
    busy.current = true;
    const next = wanted.current;
    wanted.current = null;
    try {
      const pixels = await current.worker.run((remote) => remote.render(next));
      if (pixels && api.current === current) setRendered({ file: current.file, pixels });
    } catch {
      // The worker was stopped (another file, or the page left): there is nothing to show.
    } finally {
      if (api.current === current) {
        busy.current = false;
        void render();
      }
    }
  };
  const renderRef = useRef(render);
  useEffect(() => {
    renderRef.current = render;
  });

  useEffect(() => {
    if (!file) return;
    // A pool of one: the worker keeps the decoded original between renders; a new file gets a new worker.
    const worker = new WorkerPool<MosaicApi>(createMosaicWorker, 1);
    api.current = { file, worker };
    let live = true;
    worker.call((remote) => remote.load(file)).then(
      (size) => live && setLoaded({ file, state: { status: 'ready', ...size } }),
      (error: unknown) => live && setLoaded({ file, state: { status: 'error', key: toErrorKey(error, 'image-mosaic:errors.failed').key } }),
    );
    return () => {
      live = false;
      worker.terminate();
      api.current = null;
      busy.current = false;
    };
  }, [file]);

  const state: PreviewState = !file ? { status: 'empty' } : loaded?.file === file ? loaded.state : { status: 'loading' };
  const { regions, blockSize, shape, frame } = edit;
  const status = state.status;
  useEffect(() => {
    if (status !== 'ready') return;
    wanted.current = { regions, blockSize, shape, frame };
    void renderRef.current();
  }, [regions, blockSize, shape, frame, status]);

  return { state, pixels: rendered?.file === file ? rendered.pixels : null };
}

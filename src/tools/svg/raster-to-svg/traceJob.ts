import * as Comlink from 'comlink';
import type { JobRunner } from '../../../runtime/jobs';
import { WorkerPool } from '../../../runtime/WorkerPool';
import { replaceExtension } from '../../../lib/download';
import type { TraceSettings } from './trace';
import type { TraceApi } from './trace.worker';

export function createTracePool(): WorkerPool<TraceApi> {
  return new WorkerPool<TraceApi>(() => new Worker(new URL('./trace.worker.ts', import.meta.url), { type: 'module' }));
}

/** The settings that change a trace, as a key: only those the mode uses. */
export function traceKey(s: TraceSettings): string {
  if (s.mode === 'auto') return JSON.stringify([s.mode, s.threshold, s.colors, s.blur, s.pathOmit, s.lineTolerance, s.curveTolerance]);
  return JSON.stringify(s.mode === 'bw' ? [s.mode, s.threshold, s.pathOmit, s.lineTolerance, s.curveTolerance] : [s.mode, s.colors, s.blur, s.pathOmit, s.lineTolerance, s.curveTolerance]);
}

export function traceJob(pool: WorkerPool<TraceApi>): JobRunner<TraceSettings> {
  return async (file, settings, ctx) => {
    ctx.onProgress({ kind: 'indeterminate' });
    const r = await pool.call((api) => api.trace(file, settings, Comlink.proxy(ctx.onProgress)), ctx.signal);
    return {
      blob: new Blob([r.svg], { type: 'image/svg+xml' }),
      name: replaceExtension(file.name, 'svg'),
      facts: { format: 'SVG', width: r.width, height: r.height, paths: r.paths },
    };
  };
}

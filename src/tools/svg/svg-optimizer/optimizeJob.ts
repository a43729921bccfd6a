import type { JobRunner } from '../../../runtime/jobs';
import { WorkerPool } from '../../../runtime/WorkerPool';
import { readSvgFile } from '../../../engines/svg/parse';
import { unwrap } from '../../../engines/svg/workerResult';
import { optimizerKey, svgoConfig, type OptimizerSettings } from './config';
import type { OptimizerApi } from './optimize.worker';

export function createOptimizerPool(): WorkerPool<OptimizerApi> {
  return new WorkerPool<OptimizerApi>(() => new Worker(new URL('./optimize.worker.ts', import.meta.url), { type: 'module' }));
}

export function optimizeJob(pool: WorkerPool<OptimizerApi>): JobRunner<OptimizerSettings> {
  return async (file, settings, ctx) => {
    ctx.onProgress({ kind: 'indeterminate' });
    const text = await readSvgFile(file);
    const v = unwrap(await pool.run((api) => api.optimize(text, svgoConfig(settings)), ctx.signal));
    // Every SVG we write goes through the one sanitiser: svgo keeps scripts, links and outside references.
    // A clean result (the usual case) is written exactly as svgo made it; DOMPurify loads only for the others.
    const svg = v.unsafe ? (await import('../../../engines/svg/sanitize')).sanitizeSvg(v.svg).svg : v.svg;
    return {
      blob: new Blob([svg], { type: 'image/svg+xml' }),
      name: file.name.toLowerCase().endsWith('.svg') ? file.name : `${file.name}.svg`,
      facts: { format: 'SVG', gzip: v.gzipBytes, originalGzip: v.originalGzipBytes, settings: optimizerKey(settings), ...(v.veryLarge ? { veryLarge: 1 } : {}) },
    };
  };
}

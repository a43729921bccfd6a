import type { JobRunner } from '../../../runtime/jobs';
import { WorkerPool } from '../../../runtime/WorkerPool';
import { readSvgFile } from '../../../engines/svg/parse';
import { unwrap } from '../../../engines/svg/workerResult';
import { replaceExtension } from '../../../lib/download';
import { prepareSvgText } from '../../../engines/svg/prepare';
import type { EpsApi } from './eps.worker';
import { finishInPage } from './rasterize';

export function createEpsPool(): WorkerPool<EpsApi> {
  return new WorkerPool<EpsApi>(() => new Worker(new URL('./eps.worker.ts', import.meta.url), { type: 'module' }));
}

export function epsJob(pool: WorkerPool<EpsApi>): JobRunner<Record<string, never>> {
  return async (file, _settings, ctx) => {
    ctx.onProgress({ kind: 'indeterminate' });
    // HTML (<foreignObject>) is kept as text here, in the page: the worker has no DOM to read it with.
    const text = prepareSvgText(await readSvgFile(file));
    const r = unwrap(await pool.run((api) => api.convert(text, file.name), ctx.signal));
    // What PostScript cannot draw is rendered by the browser and embedded as an image.
    const { eps, approximations } = await finishInPage(r, ctx.signal);
    return {
      blob: new Blob([eps], { type: 'application/postscript' }),
      name: replaceExtension(file.name, 'eps'),
      facts: { format: 'EPS', width: Math.ceil(r.width), height: Math.ceil(r.height), approximations: approximations.join(',') },
    };
  };
}

import type { JobRunner } from '../../../kit/jobs';
import { WorkerPool } from '../../../kit/WorkerPool';
import { readSvgFile } from '../../../engines/svg/parse';
import { unwrap } from '../../../engines/svg/workerResult';
import { replaceExtension } from '../../../lib/download';
import type { Approximation } from './eps';
import type { EpsApi } from './eps.worker';
import { finishEps, type RasterImage } from './raster';
import { renderPart } from './rasterize';

export function createEpsPool(): WorkerPool<EpsApi> {
  return new WorkerPool<EpsApi>(() => new Worker(new URL('./eps.worker.ts', import.meta.url), { type: 'module' }));
}

export function epsJob(pool: WorkerPool<EpsApi>): JobRunner<Record<string, never>> {
  return async (file, _settings, ctx) => {
    ctx.onProgress({ kind: 'indeterminate' });
    const text = await readSvgFile(file);
    const r = unwrap(await pool.run((api) => api.convert(text, file.name), ctx.signal));
    // What PostScript cannot draw is rendered by the browser and embedded as an image; if that fails it is left out.
    const approx = new Set<Approximation>(r.approximations);
    const images: (RasterImage | undefined)[] = [];
    for (const req of r.rasters) {
      ctx.signal.throwIfAborted();
      const img = await renderPart(req, { width: r.width / 0.75, height: r.height / 0.75 }).catch(() => null);
      approx.add(img === null ? req.reason : `raster-${req.reason}`);
      images.push(img ?? undefined);
    }
    const eps = finishEps(r.eps, images);
    return {
      blob: new Blob([eps], { type: 'application/postscript' }),
      name: replaceExtension(file.name, 'eps'),
      facts: { format: 'EPS', width: Math.ceil(r.width), height: Math.ceil(r.height), approximations: [...approx].sort().join(',') },
    };
  };
}

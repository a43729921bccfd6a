import type { JobRunner } from '../../../kit/jobs';
import { WorkerPool } from '../../../kit/WorkerPool';
import { readSvgFile } from '../../../engines/svg/parse';
import { unwrap } from '../../../engines/svg/workerResult';
import { replaceExtension } from '../../../lib/download';
import type { EpsApi } from './eps.worker';

export function createEpsPool(): WorkerPool<EpsApi> {
  return new WorkerPool<EpsApi>(() => new Worker(new URL('./eps.worker.ts', import.meta.url), { type: 'module' }));
}

export function epsJob(pool: WorkerPool<EpsApi>): JobRunner<Record<string, never>> {
  return async (file, _settings, ctx) => {
    ctx.onProgress({ kind: 'indeterminate' });
    const text = await readSvgFile(file);
    const r = unwrap(await pool.run((api) => api.convert(text, file.name), ctx.signal));
    return {
      blob: new Blob([r.eps], { type: 'application/postscript' }),
      name: replaceExtension(file.name, 'eps'),
      facts: { format: 'EPS', width: Math.ceil(r.width), height: Math.ceil(r.height), approximations: r.approximations.join(',') },
    };
  };
}

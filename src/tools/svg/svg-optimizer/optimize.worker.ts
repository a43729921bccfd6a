// svgo in a worker: a large SVG (a map, a traced photo) can take seconds with multipass.
import { expose } from 'comlink';
import { settle, type WorkerResult } from '../../../engines/svg/workerResult';
import type { SvgoConfigData } from './config';
import { optimizeSvg, type OptimizeResult } from './optimize';

const api = {
  optimize(text: string, config: SvgoConfigData): Promise<WorkerResult<OptimizeResult>> {
    return settle(() => optimizeSvg(text, config), 'svg-tools:errors.optimize');
  },
};

export type OptimizerApi = typeof api;
expose(api);

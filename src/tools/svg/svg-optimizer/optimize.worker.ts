// svgo in a worker: a large SVG (a map, a traced photo) can take seconds with multipass.
import { expose } from 'comlink';
import { inspectSvgText } from '../../../engines/svg/inspect';
import { isVeryLarge } from '../../../engines/svg/limits';
import { settle, type WorkerResult } from '../../../engines/svg/workerResult';
import type { SvgoConfigData } from './config';
import { optimizeSvg, type OptimizeResult } from './optimize';

interface CheckedResult extends OptimizeResult {
  /** What the sanitiser would take out of the optimised SVG (the page runs it when this is not 0). */
  unsafe: number;
  /** Too large to draw in the page without freezing it for a while. */
  veryLarge: boolean;
}

const api = {
  optimize(text: string, config: SvgoConfigData): Promise<WorkerResult<CheckedResult>> {
    return settle(() => {
      // <use> bombs, entity bombs and absurd nesting are refused before svgo spends time on them.
      const input = inspectSvgText(text);
      const result = optimizeSvg(text, config);
      return { ...result, unsafe: inspectSvgText(result.svg).unsafe, veryLarge: isVeryLarge(input) };
    }, 'svg-tools:errors.optimize');
  },
};

export type OptimizerApi = typeof api;
expose(api);

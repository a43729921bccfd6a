// SVG → EPS in a worker: svgo parses (no DOM needed), our writer emits PostScript.
import { expose } from 'comlink';
import { inspectSvgText } from '../../../engines/svg/inspect';
import { settle, type WorkerResult } from '../../../engines/svg/workerResult';
import { svgToEps, type EpsResult } from './eps';

const api = {
  convert(text: string, title: string): Promise<WorkerResult<EpsResult>> {
    return settle(() => {
      // <use> chains are expanded by the writer: a bomb or a cycle is refused up front, in milliseconds.
      inspectSvgText(text);
      return svgToEps(text, title);
    }, 'svg-tools:errors.eps');
  },
};

export type EpsApi = typeof api;
expose(api);

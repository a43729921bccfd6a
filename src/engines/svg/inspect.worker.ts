// The SVG check (inspect.ts) in a worker: parsing a 4 MB file takes half a second even without a DOM.
import { expose } from 'comlink';
import { inspectSvgText } from './inspect';
import type { SvgInspection } from './limits';
import { settle, type WorkerResult } from './workerResult';

const api = {
  inspect(text: string): Promise<WorkerResult<SvgInspection>> {
    return settle(() => inspectSvgText(text), 'svg-tools:errors.invalid');
  },
};

export type InspectApi = typeof api;
expose(api);

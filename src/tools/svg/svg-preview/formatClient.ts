import * as Comlink from 'comlink';
import type { WorkerResult } from '../../../engines/svg/workerResult';
import type { FormatApi } from './format.worker';

let worker: Worker | null = null;
let api: Comlink.Remote<FormatApi> | null = null;

/** Prettifies in a worker of its own, made on first use. */
export function formatSvg(text: string): Promise<WorkerResult<string>> {
  if (!api) {
    worker = new Worker(new URL('./format.worker.ts', import.meta.url), { type: 'module' });
    api = Comlink.wrap<FormatApi>(worker);
  }
  return api.format(text);
}

export function releaseFormatter(): void {
  worker?.terminate();
  worker = null;
  api = null;
}

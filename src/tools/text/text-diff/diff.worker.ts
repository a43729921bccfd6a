// The comparison runs here, off the main thread: typing never waits for it.
import { expose } from 'comlink';
import { runDiff, type DiffRequest } from './protocol';

const api = {
  diff: (request: DiffRequest) => runDiff(request),
};

export type DiffApi = typeof api;
expose(api);

// The comparison runs here, off the main thread: typing never waits for it.
import { runDiff, type DiffRequest } from './protocol';

self.onmessage = (event: MessageEvent<DiffRequest>) => {
  self.postMessage(runDiff(event.data));
};

import * as Comlink from 'comlink';
import { settle } from '../../runtime/envelope';
import { computePeaks, type PeaksChunk } from './peaks';

// The waveform worker: peaks of the trim tool's first file, streamed to the page while the file is read.
const api = {
  peaks: (file: Blob, buckets: number, onChunk: PeaksChunk) => settle(() => computePeaks(file, buckets, onChunk), 'media:errors.decodeFailed'),
};

export type PeaksWorkerApi = typeof api;
Comlink.expose(api);

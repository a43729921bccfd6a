import * as Comlink from 'comlink';
import { settle } from '../../../runtime/envelope';
import { ToolError } from '../../../lib/errors';
import { measureLoudness } from './loudness';
import { normalise } from './normalise';
import { readFloatWav, writeFloatWav } from '../../../engines/media/float-wav';

// The loudness worker: measuring (K-weighting, gating, 4x true peak) and the gain and limiter run here, never on the page.
const FAILED = 'audio-loudness:errors.failed';

// Decoded sound comes and goes as Blobs (the browser may keep large ones on disk): the page holds no decoded copy,
// and this worker one at a time.
const api = {
  measure: (wav: Blob) =>
    settle(async () => {
      const pcm = readFloatWav(await wav.arrayBuffer());
      return measureLoudness(pcm.channels, pcm.rate);
    }, FAILED),
  /** Measures the input and returns it normalised, as a float WAV Blob. */
  normalise: (wav: Blob, target: number, ceilingDb: number) =>
    settle(async () => {
      const pcm = readFloatWav(await wav.arrayBuffer());
      const before = measureLoudness(pcm.channels, pcm.rate);
      if (!Number.isFinite(before.integrated)) throw new ToolError('audio-loudness:errors.silent');
      const result = normalise(pcm.channels, pcm.rate, before, target, ceilingDb);
      return { before, gainDb: result.gainDb, limitedDb: result.limitedDb, wav: new Blob([writeFloatWav({ rate: pcm.rate, channels: result.channels })], { type: 'audio/wav' }) };
    }, FAILED),
};

export type LoudnessWorkerApi = typeof api;
Comlink.expose(api);

import * as Comlink from 'comlink';
import { settle } from '../../../runtime/envelope';
import { ToolError } from '../../../lib/errors';
import { measureLoudness } from './loudness';
import { normalise } from './normalise';
import { readFloatWav, writeFloatWav } from '../../../engines/media/float-wav';

// The loudness worker: measuring (K-weighting, gating, 4x true peak) and the gain and limiter run here, never on the page.
const FAILED = 'audio-loudness:errors.failed';

const api = {
  measure: (wav: ArrayBuffer) => settle(() => {
    const pcm = readFloatWav(wav);
    return measureLoudness(pcm.channels, pcm.rate);
  }, FAILED),
  /** Measures the input and returns it normalised, as a float WAV (moved to the page, not copied). */
  normalise: (wav: ArrayBuffer, target: number, ceilingDb: number) =>
    settle(
      () => {
        const pcm = readFloatWav(wav);
        const before = measureLoudness(pcm.channels, pcm.rate);
        if (!Number.isFinite(before.integrated)) throw new ToolError('audio-loudness:errors.silent');
        const result = normalise(pcm.channels, pcm.rate, before, target, ceilingDb);
        return { before, gainDb: result.gainDb, limitedDb: result.limitedDb, wav: writeFloatWav({ rate: pcm.rate, channels: result.channels }) };
      },
      FAILED,
      (v) => [v.wav],
    ),
};

export type LoudnessWorkerApi = typeof api;
Comlink.expose(api);

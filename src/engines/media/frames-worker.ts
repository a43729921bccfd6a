import * as Comlink from 'comlink';
import { settle, type ProgressPort } from '../../runtime/envelope';
import { repairVideoEncoderOutput } from './avc-description';
import { probeMedia } from './convert';
import { extractFrames, reencodeFrames, type FrameFormat, type FramesJob } from './frames';

// The video-to-picture tools' worker (frames, GIF): decoding and image encoding off the page; the pool terminates it
// to cancel.
repairVideoEncoderOutput();

const api = {
  extractFrames: (file: File, job: FramesJob, onProgress: ProgressPort) =>
    settle(() => extractFrames(file, job, (done, total) => onProgress({ kind: 'fraction', done, total, unit: 'frames', stage: 'video-frames:stage' })), 'media:errors.conversionFailed'),
  /** What is inside a video (the GIF maker checks its range against the duration). */
  probe: (file: File) =>
    settle(async () => {
      const { probe, input } = await probeMedia(file);
      input?.dispose();
      return probe;
    }, 'media:errors.conversionFailed'),
  reencodeFrames: (pngs: Blob[], format: FrameFormat) => settle(() => reencodeFrames(pngs, format), 'media:errors.conversionFailed'),
};

export type FramesWorkerApi = typeof api;
Comlink.expose(api);

// One segment of a parallel encode: decodes one stretch of the input (from a key frame to where the next segment
// opens) and encodes it with its own VideoEncoder, into a small in-memory MP4 the joining worker takes the packets
// from. Runs in a copy of the media worker that parallel.ts starts.
import * as Comlink from 'comlink';
import { ALL_FORMATS, BlobSource, BufferTarget, Conversion, Input, Mp4OutputFormat, Output } from 'mediabunny';
import { ToolError } from '../../lib/errors';
import { throttledProgress } from './progress';
import { conversionVideoOptions, type VideoJob } from './video-job';

export async function encodeSegment(file: Blob, job: VideoJob, start: number, end: number | undefined, onProgress: (fraction: number) => void): Promise<ArrayBuffer> {
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  try {
    const target = new BufferTarget();
    const output = new Output({ format: new Mp4OutputFormat({ fastStart: 'in-memory' }), target });
    const conversion = await Conversion.init({ input, output, video: conversionVideoOptions(job), audio: { discard: true }, trim: { start, end } });
    if (!conversion.isValid) throw new ToolError('media:errors.cannotEncode');
    // Whole percents of the segment are enough: the media worker adds the segments up.
    conversion.onProgress = throttledProgress((percent) => onProgress(percent / 100));
    await conversion.execute();
    const data = target.buffer;
    if (!data) throw new ToolError('media:errors.decodeFailed');
    return Comlink.transfer(data, [data]);
  } finally {
    input.dispose();
  }
}

// One merge job: ffmpeg.wasm decodes each file to float WAV at the first file's rate and channel count, the parts are
// joined (crossfaded) here, and ffmpeg.wasm writes the one output format.
import type { JobContext, JobOutput } from '../../../runtime/jobs';
import type { OrderedItem } from '../../../kit/OrderedFileList';
import { extensionOf } from '../../../lib/download';
import { runFfmpeg } from '../../../engines/ffmpeg/run';
import { floatWavBlob, interleavedSamples } from '../../../engines/media/float-wav';
import { FLOAT_WAV_ARGS, sameFormat, widestWavFormat } from '../../../engines/media/same-format';
import { joinParts, type MergeSettings } from './join';

export async function mergeJob(items: OrderedItem[], s: MergeSettings, ctx: JobContext): Promise<JobOutput> {
  const format = s.format === 'wav' ? await widestWavFormat(items.map((i) => i.file)) : sameFormat(s.format);
  const parts: Float32Array[] = [];
  let rate = 0;
  let channels = 0;
  const stages = items.length + 1;
  for (const [i, { file }] of items.entries()) {
    ctx.onProgress({ kind: 'fraction', done: i, total: stages, unit: 'stages', stage: 'audio-merge:stage.decoding' });
    const same = rate ? ['-ar', String(rate), '-ac', String(channels)] : [];
    const out = await runFfmpeg({ input: file, inputExt: extensionOf(file.name), outputExt: 'wav', args: [...FLOAT_WAV_ARGS.slice(0, -2), ...same, '-f', 'wav'], mime: 'audio/wav', stage: 'audio-merge:stage.decoding' }, ctx);
    const pcm = interleavedSamples(await out.blob.arrayBuffer());
    rate ||= pcm.rate;
    channels ||= pcm.channels;
    parts.push(pcm.samples);
  }
  ctx.onProgress({ kind: 'fraction', done: items.length, total: stages, unit: 'stages', stage: 'audio-merge:stage.encoding' });
  const joined = joinParts(parts, channels, Math.round(s.crossfade * rate));
  parts.length = 0;
  const out = await runFfmpeg({ input: floatWavBlob(rate, channels, joined), inputExt: 'wav', outputExt: format.ext, args: format.args, mime: format.mime, stage: 'audio-merge:stage.encoding' }, ctx);
  return { blob: out.blob, name: `merged.${format.ext}`, facts: { format: format.label, duration: joined.length / channels / rate }, engine: 'ffmpeg' };
}

export async function disposeMerge(): Promise<void> {
  (await import('../../../engines/ffmpeg/engine')).releaseFfmpeg();
}

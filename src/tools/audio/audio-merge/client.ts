// One merge job: ffmpeg.wasm decodes each file to float WAV at the first file's rate and channel count, the parts are
// joined as Blob slices (only the crossfades are read and mixed), and ffmpeg.wasm writes the one output format.
import type { JobContext, JobOutput } from '../../../runtime/jobs';
import type { OrderedItem } from '../../../kit/OrderedFileList';
import { extensionOf } from '../../../lib/download';
import { runFfmpeg } from '../../../engines/ffmpeg/run';
import { wavLayout } from '../../../engines/media/float-wav';
import { ToolError } from '../../../lib/errors';
import { FLOAT_WAV_ARGS, sameFormat, widestWavFormat } from '../../../engines/media/same-format';
import { DECLICK_SECONDS, joinWavParts, type MergeSettings, type WavPart } from './join';

export async function mergeJob(items: OrderedItem[], s: MergeSettings, ctx: JobContext): Promise<JobOutput> {
  const format = s.format === 'wav' ? await widestWavFormat(items.map((i) => i.file)) : sameFormat(s.format);
  // Each part stays a float WAV Blob (the browser keeps large ones on disk): no decoded copy is held in the page.
  const parts: WavPart[] = [];
  let rate = 0;
  let channels = 0;
  const stages = items.length + 1;
  for (const [i, { file }] of items.entries()) {
    ctx.onProgress({ kind: 'fraction', done: i, total: stages, unit: 'stages', stage: 'audio-merge:stage.decoding' });
    const same = rate ? ['-ar', String(rate), '-ac', String(channels)] : [];
    const out = await runFfmpeg({ input: file, inputExt: extensionOf(file.name), outputExt: 'wav', args: [...FLOAT_WAV_ARGS.slice(0, -2), ...same, '-f', 'wav'], mime: 'audio/wav', stage: 'audio-merge:stage.decoding' }, ctx);
    const layout = wavLayout(await out.blob.slice(0, 4096).arrayBuffer(), out.blob.size);
    if (layout.bits !== 32) throw new ToolError('media:errors.decodeFailed');
    rate ||= layout.rate;
    channels ||= layout.channels;
    parts.push({ blob: out.blob, offset: layout.offset, frames: layout.frames });
  }
  ctx.onProgress({ kind: 'fraction', done: items.length, total: stages, unit: 'stages', stage: 'audio-merge:stage.encoding' });
  const joined = await joinWavParts(parts, rate, channels, s.crossfade * rate, DECLICK_SECONDS * rate);
  const out = await runFfmpeg({ input: joined.blob, inputExt: 'wav', outputExt: format.ext, args: format.args, mime: format.mime, stage: 'audio-merge:stage.encoding' }, ctx);
  const facts: Record<string, string | number> = { format: format.label, duration: joined.frames / rate };
  if (joined.smoothed > 0) facts.note = 'audio-merge:smoothed';
  return { blob: out.blob, name: `merged.${format.ext}`, facts, engine: 'ffmpeg' };
}

export async function disposeMerge(): Promise<void> {
  (await import('../../../engines/ffmpeg/engine')).releaseFfmpeg();
}

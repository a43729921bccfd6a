// One speed job as two ffmpeg.wasm passes over the input read in place (no decoded copy, however long the file): astats
// counts its sample frames as ffmpeg decodes them, then the tempo/pitch chain runs and the input's own format is
// encoded straight from it, cut to exactly the input's length ÷ tempo.
import type { JobContext, JobOutput } from '../../../runtime/jobs';
import { extensionOf, replaceExtension } from '../../../lib/download';
import { ToolError } from '../../../lib/errors';
import { runFfmpeg, runFfmpegLog } from '../../../engines/ffmpeg/run';
import { COUNT_FILTER, parseAudioStream, parseSampleCount } from '../../../engines/media/ffmpeg-passes';
import { sameFormatOf } from '../../../engines/media/same-format';
import { speedFilter, speedLabel, type SpeedSettings } from './speed';

export async function runSpeed(file: File, s: SpeedSettings, ctx: JobContext): Promise<JobOutput> {
  const ext = extensionOf(file.name);
  const format = await sameFormatOf(file, ext);
  const counted = await runFfmpegLog({ input: file, inputExt: ext, mount: true, args: ['-vn', '-af', COUNT_FILTER], stage: 'audio-speed:stage.decoding' }, ctx);
  const frames = parseSampleCount(counted.lines);
  const rate = parseAudioStream(counted.lines).rate;
  if (!frames || !rate) throw new ToolError('media:errors.decodeFailed');
  const length = Math.round(frames / s.tempo);
  // atempo drops its last few tens of milliseconds when the input ends: a second of silence after the input, and the
  // output cut at the exact length, keep the duration to the sample.
  const chain = ['apad=pad_dur=1', speedFilter(s, rate), `atrim=end_sample=${length}`].filter(Boolean).join(',');
  const out = await runFfmpeg({ input: file, inputExt: ext, mount: true, outputExt: format.ext, args: ['-vn', '-af', chain, ...format.args], mime: format.mime, outputSeconds: length / rate, stage: 'audio-speed:stage.processing' }, ctx);
  return { blob: out.blob, name: replaceExtension(file.name, format.ext), facts: { format: `${format.label} · ${speedLabel(s)}`, duration: length / rate }, engine: 'ffmpeg' };
}

export async function disposeSpeed(): Promise<void> {
  (await import('../../../engines/ffmpeg/engine')).releaseFfmpeg();
}

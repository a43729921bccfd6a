// One speed job: ffmpeg.wasm decodes to float WAV (its header gives the exact length and rate), then runs the
// tempo/pitch chain on it and writes the input's own format, cut to exactly the input's length ÷ tempo.
import type { JobContext, JobOutput } from '../../../runtime/jobs';
import { extensionOf, replaceExtension } from '../../../lib/download';
import { runFfmpeg } from '../../../engines/ffmpeg/run';
import { wavLayout } from '../../../engines/media/float-wav';
import { FLOAT_WAV_ARGS, sameFormatOf } from '../../../engines/media/same-format';
import { speedFilter, speedLabel, type SpeedSettings } from './speed';

export async function runSpeed(file: File, s: SpeedSettings, ctx: JobContext): Promise<JobOutput> {
  const ext = extensionOf(file.name);
  const format = await sameFormatOf(file, ext);
  const decoded = await runFfmpeg({ input: file, inputExt: ext, outputExt: 'wav', args: FLOAT_WAV_ARGS, mime: 'audio/wav', stage: 'audio-speed:stage.decoding' }, ctx);
  const { rate, frames } = wavLayout(await decoded.blob.slice(0, 4096).arrayBuffer(), decoded.blob.size);
  const length = Math.round(frames / s.tempo);
  // atempo drops its last few tens of milliseconds when the input ends: a second of silence after the input, and the
  // output cut at the exact length, keep the duration to the sample.
  const chain = ['apad=pad_dur=1', speedFilter(s, rate), `atrim=end_sample=${length}`].filter(Boolean).join(',');
  const out = await runFfmpeg({ input: decoded.blob, inputExt: 'wav', outputExt: format.ext, args: ['-af', chain, ...format.args], mime: format.mime, outputScale: 1 / s.tempo, stage: 'audio-speed:stage.processing' }, ctx);
  return { blob: out.blob, name: replaceExtension(file.name, format.ext), facts: { format: `${format.label} · ${speedLabel(s)}`, duration: length / rate }, engine: 'ffmpeg' };
}

export async function disposeSpeed(): Promise<void> {
  (await import('../../../engines/ffmpeg/engine')).releaseFfmpeg();
}

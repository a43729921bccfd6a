// One loudness job: ffmpeg.wasm decodes to float WAV, the loudness worker measures and normalises, ffmpeg.wasm writes
// the input's format, and the written file is decoded and measured again for the row's "after" figures.
// A long file (its float WAV over LONG_FLOAT_BYTES: ~12 min of 44.1 kHz stereo) would not fit decoded, several times
// over, in the engine's and the worker's memory: it runs as ffmpeg passes over the input read in place instead
// (ebur128 measures, the gain and a limiter are encoded straight from the filters, ebur128 measures what was written).
import type { JobContext, JobOutput } from '../../../runtime/jobs';
import { WorkerPool } from '../../../runtime/WorkerPool';
import { extensionOf, replaceExtension } from '../../../lib/download';
import { runFfmpeg, runFfmpegLog } from '../../../engines/ffmpeg/run';
import { EBUR128_FILTER, floatBytes, gainFilter, LONG_FLOAT_BYTES, normaliseByPasses, parseAudioStream, parseEbur128 } from '../../../engines/media/ffmpeg-passes';
import { ToolError } from '../../../lib/errors';
import { FLOAT_WAV_ARGS, sameFormatOf } from '../../../engines/media/same-format';
import type { Loudness } from './loudness';
import type { LoudnessWorkerApi } from './loudness.worker';
import { loudnessLabel, type LoudnessSettings } from './settings';

let pool: WorkerPool<LoudnessWorkerApi> | null = null;
const loudnessPool = () => (pool ??= new WorkerPool<LoudnessWorkerApi>(() => new Worker(new URL('./loudness.worker.ts', import.meta.url), { type: 'module', name: 'audio-loudness' }), 1));

export async function disposeLoudness(): Promise<void> {
  pool?.terminate();
  pool = null;
  (await import('../../../engines/ffmpeg/engine')).releaseFfmpeg();
}

const STAGES = 5;
const stage = (ctx: JobContext, done: number, key: string) => ctx.onProgress({ kind: 'fraction', done, total: STAGES, unit: 'stages', stage: `audio-loudness:stage.${key}` });

/** The decoded sound stays a Blob: the worker reads it, the page never holds its samples. */
async function decode(blob: Blob, ext: string, ctx: JobContext): Promise<Blob> {
  return (await runFfmpeg({ input: blob, inputExt: ext, outputExt: 'wav', args: FLOAT_WAV_ARGS, mime: 'audio/wav', stage: 'audio-loudness:stage.decoding' }, ctx)).blob;
}

export interface LoudnessOutput extends JobOutput {
  before: Loudness;
  after: Loudness;
  duration?: number;
}

export async function runLoudness(file: File, s: LoudnessSettings, ctx: JobContext): Promise<LoudnessOutput> {
  const ext = extensionOf(file.name);
  const format = await sameFormatOf(file, ext);
  const probe = await runFfmpegLog({ input: file, inputExt: ext, mount: true, args: ['-t', '0'], stage: 'audio-loudness:stage.decoding' }, ctx);
  if (floatBytes(parseAudioStream(probe.lines)) > LONG_FLOAT_BYTES) return runLoudnessByPasses(file, ext, format, s, ctx);
  const workers = loudnessPool();
  stage(ctx, 0, 'decoding');
  const decoded = await decode(file, ext, ctx);
  // A lossy encoder's ringing can lift the true peak a little: the written file is measured, and past the ceiling the
  // job runs again with the limiter's ceiling lowered by the overshoot (twice at most).
  // 0.1 dB under the ceiling: ffmpeg's ebur128 oversamples to 192 kHz, this page 4x; they differ by hundredths of a dB.
  let ceiling = s.ceiling - 0.1;
  for (let attempt = 0; ; attempt++) {
    stage(ctx, 1, 'measuring');
    const result = await workers.call((api) => api.normalise(decoded, s.targetLufs, ceiling), ctx.signal);
    stage(ctx, 2, 'encoding');
    const written = await runFfmpeg({ input: result.wav, inputExt: 'wav', outputExt: format.ext, args: ['-vn', ...format.args], mime: format.mime, stage: 'audio-loudness:stage.encoding' }, ctx);
    stage(ctx, 3, 'checking');
    const check = await decode(written.blob, format.ext, ctx);
    stage(ctx, 4, 'checking');
    const after = await workers.call((api) => api.measure(check), ctx.signal);
    if (after.truePeak > s.ceiling && attempt < 2) {
      ceiling -= after.truePeak - s.ceiling + 0.1;
      continue;
    }
    const facts: Record<string, string | number> = { format: `${format.label} · ${loudnessLabel(after)}`, before: loudnessLabel(result.before), after: loudnessLabel(after), gain: result.gainDb.toFixed(1) };
    if (written.duration) facts.duration = written.duration;
    if (result.limitedDb > 0.05) facts.note = 'audio-loudness:limited';
    return { blob: written.blob, name: replaceExtension(file.name, format.ext), facts, before: result.before, after, duration: written.duration, engine: 'ffmpeg' };
  }
}

/** A long file: ffmpeg passes over the input read in place, the output encoded from the filters; no decoded copy anywhere. */
async function runLoudnessByPasses(file: File, ext: string, format: Awaited<ReturnType<typeof sameFormatOf>>, s: LoudnessSettings, ctx: JobContext): Promise<LoudnessOutput> {
  const measure = async (blob: Blob, blobExt: string) => {
    const loudness = parseEbur128((await runFfmpegLog({ input: blob, inputExt: blobExt, mount: true, args: ['-vn', '-af', EBUR128_FILTER], stage: 'audio-loudness:stage.measuring' }, ctx)).lines);
    if (!loudness) throw new ToolError('audio-loudness:errors.failed');
    return loudness;
  };
  stage(ctx, 1, 'measuring');
  const before = await measure(file, ext);
  if (!Number.isFinite(before.integrated)) throw new ToolError('audio-loudness:errors.silent');
  const result = await normaliseByPasses(before, s.targetLufs, s.ceiling, async (gainDb, limitDb) => {
    stage(ctx, 2, 'encoding');
    const written = await runFfmpeg({ input: file, inputExt: ext, mount: true, outputExt: format.ext, args: ['-vn', '-af', gainFilter(gainDb, limitDb), ...format.args], mime: format.mime, stage: 'audio-loudness:stage.encoding' }, ctx);
    stage(ctx, 3, 'checking');
    return { blob: written.blob, duration: written.duration, after: await measure(written.blob, format.ext) };
  });
  const after = result.after;
  const facts: Record<string, string | number> = { format: `${format.label} · ${loudnessLabel(after)}`, before: loudnessLabel(before), after: loudnessLabel(after), gain: result.gainDb.toFixed(1) };
  if (result.duration) facts.duration = result.duration;
  if (result.limitDb !== null) facts.note = 'audio-loudness:limited';
  return { blob: result.blob, name: replaceExtension(file.name, format.ext), facts, before, after, duration: result.duration, engine: 'ffmpeg' };
}

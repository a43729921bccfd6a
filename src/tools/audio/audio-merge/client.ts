// One merge job as ffmpeg.wasm runs over the inputs read in place (WORKERFS; no decoded copy anywhere, however long
// the files): a look at each input's streams, at the few ms on each side of every hard join (does it click?), then one
// filter graph that brings every part to the first file's rate and channels, joins them (crossfade, smoothing or end
// to end) and encodes the one output format straight from the filters. WAVs of one format joined to WAV without a
// crossfade are joined as bytes instead (wav-join).
import type { JobContext, JobOutput } from '../../../runtime/jobs';
import type { OrderedItem } from '../../../kit/OrderedFileList';
import { extensionOf } from '../../../lib/download';
import { runFfmpeg, runFfmpegLog } from '../../../engines/ffmpeg/run';
import { parseAudioStream } from '../../../engines/media/ffmpeg-passes';
import { wavLayout } from '../../../engines/media/float-wav';
import { ToolError } from '../../../lib/errors';
import { sameFormat, wavFormat, wavLayoutOf, widestWavFormat } from '../../../engines/media/same-format';
import { DECLICK_SECONDS, declick, joinSizes, mergeFilter, type MergeSettings, type MergeTarget } from './join';
import { joinWavBytes, sameWavFormat } from './wav-join';

const DECODING = 'audio-merge:stage.decoding';

/** Interleaved float samples of one input at the target's rate and channels: its first or last `frames` frames. */
async function edge(file: File, target: MergeTarget, side: 'head' | 'tail', frames: number, ctx: JobContext): Promise<Float32Array> {
  const seconds = (frames / target.rate + 0.05).toFixed(3);
  const out = await runFfmpeg(
    {
      input: file,
      inputExt: extensionOf(file.name),
      mount: true,
      inputArgs: side === 'tail' ? ['-sseof', `-${seconds}`] : [],
      outputExt: 'wav',
      args: ['-vn', ...(side === 'head' ? ['-t', seconds] : []), '-ar', String(target.rate), '-ac', String(target.channels), '-c:a', 'pcm_f32le', '-f', 'wav'],
      mime: 'audio/wav',
      stage: DECODING,
    },
    ctx,
  );
  const bytes = await out.blob.arrayBuffer();
  const layout = wavLayout(bytes);
  if (layout.bits !== 32) throw new ToolError('media:errors.decodeFailed');
  const all = new Float32Array(bytes.slice(layout.offset, layout.offset + layout.frames * layout.channels * 4));
  const n = Math.min(frames, layout.frames) * target.channels;
  return side === 'head' ? all.subarray(0, n) : all.subarray(all.length - n);
}

export async function mergeJob(items: OrderedItem[], s: MergeSettings, ctx: JobContext): Promise<JobOutput> {
  const files = items.map((i) => i.file);
  if (s.format === 'wav' && s.crossfade === 0) {
    const layouts = await Promise.all(files.map(wavLayoutOf));
    if (sameWavFormat(layouts)) {
      // WAVs of one format: their samples joined as they are, nothing decoded or encoded.
      const joined = await joinWavBytes(files, layouts, Math.round(DECLICK_SECONDS * layouts[0].sampleRate));
      const facts = { format: wavFormat(layouts[0]).label, duration: joined.frames / layouts[0].sampleRate, note: joined.smoothed ? 'audio-merge:smoothed' : 'media:audio.losslessNote' };
      return { blob: joined.blob, name: 'merged.wav', facts, engine: 'copy' };
    }
  }
  const format = s.format === 'wav' ? await widestWavFormat(files) : sameFormat(s.format);
  const stages = 2 * files.length;
  const streams = [];
  for (const [i, file] of files.entries()) {
    ctx.onProgress({ kind: 'fraction', done: i, total: stages, unit: 'stages', stage: DECODING });
    const info = parseAudioStream((await runFfmpegLog({ input: file, inputExt: extensionOf(file.name), mount: true, args: ['-t', '0'], stage: DECODING }, ctx)).lines);
    if (!info.rate || !info.channels || !info.duration) throw new ToolError('media:errors.decodeFailed');
    streams.push(info as Required<typeof info>);
  }
  const target: MergeTarget = { rate: streams[0].rate, channels: streams[0].channels };
  // The containers' durations (an estimate for some MP3s): a crossfade is kept a little inside the shorter part.
  const frames = streams.map((info) => Math.floor(info.duration * target.rate * 0.98));
  const { fades, edges } = joinSizes(frames, s.crossfade * target.rate, DECLICK_SECONDS * target.rate);
  const smooth: boolean[] = [];
  for (const [i, n] of edges.entries()) {
    ctx.onProgress({ kind: 'fraction', done: files.length + i, total: stages, unit: 'stages', stage: DECODING });
    if (n === 0) {
      smooth.push(false);
      continue;
    }
    const tail = await edge(files[i], target, 'tail', n, ctx);
    const head = await edge(files[i + 1], target, 'head', n, ctx);
    smooth.push(tail.length === head.length && tail.length > 0 && declick(tail, head, target.channels) !== null);
  }
  const seconds = streams.reduce((sum, info) => sum + info.duration, 0) - fades.reduce((sum, f) => sum + f, 0) / target.rate;
  const graph = mergeFilter(files.length, target, fades, edges, smooth);
  const [first, ...rest] = files;
  const out = await runFfmpeg(
    {
      input: first,
      inputExt: extensionOf(first.name),
      moreInputs: rest.map((file) => ({ blob: file, ext: extensionOf(file.name) })),
      mount: true,
      outputExt: format.ext,
      args: ['-filter_complex', graph, '-map', '[out]', ...format.args],
      mime: format.mime,
      outputSeconds: seconds,
      stage: 'audio-merge:stage.encoding',
    },
    ctx,
  );
  const facts: Record<string, string | number> = { format: format.label, duration: seconds };
  if (smooth.some(Boolean)) facts.note = 'audio-merge:smoothed';
  return { blob: out.blob, name: `merged.${format.ext}`, facts, engine: 'ffmpeg' };
}

export async function disposeMerge(): Promise<void> {
  (await import('../../../engines/ffmpeg/engine')).releaseFfmpeg();
}

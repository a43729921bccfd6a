import type { JobContext } from '../../runtime/jobs';
import * as Comlink from 'comlink';
import { ToolError } from '../../lib/errors';
import { extensionOf } from '../../lib/download';
import { formatMediaTime } from '../../lib/media-time';
import { WorkerPool } from '../../runtime/WorkerPool';
import { createZip } from '../zip';
import type { MediaOutput } from './client';
import { frameName, splitPngStream } from './frame-times';
import { FRAME_EXTENSION, type Frame, type FramesJob } from './frames';
import type { MediaWorkerApi } from './worker';

let pool: WorkerPool<MediaWorkerApi> | null = null;
// The media worker's bundle (worker.ts), started as a worker of these tools' own.
export const framesPool = () => (pool ??= new WorkerPool<MediaWorkerApi>(() => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'frames' }), 1));

export async function disposeFrames(): Promise<void> {
  pool?.terminate();
  pool = null;
  (await import('../ffmpeg/engine')).releaseFfmpeg();
}

const FFMPEG_NOTE = {
  container: { mt: 'media:engineUsed.ffmpegContainerMt', st: 'media:engineUsed.ffmpegContainerSt' },
  browser: { mt: 'media:engineUsed.ffmpegBrowserMt', st: 'media:engineUsed.ffmpegBrowserSt' },
  colours: { mt: 'media:engineUsed.ffmpegColoursMt', st: 'media:engineUsed.ffmpegColoursSt' },
} as const;

/**
 * One picture, or a ZIP of pictures, from a video: decoded by the browser; where it cannot read the file or
 * its codec, or gives its pictures only as RGB of its own making, by ffmpeg.wasm (named in the row).
 */
export async function runVideoFrames(file: File, job: FramesJob, ctx: JobContext): Promise<MediaOutput> {
  ctx.onProgress({ kind: 'indeterminate', stage: 'media:stage.reading' });
  const result = await framesPool().call((api) => api.extractFrames(file, job, Comlink.proxy(ctx.onProgress)), ctx.signal);
  const ext = FRAME_EXTENSION[job.format];
  let frames: Frame[];
  let engine: MediaOutput['engine'] = 'webcodecs';
  let note: string | undefined;
  if ('needsFfmpeg' in result) {
    const out = await framesByFfmpeg(file, job, result.times, ctx);
    frames = out.frames;
    engine = 'ffmpeg';
    note = FFMPEG_NOTE[result.needsFfmpeg][out.core];
    if (job.format !== 'png') {
      const blobs = await framesPool().call((api) => api.reencodeFrames(frames.map((f) => f.blob), job.format), ctx.signal);
      frames = frames.map((f, i) => ({ ...f, blob: blobs[i] }));
    }
  } else {
    frames = result.frames;
  }
  const width = 'width' in result ? result.width : result.input.video?.width;
  const height = 'height' in result ? result.height : result.input.video?.height;
  // Language-free: "PNG @ 00:01.500" for one picture, "PNG × 4" for several.
  const format = frames.length === 1 ? `${ext.toUpperCase()} @ ${formatMediaTime(frames[0].time)}` : `${ext.toUpperCase()} × ${frames.length}`;
  const facts = { format, ...(width && height ? { width, height } : {}), ...(note ? { note } : {}) };
  if (frames.length === 1) return { blob: frames[0].blob, name: frameName(file.name, frames[0].time, ext), facts, input: result.input, engine };
  const zip = await createZip(frames.map((f) => ({ name: frameName(file.name, f.time, ext), blob: f.blob })));
  return { blob: zip, name: `${file.name.replace(/\.[^.]+$/, '') || 'video'}-frames.zip`, facts, input: result.input, engine };
}

/** The fallback: ffmpeg.wasm writes the frames as one PNG stream; times as the browser path takes them. */
async function framesByFfmpeg(file: File, job: FramesJob, times: number[] | undefined, ctx: JobContext): Promise<{ frames: Frame[]; core: 'mt' | 'st' }> {
  const { runFfmpeg } = await import('../ffmpeg/run');
  const at = 'at' in job.pick ? job.pick.at : undefined;
  const every = 'every' in job.pick ? job.pick.every : undefined;
  const args =
    at !== undefined
      ? ['-ss', String(at), '-frames:v', '1']
      : // The first frame at or after each multiple of the interval: what -ss takes at each of those times.
        ['-vf', `select='isnan(prev_selected_t)+gt(floor((t+0.0005)/${every})\\,floor((prev_selected_t+0.0005)/${every}))'`, '-fps_mode', 'passthrough'];
  const out = await runFfmpeg({ input: file, inputExt: extensionOf(file.name), outputExt: 'png', args: ['-an', ...args, '-f', 'image2pipe', '-c:v', 'png'], mime: 'image/png' }, ctx);
  const pngs = splitPngStream(new Uint8Array(await out.blob.arrayBuffer()));
  if (!pngs.length) throw new ToolError('video-frames:errors.pastEnd', { time: at ?? 0, duration: out.duration ?? 0 });
  const step = every ?? 0;
  return {
    frames: pngs.map((bytes, i) => ({ time: times?.[i] ?? (at ?? i * step), blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }) })),
    core: out.core,
  };
}

// The video compressor's quality-first path (issue 26): x264 at a constant quality (CRF) in ffmpeg.wasm, the CRF
// searched on frames sampled across the video until their SSIM against the source reaches the level's target, the
// bit rate never above the input's own, and the input kept when the result is not clearly smaller. Runs on the
// page: ffmpeg.wasm has its own worker (and, threaded, its pthread workers), all terminated on cancel.
import type { FFFSType, FFmpeg, LogEvent, ProgressEvent } from '@ffmpeg/ffmpeg';
import { ToolError } from '../../lib/errors';
import { replaceExtension } from '../../lib/download';
import type { JobContext } from '../../runtime/jobs';
import { ffmpegError } from '../ffmpeg/errors';
import { abandonThreadedCore } from '../ffmpeg/engine';
import { openFfmpeg } from '../ffmpeg/session';
import { execWatched, retryOnStall } from '../ffmpeg/stall';
import { fitResolution } from './bitrate';
import type { MediaOutput } from './client';
import { chosenCrf, inputRejected, inputTruncated, KEEP_RATIO, nextCrf, outputFrames, parseFrame, parseSsim, parseStreamInfo, rateCap, sampleWindows, SSIM_TARGET, windowLength, workPlan, X264_PRESET, X264_THREADS, type Probe, type StreamInfo } from './quality-search';
import type { VideoSettings } from './types';

/** Past this length the fast path (WebCodecs) does the work: the row says so. */
export const QUALITY_FIRST_MAX_SECONDS = 20 * 60;
const MAX_PROBES = 4;
let nextId = 0;

/** A User Timing mark per stage (engine start, each probe's encode and SSIM, encode, check): bench/media reads them. */
const mark = (name: string) => performance.mark(`quality:${name}`);

interface Run {
  ffmpeg: FFmpeg;
  core: 'mt' | 'st';
  ctx: JobContext;
  /** Work units done before the current command, and the job's total (workPlan). */
  base: number;
  total: number;
  fps: number;
  stage: string;
  /** When the first sample encode began: the time left is taken from the rate since then (not the engine's start). */
  since?: number;
  /** The encode's frames: its progress is frames written of these (ffmpeg's stats lines), not a time guess. */
  frames?: number;
}

/** One ffmpeg command: its log lines, and its output time as work units of the job's progress (weight per frame). */
async function exec(run: Run, args: string[], weight = 0): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  // Frames done, from ffmpeg's stats lines ("frame= 123 …"); its time-based progress only until the first of them.
  let counted = false;
  const report = (frames: number) => {
    if (run.frames) {
      run.ctx.onProgress({ kind: 'fraction', done: Math.min(run.frames, frames), total: run.frames, unit: 'frames', stage: run.stage, since: run.since });
      return;
    }
    const done = Math.min(run.total, run.base + frames * weight);
    run.ctx.onProgress({ kind: 'fraction', done: Math.round((done / run.total) * 1000) / 10, total: 100, unit: 'percent', stage: run.stage, since: run.since });
  };
  const onLog = ({ message }: LogEvent) => {
    lines.push(message);
    const frame = weight ? parseFrame(message) : undefined;
    if (frame === undefined) return;
    counted = true;
    report(frame);
  };
  const onProgress = ({ time }: ProgressEvent) => {
    if (weight && !counted && time > 0) report((time / 1e6) * run.fps);
  };
  run.ffmpeg.on('log', onLog);
  run.ffmpeg.on('progress', onProgress);
  try {
    const code = await execWatched(run.ffmpeg, ['-hide_banner', '-nostdin', ...args], { threaded: run.core === 'mt', abandon: abandonThreadedCore });
    return { code, lines };
  } finally {
    run.ffmpeg.off('log', onLog);
    run.ffmpeg.off('progress', onProgress);
  }
}

/** Inputs for the sample windows of `file`, and the filter joining them (scaled to the output size) as [label]. */
function windowsOf(file: string, windows: { start: number; length: number }[], first: number, scale: string, label: string) {
  const inputs = windows.flatMap((w) => ['-ss', w.start.toFixed(3), '-t', w.length.toFixed(3), '-i', file]);
  const joined = windows.map((_, i) => `[${first + i}:v]`).join('') + (windows.length > 1 ? `concat=n=${windows.length}:v=1:a=0,` : 'null,');
  return { inputs, filter: `${joined}${scale}format=yuv420p,settb=1/1000,setpts=N*33[${label}]` };
}

async function ssimOf(run: Run, source: string, encoded: string, windows: { start: number; length: number }[], scale: string, windowed: boolean): Promise<number> {
  const ref = windowsOf(source, windows, 0, scale, 'ref');
  const dis = windowed ? windowsOf(encoded, windows, windows.length, '', 'dis') : { inputs: ['-i', encoded], filter: `[${windows.length}:v]format=yuv420p,settb=1/1000,setpts=N*33[dis]` };
  const { lines } = await exec(run, [...ref.inputs, ...dis.inputs, '-filter_complex', `${ref.filter};${dis.filter};[dis][ref]ssim`, '-f', 'null', '-'], 0.3);
  const ssim = lines.map(parseSsim).find((v) => v !== undefined);
  if (ssim === undefined) throw new ToolError('media:errors.unreadable');
  return ssim;
}

/** `countFrames`: the input's frame count from its index (the media worker's mediabunny), null where it has none. */
export function encodeQualityFirst(file: File, s: VideoSettings, ctx: JobContext, countFrames: (file: File) => Promise<number | null> = async () => null): Promise<MediaOutput | null> {
  return retryOnStall(() => encodeOnce(file, s, ctx, countFrames));
}

async function encodeOnce(file: File, s: VideoSettings, ctx: JobContext, countFrames: (file: File) => Promise<number | null>): Promise<MediaOutput | null> {
  mark('start');
  const { ffmpeg, core, done } = await openFfmpeg(ctx);
  mark('engine');
  const id = ++nextId;
  const dir = `/q${id}`;
  const source = `${dir}/${file.name}`;
  const written: string[] = [];
  const run: Run = { ffmpeg, core, ctx, base: 0, total: 1, fps: 30, stage: 'media:stage.searchingQuality' };
  try {
    await ffmpeg.createDir(dir);
    // The file is read where ffmpeg needs it (WORKERFS), never copied whole into the engine's memory.
    await ffmpeg.mount('WORKERFS' as FFFSType, { files: [file] }, dir);
    const opened = (await exec(run, ['-i', source])).lines;
    // Not a media file at all (whatever its extension says), or one without pictures.
    if (inputRejected(opened)) throw new ToolError('media:errors.unreadable');
    const info: StreamInfo = parseStreamInfo(opened);
    if (!info.width || !info.height) throw new ToolError('media:errors.noVideo');
    const duration = info.duration ?? 0;
    if (duration > QUALITY_FIRST_MAX_SECONDS) return null;
    run.fps = info.fps && info.fps < 240 ? info.fps : 30;
    const size = fitResolution(info.width, info.height, s.maxHeight);
    const scale = size.width !== info.width || size.height !== info.height ? `scale=${size.width}:${size.height},` : '';
    const windows = sampleWindows(duration, 3, windowLength(duration));
    const sampleFrames = windows.reduce((n, w) => n + w.length, 0) * run.fps;
    const plan = workPlan(duration * run.fps, sampleFrames, 3);
    run.total = plan.total;
    const audioBitrate = s.keepAudio && info.audioCodec ? 128_000 : 0;
    // The input's own video bit rate (as its container states it, else all its bits over its length, less the sound).
    const inputRate = info.videoBitrate ?? (duration > 0 ? (file.size * 8) / duration - audioBitrate : undefined);
    const x264 = (crf: number) => ['-c:v', 'libx264', '-preset', X264_PRESET, '-crf', String(crf), ...rateCap(inputRate), '-threads', String(X264_THREADS), '-pix_fmt', 'yuv420p'];

    // The search: each probe encodes the sample windows at one CRF and measures them against the source.
    const target = SSIM_TARGET[s.quality];
    const probes: Probe[] = [];
    const sample = `/sample-${id}.mkv`;
    run.since = Date.now();
    for (let crf: number | undefined = 23; crf !== undefined && probes.length < MAX_PROBES; crf = nextCrf(probes, target)) {
      const w = windowsOf(source, windows, 0, scale, 'v');
      mark(`probe ${crf}`);
      const enc = await exec(run, [...w.inputs, '-filter_complex', w.filter, '-map', '[v]', ...x264(crf), '-an', '-f', 'matroska', '-y', sample], 1);
      written.push(sample);
      if (enc.code !== 0) throw new ToolError('media:errors.unreadable');
      if (inputTruncated(enc.lines)) throw new ToolError('media:errors.decodeFailed');
      run.base += sampleFrames;
      mark(`probe-ssim ${crf}`);
      probes.push({ crf, ssim: await ssimOf(run, source, sample, windows, scale, false) });
      run.base = plan.probe * probes.length;
    }
    const crf = chosenCrf(probes, target);

    // The encode: every frame, the sound copied when it is AAC already (no second loss), else AAC. Its progress is
    // frames written of the frames the input's index holds, its time left from the encode's own rate.
    run.stage = 'media:stage.encoding';
    run.frames = outputFrames(await countFrames(file).catch(() => null), duration, run.fps, s.maxFps);
    const searchSince = run.since;
    run.since = Date.now();
    run.base = plan.probe * Math.max(3, probes.length);
    run.total = run.base + plan.encode + plan.check;
    const out = `/out-${id}.mp4`;
    const audio = !s.keepAudio || !info.audioCodec ? ['-an'] : info.audioCodec === 'aac' ? ['-map', '0:a:0', '-c:a', 'copy'] : ['-map', '0:a:0', '-c:a', 'aac', '-b:a', String(audioBitrate), '-ac', '2'];
    const args = ['-i', source, '-map', '0:v:0', ...x264(crf), ...(scale ? ['-vf', scale.slice(0, -1)] : []), ...(s.maxFps ? ['-fpsmax', String(s.maxFps)] : []), ...audio, '-movflags', '+faststart', '-y', out];
    mark(`encode ${crf}`);
    const enc = await exec(run, args, 1);
    written.push(out);
    if (enc.code !== 0) throw new ToolError('media:errors.unreadable');
    if (inputTruncated(enc.lines)) throw new ToolError('media:errors.decodeFailed');
    run.base += plan.encode;
    run.frames = undefined;
    run.since = searchSince;

    // The check: the file made, measured on the same frames; its score goes into the row.
    run.stage = 'media:stage.checkingQuality';
    mark('check');
    const ssim = s.maxFps ? undefined : await ssimOf(run, source, out, windows, scale, true);
    mark('end');
    const data = await ffmpeg.readFile(out);
    if (typeof data === 'string' || data.byteLength === 0) throw new ToolError('media:errors.unreadable');
    const facts = { format: `MP4 · H.264 (x264 CRF ${crf})${s.keepAudio && info.audioCodec ? ' + AAC' : ''}`, width: size.width, height: size.height, duration, ...(ssim !== undefined ? { ssim: ssim.toFixed(3) } : {}) };
    const engine = 'ffmpeg';
    if (data.byteLength >= file.size * KEEP_RATIO) {
      // Not clearly smaller: the user keeps the file they gave, and the row says so.
      return { blob: file, name: file.name, facts: { ...facts, note: 'media:video.originalKept' }, input: { readable: true, container: '', duration }, engine };
    }
    const note = core === 'mt' ? 'media:engineUsed.x264Mt' : 'media:engineUsed.x264St';
    return { blob: new Blob([data as Uint8Array<ArrayBuffer>], { type: 'video/mp4' }), name: replaceExtension(file.name, 'mp4'), facts: { ...facts, note }, input: { readable: true, container: '', duration }, engine };
  } catch (error) {
    ctx.signal.throwIfAborted();
    throw ffmpegError(error);
  } finally {
    done();
    if (!ctx.signal.aborted) {
      for (const name of written) await ffmpeg.deleteFile(name).catch(() => undefined);
      await ffmpeg.unmount(dir).catch(() => undefined);
      await ffmpeg.deleteDir(dir).catch(() => undefined);
    }
  }
}

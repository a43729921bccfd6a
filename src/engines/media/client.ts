import * as Comlink from 'comlink';
import type { JobContext, JobOutput } from '../../runtime/jobs';
import { extensionOf } from '../../lib/download';
import { replaceExtension } from '../../lib/download';
import { WorkerPool } from '../../runtime/WorkerPool';
import { ToolError } from '../../lib/errors';
import type { ConvertResult, NeedsFfmpeg } from './convert';
import type { Overshoot } from './compress-video';
import { ffmpegAudioArgs, ffmpegVideoArgs, x264Correction, x264PassFiles, x264TargetArgs, x264TwoPassArgs } from './ffmpeg-args';
import { outputFolder } from './output-store';
import { segmentEncoders } from './segment-workers';
import type { AudioSettings, MediaProbe, VideoSettings } from './types';
import type { MediaWorkerApi } from './worker';
import type { VideoTrimSettings } from './trim-video';
import type { VideoSpeedSettings } from './speed-video';
import { tempoFilter } from './tempo';
import { callWatchedWithRetry } from './silence-watch';
import type { AudioTrimSettings } from './wav-trim';
import { ffmpegCropFilter, type VideoCropSettings } from './crop-plan';
import { formatTime, keptRanges, totalLength } from '../../lib/time-ranges';
import { REENCODED_CONTAINERS, speedReencodeArgs, trimReencodeArgs } from './reencode-args';
import { fitResolution, missesTarget, retryWithX264, targetBytesOf, videoBitrates } from './bitrate';
import { KEEP_RATIO } from './quality-search';

let pool: WorkerPool<MediaWorkerApi> | null = null;

const mediaWorker = (name: string) => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name });

/** A media worker of its own for a timeline's waveform or pictures (the same bundle, so nothing more to fetch or precache). */
export { ffmpegThumbnails, ffmpegTimeline } from './ffmpeg-timeline';
export const timelinePool = (name: 'waveform' | 'thumbnails' | 'timeline'): WorkerPool<MediaWorkerApi> => new WorkerPool<MediaWorkerApi>(() => mediaWorker(name), 1);

/** One media worker at a time: the encoders already use every core, two jobs would only fight. */
function mediaPool(): WorkerPool<MediaWorkerApi> {
  pool ??= new WorkerPool<MediaWorkerApi>(() => mediaWorker('media'), 1);
  return pool;
}

/** Frees the media worker and the ffmpeg engine (when the tool's page goes away). */
export async function disposeMedia(): Promise<void> {
  pool?.terminate();
  pool = null;
  const { releaseFfmpeg } = await import('../ffmpeg/engine');
  releaseFfmpeg();
}

export interface MediaOutput extends JobOutput {
  input: MediaProbe;
  engine: 'webcodecs' | 'ffmpeg' | 'copy';
}

const FFMPEG_NOTE = {
  container: { mt: 'media:engineUsed.ffmpegContainerMt', st: 'media:engineUsed.ffmpegContainerSt' },
  browser: { mt: 'media:engineUsed.ffmpegBrowserMt', st: 'media:engineUsed.ffmpegBrowserSt' },
} as const;

async function finish(file: File, result: ConvertResult | NeedsFfmpeg, ctx: JobContext, ffmpegJob: (r: NeedsFfmpeg) => { args: string[]; ext: string; mime: string; facts: Record<string, string | number> }): Promise<MediaOutput> {
  if ('data' in result) {
    return { blob: new Blob([result.data], { type: result.mime }), name: replaceExtension(file.name, result.extension), facts: result.facts, input: result.input, engine: 'webcodecs' };
  }
  const { runFfmpeg } = await import('../ffmpeg/run');
  const job = ffmpegJob(result);
  const out = await runFfmpeg({ input: file, inputExt: extensionOf(file.name), outputExt: job.ext, args: job.args, mime: job.mime }, ctx);
  const duration = result.input.duration ?? out.duration;
  // The row says so when the file was made by ffmpeg.wasm rather than the first choice (WebCodecs), and why.
  // It names the core too: the threaded one, or the single-thread one (Firefox, WebKit, or the threaded one hung).
  const note = FFMPEG_NOTE[result.ffmpeg === 'container' ? 'container' : 'browser'][out.core];
  return { blob: out.blob, name: replaceExtension(file.name, job.ext), facts: { ...job.facts, ...(duration ? { duration } : {}), note }, input: { ...result.input, duration }, engine: 'ffmpeg' };
}

export async function runVideoCompress(file: File, settings: VideoSettings, ctx: JobContext): Promise<MediaOutput> {
  ctx.onProgress({ kind: 'indeterminate', stage: 'media:stage.reading' });
  // A quality level in MP4: x264 at the CRF whose sampled frames reach the level's SSIM (quality-encode.ts). Past
  // its length limit it gives way to the fast path, and the row says so.
  let long = false;
  if (settings.speed === 'smallest' && settings.mode === 'quality' && settings.container === 'mp4') {
    const { encodeQualityFirst } = await import('./quality-encode');
    const out = await encodeQualityFirst(file, settings, ctx, (f) => mediaPool().call((api) => api.videoFrames(f), ctx.signal));
    if (out) return out;
    long = true;
  }
  if (settings.speed === 'smallest' && settings.mode === 'quality' && settings.container === 'webm') {
    const out = await webmToQuality(file, settings, ctx);
    if (out) return out;
  }
  const target = targetBytesOf(settings, file.size);
  // A size asked for in MP4: a short window says up front whether the browser's H.264 would overshoot it, and then
  // x264 makes the file without the browser's whole encode first (overshoot.ts).
  const first = await runFastVideo(file, settings, ctx, settings.container === 'mp4' && target !== undefined);
  let fast: MediaOutput;
  if ('overshoot' in first) {
    fast = (await targetWithX264(file, settings, first.input, ctx, 'media:video.x264TargetProbe')) ?? ((await runFastVideo(file, settings, ctx, false)) as MediaOutput);
  } else {
    fast = first;
    // The browser's encoder overshot a size asked for (it has a floor on easy content): x264 at the same bit rate.
    if (settings.container === 'mp4' && fast.engine === 'webcodecs' && retryWithX264(fast.blob.size, target)) {
      const x264 = await targetWithX264(file, settings, fast.input, ctx, 'media:video.x264Target');
      if (x264 && x264.blob.size < fast.blob.size) fast = x264;
    }
  }
  // A size the video cannot get down to (the lowest bit rate the encoders keep watchable): said, not hidden.
  const missed = missesTarget(fast.blob.size, target) ? { targetMissed: Math.round(target!) } : {};
  return { ...fast, facts: { ...fast.facts, ...missed, ...(long ? { note: 'media:video.longFastPath' } : {}) } };
}

let nextPassLog = 0;

/**
 * The size asked for, by two-pass x264 in ffmpeg.wasm at the bit rates the fast path used (aimed a little under them,
 * x264TwoPassArgs); null where the input says too little. Each pass has its own label and progress bar.
 */
async function targetWithX264(file: File, settings: VideoSettings, input: MediaProbe, ctx: JobContext, note: string): Promise<MediaOutput | null> {
  const v = input.video;
  const duration = input.duration ?? 0;
  if (!v || !(duration > 0)) return null;
  const size = fitResolution(v.width, v.height, settings.maxHeight);
  const fps = Math.min(v.fps ?? 30, settings.maxFps || Infinity);
  const rates = videoBitrates(settings, { ...size, fps, duration, size: file.size, hasAudio: !!input.audio });
  const { deleteFfmpegFiles, runFfmpeg, runFfmpegLog } = await import('../ffmpeg/run');
  const log = `/x264-pass-${++nextPassLog}`;
  const target = { videoBitrate: rates.video, audioBitrate: rates.audio, ...size, maxFps: settings.maxFps };
  const [first, second] = x264TwoPassArgs(target, log);
  const inputExt = extensionOf(file.name);
  const pass = (args: string[], stage: string) => runFfmpeg({ input: file, inputExt, outputExt: 'mp4', args, mime: 'video/mp4', stage }, ctx);
  let out: Awaited<ReturnType<typeof pass>>;
  try {
    await runFfmpegLog({ input: file, inputExt, args: first, stage: 'media:stage.x264Pass1' }, ctx);
    out = await pass(second, 'media:stage.x264Pass2');
    // Still over the size, or well under it: one more second pass on the same stats, its bit rate corrected.
    const asked = targetBytesOf(settings, file.size);
    const corrected = asked === undefined ? null : x264Correction({ ...target, duration }, asked, out.blob.size);
    if (corrected !== null) {
      // A correction x264 cannot make leaves the second pass's file as it was.
      const again = await pass(x264TargetArgs({ ...target, videoBitrate: corrected, pass: { n: 2, log } }), 'media:stage.x264Pass3').catch((error: unknown) => {
        ctx.signal.throwIfAborted();
        console.warn('The corrected x264 pass failed; the second pass stands.', error);
        return null;
      });
      if (again && (!missesTarget(again.blob.size, asked) || again.blob.size < out.blob.size)) out = again;
    }
  } finally {
    await deleteFfmpegFiles(x264PassFiles(log), ctx);
  }
  return { blob: out.blob, name: replaceExtension(file.name, 'mp4'), facts: { format: `MP4 · H.264 (x264)${rates.audio ? ' + AAC' : ''}`, ...size, duration, note }, input, engine: 'ffmpeg' };
}

/**
 * WebM at a quality level: the browser's AV1/VP9 at the bit rate whose sampled frames reach the level's SSIM
 * (webm-quality.ts), the reached score in the row, and the input kept when the result is not clearly smaller. Null
 * where the search cannot run (no such encoder, a size or frame-rate cap): the fast path does the work.
 */
async function webmToQuality(file: File, settings: VideoSettings, ctx: JobContext): Promise<MediaOutput | null> {
  const folder = await outputFolder();
  const encoders = segmentEncoders(() => mediaWorker('media-segment'));
  const r = await mediaPool()
    .call((api) => api.compressWebmQuality(file, settings, Comlink.proxy(ctx.onProgress), folder, Comlink.proxy(encoders)), ctx.signal)
    .finally(() => encoders.stop());
  if (!r) return null;
  const { quality } = r;
  console.info(`WebM quality: ${quality.probes.map((p) => `${p.bitrate} bit/s → ${p.ssim.toFixed(4)}`).join(', ')}; encoded at ${quality.bitrate} bit/s`);
  const missed = quality.reached ? {} : { ssimMissed: quality.target };
  // Better than the level and larger than it needs: the browser's encoder would not go down to the rate asked.
  const above = quality.floor ? { ssimAbove: quality.target, floorKbps: Math.round(quality.floor / 1000) } : {};
  const duration = r.input.duration ?? 0;
  const blob = r.data instanceof Blob ? r.data : new Blob([r.data], { type: r.mime });
  // Not clearly smaller: the user keeps the file they gave, and the row says so (as the x264 path does).
  if (blob.size >= file.size * KEEP_RATIO) return { blob: file, name: file.name, facts: { ...r.facts, ...missed, ...above, note: 'media:video.originalKept' }, input: { ...r.input, duration }, engine: 'webcodecs' };
  return { blob, name: replaceExtension(file.name, r.extension), facts: { ...r.facts, ...missed, ...above, ...(quality.reached ? { note: 'media:engineUsed.webmQuality' } : {}) }, input: r.input, engine: 'webcodecs' };
}

/** The fast path: the browser's encoders (WebCodecs), ffmpeg.wasm at a bit rate where they cannot. */
async function runFastVideo(file: File, settings: VideoSettings, ctx: JobContext, probeOvershoot: boolean): Promise<MediaOutput | Overshoot> {
  const folder = await outputFolder();
  // Watched: where the browser has no AAC encoder (Firefox) the sound goes through mediabunny's wasm encoder, whose
  // own worker now and then never answers (as in the audio converter); a silent job runs once more in a new worker.
  const result = await callWatchedWithRetry((signal, report) => {
    const encoders = segmentEncoders(() => mediaWorker('media-segment'));
    return mediaPool()
      .call((api) => api.compressVideo(file, settings, Comlink.proxy(report), folder, Comlink.proxy(encoders), undefined, probeOvershoot), signal)
      .finally(() => encoders.stop());
  }, ctx);
  if ('overshoot' in result) return result;
  return finish(file, result, ctx, (r) => ffmpegVideoArgs(settings, r));
}

export async function runAudioConvert(file: File, settings: AudioSettings, ctx: JobContext): Promise<MediaOutput> {
  ctx.onProgress({ kind: 'indeterminate', stage: 'media:stage.reading' });
  // Watched: a wasm encoder's own worker can hang starting in Firefox; the job is run again in a fresh worker.
  const result = await callWatchedWithRetry((signal, report) => mediaPool().call((api) => api.convertAudio(file, settings, Comlink.proxy(report)), signal), ctx);
  const out = await finish(file, result, ctx, (r) => ffmpegAudioArgs(settings, r));
  if (out.engine === 'webcodecs') return out;
  // ffmpeg's output read back in the worker: its real length and bit rate, and an empty one is an error.
  const written = await mediaPool().call((api) => api.measureAudio(out.blob), ctx.signal);
  const label = String(out.facts?.format ?? '').replace(/ · \d+ kbps$/, '');
  const lossless = settings.format === 'wav' || settings.format === 'flac';
  return { ...out, facts: { ...out.facts, format: lossless ? label : `${label} · ${Math.round(written.bitrate / 1000)} kbps`, duration: written.duration } };
}

/** Video trim: packets copied in the media worker; the row says where each cut really fell. */
export async function runVideoTrim(file: File, settings: VideoTrimSettings, ctx: JobContext): Promise<MediaOutput> {
  ctx.onProgress({ kind: 'indeterminate', stage: 'media:stage.reading' });
  if (file.size > 0 && REENCODED_CONTAINERS.has(extensionOf(file.name))) return trimReencoded(file, settings, ctx);
  const folder = await outputFolder();
  const r = await mediaPool()
    .call((api) => api.trimVideo(file, settings, Comlink.proxy(ctx.onProgress), folder), ctx.signal)
    // A container mediabunny reads but cannot write back (an MPEG-TS under another name): the re-encode.
    .catch((error: unknown) => {
      if (error instanceof ToolError && error.key === 'video-trim:errors.container') return null;
      throw error;
    });
  if (!r) return trimReencoded(file, settings, ctx);
  const cuts = r.cuts.map((c) => `${formatTime(c.start)}–${formatTime(c.end)}`).join(', ');
  return {
    blob: r.data instanceof Blob ? r.data : new Blob([r.data], { type: r.mime }),
    name: replaceExtension(file.name, r.extension),
    facts: {
      duration: r.duration,
      cuts,
      ...(r.width ? { width: r.width, height: r.height } : {}),
      ...(r.exact ? { note: r.exact === 'done' ? 'video-trim:note.exact' : 'video-trim:note.exactUnavailable' } : {}),
      ...(r.exact === 'done' ? { reencodedSeconds: Math.round((r.reencoded ?? 0) * 100) / 100 } : {}),
    },
    input: { readable: true, container: r.extension, duration: r.inputDuration, ...(r.width && r.height ? { video: { codec: '', width: r.width, height: r.height, canDecode: true } } : {}) },
    engine: 'copy',
  };
}

/** The kept pieces re-encoded by ffmpeg.wasm to MP4; the row names the re-encode and why (`note`). */
async function trimReencoded(file: File, settings: VideoTrimSettings, ctx: JobContext): Promise<MediaOutput> {
  // Open-ended: a piece that runs to the end is cut by ffmpeg where the file ends, whatever its header says.
  const kept = keptRanges(settings.ranges, settings.mode, Infinity);
  if (!kept.length) throw new ToolError('video-trim:errors.nothingKept');
  const seconds = totalLength(kept);
  return reencoded(file, { args: trimReencodeArgs(kept, settings.removeAudio), ...(Number.isFinite(seconds) ? { outputSeconds: seconds } : {}) }, 'video-trim:note.reencoded', ctx);
}

/** A re-encode to MP4 by ffmpeg.wasm, its facts read back from what it wrote. */
async function reencoded(file: File, job: { args: string[]; outputSeconds?: number; outputScale?: number }, note: string, ctx: JobContext): Promise<MediaOutput> {
  const { runFfmpeg } = await import('../ffmpeg/run');
  const out = await runFfmpeg({ input: file, inputExt: extensionOf(file.name), outputExt: 'mp4', mime: 'video/mp4', ...job }, ctx);
  const written = await mediaPool().call((api) => api.probe(out.blob), ctx.signal);
  const video = written.video;
  return {
    blob: out.blob,
    name: replaceExtension(file.name, 'mp4'),
    facts: { format: `MP4 · H.264${written.audio ? ' + AAC' : ''}`, ...(written.duration ? { duration: written.duration } : {}), ...(video ? { width: video.width, height: video.height } : {}), note },
    input: { readable: true, container: extensionOf(file.name), ...(out.duration ? { duration: out.duration } : {}) },
    engine: 'ffmpeg',
  };
}

/** Containers the packet copy cannot write back (mediabunny does not read AVI or FLV; MPEG-TS it cannot write back). */
const NOT_COPYABLE = REENCODED_CONTAINERS;

/**
 * Video speed: the sound time-stretched by ffmpeg.wasm with its pitch kept (atempo, as audio speed does), then the
 * pictures' packets copied with scaled timestamps beside it in the media worker. Nothing of the picture is re-encoded.
 */
export async function runVideoSpeed(file: File, settings: VideoSpeedSettings, ctx: JobContext): Promise<MediaOutput> {
  ctx.onProgress({ kind: 'indeterminate', stage: 'media:stage.reading' });
  const ext = extensionOf(file.name);
  if (file.size === 0) throw new ToolError('media:errors.unreadable');
  const viaFfmpeg = () => reencoded(file, { args: speedReencodeArgs(settings.speed, settings.removeAudio), outputScale: 1 / settings.speed }, 'video-speed:note.reencoded', ctx);
  if (NOT_COPYABLE.has(ext)) return viaFfmpeg();
  const probe = await mediaPool().call((api) => api.probe(file), ctx.signal);
  if (!probe.readable) {
    if (NOT_COPYABLE.has(probe.container.toLowerCase())) return viaFfmpeg();
    throw new ToolError('media:errors.unreadable');
  }
  if (!probe.video) throw new ToolError('media:errors.noVideo');
  let audio: Blob | null = null;
  if (probe.audio && !settings.removeAudio && probe.duration) {
    // WebM holds Opus, the others AAC: each written back into the input's own container.
    const webm = probe.container === 'WebM';
    const codec = webm ? ['-c:a', 'opus', '-strict', '-2', '-b:a', '160000', '-ar', '48000'] : ['-c:a', 'aac', '-b:a', '192000'];
    const { runFfmpeg } = await import('../ffmpeg/run');
    // ffmpeg gets the sound track alone (copied out by mediabunny), not the whole video in its memory.
    const sound = await mediaPool().call((api) => api.extractSound(file), ctx.signal);
    const out = await runFfmpeg(
      { input: sound ?? file, inputExt: sound ? 'mkv' : ext, outputExt: webm ? 'webm' : 'm4a', args: ['-vn', '-map', '0:a:0', '-af', tempoFilter(settings.speed, probe.duration), ...codec], mime: webm ? 'audio/webm' : 'audio/mp4', outputScale: 1 / settings.speed, stage: 'video-speed:stage.sound' },
      ctx,
    );
    audio = out.blob;
  }
  const folder = await outputFolder();
  const r = await mediaPool()
    .call((api) => api.speedVideo(file, settings, audio, Comlink.proxy(ctx.onProgress), folder), ctx.signal)
    .catch((error: unknown) => {
      if (error instanceof ToolError && error.key === 'video-speed:errors.container') return null;
      throw error;
    });
  if (!r) return viaFfmpeg();
  return {
    blob: r.data instanceof Blob ? r.data : new Blob([r.data], { type: r.mime }),
    name: replaceExtension(file.name, r.extension),
    facts: { duration: r.duration, ...(r.width ? { width: r.width, height: r.height } : {}), format: `${Number(settings.speed.toFixed(3))}×${r.fps ? ` · ${Number(r.fps.toFixed(2))} fps` : ''}` },
    input: { readable: true, container: r.extension, duration: r.inputDuration, ...(r.width && r.height ? { video: { codec: '', width: r.width, height: r.height, canDecode: true } } : {}) },
    engine: 'copy',
  };
}

/** Video merge: the clips in order into one file; the row says whether packets were copied or why not. */
export async function runVideoMerge(files: File[], ctx: JobContext): Promise<JobOutput & { engine: 'copy' | 'webcodecs' }> {
  ctx.onProgress({ kind: 'indeterminate', stage: 'media:stage.reading' });
  const folder = await outputFolder();
  // Watched as the video compressor is: clips that differ are re-encoded, the sound through the wasm AAC encoder where the browser has none.
  const r = await callWatchedWithRetry((signal, report) => mediaPool().call((api) => api.mergeVideos(files, Comlink.proxy(report), folder), signal), ctx);
  return {
    blob: r.data instanceof Blob ? r.data : new Blob([r.data], { type: r.mime }),
    name: `merged.${r.extension}`,
    facts: { format: `${r.extension.toUpperCase()} · ${r.codecs}`, width: r.width, height: r.height, duration: r.duration, note: r.reencoded ? `video-merge:path.${r.reencoded}` : 'video-merge:path.copied' },
    engine: r.reencoded ? 'webcodecs' : 'copy',
  };
}

/**
 * Audio trim: WAV sample frames sliced and compressed formats' packets copied in the media worker; FLAC (lossless,
 * sample-exact) and fades on lossy formats re-encoded by ffmpeg.wasm from the worker's plan.
 */
export async function runAudioTrim(file: File, settings: AudioTrimSettings, ctx: JobContext): Promise<MediaOutput> {
  ctx.onProgress({ kind: 'indeterminate', stage: 'media:stage.reading' });
  const r = await mediaPool().call((api) => api.trimAudio(file, settings, Comlink.proxy(ctx.onProgress)), ctx.signal);
  const input = { readable: true, container: extensionOf(file.name), duration: r.inputDuration };
  if (r.kind === 'done') {
    const cuts = r.cuts?.map((c) => `${formatTime(c.start)}–${formatTime(c.end)}`).join(', ');
    return { blob: r.data, name: replaceExtension(file.name, r.extension), facts: { format: r.format, duration: r.duration, ...(cuts ? { cuts } : {}) }, input, engine: 'copy' };
  }
  const [{ runFfmpeg }, { audioTrimArgs, keptSeconds }, { sameFormat }] = await Promise.all([import('../ffmpeg/run'), import('./audio-trim-args'), import('./same-format')]);
  const format = sameFormat(r.output === 'flac' ? 'flac' : extensionOf(file.name));
  const seconds = keptSeconds(r);
  const out = await runFfmpeg({ input: file, inputExt: extensionOf(file.name), outputExt: format.ext, args: audioTrimArgs(r, format.args), mime: format.mime, outputSeconds: seconds }, ctx);
  const label = r.output === 'flac' ? `FLAC · ${r.sampleRate! / 1000} kHz` : format.label;
  return { blob: out.blob, name: replaceExtension(file.name, format.ext), facts: { format: label, duration: seconds }, input, engine: 'ffmpeg' };
}

const CROP_NOTE = { metadata: 'video-crop:note.rotatedMetadata', encode: 'video-crop:note.reencoded', evened: 'video-crop:note.evened' } as const;

/**
 * Video crop, rotate, flip and scale: a turn alone in MP4/MOV is written as the track's rotation with the packets
 * copied; the rest is re-encoded by the browser, or by ffmpeg.wasm (x264, MP4) where it has no encoder (named in the row).
 */
export async function runVideoCrop(file: File, settings: VideoCropSettings, ctx: JobContext): Promise<MediaOutput> {
  ctx.onProgress({ kind: 'indeterminate', stage: 'media:stage.reading' });
  const folder = await outputFolder();
  const r = await mediaPool().call((api) => api.cropVideo(file, settings, Comlink.proxy(ctx.onProgress), folder), ctx.signal);
  const { plan, input } = r;
  const size = { width: plan.width, height: plan.height, ...(input.duration ? { duration: input.duration } : {}) };
  if ('data' in r) {
    const note = plan.path === 'metadata' ? CROP_NOTE.metadata : plan.evened ? CROP_NOTE.evened : CROP_NOTE.encode;
    return {
      blob: r.data instanceof Blob ? r.data : new Blob([r.data], { type: r.mime }),
      name: replaceExtension(file.name, r.extension),
      facts: { format: r.format, ...size, note },
      input,
      engine: plan.path === 'metadata' ? 'copy' : 'webcodecs',
    };
  }
  const { runFfmpeg } = await import('../ffmpeg/run');
  // The sound copied where MP4 takes its codec, else AAC.
  const copyAudio = ['aac', 'mp3'].includes(input.audio?.codec ?? '');
  const audio = input.audio ? (copyAudio ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '160k']) : ['-an'];
  const args = ['-vf', ffmpegCropFilter(plan), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-threads', '4', '-pix_fmt', 'yuv420p', ...audio, '-movflags', '+faststart'];
  const out = await runFfmpeg({ input: file, inputExt: extensionOf(file.name), outputExt: 'mp4', args, mime: 'video/mp4' }, ctx);
  return {
    blob: out.blob,
    name: replaceExtension(file.name, 'mp4'),
    facts: { format: `MP4 · H.264${input.audio ? (copyAudio ? '' : ' + AAC') : ''}`, ...size, note: FFMPEG_NOTE.browser[out.core] },
    input,
    engine: 'ffmpeg',
  };
}

/** The first picture of a video as the viewer sees it, for the crop box; null where the browser cannot show it. */
export async function videoPoster(file: File): Promise<Blob | null> {
  return mediaPool()
    .call((api) => api.poster(file))
    .catch(() => null);
}

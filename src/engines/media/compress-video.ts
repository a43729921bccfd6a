// The video compressor's WebCodecs path: the hardware encoder where there is one, else the software encoder,
// several at once on a multi-core machine (parallel.ts). Runs in the media worker. No React, no DOM.
import { Mp4OutputFormat, Output, Quality, WebMOutputFormat, type ConversionAudioOptions, type Input, type OutputFormat } from 'mediabunny';
import { ToolError } from '../../lib/errors';
import { cappedFps, fitResolution, videoBitrates } from './bitrate';
import { browserCapabilities, videoAcceleration } from './capabilities';
import { CODEC_LABEL, probeMedia, registerWasmEncoder, run, type ConvertResult, type NeedsFfmpeg } from './convert';
import { openTarget } from './output-target';
import { encodeInParallel, planSegments, type SegmentEncoders } from './parallel';
import { overshoots, segmentSeconds } from './overshoot';
import { probeBitrate } from './overshoot-probe';
import { toPlanar } from './planar';
import { planJob, smallestWanted, type CapabilityCheck } from './planner';
import type { MediaProbe, VideoSettings } from './types';
import { conversionVideoOptions, type VideoJob } from './video-job';

/** Percent done; the parallel path also gives the frames encoded of all frames. */
export type VideoProgress = (percent: number, frames?: { done: number; total: number }) => void;

const ENCODER_NOTE = {
  hardware: 'media:encoderUsed.hardware',
  software: 'media:encoderUsed.software',
  parallel: 'media:encoderUsed.parallel',
} as const;

const aborted = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export interface VideoRunOptions {
  /** This page's OPFS folder for the output (output-store.ts); null keeps it in memory. */
  diskFolder?: string | null;
  check?: CapabilityCheck;
  /** Segment encoders for the parallel path; without them one encoder does it all. */
  encoders?: SegmentEncoders;
  /** At most this many encoders at once (bench/media compares one with several); by default one per core. */
  maxEncoders?: number;
  /** A size asked for in MP4: a window encoded first says whether the browser's H.264 will overshoot it (overshoot.ts). */
  probeOvershoot?: boolean;
  /** The video bit rate to encode at instead of the level's (WebM at a quality level: the rate its search found). */
  videoBitrate?: number;
}

/** The browser's H.264 is predicted to overshoot the size asked: x264 should make the file instead (bit/s). */
export interface Overshoot {
  overshoot: { predicted: number; asked: number };
  input: MediaProbe;
}

async function encodeParallel(file: File, input: Input, job: VideoJob, audio: ConversionAudioOptions | null, format: () => OutputFormat, onProgress: VideoProgress, duration: number, options: VideoRunOptions): Promise<ArrayBuffer | Blob | null> {
  const { encoders, diskFolder = null } = options;
  const track = await input.getPrimaryVideoTrack();
  const segments = track && encoders ? await planSegments(track, duration, options.maxEncoders) : [];
  if (!encoders || segments.length < 2) return null;
  const f = format();
  const out = await openTarget(diskFolder, f.fileExtension.slice(1));
  let lastPercent = -1;
  try {
    await encodeInParallel({
      file,
      input,
      video: job,
      segments,
      audio,
      output: new Output({ format: f, target: out.target }),
      encoders,
      onProgress: (done, total) => {
        const percent = Math.floor((done / total) * 100);
        if (percent === lastPercent) return;
        lastPercent = percent;
        onProgress(percent, { done, total });
      },
    });
    return await out.result();
  } catch (error) {
    await out.abort();
    if (aborted(error)) throw error;
    // Whatever went wrong between the segments, one encoder still makes the file (and reports a real input error).
    console.warn('Parallel encoding failed; one encoder will do it.', error);
    return null;
  }
}

export async function compressVideo(file: File, s: VideoSettings, onProgress: VideoProgress, options: VideoRunOptions = {}): Promise<ConvertResult | NeedsFfmpeg | Overshoot> {
  const { diskFolder = null, check = browserCapabilities } = options;
  const { probe, input } = await probeMedia(file);
  try {
    const v = probe.video;
    const size = v ? fitResolution(v.width, v.height, s.maxHeight) : { width: 0, height: 0 };
    const fps = cappedFps(v?.fps, s.maxFps);
    const rates = v ? videoBitrates(s, { ...size, fps: fps ?? v.fps ?? 30, duration: probe.duration ?? 0, size: file.size, hasAudio: !!probe.audio }) : { video: 0, audio: 0 };
    const vBitrate = options.videoBitrate ?? rates.video;
    const aBitrate = rates.audio || 128_000;
    const plan = await planJob(probe, { kind: 'video', container: s.container, keepAudio: s.keepAudio, width: size.width, height: size.height, videoBitrate: vBitrate, audioBitrate: aBitrate, smallest: smallestWanted(s) }, check);
    if (plan.engine === 'ffmpeg' || !input) return { ffmpeg: plan.engine === 'ffmpeg' ? plan.reason : 'container', input: probe, videoBitrate: vBitrate, audioBitrate: aBitrate, ...size, fps };
    if (plan.audio?.encoder === 'wasm') await registerWasmEncoder(plan.audio.codec);
    // Streamed to disk, an MP4 keeps its index at the end (fast start would hold every packet in memory).
    const format = () => (s.container === 'mp4' ? new Mp4OutputFormat({ fastStart: diskFolder ? false : 'in-memory' }) : new WebMOutputFormat());
    const codec = plan.video!.codec;
    const audio: ConversionAudioOptions | null = plan.audio ? { codec: plan.audio.codec as 'aac' | 'opus', quality: new Quality({ bitrate: aBitrate }), numberOfChannels: Math.min(2, probe.audio!.channels), process: toPlanar } : null;
    const hardwareAcceleration = await videoAcceleration(codec, size.width, size.height, vBitrate);
    const job: VideoJob = { codec, ...size, frameRate: fps, bitrate: vBitrate, hardwareAcceleration };
    if (options.probeOvershoot && codec === 'avc' && s.container === 'mp4' && s.mode !== 'quality') {
      const duration = probe.duration ?? 0;
      // The parallel path writes a key frame at each segment's start too: the prediction counts them.
      const track = hardwareAcceleration === 'prefer-software' && options.encoders ? await input.getPrimaryVideoTrack() : null;
      const parts = segmentSeconds(track ? await planSegments(track, duration, options.maxEncoders) : [], duration);
      const predicted = await probeBitrate(input, job, audio, duration, fps ?? v?.fps ?? 30, parts);
      const asked = vBitrate + (audio ? aBitrate : 0);
      console.info(`Size probe: the browser's encoders would write ${predicted === null ? '?' : Math.round(predicted)} bit/s of ${asked} asked.`);
      if (overshoots(predicted, asked)) return { overshoot: { predicted: Math.round(predicted!), asked }, input: probe };
    }
    const single = (j: VideoJob) => run(input, format(), { video: conversionVideoOptions(j), audio: audio ?? { discard: true } }, onProgress, diskFolder);

    let encoder: keyof typeof ENCODER_NOTE = hardwareAcceleration === 'prefer-hardware' ? 'hardware' : 'software';
    let data = encoder === 'software' ? await encodeParallel(file, input, job, audio, format, onProgress, probe.duration ?? 0, options) : null;
    if (data) encoder = 'parallel';
    else if (encoder === 'hardware') {
      data = await single(job).catch((error: unknown) => {
        if (error instanceof ToolError && error.message !== 'media:errors.decodeFailed') throw error;
        // A hardware encoder that accepted the configuration can still fail on the frames: the software one then.
        console.warn('The hardware encoder failed; the software encoder will do it.', error);
        encoder = 'software';
        return single({ ...job, hardwareAcceleration: 'prefer-software' });
      });
    } else data = await single(job);

    const label = [CODEC_LABEL[codec], plan.audio ? CODEC_LABEL[plan.audio.codec] : undefined].filter(Boolean).join(' + ');
    return {
      data,
      mime: format().mimeType,
      extension: s.container,
      facts: { format: `${s.container.toUpperCase()} · ${label}`, width: size.width, height: size.height, duration: probe.duration ?? 0, note: ENCODER_NOTE[encoder] },
      input: probe,
    };
  } finally {
    input?.dispose();
  }
}

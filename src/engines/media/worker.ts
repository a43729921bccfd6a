import * as Comlink from 'comlink';
import { settle, type ProgressPort } from '../../runtime/envelope';
import type { VideoJob } from './video-job';
import { compressVideo, type VideoProgress } from './compress-video';
import { compressWebmToQuality } from './webm-quality';
import type { SegmentEncoders } from './parallel';
import { convertAudio } from './convert';
import { measureAudio, videoFrameCount } from './measure';
import { encodeSegment } from './segment-encode';
import { repairVideoEncoderOutput } from './avc-description';
import type { AudioSettings, VideoSettings } from './types';
import { probeMedia } from './convert';
import { extractFrames, reencodeFrames, type FrameFormat, type FramesJob } from './frames';
import { trimVideoFile, type VideoTrimSettings } from './trim-video';
import { trimAudioFile } from './trim-audio';
import { extractSound, speedVideoFile, type VideoSpeedSettings } from './speed-video';
import type { AudioTrimSettings } from './wav-trim';
import { cropVideo } from './crop-video';
import type { VideoCropSettings } from './crop-plan';
import { mergeVideos } from './merge-video';
import { computePeaks, type PeaksChunk } from './peaks';
import { videoThumbnails, videoTimeline, type ThumbnailPort } from './thumbnails';

// The media worker: one conversion at a time; the pool terminates it to cancel. A parallel video encode has the page
// start copies of it for its segments (encodeSegment), so the segment encoders need no bundle of their own.
const FAILED = 'media:errors.conversionFailed';

repairVideoEncoderOutput();

/** The encoders' percent (or frames, where a parallel encode counts them) as the one progress shape. */
const encoding =
  (port: ProgressPort): VideoProgress =>
  (percent, frames) =>
    void port(frames ? { kind: 'fraction', ...frames, unit: 'frames', stage: 'media:stage.encoding' } : { kind: 'fraction', done: percent, total: 100, unit: 'percent', stage: 'media:stage.encoding' });

/** A result's bytes move to the page instead of being copied. */
const dataBuffer = (result: object): Transferable[] => ('data' in result && result.data instanceof ArrayBuffer ? [result.data] : []);

const api = {
  /** `encoders` (a Comlink proxy) starts the segment encoders of a parallel encode; without it, one encoder. */
  compressVideo: (file: File, settings: VideoSettings, onProgress: ProgressPort, diskFolder: string | null, encoders?: SegmentEncoders, maxEncoders?: number, probeOvershoot?: boolean) =>
    settle(() => compressVideo(file, settings, encoding(onProgress), { diskFolder, encoders, maxEncoders, probeOvershoot }), FAILED, dataBuffer),
  /** WebM at a quality level: the bit rate searched to the level's SSIM on sampled frames (webm-quality.ts); null: the fast path. */
  compressWebmQuality: (file: File, settings: VideoSettings, onProgress: ProgressPort, diskFolder: string | null, encoders?: SegmentEncoders) =>
    settle(() => compressWebmToQuality(file, settings, onProgress, { diskFolder, encoders }), FAILED, (r) => (r ? dataBuffer(r) : [])),
  convertAudio: (file: File, settings: AudioSettings, onProgress: ProgressPort) => settle(() => asBlob(convertAudio(file, settings, encoding(onProgress))), FAILED),
  trimVideo: (file: File, settings: VideoTrimSettings, onProgress: ProgressPort, diskFolder: string | null) =>
    settle(
      () =>
        trimVideoFile(file, settings, diskFolder, (f, stage = 'copying') =>
          onProgress({ kind: 'fraction', done: Math.round(f * 100), total: 100, unit: 'percent', stage: `video-trim:stage.${stage}` }),
        ),
      FAILED,
      dataBuffer,
    ),
  speedVideo: (file: File, settings: VideoSpeedSettings, audio: Blob | null, onProgress: ProgressPort, diskFolder: string | null) =>
    settle(
      () => speedVideoFile(file, settings, audio, diskFolder, (f) => onProgress({ kind: 'fraction', done: Math.round(f * 100), total: 100, unit: 'percent', stage: 'video-speed:stage.copying' })),
      FAILED,
      dataBuffer,
    ),
  extractSound: (file: File) => settle(() => extractSound(file), FAILED),
  cropVideo: (file: File, settings: VideoCropSettings, onProgress: ProgressPort, diskFolder: string | null) =>
    settle(() => cropVideo(file, settings, encoding(onProgress), diskFolder), FAILED, dataBuffer),
  /** The first picture as the viewer sees it (JPEG), for the crop box; null where the browser cannot decode it. */
  poster: (file: File) =>
    settle(async () => {
      const r = await extractFrames(file, { pick: { at: 0 }, format: 'jpeg' }, () => {}, true);
      return 'frames' in r ? (r.frames[0]?.blob ?? null) : null;
    }, FAILED),
  /** Video merge: packets copied where the clips allow it, else one re-encode (merge-video.ts). */
  mergeVideos: (files: File[], onProgress: ProgressPort, diskFolder: string | null) =>
    settle(() => mergeVideos(files, diskFolder, (done, total) => onProgress({ kind: 'fraction', done, total, unit: 'frames', stage: 'video-merge:stage' })), FAILED, dataBuffer),
  trimAudio: (file: File, settings: AudioTrimSettings, onProgress: ProgressPort) =>
    // The audio trim page loads the media namespace, not video-trim's: its stage names come from there.
    settle(() => trimAudioFile(file, settings, (f) => onProgress({ kind: 'fraction', done: Math.round(f * 100), total: 100, unit: 'percent', stage: 'media:stage.reading' })), FAILED),
  measureAudio: (blob: Blob) => settle(() => measureAudio(blob), FAILED),
  /** Waveform peaks streamed to the page (run in a copy of this worker of its own: the trim job's stays free). */
  peaks: (file: Blob, buckets: number, onChunk: PeaksChunk) => settle(() => computePeaks(file, buckets, onChunk), 'media:errors.decodeFailed'),
  /** The trim timeline's pictures, each handed to the page as it is decoded (in a copy of this worker of its own). */
  thumbnails: (file: Blob, count: number, width: number, height: number, onThumb: ThumbnailPort) => settle(() => videoThumbnails(file, count, width, height, onThumb), 'media:errors.decodeFailed'),
  /** The length and aspect of a video the page's player cannot open (null: not readable here either). */
  timeline: (file: Blob) => settle(() => videoTimeline(file), 'media:errors.decodeFailed'),
  /** Serves this API on `port` too: how the media worker reaches a segment worker the page started for it. */
  connect: (port: MessagePort) => void Comlink.expose(api, port),
  // The video-to-picture tools (frames, GIF): in this worker's bundle, not one of their own (mediabunny once).
  extractFrames: (file: File, job: FramesJob, onProgress: ProgressPort) =>
    settle(() => extractFrames(file, job, (done, total) => onProgress({ kind: 'fraction', done, total, unit: 'frames', stage: 'video-frames:stage' })), FAILED),
  reencodeFrames: (pngs: Blob[], format: FrameFormat) => settle(() => reencodeFrames(pngs, format), FAILED),
  /** What is inside a video (the GIF maker checks its range against the duration). */
  probe: (file: Blob) =>
    settle(async () => {
      const { probe, input } = await probeMedia(file);
      input?.dispose();
      return probe;
    }, FAILED),
  /** The video track's frame count as its index states it (MP4 sample table, WebM/MKV blocks); null where unreadable. */
  videoFrames: (file: Blob) => settle(() => videoFrameCount(file), FAILED),
  encodeSegment: (file: Blob, job: VideoJob, start: number, end: number | undefined, onProgress: (fraction: number) => void) => settle(() => encodeSegment(file, job, start, end, onProgress), FAILED),
};

/**
 * An audio output goes to the page as a Blob made here, so the page gets a handle instead of copying
 * tens of megabytes into a Blob on its main thread (issue 17).
 */
async function asBlob<T extends object>(work: Promise<T>): Promise<T> {
  const result = await work;
  return 'data' in result && result.data instanceof ArrayBuffer && 'mime' in result ? { ...result, data: new Blob([result.data], { type: String(result.mime) }) } : result;
}

export type MediaWorkerApi = typeof api;
Comlink.expose(api);

// Pictures from a video at given times, decoded by the browser (mediabunny + WebCodecs) in the media worker.
// A frame "at t" is the first frame shown at or after t: what `ffmpeg -ss t -i X -frames:v 1` gives.
import { VideoSample, VideoSampleSink } from 'mediabunny';
import { ToolError } from '../../lib/errors';
import { webpEncoder } from '../codecs/loaders';
import { probeMedia } from './convert';
import { frameTimes, type FramePick } from './frame-times';
import type { MediaProbe } from './types';
import { reinterpretMatrix, yuv420ToRgba, yuvPlanesOf, type Matrix } from './yuv';

export type FrameFormat = 'png' | 'jpeg' | 'webp';
export const FRAME_MIME: Record<FrameFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };
export const FRAME_EXTENSION: Record<FrameFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };
/** JPEG and WebP at 0.92: a picture to keep, not a thumbnail. */
const QUALITY = 0.92;

export interface FramesJob {
  pick: FramePick;
  format: FrameFormat;
}

export interface Frame {
  /** Start time of the frame taken, in seconds. */
  time: number;
  blob: Blob;
}

/**
 * Why ffmpeg.wasm takes the frames instead: the browser cannot read the container, cannot decode the codec, or
 * hands decoded pictures over only as RGB it converted itself (Firefox), whose colours cannot match the video's.
 */
export type FfmpegReason = 'container' | 'browser' | 'colours';

export type FramesResult = { frames: Frame[]; input: MediaProbe; width: number; height: number } | { needsFfmpeg: FfmpegReason; input: MediaProbe; times?: number[] };

/** Pixel formats of a decoded picture the browser already turned into RGB (clipped on the way, in its own matrix). */
const BROWSER_RGB = new Set(['RGBA', 'RGBX', 'BGRA', 'BGRX']);

/** Half a millisecond: a container's clock rounds a frame's time to its time base. */
const EPSILON = 0.0005;

/** `browserColours`: the browser's own RGB will do (a preview); otherwise such a browser leaves the frames to ffmpeg.wasm. */
export async function extractFrames(file: File, job: FramesJob, onProgress: (done: number, total: number) => void, browserColours = false): Promise<FramesResult> {
  const { probe, input } = await probeMedia(file);
  if (!input) return { needsFfmpeg: 'container', input: probe };
  try {
    const track = await input.getPrimaryVideoTrack();
    // No track at all: a file cut short before its index, or no media file.
    if (!track || !probe.video) throw new ToolError(probe.audio ? 'media:errors.noVideo' : 'media:errors.unreadable');
    const picked = frameTimes(job.pick, probe.duration ?? 0);
    if ('error' in picked) throw new ToolError(picked.error, picked.params);
    if (!probe.video.canDecode) return { needsFfmpeg: 'browser', input: probe, times: picked.times };
    // The stream's own colour tags (the decoder fills in its guess for an untagged one: BT.709 in Chromium).
    const tagged = await track.getColorSpace();
    const sink = new VideoSampleSink(track);
    const frames: Frame[] = [];
    for (const time of picked.times) {
      let taken: Frame | undefined;
      try {
        for await (const sample of sink.samples(time)) {
          try {
            if (sample.timestamp < time - EPSILON) continue;
            if (!browserColours && BROWSER_RGB.has(sample.format ?? '')) return { needsFfmpeg: 'colours', input: probe, times: picked.times };
            taken = { time: sample.timestamp, blob: await encodeCanvas(await toCanvas(sample, tagged), job.format) };
            break;
          } finally {
            sample.close();
          }
        }
      } catch (error) {
        if (error instanceof ToolError) throw error;
        console.error(error);
        throw new ToolError('media:errors.decodeFailed');
      }
      if (!taken) {
        // Well before the end: the frames there are missing (a file cut short).
        if (time < (probe.duration ?? 0) - 0.1) throw new ToolError('media:errors.decodeFailed');
        // No frame starts at or after this time (it falls in the last frame): the pictures end here.
        break;
      }
      frames.push(taken);
      onProgress(frames.length, picked.times.length);
    }
    if (!frames.length) throw new ToolError('video-frames:errors.pastEnd', { time: picked.times[0], duration: Math.floor((probe.duration ?? 0) * 1000) / 1000 });
    return { frames, input: probe, width: probe.video.width, height: probe.video.height };
  } finally {
    input.dispose();
  }
}

const MATRIX: Record<string, Matrix> = { bt709: 'bt709', bt470bg: 'bt601', smpte170m: 'bt601' };

/**
 * The frame as the viewer sees it (rotation and flip applied), its colours converted as ffmpeg converts them
 * (yuv.ts) where the frame is 8-bit 4:2:0 with square pixels; otherwise by the browser.
 */
async function toCanvas(sample: VideoSample, colorSpace: VideoColorSpaceInit): Promise<OffscreenCanvas> {
  const { format, visibleRect } = sample;
  const matrix = colorSpace.matrix ? MATRIX[colorSpace.matrix] : 'bt601';
  const ours = (format === 'I420' || format === 'NV12') && matrix && sample.squarePixelWidth === visibleRect.width && sample.squarePixelHeight === visibleRect.height;
  let source: VideoSample = sample;
  if (ours) {
    const planes = (await yuvPlanesOf(sample))!;
    const { width, height } = planes;
    const rgba = yuv420ToRgba(planes, matrix, colorSpace.fullRange === true);
    source = new VideoSample(rgba, { format: 'RGBA', codedWidth: width, codedHeight: height, timestamp: sample.timestamp, rotation: sample.rotation, flip: sample.flip });
  }
  const canvas = new OffscreenCanvas(sample.displayWidth, sample.displayHeight);
  const context = canvas.getContext('2d')!;
  try {
    source.drawWithFit(context, { fit: 'fill' });
  } finally {
    if (source !== sample) source.close();
  }
  // A frame only the browser could convert (10-bit, or not 4:2:0): it took an untagged stream for BT.709 (Chromium
  // and Firefox both do), ffmpeg for BT.601; the colours are turned into ffmpeg's.
  if (!ours && !colorSpace.matrix) {
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    reinterpretMatrix(pixels.data, 'bt709', 'bt601');
    context.putImageData(pixels, 0, 0);
  }
  return canvas;
}

/** A picture in the asked format; where the browser cannot write WebP (Safari), libwebp (jSquash) does. */
export async function encodeCanvas(canvas: OffscreenCanvas, format: FrameFormat): Promise<Blob> {
  const mime = FRAME_MIME[format];
  const blob = await canvas.convertToBlob({ type: mime, quality: QUALITY });
  if (blob.type === mime) return blob;
  if (format !== 'webp') throw new ToolError('media:errors.cannotEncode');
  const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
  const bytes = await (await webpEncoder())(pixels, { quality: QUALITY * 100 });
  return new Blob([bytes], { type: mime });
}

/** ffmpeg.wasm's PNGs (the fallback) in the asked format. */
export async function reencodeFrames(pngs: Blob[], format: FrameFormat): Promise<Blob[]> {
  if (format === 'png') return pngs;
  const out: Blob[] = [];
  for (const png of pngs) {
    const bitmap = await createImageBitmap(png);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    bitmap.close();
    out.push(await encodeCanvas(canvas, format));
  }
  return out;
}

// Video crop, rotate, flip and scale in the media worker (mediabunny). A quarter turn alone in MP4/MOV is written
// as the track's rotation with every packet copied; anything else re-encodes the pictures (WebCodecs) and copies
// the sound where the container takes it. Where the browser has no encoder, ffmpeg.wasm does it (client.ts).
import { MATROSKA, MkvOutputFormat, MovOutputFormat, MP4, Mp4OutputFormat, QTFF, QUALITY_HIGH, WEBM, WebMOutputFormat, type ConversionVideoOptions, type OutputFormat } from 'mediabunny';
import { ToolError } from '../../lib/errors';
import { browserCapabilities } from './capabilities';
import { CODEC_LABEL, probeMedia, run } from './convert';
import { planCrop, type CropPlan, type VideoCropSettings } from './crop-plan';
import type { CapabilityCheck } from './planner';
import type { MediaProbe } from './types';

export interface VideoCropResult {
  data: ArrayBuffer | Blob;
  mime: string;
  extension: string;
  plan: CropPlan;
  /** The codecs written, as a label ("MP4 · H.264 + AAC"). */
  format: string;
  input: MediaProbe;
}

/** Returned when the browser has no encoder for the output: ffmpeg.wasm makes an MP4 of the same plan. */
export interface VideoCropNeedsFfmpeg {
  ffmpeg: 'encode';
  plan: CropPlan;
  input: MediaProbe;
}

interface Container {
  format: () => OutputFormat;
  mime: string;
  extension: string;
  /** The container carries a track rotation (MP4 and MOV's matrix). */
  rotation: boolean;
  codecs: ('avc' | 'vp9' | 'av1')[];
}

function containerOf(format: unknown, fastStart: boolean): Container | null {
  const start = fastStart ? ('in-memory' as const) : false;
  if (format === MP4) return { format: () => new Mp4OutputFormat({ fastStart: start }), mime: 'video/mp4', extension: 'mp4', rotation: true, codecs: ['avc'] };
  if (format === QTFF) return { format: () => new MovOutputFormat({ fastStart: start }), mime: 'video/quicktime', extension: 'mov', rotation: true, codecs: ['avc'] };
  if (format === WEBM) return { format: () => new WebMOutputFormat(), mime: 'video/webm', extension: 'webm', rotation: false, codecs: ['vp9', 'av1'] };
  if (format === MATROSKA) return { format: () => new MkvOutputFormat(), mime: 'video/x-matroska', extension: 'mkv', rotation: false, codecs: ['vp9', 'av1'] };
  return null;
}

const AUDIO_LABEL: Record<string, string> = { ...CODEC_LABEL, vorbis: 'Vorbis', ac3: 'AC-3', eac3: 'E-AC-3', alac: 'ALAC' };
/** "H.264", "HEVC", or the codec's own name. */
export const codecName = (codec: string | null | undefined) => (codec ? (CODEC_LABEL[codec] ?? AUDIO_LABEL[codec] ?? codec.toUpperCase()) : '?');

export async function cropVideo(file: File, s: VideoCropSettings, onProgress: (percent: number) => void, diskFolder: string | null, check: CapabilityCheck = browserCapabilities): Promise<VideoCropResult | VideoCropNeedsFfmpeg> {
  if (file.size === 0) throw new ToolError('media:errors.unreadable');
  const { probe, input } = await probeMedia(file);
  if (!input) throw new ToolError(probe.container === 'ts' || /^(avi|flv|wmv|mpg|mpeg|3gp)$/i.test(probe.container) ? 'video-crop:errors.container' : 'media:errors.unreadable');
  try {
    const v = probe.video;
    if (!v) throw new ToolError(probe.audio ? 'media:errors.noVideo' : 'media:errors.unreadable');
    const container = containerOf(await input.getFormat(), !diskFolder);
    if (!container) throw new ToolError('video-crop:errors.container');
    const plan = planCrop(s, v.width, v.height, container.rotation);
    if (!plan) throw new ToolError('video-crop:errors.nothingToDo');
    const audio = probe.audio ? ` + ${codecName(probe.audio.codec)}` : '';

    if (plan.path === 'metadata') {
      // Nothing but the turn: Conversion copies every packet and writes the rotation into the track header.
      const data = await run(input, container.format(), { video: { rotate: plan.rotate } }, onProgress, diskFolder);
      return { data, mime: container.mime, extension: container.extension, plan, format: `${container.extension.toUpperCase()} · ${codecName(v.codec)}${audio}`, input: probe };
    }

    if (!v.canDecode) throw new ToolError('video-crop:errors.cannotDecode', { codec: codecName(v.codec) });
    const fps = v.fps ?? 30;
    let codec: 'avc' | 'vp9' | 'av1' | undefined;
    for (const c of container.codecs) {
      if (await check.videoEncoder(c, plan.width, plan.height, Math.round(plan.width * plan.height * fps * 0.15))) {
        codec = c;
        break;
      }
    }
    if (!codec) return { ffmpeg: 'encode', plan, input: probe };
    const video: ConversionVideoOptions = {
      codec,
      rotate: plan.rotate,
      flip: plan.flip,
      ...(plan.crop ? { crop: { left: plan.crop.x, top: plan.crop.y, width: plan.crop.width, height: plan.crop.height } } : {}),
      width: plan.width,
      height: plan.height,
      fit: 'fill',
      quality: QUALITY_HIGH,
      forceTranscode: true,
      // The turn and flip go into the pictures: the crop box was drawn on them.
      allowTransformationMetadata: false,
    };
    // The sound is left to Conversion: copied where the container takes its codec.
    const data = await run(input, container.format(), { video }, onProgress, diskFolder);
    return { data, mime: container.mime, extension: container.extension, plan, format: `${container.extension.toUpperCase()} · ${CODEC_LABEL[codec]}${audio}`, input: probe };
  } catch (error) {
    if (error instanceof ToolError && error.key === 'media:errors.cannotDecode') throw new ToolError('video-crop:errors.cannotDecode', { codec: codecName(probe.video?.codec) });
    throw error;
  } finally {
    input.dispose();
  }
}

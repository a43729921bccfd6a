// The WebCodecs path (mediabunny): demux, decode, encode and mux, streaming the input from the File.
// Runs in the media worker. No React, no DOM.
import {
  AdtsOutputFormat,
  ALL_FORMATS,
  BlobSource,
  Conversion,
  type ConversionOptions,
  FlacOutputFormat,
  Input,
  Mp3OutputFormat,
  Mp4OutputFormat,
  MPEG_TS,
  OggOutputFormat,
  Output,
  type OutputFormat,
  Quality,
  WavOutputFormat,
} from 'mediabunny';
import { ToolError } from '../../lib/errors';
import { audioBitrate } from './bitrate';
import { browserCapabilities } from './capabilities';
import { audioEncoderWorks } from './encode-probe';
import { describeAudio, measureAudio } from './measure';
import { openTarget } from './output-target';
import { toPlanar } from './planar';
import { throttledProgress } from './progress';
import { planJob, type CapabilityCheck } from './planner';
import type { AudioFormat, AudioSettings, MediaProbe, Plan } from './types';
import { extensionOf } from '../../lib/download';

export interface ConvertResult {
  /** In memory, or a file in OPFS (video outputs, where the page has a folder there). */
  data: ArrayBuffer | Blob;
  mime: string;
  extension: string;
  facts: Record<string, string | number>;
  input: MediaProbe;
}

/** Returned instead of a result when only ffmpeg.wasm can do the job. */
export interface NeedsFfmpeg {
  ffmpeg: Extract<Plan, { engine: 'ffmpeg' }>['reason'];
  input: MediaProbe;
  /** Bit rates and size the WebCodecs path would have used, so both engines aim at the same target. */
  videoBitrate?: number;
  audioBitrate?: number;
  width?: number;
  height?: number;
  fps?: number;
}

/** What is inside the file, as far as mediabunny and the browser's decoders can tell. */
export async function probeMedia(file: Blob & { name?: string }): Promise<{ probe: MediaProbe; input: Input | null }> {
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  try {
    const format = await input.getFormat();
    // MPEG-TS (.ts, .m2ts, .mts) is read, but not well enough: a camera's M2TS lost its sound track and the
    // durations came out a second or two long (its clock does not start at 0). ffmpeg.wasm reads it whole.
    if (format === MPEG_TS) {
      input.dispose();
      return { probe: { readable: false, container: 'ts' }, input: null };
    }
    const [video, audio] = await Promise.all([input.getPrimaryVideoTrack(), input.getPrimaryAudioTrack()]);
    const duration = await input.computeDuration();
    const probe: MediaProbe = { readable: true, container: format.name, duration };
    if (video) {
      const stats = await video.computePacketStats(60).catch(() => undefined);
      probe.video = { codec: video.codec, width: video.displayWidth, height: video.displayHeight, fps: stats?.averagePacketRate || undefined, canDecode: await video.canDecode() };
    }
    if (audio) probe.audio = { codec: audio.codec, sampleRate: audio.sampleRate, channels: audio.numberOfChannels, canDecode: await audio.canDecode() };
    return { probe, input };
  } catch {
    input.dispose();
    return { probe: { readable: false, container: extensionOf(file.name ?? '') }, input: null };
  }
}

const registered = new Set<string>();

/** The wasm encoders (mediabunny extensions), loaded only by a job that needs them. */
export async function registerWasmEncoder(codec: string): Promise<void> {
  if (registered.has(codec)) return;
  if (codec === 'mp3') (await import('@mediabunny/mp3-encoder')).registerMp3Encoder();
  else if (codec === 'aac') (await import('@mediabunny/aac-encoder')).registerAacEncoder();
  else if (codec === 'flac') (await import('@mediabunny/flac-encoder')).registerFlacEncoder();
  registered.add(codec);
}

export async function run(input: Input, format: OutputFormat, options: Pick<ConversionOptions, 'video' | 'audio'>, onProgress: (percent: number) => void, diskFolder?: string | null): Promise<ArrayBuffer | Blob> {
  // A browser whose workers cannot write to OPFS keeps the output in memory instead.
  const out = await openTarget(diskFolder, format.fileExtension.slice(1));
  const output = new Output({ format, target: out.target });
  const conversion = await Conversion.init({ input, output, ...options });
  if (!conversion.isValid) {
    const reason = conversion.discardedTracks.find((d) => d.reason !== 'discarded_by_user')?.reason;
    await out.abort();
    throw new ToolError(reason === 'undecodable_source_codec' ? 'media:errors.cannotDecode' : 'media:errors.cannotEncode');
  }
  conversion.onProgress = throttledProgress(onProgress);
  try {
    await conversion.execute();
  } catch (error) {
    await out.abort();
    if (error instanceof ToolError) throw error;
    console.error(error);
    throw new ToolError('media:errors.decodeFailed');
  }
  return out.result();
}

export const CODEC_LABEL: Record<string, string> = { avc: 'H.264', vp9: 'VP9', av1: 'AV1', aac: 'AAC', opus: 'Opus', mp3: 'MP3', flac: 'FLAC', 'pcm-s16': 'PCM' };

function audioFormat(format: AudioFormat): OutputFormat {
  switch (format) {
    case 'mp3':
      return new Mp3OutputFormat();
    case 'wav':
      return new WavOutputFormat();
    case 'ogg':
      return new OggOutputFormat();
    case 'flac':
      return new FlacOutputFormat();
    case 'm4a':
      return new Mp4OutputFormat({ fastStart: 'in-memory' });
    case 'aac':
      return new AdtsOutputFormat();
  }
}

export async function convertAudio(file: File, s: AudioSettings, onProgress: (percent: number) => void, check: CapabilityCheck = browserCapabilities): Promise<ConvertResult | NeedsFfmpeg> {
  const { probe, input } = await probeMedia(file);
  try {
    const bitrate = audioBitrate(s.format, s.quality, s.bitrate, s.oggCodec);
    const plan = await planJob(probe, { kind: 'audio', format: s.format, sampleRate: s.sampleRate, channels: s.channels, bitrate: bitrate ?? 0, oggCodec: s.oggCodec }, check);
    if (plan.engine === 'ffmpeg' || !input) return { ffmpeg: plan.engine === 'ffmpeg' ? plan.reason : 'container', input: probe, audioBitrate: bitrate };
    const codec = plan.audio!.codec;
    if (plan.audio!.encoder === 'wasm') await registerWasmEncoder(codec);
    const a = probe.audio!;
    // Opus only runs at 48 kHz; the other codecs take the wanted rate or keep the input's.
    const sampleRate = codec === 'opus' ? 48000 : s.sampleRate || a.sampleRate;
    const channels = s.channels || Math.min(2, a.channels);
    // An encoder the browser claims but that fails a real one (FLAC in WebKitGTK) leaves the job to ffmpeg.wasm.
    if (codec !== 'pcm-s16' && !(await audioEncoderWorks(codec, audioFormat(s.format), sampleRate, channels, bitrate))) {
      return { ffmpeg: 'encode', input: probe, audioBitrate: bitrate };
    }
    const format = audioFormat(s.format);
    const data = await run(
      input,
      format,
      {
        video: { discard: true },
        audio: {
          codec,
          sampleRate,
          numberOfChannels: channels,
          forceTranscode: true,
          process: toPlanar,
          ...(bitrate ? { quality: new Quality({ bitrate }) } : {}),
          // Lossless outputs carry the same 16-bit samples, so our FLAC decodes to exactly our WAV.
          ...(codec === 'flac' ? { sampleFormat: 's16' as const } : {}),
        },
      },
      onProgress,
    );
    // The row tells what was written, read back from the output, not what was asked for.
    const written = await measureAudio(data);
    return {
      data,
      mime: s.format === 'm4a' ? 'audio/mp4' : format.mimeType,
      extension: s.format,
      facts: { format: describeAudio(CODEC_LABEL[codec], written, codec === 'flac' || codec === 'pcm-s16'), duration: written.duration },
      input: probe,
    };
  } finally {
    input?.dispose();
  }
}

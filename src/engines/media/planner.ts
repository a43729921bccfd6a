import { ToolError } from '../../lib/errors';
import type { AudioFormat, MediaProbe, Plan, VideoContainer, VideoSettings } from './types';

/** The run-time questions the planner asks the browser (VideoEncoder/AudioEncoder.isConfigSupported); tests pass fakes. */
export interface CapabilityCheck {
  videoEncoder(codec: 'avc' | 'vp9' | 'av1', width: number, height: number, bitrate: number): Promise<boolean>;
  audioEncoder(codec: 'aac' | 'opus', sampleRate: number, channels: number, bitrate: number): Promise<boolean>;
}

export type Wanted =
  | { kind: 'video'; container: VideoContainer; keepAudio: boolean; width: number; height: number; videoBitrate: number; audioBitrate: number; smallest?: boolean }
  | { kind: 'audio'; format: AudioFormat; sampleRate: number; channels: number; bitrate: number; oggCodec?: 'opus' | 'vorbis' };

/** Containers ffmpeg.wasm can take when mediabunny cannot (by file extension). */
const FFMPEG_ONLY_INPUTS = ['avi', 'wmv', 'flv', 'mpg', 'mpeg', 'ts', 'mts', 'm2ts', '3gp', 'wma', 'amr', 'ac3', 'aiff', 'aif', 'opus'];

/** The smallest-file choice is offered with a quality level (a size asked for decides the bytes itself). */
export const smallestWanted = (s: Pick<VideoSettings, 'mode' | 'speed'>) => s.mode === 'quality' && s.speed === 'smallest';

/**
 * WebM's encoders in the order asked. Smallest file: AV1 first (bench/media: 0.57x VP9's bit rate for SSIM 0.95 on
 * testsrc, 0.74-0.78x its bytes at equal SSIM by quantizer on the pan clip), VP9 where the browser has no AV1 encoder,
 * and ffmpeg.wasm's VP8 where it has neither. Fastest: VP9 first (Chromium's AV1 took 2-4x its time).
 */
export function webmCodecOrder(smallest: boolean): readonly ('vp9' | 'av1')[] {
  return smallest ? ['av1', 'vp9'] : ['vp9', 'av1'];
}

/** The codec a WebM job will get in a browser with these WebCodecs encoders (VP8: ffmpeg.wasm's libvpx). */
export function webmCodecFor(available: { av1: boolean; vp9: boolean }, smallest: boolean): 'av1' | 'vp9' | 'vp8' {
  return webmCodecOrder(smallest).find((c) => available[c]) ?? 'vp8';
}

/**
 * Chooses the engine for one job: WebCodecs (through mediabunny) wherever the browser can decode the
 * input and encode the output, a small wasm encoder where WebCodecs lacks one (AAC, MP3, FLAC), and
 * ffmpeg.wasm only when the container or a codec is beyond both. Never looks at the user agent.
 */
export async function planJob(probe: MediaProbe, wanted: Wanted, check: CapabilityCheck): Promise<Plan> {
  if (!probe.readable) {
    if (FFMPEG_ONLY_INPUTS.includes(probe.container.toLowerCase())) return { engine: 'ffmpeg', reason: 'container' };
    throw new ToolError('media:errors.unreadable');
  }
  // A "file" mediabunny parsed but found nothing playable in is no media file at all.
  if (!probe.video && !probe.audio) throw new ToolError('media:errors.unreadable');
  if (wanted.kind === 'video') {
    if (!probe.video) throw new ToolError('media:errors.noVideo');
    if (!probe.video.canDecode) return { engine: 'ffmpeg', reason: 'decode' };
    const keepAudio = wanted.keepAudio && !!probe.audio;
    if (keepAudio && !probe.audio!.canDecode) return { engine: 'ffmpeg', reason: 'decode' };
    const candidates = wanted.container === 'mp4' ? (['avc'] as const) : webmCodecOrder(!!wanted.smallest);
    let videoCodec: 'avc' | 'vp9' | 'av1' | undefined;
    for (const codec of candidates) {
      if (await check.videoEncoder(codec, wanted.width, wanted.height, wanted.videoBitrate)) {
        videoCodec = codec;
        break;
      }
    }
    if (!videoCodec) return { engine: 'ffmpeg', reason: 'encode' };
    if (!keepAudio) return { engine: 'webcodecs', video: { codec: videoCodec } };
    const { sampleRate, channels } = probe.audio!;
    const outChannels = Math.min(2, channels);
    const audioRate = wanted.container === 'webm' ? 48000 : sampleRate;
    if (wanted.container === 'webm') {
      if (!(await check.audioEncoder('opus', 48000, outChannels, wanted.audioBitrate))) return { engine: 'ffmpeg', reason: 'encode' };
      return { engine: 'webcodecs', video: { codec: videoCodec }, audio: { codec: 'opus', encoder: 'webcodecs' } };
    }
    // MP4 gets AAC (Opus in MP4 does not play on Apple devices): the browser's encoder, else the wasm one.
    const native = await check.audioEncoder('aac', audioRate, outChannels, wanted.audioBitrate);
    return { engine: 'webcodecs', video: { codec: videoCodec }, audio: { codec: 'aac', encoder: native ? 'webcodecs' : 'wasm' } };
  }

  if (!probe.audio) throw new ToolError('media:errors.noAudio');
  if (!probe.audio.canDecode) return { engine: 'ffmpeg', reason: 'decode' };
  const channels = wanted.channels || Math.min(2, probe.audio.channels);
  const rate = wanted.sampleRate || probe.audio.sampleRate;
  switch (wanted.format) {
    case 'wav':
      return { engine: 'webcodecs', audio: { codec: 'pcm-s16', encoder: 'pcm' } };
    case 'mp3':
      return { engine: 'webcodecs', audio: { codec: 'mp3', encoder: 'wasm' } };
    case 'flac':
      return { engine: 'webcodecs', audio: { codec: 'flac', encoder: 'wasm' } };
    case 'ogg':
      // No browser has a Vorbis encoder: ffmpeg.wasm's libvorbis makes it.
      if (wanted.oggCodec === 'vorbis') return { engine: 'ffmpeg', reason: 'encode' };
      if (await check.audioEncoder('opus', 48000, channels, wanted.bitrate)) return { engine: 'webcodecs', audio: { codec: 'opus', encoder: 'webcodecs' } };
      return { engine: 'ffmpeg', reason: 'encode' };
    case 'm4a':
    case 'aac': {
      const native = await check.audioEncoder('aac', rate, channels, wanted.bitrate);
      return { engine: 'webcodecs', audio: { codec: 'aac', encoder: native ? 'webcodecs' : 'wasm' } };
    }
  }
}

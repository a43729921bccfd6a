import type { AudioFormat, QualityLevel, VideoSettings } from './types';

// Bits per pixel per frame for H.264. Medium, 0.125, is ~3.5 Mbit/s at 720p30: on the bench clip
// (bench/media, noisy 720p30) Chromium's encoder gave SSIM 0.9603 at 1.66 Mbit/s, 0.9692 at 3.0 and
// 0.9710 at 3.5, and the goal for medium is ≥ 0.97. WebM gets no fewer bits: on the same clip Chromium's VP9
// encoder needs far more than its H.264 for equal SSIM (bench/media/equal-quality.mjs: 4.59 against 1.04 Mbit/s
// asked for 0.95; it never reaches 0.97), and the ffmpeg.wasm fallback writes VP8.
const BPP: Record<QualityLevel, number> = { high: 0.18, medium: 0.125, low: 0.07 };
export const MIN_VIDEO_BITRATE = 50_000;
const MIN_AUDIO_BITRATE = 32_000;

/** Audio bit rate inside a video. */
const VIDEO_AUDIO_BITRATE: Record<QualityLevel, number> = { high: 160_000, medium: 128_000, low: 96_000 };

/** Output size when the shorter side is capped at `maxShort` (0 = no cap): even numbers, aspect kept, never upscaled. */
export function fitResolution(width: number, height: number, maxShort: number): { width: number; height: number } {
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  const short = Math.min(width, height);
  if (!maxShort || short <= maxShort) return { width: even(width), height: even(height) };
  const scale = maxShort / short;
  return { width: even(width * scale), height: even(height * scale) };
}

/** The frame rate to ask for, or undefined to keep the input's (a cap never raises it). */
export function cappedFps(inputFps: number | undefined, cap: number): number | undefined {
  if (!cap) return undefined;
  if (inputFps !== undefined && inputFps <= cap + 0.01) return undefined;
  return cap;
}

/** The file size a percent or size setting asks for, in bytes (undefined for a quality level). */
export function targetBytesOf(s: Pick<VideoSettings, 'mode' | 'percent' | 'targetMB'>, inputSize: number): number | undefined {
  if (s.mode === 'percent') return (inputSize * Math.min(100, Math.max(1, s.percent))) / 100;
  if (s.mode === 'size') return Math.max(0.01, s.targetMB) * 1024 * 1024;
  return undefined;
}

/** A size asked for is a ceiling (a mail's attachment limit): a result over it missed it, and the row says so. */
export function missesTarget(resultBytes: number, targetBytes: number | undefined): boolean {
  return targetBytes !== undefined && resultBytes > targetBytes;
}

/**
 * The browser's encoder went over the size asked: two-pass x264, aimed just under it, tries at the same bit rate. bench/media
 * app-compare.mjs: Chromium's H.264 stopped near 650 KB on an 8 s screen recording asked for 199 and 498 KB (+235 %,
 * +50 %), where native x264 at that bit rate wrote 124 kbit/s of the 161 asked.
 */
export function retryWithX264(resultBytes: number, targetBytes: number | undefined): boolean {
  return targetBytes !== undefined && resultBytes > targetBytes;
}

/**
 * Video and audio bit rates in bit/s for the settings: from the quality level (pixels × fps × bits per
 * pixel), or from the wanted file size (percent of the input or megabytes) over the duration, where
 * the sound gets at most 15% of the budget (never under 32 kbit/s) so a small target stays small.
 */
export function videoBitrates(
  s: Pick<VideoSettings, 'container' | 'mode' | 'quality' | 'percent' | 'targetMB' | 'keepAudio'>,
  input: { width: number; height: number; fps: number; duration: number; size: number; hasAudio: boolean },
): { video: number; audio: number } {
  const withAudio = s.keepAudio && input.hasAudio;
  if (s.mode === 'quality' || !(input.duration > 0)) {
    const audio = withAudio ? VIDEO_AUDIO_BITRATE[s.quality] : 0;
    let video = input.width * input.height * Math.min(input.fps || 30, 60) * BPP[s.quality];
    // A compressor never aims above the input's own bit rate: a lean input stays about its size.
    if (input.duration > 0 && input.size > 0) video = Math.min(video, (input.size * 8) / input.duration - audio);
    return { video: Math.round(Math.max(MIN_VIDEO_BITRATE, video)), audio };
  }
  const targetBytes = targetBytesOf(s, input.size) ?? input.size;
  // 3% of the file goes to the container (indexes, headers).
  const total = (targetBytes * 8 * 0.97) / input.duration;
  const audio = withAudio ? Math.round(Math.min(VIDEO_AUDIO_BITRATE[s.quality], Math.max(MIN_AUDIO_BITRATE, total * 0.15))) : 0;
  return { video: Math.round(Math.max(MIN_VIDEO_BITRATE, total - audio)), audio };
}

const AUDIO_KBPS: Record<'mp3' | 'aac' | 'opus', Record<QualityLevel, number>> = {
  mp3: { high: 256, medium: 192, low: 128 },
  aac: { high: 192, medium: 160, low: 96 },
  opus: { high: 160, medium: 128, low: 64 },
};

/** libvorbis VBR quality per level (-q:a; about 192, 128 and 96 kbit/s on stereo music). */
export const VORBIS_QUALITY: Record<QualityLevel, number> = { high: 6, medium: 4, low: 2 };

/**
 * Bit rate in bit/s for a lossy audio format: an explicit value wins over the level. Undefined for
 * lossless WAV and FLAC, and for Vorbis by level, which is encoded at a VBR quality instead (never both).
 */
export function audioBitrate(format: AudioFormat, quality: QualityLevel, explicitKbps: number, oggCodec: 'opus' | 'vorbis' = 'opus'): number | undefined {
  if (format === 'wav' || format === 'flac') return undefined;
  if (format === 'ogg' && oggCodec === 'vorbis' && !(explicitKbps > 0)) return undefined;
  const codec = format === 'mp3' ? 'mp3' : format === 'ogg' ? 'opus' : 'aac';
  return (explicitKbps > 0 ? explicitKbps : AUDIO_KBPS[codec][quality]) * 1000;
}

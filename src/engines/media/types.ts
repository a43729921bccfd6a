// What the media tools ask of the engine, and what the engine learns of an input.

export type QualityLevel = 'high' | 'medium' | 'low';
export type VideoContainer = 'mp4' | 'webm';
export type AudioFormat = 'mp3' | 'wav' | 'ogg' | 'flac' | 'm4a' | 'aac';

export interface VideoSettings {
  container: VideoContainer;
  /** How the bit rate is chosen: a quality level, a percent of the input size, or a target size. */
  mode: 'quality' | 'percent' | 'size';
  quality: QualityLevel;
  /** Result size as a percent of the input size (mode "percent"). */
  percent: number;
  /** Target size in megabytes (mode "size"). */
  targetMB: number;
  /** Limit of the shorter side in pixels (1080 for 1080p); 0 keeps the resolution. */
  maxHeight: number;
  /** Frame rate cap; 0 keeps the frame rate. */
  maxFps: number;
  keepAudio: boolean;
  /**
   * 'smallest': x264 at a constant quality in ffmpeg.wasm, searched to the level's SSIM (MP4 at a quality level;
   * slower); 'fast': the browser's encoders at a bit rate.
   */
  speed: 'smallest' | 'fast';
}

export interface AudioSettings {
  format: AudioFormat;
  quality: QualityLevel;
  /** kbit/s; 0 = from the quality level. Ignored by lossless formats. */
  bitrate: number;
  /** Hz; 0 keeps the input's. */
  sampleRate: number;
  /** 1 or 2; 0 keeps the input's. */
  channels: number;
  /** The codec inside OGG: Opus (the browser's encoder) or Vorbis (older players; ffmpeg.wasm's libvorbis). */
  oggCodec: 'opus' | 'vorbis';
}

/** What the demuxer found (mediabunny), before any decision. */
export interface MediaProbe {
  /** mediabunny could parse the container. */
  readable: boolean;
  /** Container name as mediabunny names it ("MP4", "WebM"…), or the file extension when unreadable. */
  container: string;
  duration?: number;
  video?: { codec: string | null; width: number; height: number; fps?: number; canDecode: boolean };
  audio?: { codec: string | null; sampleRate: number; channels: number; canDecode: boolean };
}

export type EncoderSource = 'webcodecs' | 'wasm' | 'pcm';

export type Plan =
  | {
      engine: 'webcodecs';
      video?: { codec: 'avc' | 'vp9' | 'av1' };
      audio?: { codec: 'aac' | 'opus' | 'mp3' | 'flac' | 'pcm-s16'; encoder: EncoderSource };
    }
  | { engine: 'ffmpeg'; reason: 'container' | 'decode' | 'encode' };

import type { VideoSettings } from '../../../engines/media/types';

export const VIDEO_DEFAULTS: VideoSettings = {
  container: 'mp4',
  mode: 'quality',
  quality: 'medium',
  percent: 50,
  targetMB: 10,
  maxHeight: 0,
  maxFps: 0,
  keepAudio: true,
  speed: 'smallest',
};

export const RESOLUTIONS = [0, 2160, 1440, 1080, 720, 480, 360, 240, 144];
export const FRAME_RATES = [0, 60, 30, 24, 15];

/** Stored settings from an older version or a hand-edited storage: anything unknown takes the default. */
export function cleanVideoSettings(s: VideoSettings): VideoSettings {
  const d = VIDEO_DEFAULTS;
  return {
    container: s.container === 'webm' ? 'webm' : 'mp4',
    mode: ['quality', 'percent', 'size'].includes(s.mode) ? s.mode : d.mode,
    quality: ['high', 'medium', 'low'].includes(s.quality) ? s.quality : d.quality,
    percent: Number.isFinite(s.percent) ? Math.min(95, Math.max(5, Math.round(s.percent))) : d.percent,
    targetMB: Number.isFinite(s.targetMB) && s.targetMB > 0 ? s.targetMB : d.targetMB,
    maxHeight: RESOLUTIONS.includes(s.maxHeight) ? s.maxHeight : 0,
    maxFps: FRAME_RATES.includes(s.maxFps) ? s.maxFps : 0,
    keepAudio: s.keepAudio !== false,
    speed: s.speed === 'fast' ? 'fast' : 'smallest',
  };
}


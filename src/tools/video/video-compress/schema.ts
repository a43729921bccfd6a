import type { VideoSettings } from '../../../engines/media/types';
import { bool, int, num, oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import { FRAME_RATES, RESOLUTIONS } from './settings';

/** What a stored video setting may be; anything else takes the default. */
export const VIDEO_SCHEMA: SettingsSchema<VideoSettings> = {
  container: oneOf(['mp4', 'webm']),
  mode: oneOf(['quality', 'percent', 'size']),
  quality: oneOf(['high', 'medium', 'low']),
  percent: int(5, 95),
  // 10 KB to 100 GB.
  targetMB: num(0.01, 100_000),
  maxHeight: oneOf(RESOLUTIONS),
  maxFps: oneOf(FRAME_RATES),
  keepAudio: bool(),
  speed: oneOf(['smallest', 'fast']),
};

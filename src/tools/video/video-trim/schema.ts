import type { VideoTrimSettings } from '../../../engines/media/trim-video';
import { bool, group, listOf, num, oneOf, type SettingsSchema } from '../../../lib/settings-schema';

// Up to 100 hours, up to 50 ranges.
const time = () => num(0, 360_000);

export const VIDEO_TRIM_SCHEMA: SettingsSchema<VideoTrimSettings> = {
  ranges: listOf(group({ start: time(), end: time() }), 50),
  mode: oneOf(['keep', 'remove']),
  removeAudio: bool(),
  exactCut: bool(),
};

export const VIDEO_TRIM_DEFAULTS: VideoTrimSettings = { ranges: [], mode: 'keep', removeAudio: false, exactCut: false };

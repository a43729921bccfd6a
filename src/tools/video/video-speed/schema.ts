import type { VideoSpeedSettings } from '../../../engines/media/speed-video';
import { bool, num, type SettingsSchema } from '../../../lib/settings-schema';

/** 0.25× (four times as long) to 4× (a quarter as long). */
export const SPEED_RANGE = [0.25, 4] as const;
export const SPEED_PRESETS = [0.25, 0.5, 0.75, 1.25, 1.5, 2, 4] as const;

export const VIDEO_SPEED_SCHEMA: SettingsSchema<VideoSpeedSettings> = { speed: num(...SPEED_RANGE), removeAudio: bool() };
export const VIDEO_SPEED_DEFAULTS: VideoSpeedSettings = { speed: 2, removeAudio: false };

import type { AudioTrimSettings } from '../../../engines/media/wav-trim';
import { group, listOf, num, oneOf, type SettingsSchema } from '../../../lib/settings-schema';

// Up to 100 hours, up to 50 ranges; fades up to a minute.
const time = () => num(0, 360_000);

export const AUDIO_TRIM_SCHEMA: SettingsSchema<AudioTrimSettings> = {
  ranges: listOf(group({ start: time(), end: time() }), 50),
  mode: oneOf(['keep', 'remove']),
  fadeIn: num(0, 60),
  fadeOut: num(0, 60),
};

export const AUDIO_TRIM_DEFAULTS: AudioTrimSettings = { ranges: [], mode: 'keep', fadeIn: 0, fadeOut: 0 };

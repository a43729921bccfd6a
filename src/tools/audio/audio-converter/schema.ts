import type { AudioSettings } from '../../../engines/media/types';
import { oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import { BITRATES, FORMATS, SAMPLE_RATES } from './settings';

/** What a stored audio setting may be; anything else takes the default. */
export const AUDIO_SCHEMA: SettingsSchema<AudioSettings> = {
  format: oneOf(FORMATS),
  quality: oneOf(['high', 'medium', 'low']),
  bitrate: oneOf(BITRATES),
  sampleRate: oneOf(SAMPLE_RATES),
  channels: oneOf([0, 1, 2]),
  oggCodec: oneOf(['opus', 'vorbis']),
};

import { bool, color, int, oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import { CONVERT_FORMATS, type ConvertSettings } from './convert';
import { RESIZE_STEP_RULE } from '../shared/resizeStep';

/** What a stored convert setting may be; anything else takes the default. */
export const CONVERT_SCHEMA: SettingsSchema<ConvertSettings> = {
  format: oneOf(CONVERT_FORMATS),
  quality: int(1, 100),
  background: color(),
  keepMetadata: bool(),
  lossyPng: bool(),
  resize: RESIZE_STEP_RULE,
};

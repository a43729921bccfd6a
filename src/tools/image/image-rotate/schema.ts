import { bool, color, int, oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import { ROTATE_FORMATS, type RotateSettings } from './rotate';

export const ROTATE_SCHEMA: SettingsSchema<RotateSettings> = {
  angle: int(0, 359),
  flipH: bool(),
  flipV: bool(),
  format: oneOf(ROTATE_FORMATS),
  quality: int(1, 100),
  background: color(),
  keepMetadata: bool(),
  lossyPng: bool(),
};

import { MAX_SIDE } from '../../../engines/codecs/limits';
import { bool, color, int, oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import { ASPECTS, CROP_FORMATS, type CropSettings } from './crop';

export const CROP_SCHEMA: SettingsSchema<CropSettings> = {
  x: int(0, MAX_SIDE),
  y: int(0, MAX_SIDE),
  width: int(1, MAX_SIDE),
  height: int(1, MAX_SIDE),
  aspect: oneOf(ASPECTS),
  batch: oneOf(['same', 'centred']),
  format: oneOf(CROP_FORMATS),
  quality: int(1, 100),
  background: color(),
  keepMetadata: bool(),
  lossyPng: bool(),
};

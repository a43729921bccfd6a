import type { VideoCropSettings } from '../../../engines/media/crop-plan';
import { bool, int, oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import { ASPECTS, TURNS } from './settings';

const side = () => int(0, 16384);

export const VIDEO_CROP_SCHEMA: SettingsSchema<VideoCropSettings> = {
  x: side(),
  y: side(),
  width: side(),
  height: side(),
  aspect: oneOf(ASPECTS),
  rotate: oneOf(TURNS),
  flipH: bool(),
  flipV: bool(),
  scale: oneOf(['none', 'max', 'percent']),
  maxWidth: side(),
  maxHeight: side(),
  percent: int(1, 100),
};

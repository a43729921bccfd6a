import { bool, color, int, num, oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import type { RasterSettings } from './rasterJob';

/** What a stored SVG-to-PNG/JPG setting may be (the fields' ranges); anything else takes the default. */
export const RASTER_SCHEMA: SettingsSchema<RasterSettings> = {
  sizeMode: oneOf(['scale', 'width', 'height', 'exact']),
  scale: num(0.1, 8),
  width: int(1, 16384),
  height: int(1, 16384),
  transparent: bool(),
  background: color(),
  quality: int(10, 100),
};

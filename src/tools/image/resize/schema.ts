import { MAX_SIDE } from '../../../engines/codecs/limits';
import { bool, color, int, num, oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import { RESIZE_FORMATS, type ResizeFields, type ResizeSettings } from './resize';

/** The resize fields, also the first step of the compressor and the converter. */
export const RESIZE_FIELDS_SCHEMA: SettingsSchema<ResizeFields> = {
  mode: oneOf(['pixels', 'percent']),
  width: num(0, MAX_SIDE),
  height: num(0, MAX_SIDE),
  percent: num(1, 1000),
  keepAspect: bool(),
  noEnlarge: bool(),
};

/** What a stored resize setting may be; anything else takes the default (a width of 1e308 used to fail every file). */
export const RESIZE_SCHEMA: SettingsSchema<ResizeSettings> = {
  ...RESIZE_FIELDS_SCHEMA,
  format: oneOf(RESIZE_FORMATS),
  quality: int(1, 100),
  background: color(),
  keepMetadata: bool(),
  lossyPng: bool(),
};

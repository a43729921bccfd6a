import { ANCHORS, WATERMARK_FONTS } from '../../../engines/codecs/watermark';
import { bool, color, int, oneOf, text, type SettingsSchema } from '../../../lib/settings-schema';
import type { WatermarkSettings } from './watermark';

export const WATERMARK_SCHEMA: SettingsSchema<WatermarkSettings> = {
  kind: oneOf(['text', 'image']),
  text: text(500),
  font: oneOf(WATERMARK_FONTS),
  bold: bool(),
  size: int(1, 50),
  colour: color(),
  opacity: int(1, 100),
  angle: int(-180, 180),
  anchor: oneOf(ANCHORS),
  offsetX: int(-10000, 10000),
  offsetY: int(-10000, 10000),
  tiled: bool(),
  scale: int(1, 100),
  quality: int(1, 100),
  keepMetadata: bool(),
};

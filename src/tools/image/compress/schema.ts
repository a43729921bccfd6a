import { bool, color, int, num, oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import { COMPRESS_FORMATS, SCORE_LEVELS, type CompressSettings } from './compress';
import { RESIZE_STEP_RULE } from '../shared/resizeStep';

/** What a stored compress setting may be; anything else takes the default. */
export const COMPRESS_SCHEMA: SettingsSchema<CompressSettings> = {
  format: oneOf(COMPRESS_FORMATS),
  mode: oneOf(['quality', 'size', 'ssim']),
  quality: int(1, 100),
  // 1 KB to 1 GB.
  targetKB: num(1, 1024 * 1024),
  targetScore: oneOf(SCORE_LEVELS),
  background: color(),
  keepMetadata: bool(),
  lossyPng: bool(),
  resize: RESIZE_STEP_RULE,
};

import { int, oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import { MAX_BLOCK, MIN_BLOCK } from './pixelate';
import type { EditorSettings } from './Toolbar';

/** What a stored mosaic setting may be; anything else takes the default. */
export const MOSAIC_SCHEMA: SettingsSchema<EditorSettings> = {
  tool: oneOf(['rect', 'brush']),
  blockSize: int(MIN_BLOCK, MAX_BLOCK),
  shape: oneOf(['square', 'circle']),
  brush: int(5, 150),
  format: oneOf(['original', 'png']),
};

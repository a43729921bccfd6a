import { color, oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import type { Settings } from './runner';

/** What a stored background-removal setting may be; anything else takes the default. */
export const REMOVEBG_SCHEMA: SettingsSchema<Settings> = {
  background: oneOf(['transparent', 'color']),
  color: color(),
};

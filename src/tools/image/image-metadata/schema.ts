import { bool, oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import type { StripSettings } from './blocks';

export const STRIP_SCHEMA: SettingsSchema<StripSettings> = {
  mode: oneOf(['location', 'all']),
  keepIcc: bool(),
};

import { oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import { MODES, type Mode } from './modes';

/** What the converter's stored settings may be; anything else takes the default. */
export const CONVERTER_SCHEMA: SettingsSchema<{ mode: Mode }> = { mode: oneOf(MODES) };

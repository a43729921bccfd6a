import { bool, int, listOf, oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import { EXTRA_PLUGINS, PRESET_PLUGINS, type OptimizerSettings } from './config';

/** What a stored optimizer setting may be; anything else takes the default. */
export const OPTIMIZER_SCHEMA: SettingsSchema<OptimizerSettings> = {
  toggled: listOf<string>(oneOf([...PRESET_PLUGINS, ...EXTRA_PLUGINS]), PRESET_PLUGINS.length + EXTRA_PLUGINS.length),
  precision: int(0, 8),
  multipass: bool(),
  pretty: bool(),
};

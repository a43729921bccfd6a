import { MAX_STORED_INPUT } from '../../../kit/useStoredInput';
import { text, type SettingsSchema } from '../../../lib/settings-schema';

/** The two compared texts as kept on the device. */
export const TEXTS_SCHEMA: SettingsSchema<{ a: string; b: string }> = { a: text(MAX_STORED_INPUT), b: text(MAX_STORED_INPUT) };

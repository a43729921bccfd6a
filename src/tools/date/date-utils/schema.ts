import { listOf, textWhere, type SettingsSchema } from '../../../lib/settings-schema';
import { isValidTimeZone } from './zones';

/** The stored list of time zones: up to 50 names the browser knows; anything else gives the default list. */
export const ZONES_SCHEMA: SettingsSchema<{ zones: string[] }> = { zones: listOf(textWhere(100, isValidTimeZone), 50) };

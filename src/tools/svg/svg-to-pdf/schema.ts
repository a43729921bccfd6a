import { num, oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import type { PdfSettings } from './layout';

/** What a stored SVG-to-PDF setting may be; anything else takes the default. */
export const PDF_SCHEMA: SettingsSchema<PdfSettings> = {
  paper: oneOf(['svg', 'a3', 'a4', 'a5', 'letter', 'legal']),
  orientation: oneOf(['auto', 'portrait', 'landscape']),
  margin: num(0, 100),
};

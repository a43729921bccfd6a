import { oneOf, type SettingsSchema } from '../../../lib/settings-schema';
import type { SiteInfo } from '../shared/manifest';
import { SQUARE_MODES, type SquareMode } from '../shared/raster';
import { SITE_SCHEMA } from '../shared/schema';

/** What the converter's stored settings may be; anything else takes the default. */
export const CONVERTER_SCHEMA: SettingsSchema<SiteInfo & { mode: SquareMode }> = {
  ...SITE_SCHEMA,
  mode: oneOf(SQUARE_MODES),
};

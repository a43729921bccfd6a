import { text, textWhere, type FieldRule, type SettingsSchema } from '../../../lib/settings-schema';
import type { SiteInfo } from './manifest';
import { isHexColor } from '../../../lib/hex-colour';

/** "#rgb" or "#rrggbb", as the colour fields accept. */
export const hexColor = (): FieldRule<string> => textWhere(7, isHexColor);

/** What the stored site fields may be (the inputs' lengths); anything else takes the default. */
export const SITE_SCHEMA: SettingsSchema<SiteInfo> = {
  name: text(80),
  shortName: text(30),
  themeColor: hexColor(),
  backgroundColor: hexColor(),
  basePath: text(200),
};

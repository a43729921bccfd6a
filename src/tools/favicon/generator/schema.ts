import { int, oneOf, text, textWhere, type SettingsSchema } from '../../../lib/settings-schema';
import { hexColor, SITE_SCHEMA } from '../shared/schema';
import { GLYPH_MODES, isSingleEmoji, SHAPES } from './design';
import { FONTS } from './fonts';
import type { SiteInfo } from '../shared/manifest';
import type { GlyphSettingsValue } from './GlyphSettings';

/** What the generator's stored settings may be; anything else takes the default. */
export const GENERATOR_SCHEMA: SettingsSchema<SiteInfo & GlyphSettingsValue> = {
  ...SITE_SCHEMA,
  mode: oneOf(GLYPH_MODES),
  text: text(40),
  emoji: textWhere(40, isSingleEmoji),
  icon: textWhere(80, (name) => /^[a-z0-9-]+$/.test(name)),
  font: oneOf(FONTS.map((f) => f.id)),
  fontSize: int(20, 100),
  fontColor: hexColor(),
  shape: oneOf(SHAPES),
};

import { oxipng } from '../../../engines/codecs/loaders';
import type { Pixels } from '../../../engines/codecs/pixels';
import { encodeIco } from './ico';
import { ICO_KEYS, ICON_KEYS, type IconImages, type IconKey } from './spec';

export interface EncodedIcons {
  pngs: Record<IconKey, Uint8Array>;
  ico: Uint8Array;
}

/** OxiPNG's level as the codec engine sets it; icons are small, so the level costs little time either way. */
const OXIPNG_LEVEL = 2;

/**
 * OxiPNG picks the colour type (RGB for opaque icons, a palette where the colours allow). Invisible pixels keep
 * their colour (no alpha optimisation), so each PNG and its ICO entry decode to exactly the pixels drawn.
 */
export async function encodePng(image: Pixels): Promise<Uint8Array> {
  const { optimise_raw } = await oxipng();
  return optimise_raw(image.data, image.width, image.height, OXIPNG_LEVEL, false, false);
}

/** Every icon as a PNG file, and favicon.ico from the 16, 32 and 48 px PNGs. */
export async function encodeIcons(images: IconImages): Promise<EncodedIcons> {
  const pngs = {} as Record<IconKey, Uint8Array>;
  for (const key of ICON_KEYS) pngs[key] = await encodePng(images[key]);
  return { pngs, ico: encodeIco(ICO_KEYS.map((k) => pngs[k])) };
}

import { encodeIco } from './ico';
import { encodePng } from './png';
import { ICO_KEYS, ICON_KEYS, type IconImages, type IconKey } from './spec';

export interface EncodedIcons {
  pngs: Record<IconKey, Uint8Array>;
  ico: Uint8Array;
}

/** Every icon as a PNG file, and favicon.ico from the 16, 32 and 48 px PNGs. */
export function encodeIcons(images: IconImages): EncodedIcons {
  const pngs = {} as Record<IconKey, Uint8Array>;
  for (const key of ICON_KEYS) pngs[key] = encodePng(images[key]);
  return { pngs, ico: encodeIco(ICO_KEYS.map((k) => pngs[k])) };
}

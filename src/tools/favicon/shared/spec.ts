import type { Pixels } from '../../../engines/codecs/pixels';

/** The raster icons of a package (the 48 px one lives only inside favicon.ico). */
export const ICON_KEYS = ['png16', 'png32', 'png48', 'apple180', 'android192', 'android512', 'maskable512'] as const;
export type IconKey = (typeof ICON_KEYS)[number];
export type IconImages = Record<IconKey, Pixels>;

export const ICON_SIZE: Record<IconKey, number> = {
  png16: 16,
  png32: 32,
  png48: 48,
  apple180: 180,
  android192: 192,
  android512: 512,
  maskable512: 512,
};

/** ICO entries, smallest first. */
export const ICO_KEYS: IconKey[] = ['png16', 'png32', 'png48'];

export const FILE_NAMES = {
  ico: 'favicon.ico',
  svg: 'favicon.svg',
  png16: 'favicon-16x16.png',
  png32: 'favicon-32x32.png',
  apple180: 'apple-touch-icon.png',
  android192: 'android-chrome-192x192.png',
  android512: 'android-chrome-512x512.png',
  maskable512: 'maskable-icon-512x512.png',
  manifest: 'site.webmanifest',
} as const;

/** Icons written as their own PNG file (png48 is only in the ICO). */
export const PNG_FILE_KEYS = ['png16', 'png32', 'apple180', 'android192', 'android512', 'maskable512'] as const satisfies readonly IconKey[];

/**
 * A maskable icon's safe zone is the centred circle of 80% diameter; content drawn in the square
 * inscribed in that circle survives every mask shape (circle, squircle, teardrop).
 */
export const MASKABLE_CONTENT = 0.8 / Math.SQRT2;

/** Below this the larger icons are upscaled: the converter warns. */
export const RECOMMENDED_SOURCE = 512;
